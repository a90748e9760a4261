import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { formatIsoDate, requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { TabPanel, Tabs, urlTab } from '../../ui/Tabs';
import { useListState } from '../../lib/use-list-state';
import { OrgCascadeFields } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { HolidaysTab } from './HolidaysTab';
import { SettingsTab } from './SettingsTab';
import { addDaysIso, monthRange, OrgFilterSelects, SearchFilters, todayIso, weekdayKey } from './shared';
import './texts';
import { useOrgCascade } from '../../lib/use-org-cascade';
import { SubmitCell } from '../../ui/FormButtons';

type Tab = 'roster' | 'assign' | 'holidays' | 'settings';
const TABS: readonly Tab[] = ['roster', 'assign', 'holidays', 'settings'];

/**
 * /attendance/schedule: the roster grid (employees × days of a week or a month), bulk assignment
 * with rotation patterns, and — the spec has no routes of their own for them — the holidays and
 * the attendance settings, as tabs (?tab=holidays, ?tab=settings).
 */
export function SchedulePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canManage = useCan('attendance.manage');
  const visible = TABS.filter((id) => canManage || id === 'roster' || id === 'holidays' || id === 'settings');
  const tab = urlTab(params, visible, 'roster');
  return (
    <>
      <PageTitle>{t('routes.attendance.schedule')}</PageTitle>
      <Tabs
        label={t('routes.attendance.schedule')}
        tabs={visible.map((id) => ({ id, label: t(`att.tabs.${id}`) }))}
        active={tab}
        onChange={(id) => setParams(id === 'roster' ? {} : { tab: id })}
      />
      <TabPanel tab={tab}>
        {tab === 'roster' ? (
          <RosterGrid />
        ) : tab === 'assign' ? (
          <AssignForm onDone={() => setParams({})} />
        ) : tab === 'holidays' ? (
          <HolidaysTab />
        ) : (
          <SettingsTab />
        )}
      </TabPanel>
    </>
  );
}

type ScheduleRow = RouterOutputs['attendance']['schedule']['list']['rows'][number];

/** Monday of the week of `date`. */
function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const dow = new Date(y, m - 1, d).getDay();
  return addDaysIso(date, dow === 0 ? -6 : 1 - dow);
}

