import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../ui/Card';
import { DepartmentsTab } from './DepartmentsTab';
import { DivisionsTab } from './DivisionsTab';
import { IdIndexTab } from './IdIndexTab';
import { OfficesTab } from './OfficesTab';
import { SectionsTab } from './SectionsTab';
import { TabPanel, Tabs, urlTab } from '../../ui/Tabs';

const TABS = ['offices', 'departments', 'divisions', 'sections', 'idIndex'] as const;
type Tab = (typeof TABS)[number];

/**
 * /misc/companyOffice: the offices and, per tab, their departments, divisions, sections and ID
 * index (employee-number scheme). The tab and the office filter live in the URL (?tab=&office=).
 */
export function CompanyOfficePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = urlTab(params, TABS, 'offices');
  const officeId = params.get('office') ?? '';
  const go = (next: Tab, office = officeId) => {
    const p = new URLSearchParams();
    if (next !== 'offices') p.set('tab', next);
    if (office) p.set('office', office);
    setParams(p);
  };
  const setOfficeId = (v: string) => go(tab, v);
  const props = { officeId, setOfficeId };
  return (
    <>
      <PageTitle>{t('routes.misc.companyOffice')}</PageTitle>
      <Tabs
        label={t('routes.misc.companyOffice')}
        tabs={TABS.map((id) => ({ id, label: t(`org.tabs.${id}`) }))}
        active={tab}
        onChange={(id) => go(id)}
      />
      <TabPanel tab={tab}>
        {tab === 'offices' ? <OfficesTab onShow={(next, office) => go(next, String(office))} /> : null}
        {tab === 'departments' ? <DepartmentsTab {...props} /> : null}
        {tab === 'divisions' ? <DivisionsTab {...props} /> : null}
        {tab === 'sections' ? <SectionsTab {...props} /> : null}
        {tab === 'idIndex' ? <IdIndexTab {...props} /> : null}
      </TabPanel>
    </>
  );
}
