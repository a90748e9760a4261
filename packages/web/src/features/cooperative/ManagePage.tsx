import { cooperativeDepositInput, cooperativeSettingsInput } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { formatIsoDate } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { FormDialog } from '../../ui/FormDialog';
import { RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, useSchemaForm, trimmedOrOmitted } from '../../lib/use-schema-form';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { BalanceCard, formatRp, ManagersOnly } from './coop-shared';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { useListFilter } from '../shared/list-filters';
import './texts';
import { LinkButton } from '../../ui/LinkButton';
import { TextButton } from '../../ui/link-column';
import { CheckboxField } from '../../ui/CheckboxField';
import { todayWib } from '../../lib/company-date';
import { toastThen } from '../../lib/toast-then';

/** What the settings card and the deposit dialog check before sending (the server checks all of core's schema). */
const settingsForm = cooperativeSettingsInput.pick({ principalAmount: true, mandatoryAmount: true });
const depositForm = cooperativeDepositInput.omit({ id: true });

type Member = RouterOutputs['cooperative']['member']['list']['rows'][number];
type Settings = RouterOutputs['cooperative']['settings']['get'];

function SettingsCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [v, setV] = useState({
    principalAmount: settings.principalAmount,
    mandatoryAmount: settings.mandatoryAmount,
    withdrawablePrincipal: settings.withdrawablePrincipal,
    withdrawableMandatory: settings.withdrawableMandatory,
    withdrawableVoluntary: settings.withdrawableVoluntary,
    approvalSteps: settings.approvalSteps,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = trpc.cooperative.settings.update.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: () => void utils.cooperative.invalidate(),
    onError: (err) => setErrors(Object.fromEntries(fieldsOf(err).map((f) => [f.param, f.msg]))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = settingsForm.safeParse({
      principalAmount: v.principalAmount.trim(),
      mandatoryAmount: v.mandatoryAmount.trim(),
    });
    const next: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
    setErrors(next);
    const first = ['principalAmount', 'mandatoryAmount'].find((k) => next[k]);
    if (first) {
      document.getElementById(`coop-${first}`)?.focus();
      return;
    }
    save.mutate({ ...v, principalAmount: v.principalAmount.trim(), mandatoryAmount: v.mandatoryAmount.trim() });
  };
  const amount = (key: 'principalAmount' | 'mandatoryAmount') => (
    <Field label={t(`coop.${key}`)} htmlFor={`coop-${key}`} required error={errors[key]}>
      <TextInput
        id={`coop-${key}`}
        inputMode="numeric"
        value={v[key]}
        invalid={Boolean(errors[key])}
        onChange={(e) => setV({ ...v, [key]: e.target.value })}
      />
    </Field>
  );
  const check = (key: 'withdrawablePrincipal' | 'withdrawableMandatory' | 'withdrawableVoluntary', label: string) => (
    <CheckboxField label={label} checked={v[key]} onChange={(c) => setV({ ...v, [key]: c })} />
  );
  return (
    <Card title={t('coop.settings')}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {amount('principalAmount')}
        {amount('mandatoryAmount')}
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('coop.withdrawable')}</legend>
          {check('withdrawablePrincipal', t('coop.principal'))}
          {check('withdrawableMandatory', t('coop.mandatory'))}
          {check('withdrawableVoluntary', t('coop.voluntary'))}
        </fieldset>
        <Field label={t('coop.approvalSteps')} htmlFor="coop-approvalSteps">
          <Select
            id="coop-approvalSteps"
            value={v.approvalSteps}
            onChange={(x) => setV({ ...v, approvalSteps: Number(x) })}
            options={[
              { value: 1, label: t('coop.oneStep') },
              { value: 2, label: t('coop.twoSteps') },
            ]}
          />
        </Field>
        <div className="sm:col-span-2 lg:col-span-4 flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t('app.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

type DepositKey = 'product' | 'amount' | 'date' | 'note';

function DepositDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const deposit = trpc.cooperative.balance.deposit.useMutation(toastThen(() => void utils.cooperative.invalidate()));
  const form = useSchemaForm({
    idPrefix: 'deposit',
    fields: [
      { key: 'product', label: t('coop.product'), required: true },
      { key: 'amount', label: t('coop.amount'), required: true },
      { key: 'date', label: t('coop.date'), required: true },
      { key: 'note', label: t('coop.note') },
    ] satisfies FormFieldDef<DepositKey>[],
    initial: { product: 'voluntary', amount: '', date: todayWib(), note: '' },
    schema: depositForm,
    toInput: (x) => ({
      product: x.product as 'principal' | 'mandatory' | 'voluntary',
      amount: x.amount.trim(),
      date: x.date,
      ...trimmedOrOmitted('note', x.note),
    }),
  });
  return (
    <FormDialog
      title={`${t('coop.deposit')}: ${member.employeeNumber} ${member.name}`}
      form={form}
      views={[
        {
          key: 'product',
          render: (p) => (
            <Select
              id={p.id}
              value={p.value}
              invalid={p.invalid}
              onChange={p.onChange}
              options={(['principal', 'mandatory', 'voluntary'] as const).map((k) => ({ value: k, label: t(`coop.${k}`) }))}
            />
          ),
        },
        { key: 'amount', inputMode: 'numeric', maxLength: 15 },
        { key: 'date', render: (p) => <DatePicker id={p.id} value={p.value} invalid={p.invalid} onChange={p.onChange} /> },
        { key: 'note', maxLength: 500 },
      ]}
      pending={deposit.isPending}
      save={(input) => deposit.mutateAsync({ id: member.id, ...input })}
      onClose={onClose}
    />
  );
}

function MembersCard() {
  const { t } = useTranslation();
  const list = useListState();
  const office = useListFilter(list, 'office');
  const status = useListFilter(list, 'status');
  const utils = trpc.useUtils();
  const query = trpc.cooperative.member.list.useQuery(
    {
      ...list.query,
      ...(office.value ? { companyOfficeId: Number(office.value) } : {}),
      ...(status.value ? { status: Number(status.value) } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const setMemberStatus = trpc.cooperative.member.setStatus.useMutation(toastThen(() => void utils.cooperative.invalidate()));
  const [depositing, setDepositing] = useState<Member | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const balance = trpc.cooperative.balance.get.useQuery({ id: shown ?? 0 }, { enabled: shown !== null });
  const memberStatuses = [
    { value: 1, label: t('coop.active') },
    { value: 0, label: t('coop.inactive') },
  ];
  const columns: Column<Member>[] = [
    { key: 'number', header: t('coop.employeeNumber'), cell: (r) => r.employeeNumber },
    {
      key: 'name',
      header: t('coop.employee'),
      cell: (r) => <TextButton onClick={() => setShown(r.id)}>{r.name}</TextButton>,
    },
    { key: 'office', header: t('coop.office'), cell: (r) => r.companyOffice },
    { key: 'department', header: t('coop.department'), cell: (r) => r.department ?? '' },
    { key: 'joinDate', header: t('coop.joinDate'), cell: (r) => formatIsoDate(r.joinDate) },
    { key: 'status', header: t('coop.status'), cell: (r) => (r.status === 1 ? t('coop.active') : t('coop.inactive')) },
    { key: 'balance', header: t('coop.balance'), cell: (r) => formatRp(r.balance), className: 'text-right tabular-nums' },
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <div className="flex gap-2">
          <RowActions onEdit={() => setDepositing(r)} editLabel={t('coop.deposit')} />
          <Button
            size="sm"
            variant="ghost"
            disabled={setMemberStatus.isPending}
            onClick={() => setMemberStatus.mutate({ id: r.id, status: r.status === 1 ? 0 : 1 })}
          >
            {r.status === 1 ? t('coop.deactivate') : t('coop.activate')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <>
      <SearchListCard
        title={t('coop.members')}
        list={list}
        query={query}
        columns={columns}
        filters={
          <>
            <CompanyOfficeSelect aria-label={t('coop.office')} placeholder={t('coop.allOffices')} {...office} />
            <FilterSelect label={t('coop.status')} all={t('coop.allStatuses')} {...status} options={memberStatuses} />
          </>
        }
        empty={t('coop.noMembers')}
      />
      {depositing ? <DepositDialog member={depositing} onClose={() => setDepositing(null)} /> : null}
      {shown !== null && balance.data ? (
        <div className="mt-4">
          <BalanceCard balance={balance.data} title={t('coop.balance')} />
        </div>
      ) : null}
    </>
  );
}

/** /cooperative/manage: cooperative settings and the members (bulk add on /cooperative/manage/add). */
export function CooperativeManagePage() {
  const { t } = useTranslation();
  const canManage = useCan('cooperative.manage');
  const settings = trpc.cooperative.settings.get.useQuery(undefined, { enabled: canManage });
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (settings.data) setKey((k) => k + 1);
  }, [settings.data]);
  if (!canManage) return <ManagersOnly title={t('routes.cooperative.manage')} />;
  return (
    <>
      <PageTitle actions={<LinkButton to="/cooperative/manage/add">{t('coop.addMembers')}</LinkButton>}>
        {t('routes.cooperative.manage')}
      </PageTitle>
      <div className="space-y-4">
        {settings.data ? <SettingsCard key={key} settings={settings.data} /> : <Spinner label={t('app.loading')} />}
        <MembersCard />
      </div>
    </>
  );
}
