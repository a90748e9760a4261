import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { formatIsoDate, requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { ActionModal } from '../../ui/ActionModal';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { FormButtons } from '../../ui/FormButtons';
import { TimeInput } from '../../ui/TimeInput';
import {
  fieldErrors,
  PagedRows,
  PeriodFilterBar,
  StatusBadge,
  TimesheetTabs,
  type TimesheetRow,
  timesheetColumns,
  todayIso,
  usePeriodFilters,
  useAttendanceChange,
} from './shared';
import './texts';
import { fieldBinder } from '../../lib/field-binder';
import { useEnumOptions } from '../../lib/enum-labels';

/**
 * /attendance/timesheet and /attendance/timesheet/failed: one row per employee per day, server
 * paginated, with period, organisation, status and name/number filters. Holders of
 * attendance.manage edit a day by hand (status 98 Manual Input), clear that edit, and recompute.
 */
export function TimesheetListPage({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  const canManage = useCan('attendance.manage');
  const f = usePeriodFilters();
  const { value: status, set: setStatus } = f.list.param('status');
  const [editing, setEditing] = useState<TimesheetRow | null>(null);
  const [clearing, setClearing] = useState<TimesheetRow | null>(null);
  const [recomputing, setRecomputing] = useState(false);
  const input = { ...f.input, ...(status ? { status: Number(status) } : {}) };
  const opts = { placeholderData: keepPreviousData };
  const all = trpc.attendance.timesheet.list.useQuery(input, { ...opts, enabled: !failed });
  const onlyFailed = trpc.attendance.timesheet.failed.useQuery(input, { ...opts, enabled: failed });
  const query = failed ? onlyFailed : all;
  const clear = trpc.attendance.timesheet.clearEdit.useMutation(useAttendanceChange(() => setClearing(null)));

  const columns: Column<TimesheetRow>[] = [
    ...timesheetColumns(t, true).map((c) =>
      c.key === 'status'
        ? {
            ...c,
            cell: (r: TimesheetRow) => (
              <span className="flex flex-col items-start gap-0.5">
                <StatusBadge status={r.status} label={r.statusLabel} />
                {r.manual && r.status !== 98 ? <span className="text-xs text-sky-700">{t('att.manualEdit')}</span> : null}
              </span>
            ),
          }
        : c,
    ),
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('app.actions'),
      cell: (r) => (
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setEditing(r)}
            aria-label={t('att.editDay', { name: r.employeeName, date: formatIsoDate(r.date) })}
          >
            {t('app.edit')}
          </Button>
          {r.manual ? (
            <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setClearing(r)}>
              {t('att.clearEdit')}
            </Button>
          ) : null}
        </div>
      ),
    });
  }
  const title = failed ? t('routes.attendance.timesheetFailed') : t('routes.attendance.timesheet');
  const statusOptions = useEnumOptions()('attendanceStatus', failed ? [2, 3, 4, 5] : undefined);
  return (
    <>
      <PageTitle
        actions={
          canManage ? (
            <Button variant="secondary" onClick={() => setRecomputing(true)}>
              {t('att.recompute')}
            </Button>
          ) : null
        }
      >
        {title}
      </PageTitle>
      <TimesheetTabs />
      <Card title={failed ? t('att.failedIntro') : undefined}>
        <PeriodFilterBar f={f}>
          <Select
            aria-label={t('att.status')}
            placeholder={t('att.allStatuses')}
            value={status}
            onChange={f.list.filter(setStatus)}
            options={statusOptions}
          />
        </PeriodFilterBar>
        <PagedRows
          caption={title}
          list={f.list}
          query={query}
          columns={columns}
          rowKey={(r) => `${r.employeeId}:${r.date}`}
          empty={failed ? t('att.noFailed') : t('att.noTimesheets')}
        />
      </Card>
      {editing ? <ManualEditDialog row={editing} onClose={() => setEditing(null)} /> : null}
      <ActionModal
        variant="danger"
        open={clearing !== null}
        title={t('att.clearEdit')}
        actionLabel={t('att.clearEdit')}
        busy={clear.isPending}
        onAction={() => clearing && clear.mutate({ employeeId: clearing.employeeId, date: clearing.date })}
        onClose={() => setClearing(null)}
      >
        <p className="text-sm">
          {clearing ? t('att.clearEditConfirm', { name: clearing.employeeName, date: formatIsoDate(clearing.date) }) : null}
        </p>
      </ActionModal>
      {recomputing ? <RecomputeDialog from={f.from} to={f.to} filter={f.filter} onClose={() => setRecomputing(false)} /> : null}
    </>
  );
}

