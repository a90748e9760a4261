import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showOfficeFilter, useSession } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { PeriodSelects } from './PeriodSelects';
import { RunStatusBadge } from './RunStatusBadge';
import { formatPeriod, moneyColumn, isPeriod, RUN_STATUS_VALUES, type RunRow, type RunStatus } from './run-format';
import './texts';

/** The runs tab: filters (period, status, office — hidden with a single office, spec §6), the table and the pager. */
export function RunListCard() {
  const { t } = useTranslation();
  const paging = usePaging();
  const { value: period, set: setPeriod } = paging.param('period');
  const { value: status, set: setStatus } = paging.param('status');
  const { value: office, set: setOffice } = paging.param('office');
  const user = useSession();
  const query = trpc.salary.report.list.useQuery(
    {
      page: paging.page,
      pageSize: paging.pageSize,
      ...(isPeriod(period) ? { period } : {}),
      ...(status ? { status: status as RunStatus } : {}),
      ...(office ? { companyOfficeId: Number(office) } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const money = (key: string, header: string, get: (r: RunRow) => string | null) => moneyColumn<RunRow>(key, header, get, true);
  const columns: Column<RunRow>[] = [
    {
      key: 'period',
      header: t('salaryRuns.period'),
      cell: (r) => (
        <Link to={`/salary/report/${r.id}/detail`} className="font-medium text-sky-700 hover:underline">
          {formatPeriod(r.period)}
        </Link>
      ),
    },
    { key: 'scope', header: t('salaryRuns.scope'), cell: (r) => r.companyOffice ?? t('salaryRuns.wholeCompany') },
    { key: 'status', header: t('salaryRuns.status'), cell: (r) => <RunStatusBadge status={r.status} /> },
    { key: 'employees', header: t('salaryRuns.employees'), cell: (r) => r.employees, className: 'text-right tabular-nums' },
    money('gross', t('salaryRuns.gross'), (r) => r.gross),
    money('tax', t('salaryRuns.pph21'), (r) => r.tax),
    money('net', t('salaryRuns.net'), (r) => r.net),
    {
      key: 'created',
      header: t('salaryRuns.createdAt'),
      cell: (r) => formatDateTime(r.createdAt),
      className: 'whitespace-nowrap',
    },
  ];
  return (
    <Card title={t('salaryRuns.runs')}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <PeriodSelects idPrefix="runs-period" optional value={period} onChange={paging.resetting(setPeriod)} />
        {period ? (
          <Button size="sm" variant="ghost" onClick={() => paging.resetting(setPeriod)('')}>
            {t('salaryRuns.clearPeriod')}
          </Button>
        ) : null}
        <Select
          aria-label={t('salaryRuns.status')}
          placeholder={t('salaryRuns.allStatuses')}
          value={status}
          onChange={paging.resetting(setStatus)}
          options={RUN_STATUS_VALUES.map((s) => ({ value: s, label: t(`salaryRuns.${s}`) }))}
          className="w-auto"
        />
        {user && showOfficeFilter(user) ? (
          <CompanyOfficeSelect
            aria-label={t('salaryRuns.office')}
            placeholder={t('salaryRuns.allOffices')}
            value={office}
            onChange={paging.resetting(setOffice)}
            className="w-auto"
          />
        ) : null}
      </div>
      <PagedTable columns={columns} query={query} paging={paging} empty={t('salaryRuns.noRuns')} />
    </Card>
  );
}
