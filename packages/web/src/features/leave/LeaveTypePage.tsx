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
import { TextField } from '../../ui/TextField';
import { ApprovalRulesCard } from './LeaveApprovals';
import { errorsOf } from '../../lib/errors';
import { DeleteModal, FormModal, useDraftEditor } from './leave-shared';
import './texts';
import { SubmitCell } from '../../ui/FormButtons';

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

/** The yes/no settings of a type, in form order, with their checkbox ids. */
const FLAGS = [
  ['paid', 'lt-paid'],
  ['countsAnnual', 'lt-annual'],
  ['needsAttachment', 'lt-att'],
  ['allowHalfDay', 'lt-half'],
  ['active', 'lt-active'],
] as const;

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
  const { draft, setDraft, errors, setErrors } = editor;
  const after = editor.after(() => utils.leave.type.invalidate());
  const create = trpc.leave.type.create.useMutation(after);
  const update = trpc.leave.type.update.useMutation(after);
  const remove = trpc.leave.type.delete.useMutation(after);
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
  /** A text field of the type dialog: id `lt-<key>`, labelled `leave.<key>`. */
  const text = (k: 'code' | 'name' | 'maxDays') => ({
    id: `lt-${k}`,
    label: t(`leave.${k}`),
    error: errors[k],
    value: draft?.[k] ?? '',
    onValue: (v: string) => draft && setDraft({ ...draft, [k]: v }),
  });
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
          <QueryTable caption={t('leave.types')} query={types} columns={columns} empty={t('leave.noTypes')} />
        </Card>
        {canManage ? <LeaveSettingsCard /> : null}
        {canViewRules ? <ApprovalRulesCard /> : null}
      </div>
      <FormModal
        editor={editor}
        formId="lt-form"
        titles={[t('leave.addType'), t('leave.editType')]}
        busy={create.isPending || update.isPending}
        onSubmit={save}
        className="grid gap-3 sm:grid-cols-2"
      >
        {(draft) => (
          <>
            <TextField {...text('code')} required maxLength={20} />
            <TextField {...text('name')} required maxLength={100} />
            <TextField {...text('maxDays')} inputMode="decimal" maxLength={5} />
            <div className="space-y-2 sm:col-span-2">
              {FLAGS.map(([k, id]) => (
                <Check
                  key={k}
                  id={id}
                  label={t(`leave.${k}`)}
                  checked={draft[k]}
                  onChange={(v) => setDraft({ ...draft, [k]: v })}
                />
              ))}
            </div>
          </>
        )}
      </FormModal>
      <DeleteModal
        editor={editor}
        title={(r) => t('leave.deleteType', { name: r.name })}
        busy={remove.isPending}
        onDelete={(r) => remove.mutate({ id: r.id })}
      >
        {(r) => `${r.code} — ${r.name}`}
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
  const days = [
    ['ls-annual', 'annualDays', annualDays, setAnnualDays],
    ['ls-carry', 'carryOverMaxDays', carry, setCarry],
  ] as const;
  const save = trpc.leave.settings.update.useMutation({
    meta: { successMessage: 'server' },
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
        {days.map(([id, key, value, onValue]) => (
          <TextField
            key={id}
            id={id}
            label={t(`leave.${key}`)}
            hint={key === 'annualDays' ? t('leave.annualDaysHint') : undefined}
            error={errors[key]}
            invalid={false}
            inputMode="decimal"
            maxLength={4}
            value={value}
            onValue={onValue}
          />
        ))}
        <div className="flex items-end">
          <Check id="ls-prorate" label={t('leave.prorateFirstYear')} checked={prorate} onChange={setProrate} />
        </div>
        <SubmitCell className="flex justify-end sm:col-span-3" pending={save.isPending || !settings.data}>
          {t('app.save')}
        </SubmitCell>
      </form>
    </Card>
  );
}
