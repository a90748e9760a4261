import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { PageTitle } from '../../ui/Card';
import { Tabs } from '../../ui/Tabs';
import { LinkButton } from '../../ui/LinkButton';
import { OutboxPanel } from '../salary-mail/PayslipActions';
import { RunListCard } from './RunListCard';
import './texts';

type Tab = 'runs' | 'outbox';

/**
 * /salary/report: payroll runs, newest period first, server-paginated and filtered by period and
 * status; a second tab shows the payslip mail outbox.
 */
export function SalaryReportListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'outbox' ? 'outbox' : 'runs';
  const canUpdate = useCan('salary.update');
  return (
    <>
      <PageTitle actions={canUpdate ? <LinkButton to="/salary/report/generate">{t('salaryRuns.generate')}</LinkButton> : null}>
        {t('routes.salary.report')}
      </PageTitle>
      <Tabs<Tab>
        label={t('routes.salary.report')}
        tabs={[
          { id: 'runs', label: t('salaryRuns.runs') },
          { id: 'outbox', label: t('salaryRuns.outbox') },
        ]}
        active={tab}
        onChange={(id) => setParams(id === 'runs' ? {} : { tab: id }, { replace: true })}
      />
      {tab === 'runs' ? <RunListCard /> : <OutboxPanel />}
    </>
  );
}
