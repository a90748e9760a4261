import type { TFunction } from 'i18next';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { showOfficeFilter, useSession } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { toastThen } from '../../lib/toast-then';
import { ActionModal } from '../../ui/ActionModal';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { PagedDataTable } from '../../ui/PagedDataTable';
import { TextField, type TextFieldProps } from '../../ui/TextField';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect, DepartmentSelect, DivisionSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import './texts';
import { SearchInput } from '../../ui/SearchInput';
import { FileDownloadButton } from '../../ui/FileDownloadButton';
import { useEnumLabel } from '../../lib/enum-labels';

export type TimesheetRow = RouterOutputs['attendance']['timesheet']['list']['rows'][number];
export type DownloadFile = { fileName: string; contentType: string; base64: string };

const STATUS_STYLE: Record<number, string> = {
  1: 'bg-emerald-100 text-emerald-800',
  2: 'bg-red-100 text-red-800',
  3: 'bg-orange-100 text-orange-800',
  4: 'bg-amber-100 text-amber-800',
  5: 'bg-yellow-100 text-yellow-800',
  98: 'bg-sky-100 text-sky-800',
};

export function StatusBadge({ status, label }: { status: number | null; label: string | null }) {
  const enumLabel = useEnumLabel();
  if (status === null || !label) return <span className="text-slate-400">-</span>;
  return (
    <span
      className={cx('whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium', STATUS_STYLE[status])}
      data-testid="att-status"
    >
      {enumLabel('attendanceStatus', status, label)}
    </span>
  );
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;

/** Today, 'yyyy-mm-dd' in the browser's time zone. */
export const todayIso = () => iso(new Date());

/** First and last day of the month of `date` ('yyyy-mm-dd'), default this month. */
export function monthRange(date = todayIso()): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return { from: `${y}-${pad2(m)}-01`, to: iso(new Date(y, m, 0)) };
}

/** 'yyyy-mm-dd' plus n days. */
export function addDaysIso(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return iso(new Date(y, m - 1, d + n));
}

const WEEKDAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
/** Short weekday key of a 'yyyy-mm-dd' date (texts under att.weekday). */
export const weekdayKey = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAY_KEYS[new Date(y, m - 1, d).getDay()]!;
};

/** 'yyyy-mm-dd hh:mm' → hh:mm, with dd/mm when it is another day than `date` (overnight). */
export function clockOf(v: string | null, date: string): string {
  if (!v) return '';
  return v.slice(0, 10) === date ? v.slice(11) : `${v.slice(8, 10)}/${v.slice(5, 7)} ${v.slice(11)}`;
}

/** Minutes as hours with two decimals ("7.50"). */
export const hoursOf = (minutes: number) => (minutes / 60).toFixed(2);

/**
 * The period and organisation filters of the attendance lists: from/to (default this month),
 * office, department, division and the name/number search. `input` is the part of a list query
 * these filters own (scope is applied by the server).
 */
export function usePeriodFilters(pageSize = 25) {
  const list = useListState(pageSize);
  const initial = monthRange();
  // Kept in the URL with the list's page (lib/use-list-state), so Back shows the list as it was.
  const { value: from, set: setFrom } = list.param('from', initial.from);
  const { value: to, set: setTo } = list.param('to', initial.to);
  const { value: officeId, set: setOfficeId } = list.param('office');
  const { value: departmentId, set: setDepartmentId } = list.param('department');
  const { value: divisionId, set: setDivisionId } = list.param('division');
  const org = {
    ...(toId(officeId) ? { companyOfficeId: toId(officeId) } : {}),
    ...(toId(departmentId) ? { departmentId: toId(departmentId) } : {}),
    ...(toId(divisionId) ? { divisionId: toId(divisionId) } : {}),
  };
  const period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return {
    list,
    from,
    to,
    officeId,
    departmentId,
    divisionId,
    setFrom: list.filter(setFrom),
    setTo: list.filter(setTo),
    setOfficeId: list.filter(setOfficeId, setDepartmentId, setDivisionId),
    setDepartmentId: list.filter(setDepartmentId, setDivisionId),
    setDivisionId: list.filter(setDivisionId),
    /** Period, organisation and search, without paging (downloads, charts). */
    filter: { ...period, ...org, ...(list.query.search ? { search: list.query.search } : {}) },
    /** The whole list input, with paging. */
    input: { ...list.query, ...period, ...org },
  };
}
export type PeriodFilters = ReturnType<typeof usePeriodFilters>;

type Filter = readonly [value: string, set: (v: string) => void];

/** The filter grid of the attendance lists: the name/number search (unless `search` is false), then `children`. */
export function SearchFilters({
  list,
  placeholder,
  search = true,
  testId,
  children,
}: {
  list: { search: string; setSearch: (v: string) => void };
  placeholder: string;
  search?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid={testId}>
      {search ? (
        <SearchInput label={t('app.search')} placeholder={placeholder} value={list.search} onValue={list.setSearch} />
      ) : null}
      {children}
    </div>
  );
}

