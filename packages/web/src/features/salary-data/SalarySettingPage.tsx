import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, PageTitle } from '../../ui/Card';
import { Tabs, urlTab } from '../../ui/Tabs';
import { BonusCutTypesTab } from './BonusCutTypesTab';
import { CalculatorsTab } from './CalculatorsTab';
import { ComponentsTab } from './ComponentsTab';
import { SettingsForm } from './SettingsForm';
import './texts';

const TABS = ['settings', 'formulas', 'bonusCutTypes', 'calculators'] as const;

/** /salary/setting: company payroll settings, salary components (formulas), the bonus/cut catalogue and the calculators; the tab is in `?tab=`. */
export function SalarySettingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = urlTab(params, TABS, 'settings');
  return (
    <>
      <PageTitle>{t('routes.salary.setting')}</PageTitle>
      <Tabs
        label={t('routes.salary.setting')}
        tabs={TABS.map((id) => ({ id, label: t(`salaryData.tabs.${id}`) }))}
        active={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
      />
      {tab === 'calculators' ? (
        <CalculatorsTab />
      ) : (
        <Card>{tab === 'settings' ? <SettingsForm /> : tab === 'bonusCutTypes' ? <BonusCutTypesTab /> : <ComponentsTab />}</Card>
      )}
    </>
  );
}
