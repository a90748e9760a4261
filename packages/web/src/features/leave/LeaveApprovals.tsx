import { APPROVER_KINDS, type ApproverKind, approvalRuleInput, leaveAdjustmentInput } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { TextInput } from '../../ui/TextInput';
import { CompanyOfficeSelect, DepartmentSelect } from '../shared/OrgSelects';
import { errorsOf } from '../../lib/errors';
import { DeleteModal, FormModal, useDraftEditor } from './leave-shared';
import './texts';
import { fieldBinder } from '../../lib/field-binder';
import { SubmitCell } from '../../ui/FormButtons';

type RuleRow = RouterOutputs['leave']['approvalRule']['list'][number];
type Step = RouterOutputs['leave']['get']['steps'][number];

interface StepDraft {
  kind: ApproverKind;
  employeeId: string;
  employeeLabel: string;
}
interface RuleDraft {
  id?: number;
  leaveTypeId: string;
  companyOfficeId: string;
  departmentId: string;
  steps: StepDraft[];
}

/** Picks an active employee by name or number (a specific approver). */
function EmployeeStepPicker({
  n,
  value,
  label,
  onChange,
}: {
  n: number;
  value: string;
  label: string;
  onChange: (id: string, label: string) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = trpc.employee.list.useQuery(
    { search: debounced || undefined, pageSize: 20, resigned: 0 },
    { enabled: debounced.length > 1 },
  );
  const options = (found.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.employeeNumber})` }));
  if (value && !options.some((o) => String(o.value) === value)) options.unshift({ value: Number(value), label });
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <TextInput
        aria-label={`${t('leave.findEmployee')} ${n}`}
        placeholder={t('leave.findEmployee')}
        value={search}
        maxLength={100}
        onChange={(e) => setSearch(e.target.value)}
      />
      <Select
        id={`ar-step-${n}-employee`}
        aria-label={`${t('leave.approverEmployee')} ${n}`}
        value={value}
        placeholder={t('leave.selectEmployee')}
        loading={found.isFetching}
        options={options}
        onChange={(v) => onChange(v, options.find((o) => String(o.value) === v)?.label ?? '')}
      />
    </div>
  );
}

/** /misc/leavetype: the leave approval rules (spec §7 component/attendance/leave/approval). */
export function ApprovalRulesCard() {
  const { t } = useTranslation();
  const canManage = useCan('attendance.manage');
  const utils = trpc.useUtils();
  const rules = trpc.leave.approvalRule.list.useQuery();
  const types = trpc.leave.type.list.useQuery();
  const editor = useDraftEditor<RuleDraft, RuleRow>();
  const { draft, setDraft, errors, setErrors } = editor;
  const after = editor.after(() => utils.leave.approvalRule.invalidate());
  const create = trpc.leave.approvalRule.create.useMutation(after);
  const update = trpc.leave.approvalRule.update.useMutation(after);
  const remove = trpc.leave.approvalRule.delete.useMutation(after);
  const kindLabel = (k: ApproverKind) => t(`leave.kind_${k}`);
  const columns: Column<RuleRow>[] = [
    { key: 'type', header: t('leave.leaveType'), cell: (r) => r.leaveType ?? t('leave.anyType') },
    { key: 'office', header: t('leave.office'), cell: (r) => r.companyOffice ?? t('leave.anyOffice') },
    { key: 'department', header: t('leave.department'), cell: (r) => r.department ?? t('leave.anyDepartment') },
    {
      key: 'steps',
      header: t('leave.steps'),
      cell: (r) => r.steps.map((s) => `${s.step}. ${s.kind === 'employee' ? s.label : kindLabel(s.kind)}`).join(' → '),
    },
    ...editor.actionsColumn(canManage, (r) => ({
      id: r.id,
      leaveTypeId: r.leaveTypeId ? String(r.leaveTypeId) : '',
      companyOfficeId: r.companyOfficeId ? String(r.companyOfficeId) : '',
      departmentId: r.departmentId ? String(r.departmentId) : '',
      steps: r.steps.map((s) => ({
        kind: s.kind,
        employeeId: s.employeeId ? String(s.employeeId) : '',
        employeeLabel: s.label,
      })),
    })),
  ];
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const body = {
      leaveTypeId: draft.leaveTypeId || undefined,
      companyOfficeId: draft.companyOfficeId || undefined,
      departmentId: draft.departmentId || undefined,
      steps: draft.steps.map((s) => ({
        kind: s.kind,
        employeeId: s.kind === 'employee' ? s.employeeId || undefined : undefined,
      })),
    };
    const parsed = approvalRuleInput.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[i.path.join('.')] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    if (draft.id) update.mutate({ ...parsed.data, id: draft.id });
    else create.mutate(parsed.data);
  };
  const setStep = (i: number, patch: Partial<StepDraft>) =>
    draft && setDraft({ ...draft, steps: draft.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  return (
    <Card
      title={t('leave.approvalRules')}
      actions={
        canManage ? (
          <Button
            size="sm"
            onClick={() =>
              editor.edit({
                leaveTypeId: '',
                companyOfficeId: '',
                departmentId: '',
                steps: [{ kind: 'manager', employeeId: '', employeeLabel: '' }],
              })
            }
          >
            {t('leave.addRule')}
          </Button>
        ) : null
      }
    >
      <p className="mb-3 text-sm text-slate-600">{t('leave.approvalRulesHint')}</p>
      <QueryTable caption={t('leave.approvalRules')} query={rules} columns={columns} empty={t('leave.noRules')} />
      <FormModal
        editor={editor}
        formId="ar-form"
        titles={[t('leave.addRule'), t('leave.editRule')]}
        busy={create.isPending || update.isPending}
        onSubmit={save}
        className="space-y-3"
      >
        {(draft) => (
          <>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label={t('leave.leaveType')} htmlFor="ar-type" error={errors.leaveTypeId}>
                <Select
                  id="ar-type"
                  value={draft.leaveTypeId}
                  placeholder={t('leave.anyType')}
                  options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
                  onChange={(v) => setDraft({ ...draft, leaveTypeId: v })}
                />
              </Field>
              <Field label={t('leave.office')} htmlFor="ar-office" error={errors.companyOfficeId}>
                <CompanyOfficeSelect
                  id="ar-office"
                  value={draft.companyOfficeId}
                  placeholder={t('leave.anyOffice')}
                  onChange={(v) => setDraft({ ...draft, companyOfficeId: v, departmentId: '' })}
                />
              </Field>
              <Field label={t('leave.department')} htmlFor="ar-department" error={errors.departmentId}>
                <DepartmentSelect
                  id="ar-department"
                  value={draft.departmentId}
                  companyOfficeId={draft.companyOfficeId ? Number(draft.companyOfficeId) : undefined}
                  placeholder={t('leave.anyDepartment')}
                  onChange={(v) => setDraft({ ...draft, departmentId: v })}
                />
              </Field>
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t('leave.steps')}</legend>
              {errors.steps ? <p className="text-sm text-red-700">{errors.steps}</p> : null}
              {draft.steps.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional
                <div key={i} className="rounded border border-slate-200 p-2">
                  <div className="flex items-end gap-2">
                    <Field
                      label={t('leave.step', { n: i + 1 })}
                      htmlFor={`ar-step-${i + 1}`}
                      error={errors[`steps.${i}.kind`] ?? errors[`steps.${i}.employeeId`]}
                    >
                      <Select
                        id={`ar-step-${i + 1}`}
                        value={s.kind}
                        options={APPROVER_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
                        onChange={(v) => setStep(i, { kind: v as ApproverKind })}
                      />
                    </Field>
                    {draft.steps.length > 1 ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('leave.removeStep', { n: i + 1 })}
                        onClick={() => setDraft({ ...draft, steps: draft.steps.filter((_, j) => j !== i) })}
                      >
                        ✕
                      </Button>
                    ) : null}
                  </div>
                  {s.kind === 'employee' ? (
                    <EmployeeStepPicker
                      n={i + 1}
                      value={s.employeeId}
                      label={s.employeeLabel}
                      onChange={(employeeId, employeeLabel) => setStep(i, { employeeId, employeeLabel })}
                    />
                  ) : null}
                </div>
              ))}
              {draft.steps.length < 5 ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setDraft({ ...draft, steps: [...draft.steps, { kind: 'hr', employeeId: '', employeeLabel: '' }] })
                  }
                >
                  {t('leave.addStep')}
                </Button>
              ) : null}
            </fieldset>
          </>
        )}
      </FormModal>
      <DeleteModal
        editor={editor}
        title={() => t('leave.deleteRule')}
        busy={remove.isPending}
        onDelete={(r) => remove.mutate({ id: r.id })}
      >
        {(r) => `${r.leaveType ?? t('leave.anyType')} · ${r.department ?? t('leave.anyDepartment')}`}
      </DeleteModal>
    </Card>
  );
}

/** The steps of a request: who approves each, who decided it and when. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  const { t } = useTranslation();
  return (
    <ol className="space-y-1 text-sm">
      {steps.map((s) => (
        <li key={s.step} data-testid={`leave-step-${s.step}`}>
          <span className="font-medium">
            {t('leave.step', { n: s.step })}: {s.kind === 'employee' ? s.label : t(`leave.kind_${s.kind}`)}
          </span>{' '}
          — {t(`leave.stepStatus_${s.status}`)}
          {s.decidedBy ? ` · ${s.decidedBy}, ${formatDateTime(s.decidedAt)}` : ''}
          {s.note ? ` · “${s.note}”` : ''}
        </li>
      ))}
    </ol>
  );
}

/** "Step 1 of 2 approved" under the status, and a button that shows the steps. */
export function StepProgress({
  row,
  own,
}: {
  row: { id: number; approvalSteps: number; approvedSteps: number; status: number };
  own: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const scoped = trpc.leave.get.useQuery({ id: row.id }, { enabled: open && !own });
  const mine = trpc.leave.personal.get.useQuery({ id: row.id }, { enabled: open && own });
  if (row.approvalSteps === 0) return null;
  const data = own ? mine.data : scoped.data;
  return (
    <div className="mt-1 text-xs text-slate-600">
      {row.status === 3 ? <span>{t('leave.stepProgress', { done: row.approvedSteps, total: row.approvalSteps })} </span> : null}
      <button type="button" className="text-sky-700 hover:underline" onClick={() => setOpen(true)}>
        {t('leave.showSteps')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('leave.stepsOf', { id: row.id })}>
        {data ? <StepList steps={data.steps} /> : null}
      </Modal>
    </div>
  );
}

/** HR's manual adjustment of an employee's balance (signed days, with a reason). */
export function AdjustBalanceCard({ employeeId, year }: { employeeId: number; year: number }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = fieldBinder('adj', { days: t('leave.adjustDays'), reason: t('leave.adjustReason') }, errors);
  const adjust = trpc.leave.adjustBalance.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: () => {
      setDays('');
      setReason('');
      setErrors({});
      void utils.leave.balance.invalidate();
    },
    onError: (err) => setErrors(errorsOf(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = leaveAdjustmentInput.safeParse({ employeeId, year, days: days.trim() || undefined, reason: reason.trim() });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      setErrors(next);
      document.getElementById(next.days ? 'adj-days' : 'adj-reason')?.focus();
      return;
    }
    adjust.mutate(parsed.data);
  };
  return (
    <Card title={t('leave.adjustBalance')}>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
        <TextField {...field('days')} required inputMode="decimal" maxLength={5} value={days} onValue={setDays} />
        <TextField {...field('reason')} required maxLength={500} value={reason} onValue={setReason} />
        <SubmitCell className="flex items-end" pending={adjust.isPending}>
          {t('leave.adjustBalance')}
        </SubmitCell>
      </form>
    </Card>
  );
}