/** Manual edit of one day: clock-in, clock-out (an out before the in is the next morning) and a required note. */
function ManualEditDialog({ row, onClose }: { row: TimesheetRow; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [firstIn, setFirstIn] = useState(row.firstIn && row.firstIn.slice(0, 10) === row.date ? row.firstIn.slice(11) : '');
  const [lastOut, setLastOut] = useState(row.lastOut ? row.lastOut.slice(11) : '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels: Record<string, string> = { firstIn: t('att.clockIn'), lastOut: t('att.clockOut'), note: t('att.note') };
  const field = fieldBinder('att-edit', labels, errors);
  const clocks = [
    ['firstIn', 'att-edit-in', firstIn, setFirstIn],
    ['lastOut', 'att-edit-out', lastOut, setLastOut],
  ] as const;
  const edit = trpc.attendance.timesheet.edit.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: () => {
      void utils.attendance.invalidate();
      onClose();
    },
    onError: (err) => setErrors(fieldErrors(err, labels)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!note.trim()) next.note = requiredNotice(labels.note!);
    setErrors(next);
    if (next.note) {
      document.getElementById('att-edit-note')?.focus();
      return;
    }
    edit.mutate({
      employeeId: row.employeeId,
      date: row.date,
      firstIn: firstIn || null,
      lastOut: lastOut || null,
      note: note.trim(),
    });
  };
  return (
    <Modal open onClose={onClose} title={t('att.manualEditTitle', { name: row.employeeName, date: formatIsoDate(row.date) })}>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-4"
        aria-label={t('att.manualEditTitle', { name: row.employeeName, date: formatIsoDate(row.date) })}
      >
        <p className="text-sm text-slate-600">{t('att.manualEditHint')}</p>
        <p className="text-sm">
          {t('att.shift')}: {row.shift ?? t(`att.dayType.${row.dayType}`)} · {t('att.status')}:{' '}
          <StatusBadge status={row.status} label={row.statusLabel} />
        </p>
        <div className="grid grid-cols-2 gap-4">
          {clocks.map(([k, id, value, onChange]) => (
            <Field key={k} label={labels[k]} htmlFor={id} error={errors[k]}>
              <TimeInput id={id} ariaLabel={labels[k]} value={value} onChange={onChange} invalid={Boolean(errors[k])} />
            </Field>
          ))}
        </div>
        <TextField {...field('note')} required maxLength={500} value={note} onValue={setNote} />
        {errors.date ? <p className="text-sm text-red-700">{errors.date}</p> : null}
        <FormButtons onCancel={onClose} pending={edit.isPending} label={t('att.saveManual')} />
      </form>
    </Modal>
  );
}

/** Recomputes a period (at most 93 days, not past today) for the employees of the current filter. */
function RecomputeDialog({
  from: initialFrom,
  to: initialTo,
  filter,
  onClose,
}: {
  from: string;
  to: string;
  filter: { companyOfficeId?: number | undefined; departmentId?: number | undefined; divisionId?: number | undefined };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const today = todayIso();
  const [from, setFrom] = useState(initialFrom > today ? today : initialFrom);
  const [to, setTo] = useState(initialTo > today ? today : initialTo);
  const [error, setError] = useState<string | null>(null);
  const recompute = trpc.attendance.timesheet.recompute.useMutation({
    onSuccess: () => {
      void utils.attendance.invalidate();
      setError(null);
      onClose();
    },
    meta: { successMessage: 'server' as const },
    onError: (err) =>
      setError(
        fieldsOf(err)
          .map((e) => `${e.param}: ${e.msg}`)
          .join('; ') || null,
      ),
  });
  const scope = [
    filter.companyOfficeId ? t('att.office') : null,
    filter.departmentId ? t('att.department') : null,
    filter.divisionId ? t('att.division') : null,
  ].filter(Boolean);
  return (
    <ActionModal
      onClose={onClose}
      title={t('att.recompute')}
      actionLabel={t('att.recompute')}
      busy={recompute.isPending || !from || !to}
      onAction={() =>
        recompute.mutate({
          from,
          to,
          companyOfficeId: filter.companyOfficeId,
          departmentId: filter.departmentId,
          divisionId: filter.divisionId,
        })
      }
    >
      <p className="text-sm text-slate-600">{t('att.recomputeHint')}</p>
      {scope.length ? <p className="text-sm">{t('att.recomputeFiltered', { filters: scope.join(', ') })}</p> : null}
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('att.from')} htmlFor="att-rc-from" required>
          <DatePicker id="att-rc-from" value={from} onChange={setFrom} max={today} />
        </Field>
        <Field label={t('att.to')} htmlFor="att-rc-to" required error={error ?? undefined}>
          <DatePicker id="att-rc-to" value={to} onChange={setTo} min={from} max={today} />
        </Field>
      </div>
    </ActionModal>
  );
}

export function TimesheetFailedPage() {
  return <TimesheetListPage failed />;
}
