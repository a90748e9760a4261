import type { MenuPreference } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { formatIsoDate, requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { ActionModal } from '../../ui/ActionModal';
import { Select } from '../../ui/Select';
import { PagedCard } from '../../ui/PagedCard';
import { useListState } from '../../lib/use-list-state';
import { OrgCascadeFields } from '../shared/OrgSelects';
import {
  addDays,
  CanteenSelect,
  MEAL_OPTIONS,
  MealSelect,
  PREFERENCE_OPTIONS,
  todayWib,
  useEmployeeColumns,
  useMealOfficeFilters,
  wibTime,
} from './canteen-shared';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { useListFilter, usePeriodFilter } from '../shared/list-filters';
import './texts';
import { CheckboxField } from '../../ui/CheckboxField';
import { useOrgCascade } from '../../lib/use-org-cascade';
import { ControlField } from '../../ui/ControlField';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { TextField } from '../../ui/TextField';
import { toastThen } from '../../lib/toast-then';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

type SummaryRow = RouterOutputs['canteen']['mealSchedule']['list']['rows'][number];
type EmployeeRow = RouterOutputs['canteen']['mealSchedule']['employees']['rows'][number];

/** Bulk schedule (and removal) by office / department / division over a date range. */
function AssignCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [mealId, setMealId] = useState('');
  const [from, setFrom] = useState(todayWib());
  const [to, setTo] = useState(addDays(todayWib(), 6));
  const org = useOrgCascade();
  const { officeId, departmentId, divisionId } = org;
  const [onlyRostered, setOnlyRostered] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState('');
  /** A run's options: the server's toast and the counts (`text`) under the form, or its field errors at their fields. */
  const reported = (text: 'cnt.assigned' | 'cnt.removed') => ({
    ...toastThen((counts: Record<string, number>) => {
      setResult(t(text, counts));
      void utils.canteen.invalidate();
    }),
    onError: (err: unknown) => setErrors(Object.fromEntries(fieldsOf(err).map((f) => [f.param, f.msg]))),
  });
  const assign = trpc.canteen.mealSchedule.assign.useMutation(reported('cnt.assigned'));
  const remove = trpc.canteen.mealSchedule.remove.useMutation(reported('cnt.removed'));
  const run = (which: 'assign' | 'remove') => {
    const next: Record<string, string> = {};
    if (!mealId) next.mealId = requiredNotice(t('cnt.meal'));
    if (!from) next.from = requiredNotice(t('cnt.from'));
    if (!to) next.to = requiredNotice(t('cnt.to'));
    else if (from && to < from) next.to = 'must not be before from';
    if (!officeId && !departmentId && !divisionId) next.companyOfficeId = requiredNotice(t('cnt.office'));
    setErrors(next);
    setResult('');
    const first = ['mealId', 'from', 'to', 'companyOfficeId'].find((k) => next[k]);
    if (first) {
      document.getElementById(`sched-${first}`)?.focus();
      return;
    }
    const input = {
      mealId: Number(mealId),
      from,
      to,
      ...(officeId ? { companyOfficeId: Number(officeId) } : {}),
      ...(departmentId ? { departmentId: Number(departmentId) } : {}),
      ...(divisionId ? { divisionId: Number(divisionId) } : {}),
    };
    if (which === 'assign') assign.mutate({ ...input, onlyRosteredDays: onlyRostered });
    else remove.mutate(input);
  };
  return (
    <Card title={t('cnt.assignTitle')}>
      <p className="mb-4 text-sm text-slate-600">{t('cnt.assignIntro')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          run('assign');
        }}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <Field label={t('cnt.meal')} htmlFor="sched-mealId" required error={errors.mealId} className="lg:col-span-3">
          <MealSelect
            id="sched-mealId"
            value={mealId}
            invalid={Boolean(errors.mealId)}
            onChange={setMealId}
            placeholder={t('cnt.chooseMeal')}
          />
        </Field>
        <ControlField
          as={DatePicker}
          id="sched-from"
          label={t('cnt.from')}
          required
          error={errors.from}
          value={from}
          onChange={setFrom}
        />
        <ControlField as={DatePicker} id="sched-to" label={t('cnt.to')} required error={errors.to} value={to} onChange={setTo} />
        <div className="flex items-end pb-2">
          <CheckboxField label={t('cnt.onlyRostered')} checked={onlyRostered} onChange={setOnlyRostered} />
        </div>
        <OrgCascadeFields
          org={org}
          ids={{ office: 'sched-companyOfficeId', department: 'sched-departmentId', division: 'sched-divisionId' }}
          labels={{ office: t('cnt.office'), department: t('cnt.department'), division: t('cnt.division') }}
          errors={{ office: errors.companyOfficeId, department: errors.departmentId, division: errors.divisionId }}
        />
        <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-2 lg:col-span-3">
          {result ? (
            <span role="status" className="text-sm text-slate-700">
              {result}
            </span>
          ) : null}
          <Button variant="secondary" disabled={remove.isPending} onClick={() => run('remove')}>
            {t('cnt.remove')}
          </Button>
          <Button type="submit" disabled={assign.isPending}>
            {t('cnt.assign')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PreferenceDialog({ row, onClose }: { row: EmployeeRow; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [preference, setPreference] = useState<string>(row.preference);
  const [note, setNote] = useState(row.preferenceNote ?? '');
  const save = trpc.canteen.mealSchedule.setPreference.useMutation(
    toastThen(() => {
      void utils.canteen.mealSchedule.invalidate();
      onClose();
    }),
  );
  return (
    <ActionModal
      onClose={onClose}
      title={t('cnt.preferenceOf', { name: `${row.employeeNumber} ${row.name}` })}
      actionLabel={t('app.save')}
      busy={save.isPending}
      onAction={() =>
        save.mutate({
          employeeIds: [row.employeeId],
          preference: preference as MenuPreference,
          ...trimmedOrOmitted('note', note),
        })
      }
    >
      <Field label={t('cnt.preference')} htmlFor="pref-preference">
        <Select id="pref-preference" value={preference} onChange={setPreference} options={PREFERENCE_OPTIONS} />
      </Field>
      <TextField id="pref-note" label={t('cnt.note')} value={note} maxLength={200} onValue={setNote} />
    </ActionModal>
  );
}

/** /canteen/mealSchedule: bulk scheduling, the schedule per meal and day, and the employee list per schedule. */
export function MealSchedulePage() {
  const { t } = useTranslation();
  const canManage = useCan('canteen.manage');
  // The schedule per meal and day.
  const summaryList = useListState(10, 'schedule');
  const period = usePeriodFilter(
    summaryList,
    { from: t('cnt.from'), to: t('cnt.to') },
    { from: todayWib(), to: addDays(todayWib(), 6) },
  );
  const canteen = useListFilter(summaryList, 'canteen');
  const mealKind = useListFilter(summaryList, 'meal');
  const summary = trpc.canteen.mealSchedule.list.useQuery(
    {
      page: summaryList.page,
      pageSize: summaryList.pageSize,
      ...period.input,
      ...(canteen.value ? { canteenId: Number(canteen.value) } : {}),
      ...(mealKind.value ? { mealKind: mealKind.value as 'lunch' } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  // The employees of one schedule (a row above) or of the filters.
  const list = useListState();
  const { value: date, set: setDate } = list.param('date', todayWib());
  const [mealId, setMealId] = useState<number | null>(null);
  const clearMeal = () => setMealId(null);
  const filters = useMealOfficeFilters(list, clearMeal);
  const preference = useListFilter(list, 'preference');
  const taken = useListFilter(list, 'taken');
  const [editing, setEditing] = useState<EmployeeRow | null>(null);
  const employees = trpc.canteen.mealSchedule.employees.useQuery(
    {
      ...list.query,
      ...(date ? { date } : {}),
      ...(mealId ? { mealId } : {}),
      ...filters.input,
      ...(preference.value ? { preference: preference.value as MenuPreference } : {}),
      ...(taken.value ? { taken: taken.value === 'true' } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const takenOptions = [
    { value: 'true', label: t('cnt.taken') },
    { value: 'false', label: t('cnt.notTaken') },
  ];
  const summaryColumns: Column<SummaryRow>[] = [
    { key: 'date', header: t('cnt.date'), cell: (r) => formatIsoDate(r.date), className: 'whitespace-nowrap' },
    { key: 'canteen', header: t('cnt.canteen'), cell: (r) => `${r.canteen} (${r.companyOffice})` },
    { key: 'meal', header: t('cnt.meal'), cell: (r) => `${r.mealLabel} ${r.startTime}–${r.endTime}` },
    { key: 'quota', header: t('cnt.quota'), cell: (r) => r.quota ?? t('cnt.unlimited') },
    { key: 'scheduled', header: t('cnt.scheduled'), cell: (r) => r.scheduled, className: 'text-right tabular-nums' },
    { key: 'taken', header: t('cnt.taken'), cell: (r) => r.taken, className: 'text-right tabular-nums' },
    {
      key: 'show',
      header: '',
      cell: (r) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setDate(r.date);
            setMealId(r.mealId);
            list.setPage(1);
          }}
        >
          {t('cnt.showEmployees')}
        </Button>
      ),
    },
  ];
  const employeeColumns: Column<EmployeeRow>[] = [
    ...useEmployeeColumns<EmployeeRow>(),
    { key: 'date', header: t('cnt.date'), cell: (r) => formatIsoDate(r.date), className: 'whitespace-nowrap' },
    { key: 'meal', header: t('cnt.meal'), cell: (r) => `${r.mealLabel} (${r.canteen})` },
    {
      key: 'preference',
      header: t('cnt.preference'),
      cell: (r) => (r.preferenceNote ? `${r.preferenceLabel} — ${r.preferenceNote}` : r.preferenceLabel),
    },
    {
      key: 'taken',
      header: t('cnt.taken'),
      cell: (r) => (r.taken && r.takenAt ? `${t('app.yes')} ${wibTime(r.takenAt)}` : t('app.no')),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: '',
            cell: (r: EmployeeRow) => (
              <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                {t('cnt.setPreference')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <PageTitle>{t('routes.canteen.mealSchedule')}</PageTitle>
      <div className="space-y-4">
        {canManage ? <AssignCard /> : null}
        <PagedCard
          title={t('cnt.schedules')}
          list={summaryList}
          query={summary}
          columns={summaryColumns}
          rowKey={(r) => r.mealId * 100_000_000 + Number(r.date.replaceAll('-', ''))}
          empty={t('cnt.noSchedules')}
          filters={
            <>
              {period.control}
              <CanteenSelect aria-label={t('cnt.canteen')} placeholder={t('cnt.allCanteens')} {...canteen} />
              <FilterSelect label={t('cnt.meal')} all={t('cnt.allMeals')} {...mealKind} options={MEAL_OPTIONS} />
            </>
          }
        />
        <SearchListCard
          title={t('cnt.employees')}
          list={list}
          query={employees}
          columns={employeeColumns}
          rowKey={(r) =>
            (r.employeeId * 100_000_000 + Number(r.date.replaceAll('-', ''))) * 10 +
            ['breakfast', 'lunch', 'dinner', 'overtime'].indexOf(r.mealKind)
          }
          filters={
            <>
              <DatePicker
                ariaLabel={t('cnt.date')}
                placeholder={t('cnt.date')}
                value={date}
                onChange={list.filter(setDate, clearMeal)}
              />
              {filters.mealKindFilter}
              {filters.officeFilter}
              <FilterSelect
                label={t('cnt.preference')}
                all={t('cnt.allPreferences')}
                {...preference}
                options={PREFERENCE_OPTIONS}
              />
              <FilterSelect label={t('cnt.taken')} all={t('app.all')} {...taken} options={takenOptions} />
            </>
          }
          empty={t('cnt.noEmployees')}
        />
      </div>
      {editing ? <PreferenceDialog row={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
