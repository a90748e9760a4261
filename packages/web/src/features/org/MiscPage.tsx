import { REFERENCE_KINDS, type ReferenceKind } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../ui/Card';
import { JobLevelsTab } from './JobLevelsTab';
import { OrgChartTree } from './OrgChartTree';
import { ReferenceTab } from './ReferenceTab';
import { RegulationsTab } from './RegulationsTab';
import './regulation-texts';
import { TabPanel, Tabs, urlTab } from '../../ui/Tabs';
import { RowLink } from '../../ui/link-column';

type Tab = 'chart' | 'jobLevels' | 'regulations' | ReferenceKind;
const TABS: readonly Tab[] = ['chart', 'jobLevels', ...REFERENCE_KINDS, 'regulations'];

/** /misc: the org chart, job levels and the reference lists, one tab each (?tab=…). */
export function MiscPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = urlTab(params, TABS, 'chart');
  const label = (id: Tab) =>
    id === 'chart' || id === 'jobLevels'
      ? t(`org.tabs.${id}`)
      : id === 'regulations'
        ? t('regulation.tab')
        : t(`org.reference.${id}`);
  return (
    <>
      <PageTitle
        actions={
          <div className="flex gap-3 text-sm">
            <RowLink to="/misc/companyOffice">{t('routes.misc.companyOffice')}</RowLink>
            <RowLink to="/misc/jobPosition">{t('routes.misc.jobPosition')}</RowLink>
          </div>
        }
      >
        {t('routes.misc.index')}
      </PageTitle>
      <Tabs
        label={t('routes.misc.index')}
        tabs={TABS.map((id) => ({ id, label: label(id) }))}
        active={tab}
        onChange={(id) => setParams(id === 'chart' ? {} : { tab: id })}
      />
      <TabPanel tab={tab}>
        {tab === 'chart' ? (
          <OrgChartTree />
        ) : tab === 'jobLevels' ? (
          <JobLevelsTab />
        ) : tab === 'regulations' ? (
          <RegulationsTab />
        ) : (
          <ReferenceTab key={tab} kind={tab} />
        )}
      </TabPanel>
    </>
  );
}
