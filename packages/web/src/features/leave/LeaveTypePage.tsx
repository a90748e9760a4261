import { leaveTypeInput } from '@hr/core/browser';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import { ApprovalRulesCard } from './LeaveApprovals';
import { DeleteModal, errorsOf, FormModal, useDraftEditor } from './leave-shared';
import './texts';

type TypeRow = RouterOutputs['leave']['type']['list'][number];

interface Draft {
  id?: number;
  code: string;
  name: string;
  paid: boolean;
  countsAnnual: boolean;
  maxDays: string;
  needsAttachment: boolean;
  allowHalfDay: boolean;
  active: boolean;
}

const EMPTY: Draft = {
  code: '',
  name: '',
  paid: true,
  countsAnnual: false,
  maxDays: '',
  needsAttachment: false,
  allowHalfDay: true,
  active: true,
};

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** /misc/leavetype: leave types (the spec's leaveTypes lookup) and the annual leave rules. */
export function LeaveTypePage() {
  const { t } = useTranslation();
  const canManage = useCan('attendance.manage');
  const canViewRules = useCan('attendance.view');
  const utils = trpc.useUtils();
  const types = trpc.leave.type.list.useQuery();
  const editor = useDraftEditor<Draft, TypeRow>();
  const { draft, setDraft, errors, setErrors, deleting, setDeleting } = editor;
  const after = editor.after(() => utils.leave.type.invalidate());
  const create = trpc.leave.type.create.useMutation({ ...after, meta: { successMessage: () => t('leave.typeSaved') } });
  const update = trpc.leave.type.update.useMutation({ ...after, meta: { successMessage: () => t('leave.typeSaved') } });
  const remove = trpc.leave.type.delete.useMutation({ ...after, meta: { successMessage: () => t('leave.typeDeleted') } });
  const yes = (v: boolean) => (v ? t('leave.yes') : t('leave.no'));
  const columns: Column<TypeRow>[] = [
    { key: 'code', header: t('leave.code'), cell: (r) => r.code },
    { key: 'name', header: t('leave.name'), cell: (r) => r.name, className: 'whitespace-nowrap' },
    { key: 'paid', header: t('leave.paid'), cell: (r) => yes(r.paid) },
    { key: 'annual', header: t('leave.countsAnnual'), cell: (r) => yes(r.countsAnnual) },
    { key: 'max', header: t('leave.maxDays'), cell: (r) => r.maxDays ?? '-', className: 'text-right' },
    { key: 'att', header: t('leave.needsAttachment'), cell: (r) => yes(r.needsAttachment) },
    { key: 'half', header: t('leave.allowHalfDay'), cell: (r) => yes(r.allowHalfDay) },
    { key: 'active', header: t('leave.status'), cell: (r) => (r.active ? t('leave.active') : t('leave.inactive')) },
    ...editor.actionsColumn(canManage, (r) => ({ ...r, maxDays: r.maxDays === null ? '' : String(r.maxDays) })),
  ];
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const labels: Record<string, string> = { code: t('leave.code'), name: t('leave.name'), maxDays: t('leave.maxDays') };
    const next: Record<string, string> = {};
    if (!draft.code.trim()) next.code = requiredNotice(labels.code!);
    if (!draft.name.trim()) next.name = requiredNotice(labels.name!);
    const values = { ...draft, code: draft.code.trim(), name: draft.name.trim(), maxDays: draft.maxDays.trim() || undefined };
    const parsed = leaveTypeInput.safeParse(values);
    if (!parsed.success)
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= `${labels[String(i.path[0])] ?? ''} ${i.message}`;
    setErrors(next);
    const first = ['code', 'name', 'maxDays'].find((k) => next[k]);
    if (first) {
      document.getElementById(`lt-${first}`)?.focus();
      return;
    }
    const body = { ...values, maxDays: values.maxDays === undefined ? undefined : Number(values.maxDays) };
    if (draft.id) update.mutate({ ...body, id: draft.id });
    else create.mutate(body);
  };
  return (
    <>
      <PageTitle actions={canManage ? <Button onClick={() => editor.edit({ ...EMPTY })}>{t('leave.addType')}</Button> : null}>
        {t('routes.misc.leaveType')}
      </PageTitle>
      <div className="space-y-4">
        <Card title={t('leave.types')}>
          <QueryTable
            caption={t('leave.types')}
            query={types}
            columns={columns}
            rowKey={(r) => r.id}
            empty={t('leave.noTypes')}
          />
        </Card>
        {canManage ? <LeaveSettingsCard /> : null}
        {canViewRules ? <ApprovalRulesCard /> : null}
      </div>
      <FormModal
        open={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.id ? t('leave.editType') : t('leave.addType')}
        formId="lt-form"
        busy={create.isPending || update.isPending}
      >
        {draft ? (
          <form id="lt-form" onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-2">
            <Field label={t('leave.code')} htmlFor="lt-code" required error={errors.code}>
              <TextInput
                id="lt-code"
                maxLength={20}
                value={draft.code}
                invalid={!!errors.code}
                onChange={(e) => setDraft({ ...draft, code: e.target.value })}
              />
            </Field>
            <Field label={t('leave.name')} htmlFor="lt-name" required error={errors.name}>
              <TextInput
                id="lt-name"
                maxLength={100}
                value={draft.name}
                invalid={!!errors.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </Field>
            <Field label={t('leave.maxDays')} htmlFor="lt-maxDays" error={errors.maxDays}>
              <TextInput
                id="lt-maxDays"
                inputMode="decimal"
                maxLength={5}
                value={draft.maxDays}
                invalid={!!errors.maxDays}
                onChange={(e) => setDraft({ ...draft, maxDays: e.target.value })}
              />
            </Field>
            <div className="space-y-2 sm:col-span-2">
              <Check
                id="lt-paid"
                label={t('leave.paid')}
                checked={draft.paid}
                onChange={(v) => setDraft({ ...draft, paid: v })}
              />
              <Check
                id="lt-annual"
                label={t('leave.countsAnnual')}
                checked={draft.countsAnnual}
                onChange={(v) => setDraft({ ...draft, countsAnnual: v })}
              />
              <Check
                id="lt-att"
                label={t('leave.needsAttachment')}
                checked={draft.needsAttachment}
                onChange={(v) => setDraft({ ...draft, needsAttachment: v })}
              />
              <Check
                id="lt-half"
                label={t('leave.allowHalfDay')}
                checked={draft.allowHalfDay}
                onChange={(v) => setDraft({ ...draft, allowHalfDay: v })}
              />
              <Check
                id="lt-active"
                label={t('leave.active')}
                checked={draft.active}
                onChange={(v) => setDraft({ ...draft, active: v })}
              />
            </div>
          </form>
        ) : null}
      </FormModal>
      <DeleteModal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('leave.deleteType', { name: deleting.name }) : ''}
        busy={remove.isPending}
        onDelete={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting ? `${deleting.code} — ${deleting.name}` : ''}
      </DeleteModal>
    </>
  );
}

