import { keepPreviousData } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { formatIsoDate, requiredNotice } from '../../lib/format';
import { useFileDownload } from '../../lib/use-file-download';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { ControlField } from '../../ui/ControlField';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { MonthPicker } from '../../ui/MonthPicker';
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
import { useListFilter, usePeriodFilter } from '../shared/list-filters';
import './texts';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { toastThen } from '../../lib/toast-then';

type Row = RouterOutputs['canteen']['presence']['list']['rows'][number];
type CostRow = RouterOutputs['canteen']['presence']['mealCost']['rows'][number];

const todayRange = () => ({ from: todayWib(), to: todayWib() });

/** A card of one canteen task: its title, what it does (`intro`), its fields and button in a row, then `after`. */
function TaskCard({ title, intro, after, children }: { title: string; intro: string; after?: ReactNode; children: ReactNode }) {
  return (
    <Card title={title}>
      <p className="mb-3 text-sm text-slate-600">{intro}</p>
      <div className="flex flex-wrap items-end gap-3">{children}</div>
      {after}
    </Card>
  );
}

/** The "from" and "to" date fields of a task (ids `<prefix>-from`, `<prefix>-to`). */
function DateRangeFields({
  prefix,
  range,
  onChange,
}: {
  prefix: string;
  range: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ControlField
        as={DatePicker}
        id={`${prefix}-from`}
        label={t('cnt.from')}
        value={range.from}
        onChange={(from) => onChange({ ...range, from })}
      />
      <ControlField
        as={DatePicker}
        id={`${prefix}-to`}
        label={t('cnt.to')}
        value={range.to}
        onChange={(to) => onChange({ ...range, to })}
      />
    </>
  );
}

/** Opens the kiosk of a canteen in a new tab (spec §7 "one call that opens a URL in a new tab"). */
function KioskCard() {
  const { t } = useTranslation();
  const [canteenId, setCanteenId] = useState('');
  const [error, setError] = useState('');
  return (
    <TaskCard title={t('cnt.kiosk')} intro={t('cnt.kioskHint')}>
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
    </TaskCard>
  );
}

/** Takes the canteen terminals' fingerprint punches of a date range as presences. */
function ImportCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [{ from, to }, setRange] = useState(todayRange);
  const [result, setResult] = useState('');
  const run = trpc.canteen.presence.importPunches.useMutation(
    toastThen((r) => {
      setResult(t('cnt.imported', r));
      void utils.canteen.invalidate();
    }),
  );
  return (
    <TaskCard
      title={t('cnt.importTitle')}
      intro={t('cnt.importIntro')}
      after={
        result ? (
          <p role="status" className="mt-3 text-sm text-slate-700">
            {result}
          </p>
        ) : null
      }
    >
      <DateRangeFields prefix="imp" range={{ from, to }} onChange={setRange} />
      <Button disabled={run.isPending || !from || !to} onClick={() => run.mutate({ from, to })}>
        {t('cnt.importRun')}
      </Button>
    </TaskCard>
  );
}

/** The preference-report.xlsx download for a date range (and optionally one canteen). */
function ReportCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [{ from, to }, setRange] = useState(todayRange);
  const [canteenId, setCanteenId] = useState('');
  const { busy, download } = useFileDownload();
  return (
    <TaskCard title={t('cnt.report')} intro={t('cnt.reportIntro')}>
      <DateRangeFields prefix="rep" range={{ from, to }} onChange={setRange} />
      <Field label={t('cnt.canteen')} htmlFor="rep-canteen">
        <CanteenSelect id="rep-canteen" value={canteenId} onChange={setCanteenId} placeholder={t('cnt.allCanteens')} />
      </Field>
      <Button
        variant="secondary"
        disabled={busy || !from || !to}
        onClick={() =>
          void download(() =>
            utils.canteen.presence.preferenceReport.fetch({ from, to, ...(canteenId ? { canteenId: Number(canteenId) } : {}) }),
          )
        }
      >
        {t('cnt.download')}
      </Button>
    </TaskCard>
  );
}

/** What each employee's meals cost in a month: what payroll deducts and what the company subsidises. */
function MealCostCard() {
  const { t } = useTranslation();
  const list = useListState(10, 'cost');
  const { value: month, set: setMonth } = list.param('month', todayWib().slice(0, 7));
  const office = useListFilter(list, 'office');
  const query = trpc.canteen.presence.mealCost.useQuery(
    { ...list.query, month, ...(office.value ? { companyOfficeId: Number(office.value) } : {}) },
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
      <SearchListCard
        title={t('cnt.mealCost')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.employeeId}
        filters={
          <>
            <MonthPicker ariaLabel={t('cnt.month')} value={month} onChange={list.filter(setMonth)} />
            <CompanyOfficeSelect aria-label={t('cnt.office')} placeholder={t('cnt.allOffices')} {...office} />
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
  const period = usePeriodFilter(list, { from: t('cnt.from'), to: t('cnt.to') }, { from: todayWib(), to: todayWib() });
  const filters = useMealOfficeFilters(list);
  // Not `canteen`: that parameter picks the kiosk's canteen.
  const canteen = useListFilter(list, 'canteenId');
  const source = useListFilter(list, 'source');
  const utils = trpc.useUtils();
  const kiosk = params.get('kiosk') === '1';
  const query = trpc.canteen.presence.list.useQuery(
    {
      ...list.query,
      ...period.input,
      ...filters.input,
      ...(canteen.value ? { canteenId: Number(canteen.value) } : {}),
      ...(source.value ? { source: source.value as 'card' } : {}),
    },
    { placeholderData: keepPreviousData, enabled: !kiosk },
  );
  const del = trpc.canteen.presence.delete.useMutation(toastThen(() => void utils.canteen.invalidate()));
  const employeeColumns = useEmployeeColumns<Row>();
  if (kiosk) return canManage ? <KioskView /> : <Card>{t('cnt.manageOnly')}</Card>;
  const sourceOptions = [
    { value: 'card', label: t('cnt.card') },
    { value: 'fingerprint', label: t('cnt.fingerprint') },
  ];
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
        <SearchListCard
          title={t('cnt.presences')}
          list={list}
          query={query}
          columns={columns}
          rowKey={(r) => Number(r.id)}
          filters={
            <>
              {period.control}
              {filters.mealKindFilter}
              <CanteenSelect
                id="presence-canteen"
                aria-label={t('cnt.canteen')}
                placeholder={t('cnt.allCanteens')}
                {...canteen}
              />
              {filters.officeFilter}
              <FilterSelect label={t('cnt.source')} all={t('cnt.allSources')} {...source} options={sourceOptions} />
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
