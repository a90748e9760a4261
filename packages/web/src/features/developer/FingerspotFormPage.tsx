import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { SaveOrCancel } from './SaveOrCancel';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { DEFAULT_PORT, driverOptions, TIME_ZONES } from './devices/shared';
import './devices/texts';
import './devices/terminal-texts';

interface FormState {
  name: string;
  driver: string;
  address: string;
  port: string;
  serial: string;
  companyOfficeId: string;
  timeZone: string;
  commKey: string;
  cloudId: string;
  active: boolean;
}

const EMPTY: FormState = {
  name: '',
  driver: 'zk',
  address: '',
  port: '4370',
  serial: '',
  companyOfficeId: '',
  timeZone: 'Asia/Jakarta',
  commKey: '',
  cloudId: '',
  active: true,
};

/** The text keys of the fields' labels. */
const LABELS = {
  name: 'devTerm.name',
  driver: 'devTerm.driver',
  address: 'devTerm.address',
  port: 'devTerm.port',
  serial: 'devTerm.serialNumber',
  companyOfficeId: 'devTerm.office',
  timeZone: 'devTerm.timeZone',
  commKey: 'devTerm.commKey',
  cloudId: 'devCloud.cloudId',
  active: 'devTerm.active',
} as const satisfies Record<keyof FormState, string>;
const REQUIRED: (keyof FormState)[] = ['name', 'driver', 'address', 'port', 'serial', 'timeZone'];

/** /developer/fingerspot/add */
export function FingerspotAddPage() {
  return <FingerspotForm id={null} />;
}

/** /developer/fingerspot/:id/edit */
export function FingerspotEditPage() {
  const { id } = useParams();
  return <FingerspotForm id={Number(id)} />;
}

