import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatIsoDate } from '../../lib/format';
import { saveBase64 } from '../../lib/save-file';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { RowLink } from '../../ui/link-column';
import { Spinner } from '../../ui/Spinner';
import './texts';
import { TextLink } from '../../ui/TextLink';

/** Refetch the live widgets every minute while the dashboard is open. */
const LIVE_MS = 60_000;

/** One widget: its title, a spinner while loading, a retry on failure, then the content. */
export function Widget({
  title,
  query,
  children,
  actions,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} actions={actions}>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <div className="flex items-center gap-3 text-sm text-red-700">
          {t('dash.failed')}
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {t('dash.retry')}
          </Button>
        </div>
      ) : (
        children
      )}
    </Card>
  );
}

/** A widget listing rows (one line each: who or what, then when), or `empty` when there are none. */
function ListWidget<R>({
  title,
  query,
  empty,
  testId,
  rowKey,
  children,
}: {
  title: string;
  query: { data?: R[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: string;
  testId: string;
  rowKey: (row: R) => number;
  children: (row: R) => ReactNode;
}) {
  return (
    <Widget title={title} query={query}>
      {query.data?.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid={testId}>
          {query.data?.map((r) => (
            <li key={rowKey(r)} className="flex justify-between gap-2 py-1">
              {children(r)}
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

/** An employee's name, then their department (when known) in grey. */
function NameAndDepartment({ r }: { r: { employeeName: string; department: string | null } }) {
  return (
    <span>
      {r.employeeName}
      {r.department ? <span className="text-slate-500"> · {r.department}</span> : null}
    </span>
  );
}

export function TodayShiftWidget() {
  const { t } = useTranslation();
  const q = trpc.dashboard.todayShift.useQuery(undefined, { refetchInterval: LIVE_MS });
  const d = q.data;
  return (
    <Widget title={t('dash.todayShift')} query={q}>
      {d ? (
        <div className="space-y-2 text-sm" data-testid="today-shift">
          <p className="text-lg font-semibold text-slate-900">{d.shift ?? t('dash.noShift')}</p>
          {d.holiday ? <p className="text-amber-700">{t('dash.holiday', { name: d.holiday })}</p> : null}
          <dl className="grid grid-cols-2 gap-2">
            <div>
              <dt className="text-slate-500">{t('dash.clockIn')}</dt>
              <dd className="font-medium">{d.firstIn ?? t('dash.notYet')}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('dash.clockOut')}</dt>
              <dd className="font-medium">{d.lastOut ?? t('dash.notYet')}</dd>
            </div>
          </dl>
        </div>
      ) : null}
    </Widget>
  );
}

const LIVE_COLOURS = ['#16a34a', '#f59e0b', '#94a3b8', '#0ea5e9'];

export function LiveTimesheetWidget() {
  const { t } = useTranslation();
  const q = trpc.dashboard.liveTimesheet.useQuery({}, { refetchInterval: LIVE_MS });
  const d = q.data;
  const bars = d
    ? [
        { name: t('dash.onTime'), value: d.clockedIn - d.late },
        { name: t('dash.late'), value: d.late },
        { name: t('dash.notYetIn'), value: d.notYetIn },
        { name: t('dash.onLeave'), value: d.onLeave },
      ]
    : [];
  return (
    <Widget title={t('dash.liveTimesheet')} query={q} actions={<TextLink to="/attendance/timesheet">→</TextLink>}>
      {d ? (
        <div className="space-y-3" data-testid="live-timesheet">
          <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            {bars.map((b, i) => (
              <li key={b.name} className="rounded border border-slate-200 p-2">
                <span className="block text-slate-500">{b.name}</span>
                <span className="text-lg font-semibold" style={{ color: LIVE_COLOURS[i] }}>
                  {b.value}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-500">
            {t('dash.scheduled')}: {d.scheduled}
          </p>
          <div className="h-40" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={bars} layout="vertical" margin={{ left: 16 }}>
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="name" width={90} />
                <Tooltip />
                <Bar dataKey="value">
                  {bars.map((b, i) => (
                    <Cell key={b.name} fill={LIVE_COLOURS[i]} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <h3 className="text-sm font-semibold text-slate-700">{t('dash.latestArrivals')}</h3>
          {d.latest.length === 0 ? (
            <p className="text-sm text-slate-500">{t('dash.noArrivals')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {d.latest.map((r) => (
                <li key={r.employeeId} className="flex justify-between py-1">
                  <NameAndDepartment r={r} />
                  <span className={r.late ? 'font-medium text-amber-700' : 'text-slate-700'}>{r.firstIn}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </Widget>
  );
}

export function BirthdaysWidget() {
  const { t } = useTranslation();
  const q = trpc.dashboard.upcomingBirthday.useQuery({});
  return (
    <ListWidget
      title={t('dash.birthdays')}
      query={q}
      empty={t('dash.noBirthdays')}
      testId="birthdays"
      rowKey={(r) => r.employeeId}
    >
      {(r) => (
        <>
          <NameAndDepartment r={r} />
          <span className="whitespace-nowrap text-slate-600">
            {dayMonth(r.date)} · {r.inDays === 0 ? t('dash.today') : t('dash.inDays', { count: r.inDays })}
            {r.turns === null ? null : ` · ${t('dash.turns', { age: r.turns })}`}
          </span>
        </>
      )}
    </ListWidget>
  );
}

/** A birthday as day and month, dd/mm: the year is nobody's business without employee.view (the server sends no age then). */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

export function ExpiringContractsWidget() {
  const { t } = useTranslation();
  const q = trpc.dashboard.expireContract.useQuery({});
  return (
    <ListWidget
      title={t('dash.expiringContracts')}
      query={q}
      empty={t('dash.noExpiring')}
      testId="expiring-contracts"
      rowKey={(r) => r.contractId}
    >
      {(r) => (
        <>
          <RowLink to={`/employee/list/${r.employeeId}/detail`}>{r.employeeName}</RowLink>
          <span className="whitespace-nowrap text-slate-600">
            {r.contractNumber} · {t('dash.ends', { date: formatIsoDate(r.endDate) })}
          </span>
        </>
      )}
    </ListWidget>
  );
}

export function RegulationsWidget() {
  const { t } = useTranslation();
  const q = trpc.dashboard.regulations.useQuery({});
  const utils = trpc.useUtils();
  return (
    <ListWidget title={t('dash.regulations')} query={q} empty={t('dash.noRegulations')} testId="regulations" rowKey={(r) => r.id}>
      {(r) => (
        <>
          <button
            type="button"
            className="text-left text-sky-700 hover:underline"
            onClick={async () => saveBase64(await utils.regulation.downloadMine.fetch({ id: r.id }))}
          >
            {r.title}
          </button>
          <span className="whitespace-nowrap text-slate-600">
            {t('dash.effective', { date: formatIsoDate(r.effectiveDate) })}
          </span>
        </>
      )}
    </ListWidget>
  );
}

function AwaitingList({
  title,
  to,
  total,
  rows,
}: {
  title: string;
  to: string;
  total: number;
  rows: { id: number; who: string; what: string }[];
}) {
  const { t } = useTranslation();
  if (total === 0) return null;
  return (
    <div>
      <h3 className="flex justify-between text-sm font-semibold text-slate-700">
        <Link to={to} className="text-sky-700 hover:underline">
          {title}
        </Link>
        <span className="rounded-full bg-amber-100 px-2 text-xs text-amber-800">{t('dash.more', { count: total })}</span>
      </h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map((r) => (
          <li key={r.id} className="flex justify-between gap-2 py-1">
            <span>{r.who}</span>
            <span className="text-slate-600">{r.what}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Leave requests, attendance corrections and overtime the signed-in approver can decide. */
export function AwaitingMeWidget() {
  const { t } = useTranslation();
  const leave = trpc.dashboard.leaveRequest.useQuery({ limit: 5 }, { refetchInterval: LIVE_MS });
  const corrections = trpc.dashboard.attendanceCorrection.useQuery({ limit: 5 }, { refetchInterval: LIVE_MS });
  const overtime = trpc.attendanceRequest.overtime.awaitingMe.useQuery({ limit: 5 }, { refetchInterval: LIVE_MS });
  const all = {
    isPending: leave.isPending || corrections.isPending || overtime.isPending,
    isError: leave.isError || corrections.isError || overtime.isError,
    refetch: () => Promise.all([leave.refetch(), corrections.refetch(), overtime.refetch()]),
  };
  const leaveRows = leave.data ?? [];
  const total = leaveRows.length + (corrections.data?.total ?? 0) + (overtime.data?.total ?? 0);
  return (
    <Widget title={t('dash.awaiting')} query={all}>
      {total === 0 ? (
        <p className="text-sm text-slate-500">{t('dash.nothingAwaiting')}</p>
      ) : (
        <div className="space-y-3" data-testid="awaiting-me">
          <AwaitingList
            title={t('dash.leaveRequests')}
            to="/attendance/leave"
            total={leaveRows.length}
            rows={leaveRows.map((r) => ({
              id: r.id,
              who: r.employeeName,
              what: `${r.leaveType} · ${formatIsoDate(r.startDate)}${r.endDate !== r.startDate ? ` – ${formatIsoDate(r.endDate)}` : ''}`,
            }))}
          />
          <AwaitingList
            title={t('dash.corrections')}
            to="/attendance/timesheet/correction"
            total={corrections.data?.total ?? 0}
            rows={(corrections.data?.rows ?? []).map((r) => ({
              id: r.id,
              who: r.employeeName,
              what: `${r.typeLabel} · ${formatIsoDate(r.date)}`,
            }))}
          />
          <AwaitingList
            title={t('dash.overtime')}
            to="/attendance/overtime"
            total={overtime.data?.total ?? 0}
            rows={(overtime.data?.rows ?? []).map((r) => ({
              id: r.id,
              who: r.employeeName,
              what: formatIsoDate(r.date),
            }))}
          />
        </div>
      )}
    </Widget>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TYPE_COLOURS = ['#0ea5e9', '#16a34a', '#f59e0b', '#a855f7', '#ef4444', '#64748b'];

/** Approved leave days per month and type this year (scoped), as a stacked bar chart. */
export function LeaveReportWidget() {
  const { t } = useTranslation();
  const q = trpc.dashboard.leaveReport.useQuery({});
  const d = q.data;
  const types = d?.totals ?? [];
  const data = MONTHS.map((name, i) => {
    const row: Record<string, string | number> = { name };
    for (const r of d?.rows ?? []) if (r.month === i + 1) row[r.leaveType] = r.days;
    return row;
  });
  return (
    <Widget title={t('dash.leaveReport', { year: d?.year ?? '' })} query={q}>
      {types.length === 0 ? (
        <p className="text-sm text-slate-500">{t('dash.noLeave')}</p>
      ) : (
        <div className="space-y-2" data-testid="leave-report">
          <div className="h-48" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data}>
                <XAxis dataKey="name" />
                <YAxis allowDecimals />
                <Tooltip />
                {types.map((ty, i) => (
                  <Bar key={ty.leaveTypeId} dataKey={ty.leaveType} stackId="days" fill={TYPE_COLOURS[i % TYPE_COLOURS.length]} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <ul className="grid grid-cols-2 gap-1 text-sm">
            {types.map((ty, i) => (
              <li key={ty.leaveTypeId} className="flex items-center gap-2">
                <span className="inline-block h-3 w-3 rounded-sm" style={{ background: TYPE_COLOURS[i % TYPE_COLOURS.length] }} />
                {ty.leaveType}: {ty.days} {t('dash.days')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Widget>
  );
}