/** Office ("All offices"; shown when `office` is given), department and division filters, each narrowed by the ones before. */
export function OrgFilterSelects({
  office,
  department,
  division,
}: {
  office?: Filter | undefined;
  department: Filter;
  division: Filter;
}) {
  const { t } = useTranslation();
  const officeId = office?.[0] ?? '';
  return (
    <>
      {office ? (
        <CompanyOfficeSelect
          aria-label={t('att.office')}
          placeholder={t('att.allOffices')}
          value={officeId}
          onChange={office[1]}
        />
      ) : null}
      <DepartmentSelect
        aria-label={t('att.department')}
        placeholder={t('att.allDepartments')}
        companyOfficeId={toId(officeId)}
        value={department[0]}
        onChange={department[1]}
      />
      <DivisionSelect
        aria-label={t('att.division')}
        placeholder={t('att.allDivisions')}
        companyOfficeId={toId(officeId)}
        departmentId={toId(department[0])}
        value={division[0]}
        onChange={division[1]}
      />
    </>
  );
}

/** The filter row: search, from, to, office (unless the user has only one), department, division, and extra controls. */
export function PeriodFilterBar({ f, children, search = true }: { f: PeriodFilters; children?: ReactNode; search?: boolean }) {
  const { t } = useTranslation();
  const user = useSession();
  return (
    <SearchFilters list={f.list} placeholder={t('att.searchEmployee')} search={search} testId="att-filters">
      <DatePicker id="att-from" ariaLabel={t('att.from')} placeholder={t('att.from')} value={f.from} onChange={f.setFrom} />
      <DatePicker id="att-to" ariaLabel={t('att.to')} placeholder={t('att.to')} value={f.to} onChange={f.setTo} min={f.from} />
      <OrgFilterSelects
        office={showOfficeFilter(user) ? [f.officeId, f.setOfficeId] : undefined}
        department={[f.departmentId, f.setDepartmentId]}
        division={[f.divisionId, f.setDivisionId]}
      />
      {children}
    </SearchFilters>
  );
}

/** An Actions column with Edit and Delete (attendance.manage holders only; the caller decides). */
export function editDeleteColumn<R>(t: TFunction, onEdit: (row: R) => void, onDelete: (row: R) => void): Column<R> {
  return {
    key: 'actions',
    header: t('app.actions'),
    cell: (r) => (
      <div className="flex gap-1">
        <Button size="sm" variant="secondary" onClick={() => onEdit(r)}>
          {t('app.edit')}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => onDelete(r)}>
          {t('att.delete')}
        </Button>
      </div>
    ),
  };
}

/** A refused save's field errors, each after its field's label ("Name is taken"). */
export function fieldErrors(err: unknown, labels: Record<string, string>): Record<string, string> {
  const next: Record<string, string> = {};
  for (const f of fieldsOf(err)) next[f.param] ??= `${labels[f.param] ?? f.param} ${f.msg}`;
  return next;
}

/**
 * The check of a whole number of minutes (or seconds) in 0..`max`, as the settings and shift forms
 * share it: the field's notice, or null when the value is fine.
 */
export function minutesError(t: TFunction, label: string, value: string, max: number): string | null {
  return /^\d+$/.test(value) && Number(value) <= max ? null : `${label} ${t('att.minutesRange', { max })}`;
}

/** A whole-number text box of the settings and shift forms (minutes, seconds). */
export function NumberField(props: Omit<TextFieldProps, 'inputMode'>) {
  return <TextField inputMode="numeric" {...props} />;
}

/**
 * Mutation options of an attendance change confirmed in a dialog: the server's success message,
 * then the dialog closes (`close`) and the attendance queries are read again.
 */
export function useAttendanceChange(close: () => void) {
  const utils = trpc.useUtils();
  return toastThen(() => {
    close();
    void utils.attendance.invalidate();
  });
}

/** "Delete …?" of an attendance row (a holiday, a shift) while `row` is set; `children` asks about it. */
export function DeleteRowDialog<R extends { id: number }>({
  row,
  title,
  busy,
  onDelete,
  onClose,
  children,
}: {
  row: R | null;
  title: string;
  busy: boolean;
  onDelete: (input: { id: number }) => void;
  onClose: () => void;
  children: (row: R) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ActionModal
      variant="danger"
      open={row !== null}
      title={title}
      actionLabel={t('att.delete')}
      busy={busy}
      onAction={() => row && onDelete({ id: row.id })}
      onClose={onClose}
    >
      <p className="text-sm">{row ? children(row) : null}</p>
    </ActionModal>
  );
}

/** A right-aligned count column showing `row[key]`. */
export function numColumn<R>(key: keyof R & string, header: string): Column<R> {
  return { key, header, cell: (r) => String(r[key] ?? ''), className: 'text-right tabular-nums' };
}

/** Employee (name over number) and department columns. */
export function employeeColumns<R extends { employeeName: string; employeeNumber: string; department: string | null }>(
  t: TFunction,
): Column<R>[] {
  return [
    {
      key: 'employee',
      header: t('att.employee'),
      cell: (r) => (
        <span>
          <span className="block font-medium">{r.employeeName}</span>
          <span className="text-xs text-slate-500">{r.employeeNumber}</span>
        </span>
      ),
    },
    { key: 'department', header: t('att.department'), cell: (r) => r.department ?? '' },
  ];
}

