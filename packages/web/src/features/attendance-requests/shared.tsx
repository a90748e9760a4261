import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { showToast } from '../../lib/notify';
import { DETAIL_EXTRA_MS, successToast, TOAST_MS } from '../../lib/errors';
import type { RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { type Column, DataTable } from '../../ui/DataTable';
import './texts';
import { FigureList } from '../../ui/FigureList';
import { enumOptionsNow, useEnumLabel } from '../../lib/enum-labels';

export type CorrectionRow = RouterOutputs['attendanceRequest']['correction']['list']['rows'][number];
export type CorrectionDetail = RouterOutputs['attendanceRequest']['correction']['get'];
export type OvertimeRow = RouterOutputs['attendanceRequest']['overtime']['list']['rows'][number];
export type OvertimeDetail = RouterOutputs['attendanceRequest']['overtime']['get'];
export type DayRow = NonNullable<RouterOutputs['attendanceRequest']['correction']['myDay']>;
type HistoryRow = CorrectionDetail['history'][number];
export type BulkOutcome = RouterOutputs['attendanceRequest']['correction']['bulkApprove'];

/** Spec §3 Request status, Pending first (the usual filter); labels in the screen's language. */
export const STATUS_OPTIONS = enumOptionsNow('requestStatus', [3, 1, 2, 4]);
/** Spec §3 permit/request types with their shown labels. */
export const TYPE_OPTIONS = enumOptionsNow('permitType');
export const DAY_KIND_OPTIONS = enumOptionsNow('overtimeDayKind');

/** "08:00 - 17:00", "08:00 -", "- 17:00" or "". */
export const timesOf = (r: { startTime: string | null; endTime: string | null }) =>
  r.startTime || r.endTime ? `${r.startTime ?? ''} - ${r.endTime ?? ''}`.trim() : '';

const STATUS_CLASS: Record<number, string> = {
  1: 'bg-emerald-100 text-emerald-800',
  2: 'bg-red-100 text-red-800',
  3: 'bg-amber-100 text-amber-800',
  4: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status, label, testId }: { status: number; label: string; testId?: string }) {
  const enumLabel = useEnumLabel();
  return (
    <span data-testid={testId} className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[status] ?? ''}`}>
      {enumLabel('requestStatus', status, label)}
    </span>
  );
}

/** The ids picked on the current page for a bulk action. */
export function useSelection() {
  const [ids, setIds] = useState<number[]>([]);
  return {
    ids,
    has: (id: number) => ids.includes(id),
    toggle: (id: number) => setIds((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    setAll: (all: number[], on: boolean) => setIds(on ? all : []),
    clear: () => setIds([]),
  };
}

export function selectColumn<T extends { id: number }>(sel: ReturnType<typeof useSelection>, label: string): Column<T> {
  return {
    key: 'select',
    header: '',
    cell: (r) => (
      <input type="checkbox" aria-label={`${label} #${r.id}`} checked={sel.has(r.id)} onChange={() => sel.toggle(r.id)} />
    ),
  };
}

/** Toast of a bulk result: "2 done, 1 refused" and each refusal with its reason. */
export function notifyBulk(r: BulkOutcome, summary: string) {
  const refused = r.items.filter((i) => !i.ok).map((i) => `#${i.id}: ${i.message}`);
  if (refused.length === 0) showToast(successToast(summary));
  else showToast({ type: 'error', message: summary, details: refused.slice(0, 6), autoClose: TOAST_MS + DETAIL_EXTRA_MS });
}

/** Who did what, when (each transition is one row). */
export function HistoryTable({ rows }: { rows: readonly HistoryRow[] }) {
  const { t } = useTranslation();
  const columns: Column<HistoryRow>[] = [
    { key: 'action', header: t('attreq.status'), cell: (h) => t(`attreq.action.${h.action}`) },
    { key: 'actor', header: t('attreq.actor'), cell: (h) => h.actor },
    { key: 'at', header: t('attreq.at'), cell: (h) => formatDateTime(h.at), className: 'whitespace-nowrap' },
    { key: 'note', header: t('attreq.note'), cell: (h) => h.note ?? '' },
  ];
  return (
    <DataTable
      caption={t('attreq.history')}
      columns={columns}
      rows={rows}
      rowKey={(h) => `${h.action}-${String(h.at)}`}
      empty="-"
    />
  );
}

/** One day's timesheet row (what a correction changes). */
export function DayRowView({ day }: { day: DayRow | null | undefined }) {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  if (!day) return <p className="text-sm text-slate-600">{t('attreq.noDayRow')}</p>;
  const hhmm = (v: string | null) => (v ? `${formatIsoDate(v.slice(0, 10))} ${v.slice(11)}` : '-');
  const items: [string, string][] = [
    [t('attreq.shift'), day.shift ?? '-'],
    [t('attreq.clockIn'), hhmm(day.firstIn)],
    [t('attreq.clockOut'), hhmm(day.lastOut)],
    [t('attreq.late'), String(day.lateMinutes)],
    [t('attreq.early'), String(day.earlyMinutes)],
    [t('attreq.worked'), String(day.workedMinutes)],
  ];
  return (
    <FigureList
      items={items}
      className="grid gap-3 text-sm sm:grid-cols-4"
      testId="day-row"
      labelClassName="text-xs text-slate-500"
    >
      <div>
        <dt className="text-xs text-slate-500">{t('attreq.dayStatus')}</dt>
        <dd className="font-medium" data-testid="day-status">
          {day.status === null ? '-' : enumLabel('attendanceStatus', day.status, day.statusLabel)}
        </dd>
      </div>
    </FigureList>
  );
}

/** Bulk buttons over a list; each sends the selected ids. */
export function BulkBar({
  count,
  actions,
  onSelectPage,
}: {
  count: number;
  actions: { label: string; onClick: () => void; variant?: 'primary' | 'secondary' | 'danger'; busy?: boolean }[];
  onSelectPage: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="bulk-bar">
      <Button size="sm" variant="ghost" onClick={onSelectPage}>
        {t('attreq.selectPage')}
      </Button>
      <span className="text-sm text-slate-600">{t('attreq.selected', { count })}</span>
      {actions.map((a) => (
        <Button key={a.label} size="sm" variant={a.variant ?? 'secondary'} disabled={count === 0 || a.busy} onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
    </div>
  );
}