/** The roster as a grid: one row per employee, one column per day; paginated by employees. */
function RosterGrid() {
  const { t } = useTranslation();
  const list = useListState(10);
  const [view, setView] = useState<'week' | 'month'>('week');
  const [anchor, setAnchor] = useState(todayIso());
  const { value: officeId, set: setOfficeId } = list.param('office');
  const { value: departmentId, set: setDepartmentId } = list.param('department');
  const { value: divisionId, set: setDivisionId } = list.param('division');
  const from = view === 'week' ? mondayOf(anchor) : monthRange(anchor).from;
  const to = view === 'week' ? addDaysIso(from, 6) : monthRange(anchor).to;
  const days: string[] = [];
  for (let d = from; d <= to; d = addDaysIso(d, 1)) days.push(d);
  // The server pages over employee-days, ordered by employee then day: a page of N employees is N × days rows.
  const perPage = Math.min(list.pageSize, Math.floor(500 / days.length));
  const query = trpc.attendance.schedule.list.useQuery(
    {
      from,
      to,
      page: list.page,
      pageSize: perPage * days.length,
      ...(list.query.search ? { search: list.query.search } : {}),
      ...(toId(officeId) ? { companyOfficeId: toId(officeId) } : {}),
      ...(toId(departmentId) ? { departmentId: toId(departmentId) } : {}),
      ...(toId(divisionId) ? { divisionId: toId(divisionId) } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const byEmployee = new Map<number, { name: string; number: string; days: Map<string, ScheduleRow> }>();
  for (const r of query.data?.rows ?? []) {
    const e = byEmployee.get(r.employeeId) ?? { name: r.employeeName, number: r.employeeNumber, days: new Map() };
    e.days.set(r.date, r);
    byEmployee.set(r.employeeId, e);
  }
  const step = (n: number) =>
    setAnchor(view === 'week' ? addDaysIso(from, 7 * n) : addDaysIso(n > 0 ? addDaysIso(to, 1) : from, n > 0 ? 0 : -1));
  return (
    <Card>
      <SearchFilters list={list} placeholder={t('att.searchEmployee')}>
        <OrgFilterSelects
          office={[officeId, list.filter(setOfficeId, setDepartmentId, setDivisionId)]}
          department={[departmentId, list.filter(setDepartmentId, setDivisionId)]}
          division={[divisionId, list.filter(setDivisionId)]}
        />
      </SearchFilters>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="w-32">
          <Select
            aria-label={t('att.view')}
            value={view}
            onChange={(v) => {
              setView(v as 'week' | 'month');
              list.setPage(1);
            }}
            options={[
              { value: 'week', label: t('att.week') },
              { value: 'month', label: t('att.month') },
            ]}
          />
        </div>
        <Button size="sm" variant="secondary" onClick={() => step(-1)} aria-label={t('att.previous')}>
          ‹
        </Button>
        <span className="text-sm font-medium tabular-nums" data-testid="roster-period">
          {formatIsoDate(from)} – {formatIsoDate(to)}
        </span>
        <Button size="sm" variant="secondary" onClick={() => step(1)} aria-label={t('att.next')}>
          ›
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAnchor(todayIso())}>
          {t('att.today')}
        </Button>
      </div>
      <div className="overflow-x-auto">
        <table
          className={cx('min-w-full border-collapse text-xs', query.isFetching && 'opacity-60')}
          aria-label={t('att.tabs.roster')}
        >
          <thead>
            <tr className="bg-slate-50">
              <th scope="col" className="sticky left-0 bg-slate-50 px-2 py-2 text-left font-semibold">
                {t('att.employee')}
              </th>
              {days.map((d) => (
                <th key={d} scope="col" className={cx('px-1 py-2 text-center font-semibold', d === todayIso() && 'text-sky-700')}>
                  <span className="block">{t(`att.weekday.${weekdayKey(d)}`)}</span>
                  <span className="tabular-nums">{d.slice(8, 10)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {byEmployee.size === 0 ? (
              <tr>
                <td colSpan={days.length + 1} className="px-3 py-6 text-center text-slate-500">
                  {query.isFetching ? t('app.loading') : query.isError ? t('table.loadError') : t('att.noEmployees')}
                </td>
              </tr>
            ) : (
              [...byEmployee.entries()].map(([id, e]) => (
                <tr key={id}>
                  <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-2 py-1 text-left font-normal">
                    <span className="block font-medium">{e.name}</span>
                    <span className="text-slate-500">{e.number}</span>
                  </th>
                  {days.map((d) => {
                    const c = e.days.get(d);
                    return (
                      <td
                        key={d}
                        title={c?.holiday ?? undefined}
                        className={cx(
                          'min-w-16 border border-slate-100 px-1 py-1 text-center align-top',
                          c?.holiday ? 'bg-purple-50 text-purple-900' : !c?.shift ? 'bg-slate-50 text-slate-400' : '',
                          c && !c.rostered && 'italic',
                        )}
                      >
                        {c?.shift ? c.shift.replace(' (', '\n(') : t('att.off')}
                        {c?.holiday ? <span className="block text-[10px]">{c.holiday}</span> : null}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">{t('att.rosterLegend')}</p>
      <Pagination
        page={list.page}
        pageSize={perPage}
        total={Math.ceil((query.data?.total ?? 0) / days.length)}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
      />
    </Card>
  );
}

interface Step {
  shiftId: string;
  days: string;
}

/** Bulk roster assignment by office / department / division with a rotation pattern. */
function AssignForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const month = monthRange(addDaysIso(monthRange().to, 1));
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const org = useOrgCascade();
  const { officeId, departmentId, divisionId } = org;
  const [steps, setSteps] = useState<Step[]>([
    { shiftId: '', days: '5' },
    { shiftId: 'off', days: '2' },
  ]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shifts = trpc.attendance.shift.lookup.useQuery({ companyOfficeId: toId(officeId) });
  const shiftOptions = [
    { value: 'off', label: t('att.dayOff') },
    ...(shifts.data ?? []).map((s) => ({ value: s.id, label: s.name })),
  ];
  const shiftName = (id: string) => (id === 'off' ? t('att.off') : (shifts.data?.find((s) => String(s.id) === id)?.name ?? '–'));
  const utils = trpc.useUtils();
  const assign = trpc.attendance.schedule.assign.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: () => {
      void utils.attendance.invalidate();
      onDone();
    },
    onError: (err) => {
      const next: Record<string, string> = {};
      for (const f of fieldsOf(err)) next[f.param] ??= `${f.param}: ${f.msg}`;
      setErrors(next);
    },
  });
  const setStep = (i: number, k: keyof Step, v: string) => setSteps((s) => s.map((x, j) => (j === i ? { ...x, [k]: v } : x)));
  // A preview of the first two weeks of the rotation.
  const flat = steps.flatMap((s) => Array.from({ length: Math.max(0, Math.min(31, Number(s.days) || 0)) }, () => s.shiftId));
  const preview = flat.length
    ? Array.from({ length: 14 }, (_, i) => [addDaysIso(from || todayIso(), i), flat[i % flat.length]!] as const)
    : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!from) next.from = requiredNotice(t('att.from'));
    if (!to) next.to = requiredNotice(t('att.to'));
    if (from && to && to < from) next.to = `${t('att.to')} ${t('att.notBeforeFrom')}`;
    steps.forEach((s, i) => {
      if (!s.shiftId) next[`pattern.${i}.shiftId`] = requiredNotice(t('att.shift'));
      const n = Number(s.days);
      if (!/^\d+$/.test(s.days) || n < 1 || n > 31) next[`pattern.${i}.days`] = `${t('att.stepDays')} ${t('att.daysRange')}`;
    });
    setErrors(next);
    if (Object.keys(next).length) return;
    assign.mutate({
      from,
      to,
      companyOfficeId: toId(officeId),
      departmentId: toId(departmentId),
      divisionId: toId(divisionId),
      pattern: steps.map((s) => ({ shiftId: s.shiftId === 'off' ? null : Number(s.shiftId), days: Number(s.days) })),
    });
  };
  return (
    <Card title={t('att.assignTitle')}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('att.assignTitle')}>
        <p className="text-sm text-slate-600">{t('att.assignHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label={t('att.from')} htmlFor="assign-from" required error={errors.from}>
            <DatePicker id="assign-from" value={from} onChange={setFrom} invalid={Boolean(errors.from)} />
          </Field>
          <Field label={t('att.to')} htmlFor="assign-to" required error={errors.to}>
            <DatePicker id="assign-to" value={to} onChange={setTo} min={from} invalid={Boolean(errors.to)} />
          </Field>
          <div />
          <OrgCascadeFields
            org={org}
            ids={{ office: 'assign-office', department: 'assign-department', division: 'assign-division' }}
            labels={{ office: t('att.office'), department: t('att.department'), division: t('att.division') }}
            placeholders={{ office: t('att.allOffices'), department: t('att.allDepartments'), division: t('att.allDivisions') }}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-700">{t('att.pattern')}</legend>
          {steps.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pattern steps are positional
            <div key={i} className="flex flex-wrap items-start gap-2">
              <span className="mt-2 w-6 text-sm text-slate-500">{i + 1}.</span>
              <Field
                label={t('att.shift')}
                htmlFor={`step-shift-${i}`}
                error={errors[`pattern.${i}.shiftId`]}
                className="min-w-64"
              >
                <Select
                  id={`step-shift-${i}`}
                  placeholder={t('att.selectShift')}
                  value={s.shiftId}
                  onChange={(v) => setStep(i, 'shiftId', v)}
                  options={shiftOptions}
                  loading={shifts.isFetching}
                  invalid={Boolean(errors[`pattern.${i}.shiftId`])}
                />
              </Field>
              <Field label={t('att.stepDays')} htmlFor={`step-days-${i}`} error={errors[`pattern.${i}.days`]} className="w-28">
                <TextInput
                  id={`step-days-${i}`}
                  inputMode="numeric"
                  maxLength={2}
                  value={s.days}
                  invalid={Boolean(errors[`pattern.${i}.days`])}
                  onChange={(e) => setStep(i, 'days', e.target.value)}
                />
              </Field>
              {steps.length > 1 ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="mt-6 text-red-700"
                  onClick={() => setSteps(steps.filter((_, j) => j !== i))}
                >
                  {t('att.removeStep')}
                </Button>
              ) : null}
            </div>
          ))}
          {steps.length < 62 ? (
            <Button size="sm" variant="secondary" onClick={() => setSteps([...steps, { shiftId: '', days: '1' }])}>
              {t('att.addStep')}
            </Button>
          ) : null}
        </fieldset>
        {preview.length ? (
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-700">{t('att.preview')}</h3>
            <ol className="grid grid-cols-7 gap-1 text-xs" data-testid="assign-preview">
              {preview.map(([d, id]) => (
                <li
                  key={d}
                  className={cx(
                    'rounded border border-slate-200 px-1 py-1',
                    id === 'off' ? 'bg-slate-50 text-slate-500' : 'bg-sky-50',
                  )}
                >
                  <span className="block font-medium">
                    {t(`att.weekday.${weekdayKey(d)}`)} {d.slice(8, 10)}/{d.slice(5, 7)}
                  </span>
                  {id ? shiftName(id) : '–'}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        <SubmitCell className="flex justify-end" pending={assign.isPending}>
          {t('att.assign')}
        </SubmitCell>
      </form>
    </Card>
  );
}