/** Annual days (UU 13/2003 art. 79), carry-over and the first-year rule. */
function LeaveSettingsCard() {
  const { t } = useTranslation();
  const settings = trpc.leave.settings.get.useQuery();
  const [annualDays, setAnnualDays] = useState('');
  const [carry, setCarry] = useState('');
  const [prorate, setProrate] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!settings.data) return;
    setAnnualDays(String(settings.data.annualDays));
    setCarry(String(settings.data.carryOverMaxDays));
    setProrate(settings.data.prorateFirstYear);
  }, [settings.data]);
  const save = trpc.leave.settings.update.useMutation({
    meta: { successMessage: () => t('leave.settingsSaved') },
    onSuccess: () => setErrors({}),
    onError: (err) => setErrors(errorsOf(err)),
  });
  return (
    <Card title={t('leave.settings')}>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ annualDays: Number(annualDays), carryOverMaxDays: Number(carry), prorateFirstYear: prorate });
        }}
      >
        <Field label={t('leave.annualDays')} htmlFor="ls-annual" hint={t('leave.annualDaysHint')} error={errors.annualDays}>
          <TextInput
            id="ls-annual"
            inputMode="decimal"
            maxLength={4}
            value={annualDays}
            onChange={(e) => setAnnualDays(e.target.value)}
          />
        </Field>
        <Field label={t('leave.carryOverMaxDays')} htmlFor="ls-carry" error={errors.carryOverMaxDays}>
          <TextInput id="ls-carry" inputMode="decimal" maxLength={4} value={carry} onChange={(e) => setCarry(e.target.value)} />
        </Field>
        <div className="flex items-end">
          <Check id="ls-prorate" label={t('leave.prorateFirstYear')} checked={prorate} onChange={setProrate} />
        </div>
        <div className="flex justify-end sm:col-span-3">
          <Button type="submit" disabled={save.isPending || !settings.data}>
            {t('app.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
