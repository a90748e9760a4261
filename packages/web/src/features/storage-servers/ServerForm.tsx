import { createStorageServerInput } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isSuperadmin, useCan, useSession } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { SearchableSelect } from '../../ui/Combobox';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { STATUS_OPTIONS } from './ServerListPage';
import './texts';
import { FormButtons } from '../../ui/FormButtons';
import { useToastThenGo } from '../../lib/toast-then';

type Server = RouterOutputs['storageServer']['get'];

const FIELDS = [
  'name',
  'typeId',
  'categoryId',
  'location',
  'address',
  'capacityGb',
  'usageGb',
  'ownerEmployeeId',
  'status',
] as const;
type FieldName = (typeof FIELDS)[number];

/** The add / edit form of a storage server; usage may not exceed capacity. Admins (hr.all) choose the owner. */
export function ServerForm({ server }: { server?: Server }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const admin = useCan('hr.all') || isSuperadmin(session);
  const types = trpc.storageServer.types.useQuery();
  const categories = trpc.storageServer.categories.useQuery();
  const owners = trpc.storageServer.owners.useQuery({}, { enabled: admin });
  const [v, setV] = useState<Record<FieldName, string>>({
    name: server?.name ?? '',
    typeId: server ? String(server.typeId) : '',
    categoryId: server ? String(server.categoryId) : '',
    location: server?.location ?? '',
    address: server?.address ?? '',
    capacityGb: server?.capacityGb ?? '',
    usageGb: server?.usageGb ?? '0',
    ownerEmployeeId: server ? String(server.ownerEmployeeId) : session.employeeId ? String(session.employeeId) : '',
    status: server?.status ?? 'active',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const labels: Record<FieldName, string> = {
    name: t('srv.name'),
    typeId: t('srv.type'),
    categoryId: t('srv.category'),
    location: t('srv.location'),
    address: t('srv.address'),
    capacityGb: t('srv.capacity'),
    usageGb: t('srv.usage'),
    ownerEmployeeId: t('srv.owner'),
    status: t('srv.status'),
  };
  const done = {
    ...useToastThenGo('/personal/server', (u) => u.storageServer.invalidate()),
    onError: (err: unknown) => {
      const next: Partial<Record<FieldName, string>> = {};
      for (const f of fieldsOf(err)) if ((FIELDS as readonly string[]).includes(f.param)) next[f.param as FieldName] ??= f.msg;
      setErrors(next);
    },
  };
  const create = trpc.storageServer.create.useMutation(done);
  const update = trpc.storageServer.update.useMutation(done);
  const set = (k: FieldName) => (value: string) => setV((old) => ({ ...old, [k]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<FieldName, string>> = {};
    for (const k of FIELDS) if (k !== 'ownerEmployeeId' && !v[k].trim()) next[k] = requiredNotice(labels[k]);
    if (admin && !v.ownerEmployeeId) next.ownerEmployeeId = requiredNotice(labels.ownerEmployeeId);
    const input = {
      name: v.name.trim(),
      typeId: Number(v.typeId),
      categoryId: Number(v.categoryId),
      location: v.location.trim(),
      address: v.address.trim(),
      capacityGb: v.capacityGb.trim(),
      usageGb: v.usageGb.trim(),
      ...(admin && v.ownerEmployeeId ? { ownerEmployeeId: Number(v.ownerEmployeeId) } : {}),
      status: v.status as Server['status'],
    };
    const parsed = createStorageServerInput.safeParse(input);
    if (!parsed.success)
      for (const i of parsed.error.issues) {
        const k = String(i.path[0]) as FieldName;
        next[k] ??= `${labels[k] ?? k} ${i.message}`;
      }
    setErrors(next);
    const first = FIELDS.find((k) => next[k]);
    if (first) {
      document.getElementById(`srv-${first}`)?.focus();
      return;
    }
    if (server) update.mutate({ ...input, id: server.id });
    else create.mutate(input);
  };
  const text = (k: FieldName, max: number, extra: Record<string, string> = {}) => (
    <Field label={labels[k]} htmlFor={`srv-${k}`} required error={errors[k]}>
      <TextInput
        id={`srv-${k}`}
        maxLength={max}
        value={v[k]}
        invalid={Boolean(errors[k])}
        onChange={(e) => set(k)(e.target.value)}
        {...extra}
      />
    </Field>
  );
  const lookup = (
    k: 'typeId' | 'categoryId',
    placeholder: string,
    q: { isLoading: boolean; data?: { id: number; name: string }[] | undefined },
  ) => (
    <Field label={labels[k]} htmlFor={`srv-${k}`} required error={errors[k]}>
      <Select
        id={`srv-${k}`}
        value={v[k]}
        onChange={set(k)}
        placeholder={placeholder}
        loading={q.isLoading}
        invalid={Boolean(errors[k])}
        options={(q.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
      />
    </Field>
  );
  return (
    <Card>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {text('name', 100)}
        <Field label={labels.status} htmlFor="srv-status" required error={errors.status}>
          <Select
            id="srv-status"
            value={v.status}
            onChange={set('status')}
            options={STATUS_OPTIONS}
            invalid={Boolean(errors.status)}
          />
        </Field>
        {lookup('typeId', t('srv.selectType'), types)}
        {lookup('categoryId', t('srv.selectCategory'), categories)}
        {text('location', 150)}
        {text('address', 300)}
        {text('capacityGb', 15, { inputMode: 'decimal' })}
        {text('usageGb', 15, { inputMode: 'decimal' })}
        {admin ? (
          <Field label={labels.ownerEmployeeId} htmlFor="srv-ownerEmployeeId" required error={errors.ownerEmployeeId}>
            <SearchableSelect
              id="srv-ownerEmployeeId"
              value={v.ownerEmployeeId}
              onChange={set('ownerEmployeeId')}
              placeholder={t('srv.selectOwner')}
              loading={owners.isLoading}
              invalid={Boolean(errors.ownerEmployeeId)}
              options={(owners.data ?? []).map((o) => ({ value: o.id, label: `${o.employeeNumber} ${o.name}` }))}
            />
          </Field>
        ) : (
          <p className="self-end text-sm text-slate-600">{errors.ownerEmployeeId ?? t('srv.ownerHint')}</p>
        )}
        <FormButtons
          onCancel={() => void navigate('/personal/server')}
          pending={create.isPending || update.isPending}
          label={t('srv.save')}
          className="sm:col-span-2"
        />
      </form>
    </Card>
  );
}