/** A server-paginated table body: rows, loading / failure / empty states and the pager. */
export { PagedDataTable as PagedRows } from '../../ui/PagedDataTable';

/** The per-employee table of a period (timesheet summary, report), paged with the period filters. */
export function PerEmployeeRows<R extends { employeeId: number }>({
  caption,
  f,
  query,
  columns,
}: {
  caption: string;
  f: Pick<ReturnType<typeof usePeriodFilters>, 'list'>;
  query: ComponentProps<typeof PagedDataTable<R>>['query'];
  columns: Column<R>[];
}) {
  const { t } = useTranslation();
  return (
    <PagedDataTable
      caption={caption}
      list={f.list}
      query={query}
      columns={columns}
      rowKey={(r) => r.employeeId}
      empty={t('att.noTimesheets')}
    />
  );
}

/** Labelled figures in tiles (the personal summary and the report's totals). */
export function Figures({ items, className, testId }: { items: [string, ReactNode][]; className: string; testId: string }) {
  return (
    <dl className={className} data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label} className="rounded border border-slate-200 p-3">
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A download button (ui `FileDownloadButton`) that reads "Preparing…" while the file is made. */
export function DownloadButton(props: {
  fetchFile: () => Promise<DownloadFile>;
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  size?: 'sm' | 'md';
  testId?: string;
}) {
  const { t } = useTranslation();
  return <FileDownloadButton {...props} busyLabel={t('att.preparing')} />;
}

/** Links between the timesheet screens (list, failed, summary, download, report). */
export function TimesheetTabs() {
  const { t } = useTranslation();
  const links: [string, string][] = [
    ['/attendance/timesheet', t('routes.attendance.timesheet')],
    ['/attendance/timesheet/failed', t('routes.attendance.timesheetFailed')],
    ['/attendance/timesheet/summary', t('routes.attendance.timesheetSummary')],
    ['/attendance/timesheet/download', t('routes.attendance.timesheetDownload')],
    ['/attendance/report', t('routes.attendance.report')],
  ];
  return <SubNav links={links} label={t('routes.attendance.timesheet')} />;
}

/** Links between the personal attendance screens. */
export function PersonalTabs() {
  const { t } = useTranslation();
  const links: [string, string][] = [
    ['/personal/attendance', t('routes.personal.attendance')],
    ['/personal/attendance/failed', t('routes.personal.attendanceFailed')],
    ['/personal/attendance/summary', t('routes.personal.attendanceSummary')],
    ['/personal/attendance/mypdf', t('routes.personal.attendanceMyPdf')],
    ['/personal/shift', t('routes.personal.shift')],
  ];
  return <SubNav links={links} label={t('routes.personal.attendance')} />;
}

function SubNav({ links, label }: { links: [string, string][]; label: string }) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200 text-sm">
      {links.map(([to, text]) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            cx(
              '-mb-px border-b-2 px-3 py-2',
              isActive ? 'border-sky-700 font-medium text-sky-800' : 'border-transparent text-slate-600 hover:text-sky-700',
            )
          }
        >
          {text}
        </NavLink>
      ))}
    </nav>
  );
}

/** The common timesheet columns (employee columns only when `withEmployee`). */
export function timesheetColumns(t: TFunction, withEmployee: boolean): Column<TimesheetRow>[] {
  const cols: Column<TimesheetRow>[] = [
    {
      key: 'date',
      header: t('att.date'),
      cell: (r) => `${t(`att.weekday.${weekdayKey(r.date)}`)} ${r.date.slice(8, 10)}/${r.date.slice(5, 7)}/${r.date.slice(0, 4)}`,
      className: 'whitespace-nowrap',
    },
  ];
  if (withEmployee) {
    cols.push(...employeeColumns<TimesheetRow>(t));
  }
  cols.push(
    { key: 'shift', header: t('att.shift'), cell: (r) => r.shift ?? t(`att.dayType.${r.dayType}`) },
    { key: 'dayType', header: t('att.dayTypeLabel'), cell: (r) => t(`att.dayType.${r.dayType}`) },
    { key: 'in', header: t('att.clockIn'), cell: (r) => clockOf(r.firstIn, r.date), className: 'tabular-nums' },
    { key: 'out', header: t('att.clockOut'), cell: (r) => clockOf(r.lastOut, r.date), className: 'tabular-nums' },
    { key: 'status', header: t('att.status'), cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
    { key: 'late', header: t('att.lateMin'), cell: (r) => r.lateMinutes || '', className: 'text-right tabular-nums' },
    { key: 'early', header: t('att.earlyMin'), cell: (r) => r.earlyMinutes || '', className: 'text-right tabular-nums' },
    { key: 'worked', header: t('att.workedHours'), cell: (r) => hoursOf(r.workedMinutes), className: 'text-right tabular-nums' },
  );
  return cols;
}
