import { createMyLeaveInput, LEAVE_ATTACHMENT_MAX_BYTES, LEAVE_ATTACHMENT_TYPES } from '@hr/core/browser';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsOf, fieldsOf } from '../../lib/errors';
import { formatDateTime, formatIsoDate, requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { toastThen } from '../../lib/toast-then';
import { ActionModal } from '../../ui/ActionModal';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { FormButtons } from '../../ui/FormButtons';
import { TextField } from '../../ui/TextField';
import { EditDeleteButtons } from '../shared/approvals/EditDeleteButtons';
import { Fact } from '../shared/approvals/Fact';
import { readAttachment as readFile } from '../shared/approvals/read-attachment';
import { REQUEST_STATUS_OPTIONS } from '../shared/approvals/request-status';
import './texts';
import { fieldBinder } from '../../lib/field-binder';
import { fieldErrorText } from '../../lib/field-error-text';
import { useEnumLabel } from '../../lib/enum-labels';

export type LeaveRow = RouterOutputs['leave']['list']['rows'][number];
export type LeaveBalance = RouterOutputs['leave']['personal']['balance'];

export const LEAVE_STATUSES = REQUEST_STATUS_OPTIONS;

const STATUS_STYLE: Record<number, string> = {
  1: 'bg-emerald-100 text-emerald-800',
  2: 'bg-red-100 text-red-800',
  3: 'bg-amber-100 text-amber-800',
  4: 'bg-slate-100 text-slate-700',
};

export function StatusBadge({ status, label }: { status: number; label: string }) {
  const enumLabel = useEnumLabel();
  return (
    <span className={cx('rounded px-2 py-0.5 text-xs font-medium', STATUS_STYLE[status])} data-testid="leave-status">
      {enumLabel('requestStatus', status, label)}
    </span>
  );
}

/** The half of a day a one-day leave takes (`leave.morning`, `leave.afternoon`). */
export type LeaveHalf = Exclude<LeaveRow['halfDay'], 'none'>;

/** "09/11/2026 – 13/11/2026", or one date (with the half) for a one-day leave. */
export function leaveDates(r: Pick<LeaveRow, 'startDate' | 'endDate' | 'halfDay'>, half: (h: LeaveHalf) => string): string {
  if (r.startDate === r.endDate) return `${formatIsoDate(r.startDate)}${r.halfDay !== 'none' ? ` (${half(r.halfDay)})` : ''}`;
  return `${formatIsoDate(r.startDate)} – ${formatIsoDate(r.endDate)}`;
}

/** The annual balance figures of one year. */
export function BalanceCard({ balance }: { balance: LeaveBalance }) {
  const { t } = useTranslation();
  const items: [string, number, string][] = [
    [t('leave.entitled'), balance.entitled, 'entitled'],
    [t('leave.carried'), balance.carried, 'carried'],
    [t('leave.adjustment'), balance.adjustment, 'adjustment'],
    [t('leave.used'), balance.used, 'used'],
    [t('leave.reserved'), balance.reserved, 'reserved'],
    [t('leave.remaining'), balance.remaining, 'remaining'],
  ];
  return (
    <Card title={t('leave.balance', { year: balance.year })}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-7">
        {items.map(([label, value, key]) => (
          <Fact key={key} label={label} valueClassName="text-lg font-semibold tabular-nums" testId={`leave-balance-${key}`}>
            {value}
          </Fact>
        ))}
        <Fact label={t('leave.entitlementDate')} valueClassName="text-sm">
          {balance.entitlementDate ? formatIsoDate(balance.entitlementDate) : t('leave.notEntitled')}
        </Fact>
      </dl>
      {balance.adjustments.length > 0 ? (
        <table className="mt-4 w-full text-sm" aria-label={t('leave.adjustments')}>
          <caption className="text-left text-xs font-medium text-slate-500">{t('leave.adjustments')}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th className="py-1">{t('leave.adjustedAt')}</th>
              <th className="py-1 text-right">{t('leave.days')}</th>
              <th className="py-1 pl-4">{t('leave.adjustReason')}</th>
              <th className="py-1">{t('leave.adjustedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {balance.adjustments.map((a) => (
              <tr key={a.id} className="border-t border-slate-100">
                <td className="py-1 whitespace-nowrap">{formatDateTime(a.createdAt)}</td>
                <td className="py-1 text-right tabular-nums">{a.days > 0 ? `+${a.days}` : a.days}</td>
                <td className="py-1 pl-4">{a.reason}</td>
                <td className="py-1">{a.createdBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Card>
  );
}

type Mime = (typeof LEAVE_ATTACHMENT_TYPES)[number];

/** Reads a picked file as base64 for the JSON API; null when its type or size is not allowed. */
export const readAttachment = (f: File) => readFile(f, LEAVE_ATTACHMENT_TYPES, LEAVE_ATTACHMENT_MAX_BYTES);

export interface LeaveFormValues {
  leaveTypeId: number;
  startDate: string;
  endDate: string;
  halfDay: 'none' | 'morning' | 'afternoon';
  reason: string;
  attachment?: { name: string; mime: Mime; contentBase64: string };
}

const ORDER = ['employeeId', 'leaveTypeId', 'startDate', 'endDate', 'halfDay', 'reason', 'attachment'] as const;

/**
 * The request form (own, for someone, edit): type, dates, half day, reason, attachment; shows the
 * working days the dates cover. Empty fields are named and the first one is focused; the server's
 * field errors show at their fields.
 */
export function LeaveForm({
  initial,
  employeeId,
  own,
  employeePicker,
  employeeError,
  existingAttachment,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<LeaveFormValues>;
  /** For someone else (HR): whose working days to count; undefined until chosen. */
  employeeId?: number | undefined;
  own: boolean;
  employeePicker?: ReactNode;
  /** Returns the employee field's notice when it is missing (HR form). */
  employeeError?: () => string | null;
  existingAttachment?: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: (v: LeaveFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [leaveTypeId, setLeaveTypeId] = useState(initial?.leaveTypeId ? String(initial.leaveTypeId) : '');
  const [startDate, setStartDate] = useState(initial?.startDate ?? '');
  const [endDate, setEndDate] = useState(initial?.endDate ?? '');
  const [halfDay, setHalfDay] = useState<LeaveFormValues['halfDay']>(initial?.halfDay ?? 'none');
  const [reason, setReason] = useState(initial?.reason ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const types = trpc.leave.type.list.useQuery({ activeOnly: true });
  const type = types.data?.find((x) => String(x.id) === leaveTypeId);
  const oneDay = startDate !== '' && startDate === endDate;
  const range = { startDate, endDate, halfDay: oneDay ? halfDay : ('none' as const) };
  const ready = startDate !== '' && endDate !== '' && startDate <= endDate && startDate.slice(0, 4) === endDate.slice(0, 4);
  const ownPreview = trpc.leave.personal.preview.useQuery(range, { enabled: own && ready });
  const hrPreview = trpc.leave.preview.useQuery(
    { ...range, employeeId: employeeId ?? 0 },
    { enabled: !own && ready && !!employeeId },
  );
  const preview = own ? ownPreview : hrPreview;
  const labels: Record<string, string> = {
    employeeId: t('leave.employee'),
    leaveTypeId: t('leave.leaveType'),
    startDate: t('leave.startDate'),
    endDate: t('leave.endDate'),
    halfDay: t('leave.halfDay'),
    reason: t('leave.reason'),
    attachment: t('leave.attachment'),
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const empErr = employeeError?.();
    if (empErr) next.employeeId = empErr;
    if (!leaveTypeId) next.leaveTypeId = requiredNotice(labels.leaveTypeId!);
    if (!startDate) next.startDate = requiredNotice(labels.startDate!);
    if (!endDate) next.endDate = requiredNotice(labels.endDate!);
    if (!reason.trim()) next.reason = requiredNotice(labels.reason!);
    const values: Record<string, unknown> = {
      leaveTypeId: Number(leaveTypeId),
      startDate,
      endDate,
      halfDay: oneDay ? halfDay : 'none',
      reason: reason.trim(),
    };
    const parsed = createMyLeaveInput.safeParse(values);
    if (!parsed.success)
      for (const i of parsed.error.issues) {
        const k = String(i.path[0]);
        next[k] ??= `${labels[k] ?? k} ${i.message}`;
      }
    if (file) {
      const a = await readAttachment(file);
      if (a) values.attachment = a;
      else next.attachment = t('leave.badFile', { name: file.name });
    } else if (type?.needsAttachment && !existingAttachment) next.attachment = t('leave.attachmentRequired');
    setErrors(next);
    const first = ORDER.find((k) => next[k]);
    if (first) {
      document.getElementById(`lv-${first}`)?.focus();
      return;
    }
    try {
      await onSubmit(values as unknown as LeaveFormValues);
    } catch (err) {
      const server: Record<string, string> = {};
      for (const f of fieldsOf(err)) server[f.param.split('.')[0]!] ??= `${labels[f.param.split('.')[0]!] ?? f.param} ${f.msg}`;
      setErrors(server);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
      {employeePicker ? (
        <div className="sm:col-span-2">
          {employeePicker}
          {errors.employeeId ? (
            <p className="mt-1 text-sm text-red-600" role="alert">
              {fieldErrorText(errors.employeeId)}
            </p>
          ) : null}
        </div>
      ) : null}
      <Field label={labels.leaveTypeId} htmlFor="lv-leaveTypeId" required error={errors.leaveTypeId}>
        <Select
          id="lv-leaveTypeId"
          value={leaveTypeId}
          onChange={setLeaveTypeId}
          invalid={!!errors.leaveTypeId}
          placeholder={t('leave.selectLeaveType')}
          loading={types.isFetching && !types.data}
          options={(types.data ?? []).map((x) => ({ value: x.id, label: `${x.name} (${x.code})` }))}
        />
      </Field>
      <Field label={t('leave.workingDays')} htmlFor="lv-days">
        <p id="lv-days" className="py-2 text-sm text-slate-700" data-testid="leave-days" aria-live="polite">
          {ready && preview.data ? t('leave.workingDaysValue', { days: preview.data.days }) : '-'}
        </p>
      </Field>
      <Field label={labels.startDate} htmlFor="lv-startDate" required error={errors.startDate}>
        <DatePicker
          id="lv-startDate"
          value={startDate}
          invalid={!!errors.startDate}
          onChange={(v) => {
            setStartDate(v);
            if (!endDate || endDate < v) setEndDate(v);
          }}
        />
      </Field>
      <Field label={labels.endDate} htmlFor="lv-endDate" required error={errors.endDate}>
        <DatePicker
          id="lv-endDate"
          value={endDate}
          invalid={!!errors.endDate}
          min={startDate || undefined}
          onChange={setEndDate}
        />
      </Field>
      <Field label={labels.halfDay} htmlFor="lv-halfDay" error={errors.halfDay}>
        <Select
          id="lv-halfDay"
          value={oneDay ? halfDay : 'none'}
          disabled={!oneDay || type?.allowHalfDay === false}
          onChange={(v) => setHalfDay(v as LeaveFormValues['halfDay'])}
          options={[
            { value: 'none', label: t('leave.fullDay') },
            { value: 'morning', label: t('leave.morning') },
            { value: 'afternoon', label: t('leave.afternoon') },
          ]}
        />
      </Field>
      <TextField {...fieldBinder('lv', labels, errors)('reason')} required maxLength={500} value={reason} onValue={setReason} />
      <Field
        label={labels.attachment}
        htmlFor="lv-attachment"
        required={type?.needsAttachment && !existingAttachment}
        error={errors.attachment}
        hint={existingAttachment ? `${existingAttachment} · ${t('leave.attachmentHint')}` : t('leave.attachmentHint')}
        className="sm:col-span-2"
      >
        <input
          id="lv-attachment"
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          className="block text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Field>
      <FormButtons className="sm:col-span-2" onCancel={onCancel} pending={pending} label={submitLabel} />
    </form>
  );
}

/**
 * The add/edit dialog of a draft editor, with Cancel and Save: while a draft is open, the form
 * `formId` holds the fields `children` draws for it.
 */
export function FormModal<D extends { id?: number }>({
  editor,
  formId,
  titles,
  busy,
  onSubmit,
  className,
  children,
}: {
  editor: { draft: D | null; setDraft: (d: D | null) => void };
  formId: string;
  /** The title when adding, then when editing (the draft has an id). */
  titles: [string, string];
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  className: string;
  children: (draft: D) => ReactNode;
}) {
  const { t } = useTranslation();
  const { draft, setDraft } = editor;
  return (
    <ActionModal
      open={draft !== null}
      onClose={() => setDraft(null)}
      title={draft?.id ? titles[1] : titles[0]}
      form={formId}
      busy={busy}
      actionLabel={t('app.save')}
    >
      {draft ? (
        <form id={formId} onSubmit={onSubmit} noValidate className={className}>
          {children(draft)}
        </form>
      ) : null}
    </ActionModal>
  );
}

/** "Delete …?" of a draft editor's row (`children` names it), with Cancel and Delete. */
export function DeleteModal<R>({
  editor,
  title,
  busy,
  onDelete,
  children,
}: {
  editor: { deleting: R | null; setDeleting: (r: R | null) => void };
  title: (row: R) => string;
  busy: boolean;
  onDelete: (row: R) => void;
  children: (row: R) => ReactNode;
}) {
  const { t } = useTranslation();
  const { deleting, setDeleting } = editor;
  return (
    <ActionModal
      open={deleting !== null}
      onClose={() => setDeleting(null)}
      title={deleting ? title(deleting) : ''}
      busy={busy}
      onAction={() => deleting && onDelete(deleting)}
      actionLabel={t('leave.delete')}
    >
      <p className="text-sm text-slate-700">{deleting ? children(deleting) : ''}</p>
    </ActionModal>
  );
}

/**
 * A leave settings table's add/edit dialog and delete confirmation: the draft being edited (`D`),
 * its field errors and the row being deleted (`R`).
 */
export function useDraftEditor<D, R>() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<D | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<R | null>(null);
  /** Opens the dialog on `d` with no errors shown. */
  const edit = (d: D) => {
    setErrors({});
    setDraft(d);
  };
  return {
    draft,
    setDraft,
    errors,
    setErrors,
    deleting,
    setDeleting,
    edit,
    /** Mutation options: the server's toast, then success closes both dialogs and runs `refresh`; failure shows the field errors. */
    after: (refresh: () => unknown) => ({
      ...toastThen(() => {
        setDraft(null);
        setDeleting(null);
        void refresh();
      }),
      onError: (err: unknown) => setErrors(errorsOf(err)),
    }),
    /** The Edit/Delete column, only for those who may manage (`show`); Edit opens the row's draft. */
    actionsColumn: (show: boolean, draftOf: (r: R) => D): Column<R>[] =>
      show
        ? [
            {
              key: 'actions',
              header: t('app.actions'),
              cell: (r: R) => (
                <EditDeleteButtons
                  editLabel={t('leave.edit')}
                  deleteLabel={t('leave.delete')}
                  onEdit={() => edit(draftOf(r))}
                  onDelete={() => setDeleting(r)}
                />
              ),
            },
          ]
        : [],
  };
}