function FingerspotForm({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const offices = trpc.lookup.companyOffices.useQuery();
  const existing = trpc.device.detail.useQuery({ id: id ?? 0 }, { enabled: id !== null && id > 0 });
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const [loaded, setLoaded] = useState(id === null);

  useEffect(() => {
    const d = existing.data;
    if (!d || loaded) return;
    setForm({
      name: d.name,
      driver: d.driver,
      address: d.address,
      port: String(d.port),
      serial: d.serial,
      companyOfficeId: d.companyOfficeId ? String(d.companyOfficeId) : '',
      timeZone: d.timeZone,
      commKey: d.commKey === null ? '' : String(d.commKey),
      cloudId: d.cloudId ?? '',
      active: d.active,
    });
    setLoaded(true);
  }, [existing.data, loaded]);

  const onError = (err: unknown) => {
    const next: Partial<Record<keyof FormState, string>> = {};
    for (const f of fieldsOf(err))
      if (f.param in LABELS) next[f.param as keyof FormState] = `${t(LABELS[f.param as keyof FormState])} ${f.msg}`;
    setErrors(next);
  };
  const done = (savedId: number) => {
    void utils.device.list.invalidate();
    void utils.device.detail.invalidate();
    void navigate(`/developer/fingerspot/${savedId}/detail`);
  };
  const create = trpc.device.create.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: (r) => done(r.id),
    onError,
  });
  const update = trpc.device.update.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: (r) => done(r.id),
    onError,
  });

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const cloud = form.driver === 'fingerspot-cloud';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Partial<Record<keyof FormState, string>> = {};
    for (const k of REQUIRED) if (String(form[k]).trim() === '') missing[k] = requiredNotice(t(LABELS[k]));
    if (cloud && form.cloudId.trim() === '') missing.cloudId = requiredNotice(t(LABELS.cloudId));
    if (Object.keys(missing).length) {
      setErrors(missing);
      document.getElementById(`device-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setErrors({});
    const body = {
      name: form.name,
      driver: form.driver as 'zk' | 'easylink' | 'adms' | 'fingerspot-cloud',
      address: form.address,
      port: Number(form.port),
      serial: form.serial,
      companyOfficeId: form.companyOfficeId ? Number(form.companyOfficeId) : null,
      timeZone: form.timeZone,
      commKey: form.commKey.trim() === '' ? null : Number(form.commKey),
      cloudId: cloud ? form.cloudId.trim() : null,
      active: form.active,
    };
    if (id === null) create.mutate(body);
    else update.mutate({ id, ...body });
  };

  if (id !== null && existing.isError) {
    return (
      <>
        <PageTitle>{t('routes.developer.fingerspotEdit')}</PageTitle>
        <Card>
          <p className="text-sm text-slate-700">{t('devTerm.notFound')}</p>
          <Link to="/developer/fingerspot" className="text-sm text-sky-700 underline">
            {t('devTerm.backToList')}
          </Link>
        </Card>
      </>
    );
  }

  const text = (k: keyof FormState, props: Record<string, unknown> = {}) => (
    <Field label={t(LABELS[k])} htmlFor={`device-${k}`} error={errors[k]} required={REQUIRED.includes(k)}>
      <TextInput
        id={`device-${k}`}
        name={k}
        value={String(form[k])}
        invalid={Boolean(errors[k])}
        onChange={(e) => set(k, e.target.value as never)}
        {...props}
      />
    </Field>
  );

  return (
    <>
      <PageTitle>{id === null ? t('routes.developer.fingerspotAdd') : t('routes.developer.fingerspotEdit')}</PageTitle>
      <Card className="max-w-3xl">
        {!loaded ? (
          <p className="text-sm text-slate-500">{t('devTerm.loading')}</p>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
            {text('name', { maxLength: 100 })}
            <Field label={t(LABELS.driver)} htmlFor="device-driver" error={errors.driver} required>
              <Select
                id="device-driver"
                name="driver"
                value={form.driver}
                options={driverOptions(t)}
                onChange={(v) => {
                  const oldDefault = String(DEFAULT_PORT[form.driver] ?? '');
                  set('driver', v);
                  if (form.port === oldDefault || form.port === '') set('port', String(DEFAULT_PORT[v] ?? ''));
                  if (v === 'fingerspot-cloud' && form.address.trim() === '') set('address', 'developer.fingerspot.io');
                }}
              />
            </Field>
            {text('address', { maxLength: 253, placeholder: '192.168.1.201' })}
            {text('port', { inputMode: 'numeric', maxLength: 5 })}
            {text('serial', { maxLength: 64 })}
            {cloud ? (
              <Field label={t(LABELS.cloudId)} htmlFor="device-cloudId" error={errors.cloudId} required>
                <TextInput
                  id="device-cloudId"
                  name="cloudId"
                  value={form.cloudId}
                  maxLength={64}
                  invalid={Boolean(errors.cloudId)}
                  aria-describedby="device-cloudId-hint"
                  onChange={(e) => set('cloudId', e.target.value)}
                />
                <p id="device-cloudId-hint" className="mt-1 text-xs text-slate-500">
                  {t('devCloud.cloudIdHint')}
                </p>
              </Field>
            ) : null}
            <Field label={t(LABELS.companyOfficeId)} htmlFor="device-companyOfficeId" error={errors.companyOfficeId}>
              <Select
                id="device-companyOfficeId"
                name="companyOfficeId"
                value={form.companyOfficeId}
                placeholder={t('devTerm.form.noOffice')}
                loading={offices.isLoading}
                options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                onChange={(v) => set('companyOfficeId', v)}
              />
            </Field>
            <Field label={t(LABELS.timeZone)} htmlFor="device-timeZone" error={errors.timeZone} required>
              <Select
                id="device-timeZone"
                name="timeZone"
                value={form.timeZone}
                options={
                  TIME_ZONES.some((z) => z.value === form.timeZone)
                    ? TIME_ZONES
                    : [...TIME_ZONES, { value: form.timeZone, label: form.timeZone }]
                }
                onChange={(v) => set('timeZone', v)}
              />
            </Field>
            {text('commKey', { inputMode: 'numeric', maxLength: 6, placeholder: t('devTerm.none'), autoComplete: 'off' })}
            <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
              <input id="device-active" type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} />
              {t('devTerm.form.activeHint')}
            </label>
            <SaveOrCancel
              className="sm:col-span-2"
              label={t('app.save')}
              pending={create.isPending || update.isPending}
              cancelTo="/developer/fingerspot"
            />
          </form>
        )}
      </Card>
    </>
  );
}
