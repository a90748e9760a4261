import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { formatIsoDate, requiredNotice } from '../../lib/format';
import { saveBase64 } from '../../lib/save-file';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { MonthPicker } from '../../ui/MonthPicker';
import { ListCard } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import {
  CanteenSelect,
  ConfirmDeleteButton,
  formatRp,
  todayWib,
  useEmployeeColumns,
  useMealOfficeFilters,
  wibTime,
} from './canteen-shared';
import { KioskView } from './KioskView';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { PeriodFilter } from '../shared/approvals/PeriodFilter';
import './texts';

type Row = RouterOutputs['canteen']['presence']['list']['rows'][number];
type CostRow = RouterOutputs['canteen']['presence']['mealCost']['rows'][number];

/** Opens the kiosk of a canteen in a new tab (spec §7 "one call that opens a URL in a new tab"). */
function KioskCard() {
  const { t } = useTranslation();
  const [canteenId, setCanteenId] = useState('');
  const [error, setError] = useState('');
  return (
    <Card title={t('cnt.kiosk')}>
      <p className="mb-3 text-sm text-slate-600">{t('cnt.kioskHint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('cnt.canteen')} htmlFor="kiosk-canteen" error={error} className="min-w-64">
          <CanteenSelect
            id="kiosk-canteen"
            value={canteenId}
            invalid={Boolean(error)}
            onChange={(v) => {
              setCanteenId(v);
              setError('');
            }}
            placeholder={t('cnt.chooseCanteen')}
          />
        </Field>
        <Button
          onClick={() => {
            if (!canteenId) {
              setError(requiredNotice(t('cnt.canteen')));
              document.getElementById('kiosk-canteen')?.focus();
              return;
            }
            window.open(`/canteen/presence?kiosk=1&canteen=${canteenId}`, '_blank', 'noopener');
          }}
        >
          {t('cnt.openKiosk')}
        </Button>
      </div>
    </Card>
  );
}

/** Takes the canteen terminals' fingerprint punches of a date range as presences. */
function ImportCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [from, setFrom] = useState(todayWib());
  const [to, setTo] = useState(todayWib());
  const [result, setResult] = useState('');
  const run = trpc.canteen.presence.importPunches.useMutation({
    meta: { successMessage: () => t('cnt.saved') },
    onSuccess: (r) => {
      setResult(t('cnt.imported', r));
      void utils.canteen.invalidate();
    },
  });
  return (
    <Card title={t('cnt.importTitle')}>
      <p className="mb-3 text-sm text-slate-600">{t('cnt.importIntro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('cnt.from')} htmlFor="imp-from">
          <DatePicker id="imp-from" value={from} onChange={setFrom} />
        </Field>
        <Field label={t('cnt.to')} htmlFor="imp-to">
          <DatePicker id="imp-to" value={to} onChange={setTo} />
        </Field>
        <Button disabled={run.isPending || !from || !to} onClick={() => run.mutate({ from, to })}>
          {t('cnt.importRun')}
        </Button>
      </div>
      {result ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {result}
        </p>
      ) : null}
    </Card>
  );
}

/** The preference-report.xlsx download for a date range (and optionally one canteen). */
function ReportCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [from, setFrom] = useState(todayWib());
  const [to, setTo] = useState(todayWib());
  const [canteenId, setCanteenId] = useState('');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBase64(
        await utils.canteen.presence.preferenceReport.fetch({ from, to, ...(canteenId ? { canteenId: Number(canteenId) } : {}) }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('cnt.report')}>
      <p className="mb-3 text-sm text-slate-600">{t('cnt.reportIntro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('cnt.from')} htmlFor="rep-from">
          <DatePicker id="rep-from" value={from} onChange={setFrom} />
        </Field>
        <Field label={t('cnt.to')} htmlFor="rep-to">
          <DatePicker id="rep-to" value={to} onChange={setTo} />
        </Field>
        <Field label={t('cnt.canteen')} htmlFor="rep-canteen">
          <CanteenSelect id="rep-canteen" value={canteenId} onChange={setCanteenId} placeholder={t('cnt.allCanteens')} />
        </Field>
        <Button variant="secondary" disabled={busy || !from || !to} onClick={() => void download()}>
          {t('cnt.download')}
        </Button>
      </div>
    </Card>
  );
}

/** What each employee's meals cost in a month: what payroll deducts and what the company subsidises. */
function MealCostCard() {
  const { t } = useTranslation();
  const list = useListState(10);
  const [month, setMonth] = useState(todayWib().slice(0, 7));
  const [officeId, setOfficeId] = useState('');
  const query = trpc.canteen.presence.mealCost.useQuery(
    { ...list.query, month, ...(officeId ? { companyOfficeId: Number(officeId) } : {}) },
    { placeholderData: keepPreviousData, enabled: /^\d{4}-\d{2}$/.test(month) },
  );
  const columns: Column<CostRow>[] = [
    { key: 'number', header: t('cnt.employeeNumber'), cell: (r) => r.employeeNumber },
    { key: 'name', header: t('cnt.employee'), cell: (r) => r.name },
    { key: 'office', header: t('cnt.office'), cell: (r) => r.companyOffice },
    { key: 'department', header: t('cnt.department'), cell: (r) => r.department ?? '' },
    { key: 'meals', header: t('cnt.meals_count'), cell: (r) => r.meals, className: 'text-right tabular-nums' },
    { key: 'paid', header: t('cnt.employeePaid'), cell: (r) => formatRp(r.employeePaid), className: 'text-right tabular-nums' },
    { key: 'subsidy', header: t('cnt.companyPaid'), cell: (r) => formatRp(r.subsidy), className: 'text-right tabular-nums' },
  ];
  const totals = query.data?.totals;
  return (
    <>
      <ListCard
        title={t('cnt.mealCost')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.employeeId}
        searchPlaceholder={t('app.search')}
        filters={
          <>
            <MonthPicker ariaLabel={t('cnt.month')} value={month} onChange={list.filter(setMonth)} />
            <CompanyOfficeSelect
              aria-label={t('cnt.office')}
              placeholder={t('cnt.allOffices')}
              value={officeId}
              onChange={list.filter(setOfficeId)}
            />
          </>
        }
        empty={t('cnt.noCosts')}
      />
      {totals && totals.meals > 0 ? (
        <p className="mt-2 text-right text-sm text-slate-700" data-testid="meal-cost-totals">
          {t('cnt.totals', { meals: totals.meals, paid: formatRp(totals.employeePaid), subsidy: formatRp(totals.subsidy) })}
        </p>
      ) : null}
    </>
  );
}

/** /canteen/presence: the presences list with filters, the kiosk, punches, the preference report and meal costs. */
export function PresencePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const canManage = useCan('canteen.manage');
  const list = useListState();
  const [from, setFrom] = useState(todayWib());
  const [to, setTo] = useState(todayWib());
  const filters = useMealOfficeFilters(list);
  const [canteenId, setCanteenId] = useState('');
  const [source, setSource] = useState('');
  const utils = trpc.useUtils();
  const kiosk = params.get('kiosk') === '1';
  const query = trpc.canteen.presence.list.useQuery(
    {
      ...list.query,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...filters.input,
      ...(canteenId ? { canteenId: Number(canteenId) } : {}),
      ...(source ? { source: source as 'card' } : {}),
    },
    { placeholderData: keepPreviousData, enabled: !kiosk },
  );
  const del = trpc.canteen.presence.delete.useMutation({
    meta: { successMessage: () => t('cnt.deleted') },
    onSuccess: () => void utils.canteen.invalidate(),
  });
  const employeeColumns = useEmployeeColumns<Row>();
  if (kiosk) return canManage ? <KioskView /> : <Card>{t('cnt.manageOnly')}</Card>;
  const columns: Column<Row>[] = [
    {
      key: 'takenAt',
      header: t('cnt.takenAt'),
      cell: (r) => `${formatIsoDate(r.mealDate)} ${wibTime(r.takenAt)}`,
      className: 'whitespace-nowrap',
    },
    ...employeeColumns,
    { key: 'meal', header: t('cnt.meal'), cell: (r) => r.mealLabel },
    { key: 'canteen', header: t('cnt.canteen'), cell: (r) => r.canteen },
    { key: 'preference', header: t('cnt.preference'), cell: (r) => r.preferenceLabel },
    {
      key: 'source',
      header: t('cnt.source'),
      cell: (r) => (r.deviceSerial ? `${r.sourceLabel} ${r.deviceSerial}` : r.sourceLabel),
    },
    {
      key: 'price',
      header: t('cnt.employeePrice'),
      cell: (r) => formatRp(r.employeePrice),
      className: 'text-right tabular-nums',
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: '',
            cell: (r: Row) => (
              <ConfirmDeleteButton
                label={t('cnt.delete')}
                question={`${t('cnt.delete')}: ${r.employeeNumber} ${r.name} — ${r.mealLabel}?`}
                busy={del.isPending}
                onConfirm={() => del.mutate({ id: Number(r.id) })}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageTitle>{t('routes.canteen.presence')}</PageTitle>
      <div className="space-y-4">
        {canManage ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <KioskCard />
            <ImportCard />
          </div>
        ) : null}
        <ListCard
          title={t('cnt.presences')}
          list={list}
          query={query}
          columns={columns}
          rowKey={(r) => Number(r.id)}
          searchPlaceholder={t('app.search')}
          filters={
            <>
              <PeriodFilter
                fromLabel={t('cnt.from')}
                toLabel={t('cnt.to')}
                from={from}
                to={to}
                onFrom={list.filter(setFrom)}
                onTo={list.filter(setTo)}
              />
              {filters.mealKindFilter}
              <CanteenSelect
                id="presence-canteen"
                aria-label={t('cnt.canteen')}
                placeholder={t('cnt.allCanteens')}
                value={canteenId}
                onChange={list.filter(setCanteenId)}
              />
              {filters.officeFilter}
              <FilterSelect
                label={t('cnt.source')}
                all={t('cnt.allSources')}
                value={source}
                onChange={list.filter(setSource)}
                options={[
                  { value: 'card', label: t('cnt.card') },
                  { value: 'fingerprint', label: t('cnt.fingerprint') },
                ]}
              />
            </>
          }
          empty={t('cnt.noPresences')}
        />
        <ReportCard />
        <MealCostCard />
      </div>
    </>
  );
}
