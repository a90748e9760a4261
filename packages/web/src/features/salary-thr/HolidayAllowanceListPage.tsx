import { THR_HOLIDAYS, THR_RUN_STATUSES, type ThrRunStatus } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatIsoDate } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { LinkButton } from '../../ui/LinkButton';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { rupiah, statusKey } from './thr-format';
import './texts';
import { linkColumn } from '../../ui/link-column';

type Row = RouterOutputs['salary']['holidayAllowance']['list']['rows'][number];

/** /salary/holidayAllowance: THR runs (holiday, year, scope, status, employees, total), newest first. */
export function HolidayAllowanceListPage() {
  const { t } = useTranslation();
  const canGenerate = useCan('salary.update');
  const paging = usePaging();
  const { value: holiday, set: setHoliday } = paging.param('holiday');
  const { value: year, set: setYear } = paging.param('year');
  const { value: status, set: setStatus } = paging.param('status');
  const validYear = /^\d{4}$/.test(year) ? Number(year) : undefined;
  const query = trpc.salary.holidayAllowance.list.useQuery(
    {
      page: paging.page,
      pageSize: paging.pageSize,
      ...(holiday ? { holiday: Number(holiday) as 1 } : {}),
      ...(validYear ? { year: validYear } : {}),
      ...(status ? { status: status as ThrRunStatus } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Row>[] = [
    linkColumn(
      'holiday',
      t('thr.holiday'),
      (r) => `/salary/holidayAllowance/${r.id}/detail`,
      (r) => r.holidayName,
    ),
    { key: 'year', header: t('thr.year'), cell: (r) => r.year },
    { key: 'date', header: t('thr.holidayDate'), cell: (r) => formatIsoDate(r.holidayDate) },
    { key: 'scope', header: t('thr.scope'), cell: (r) => r.companyOffice ?? t('thr.wholeCompany') },
    { key: 'status', header: t('thr.status'), cell: (r) => <span data-testid="thr-status">{t(statusKey(r.status))}</span> },
    { key: 'employees', header: t('thr.employees'), cell: (r) => r.employees, className: 'text-right' },
    { key: 'total', header: t('thr.total'), cell: (r) => rupiah(r.total), className: 'text-right' },
  ];
  return (
    <div>
      <PageTitle actions={canGenerate ? <LinkButton to="/salary/holidayAllowance/generate">{t('thr.newRun')}</LinkButton> : null}>
        {t('routes.salary.holidayAllowance')}
      </PageTitle>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <Select
          aria-label={t('thr.holiday')}
          value={holiday}
          onChange={paging.resetting(setHoliday)}
          options={THR_HOLIDAYS.map((h) => ({ value: h.code, label: h.name }))}
          placeholder={t('thr.allHolidays')}
        />
        <TextInput
          aria-label={t('thr.year')}
          placeholder={t('thr.year')}
          inputMode="numeric"
          value={year}
          onChange={(e) => paging.resetting(setYear)(e.target.value.replace(/\D/g, '').slice(0, 4))}
        />
        <Select
          aria-label={t('thr.status')}
          value={status}
          onChange={paging.resetting(setStatus)}
          options={THR_RUN_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))}
          placeholder={t('thr.allStatuses')}
        />
      </div>
      <PagedTable columns={columns} query={query} paging={paging} empty={t('thr.none')} />
    </div>
  );
}
