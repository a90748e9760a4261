import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { FencePlot } from './FencePlot';
import './texts';
import { toastThen } from '../../lib/toast-then';
import { TextField } from '../../ui/TextField';

type Fence = RouterOutputs['mobileAttendance']['geofence']['list'][number];
type Allowed = RouterOutputs['mobileAttendance']['allowedOffice']['list'][number];
interface FenceForm {
  id: number | null;
  companyOfficeId: string;
  name: string;
  latitude: string;
  longitude: string;
  radiusM: string;
  active: boolean;
}
const EMPTY: FenceForm = { id: null, companyOfficeId: '', name: '', latitude: '', longitude: '', radiusM: '100', active: true };

/**
 * /attendance/mobile/settings (attendance.manage): what happens outside the areas, the accuracy limit
 * and the selfie retention; the attendance areas per office or site (entered, or placed by clicking on
 * the plot); and which offices an employee or a job position may clock in at besides their own.
 */
export function MobileSettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('mob.settingsTitle')}</PageTitle>
      <div className="space-y-4">
        <RulesCard />
        <FencesCard />
        <AllowedCard />
      </div>
    </>
  );
}

function RulesCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const settings = trpc.mobileAttendance.settings.useQuery();
  const [form, setForm] = useState({ outsidePolicy: 'refuse', maxAccuracyM: '150', selfieRetentionDays: '90' });
  useEffect(() => {
    if (settings.data)
      setForm({
        outsidePolicy: settings.data.outsidePolicy,
        maxAccuracyM: String(settings.data.maxAccuracyM),
        selfieRetentionDays: String(settings.data.selfieRetentionDays),
      });
  }, [settings.data]);
  const save = trpc.mobileAttendance.saveSettings.useMutation(toastThen(() => void utils.mobileAttendance.settings.invalidate()));
  /** The value and change of the number field `key` (typed as text). */
  const bindNumber = (key: 'maxAccuracyM' | 'selfieRetentionDays') => ({
    value: form[key],
    onValue: (v: string) => setForm({ ...form, [key]: v }),
  });
  return (
    <Card title={t('mob.settingsTitle')}>
      <form
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({
            outsidePolicy: form.outsidePolicy as 'refuse' | 'needs-approval',
            maxAccuracyM: Number(form.maxAccuracyM),
            selfieRetentionDays: Number(form.selfieRetentionDays),
          });
        }}
      >
        <Field label={t('mob.outsidePolicy')} htmlFor="mob-policy">
          <Select
            id="mob-policy"
            value={form.outsidePolicy}
            onChange={(v) => setForm({ ...form, outsidePolicy: v })}
            options={(['refuse', 'needs-approval'] as const).map((p) => ({ value: p, label: t(`mob.policy.${p}`) }))}
          />
        </Field>
        <TextField id="mob-accuracy" label={t('mob.maxAccuracy')} inputMode="numeric" {...bindNumber('maxAccuracyM')} />
        <TextField id="mob-retention" label={t('mob.retention')} inputMode="numeric" {...bindNumber('selfieRetentionDays')} />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={save.isPending}>
            {t('mob.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function FencesCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const fences = trpc.mobileAttendance.geofence.list.useQuery({});
  const offices = trpc.lookup.companyOffices.useQuery();
  const [form, setForm] = useState<FenceForm | null>(null);
  /** The value and setter of one text field of the open fence form. */
  const bindText = (f: FenceForm, key: 'name' | 'latitude' | 'longitude' | 'radiusM') => ({
    value: f[key],
    onValue: (v: string) => setForm({ ...f, [key]: v }),
  });
  const done = () => {
    setForm(null);
    void utils.mobileAttendance.geofence.list.invalidate();
  };
  const create = trpc.mobileAttendance.geofence.create.useMutation(toastThen(done));
  const update = trpc.mobileAttendance.geofence.update.useMutation(toastThen(done));
  const remove = trpc.mobileAttendance.geofence.delete.useMutation(toastThen(done));
  const submit = () => {
    if (!form) return;
    const body = {
      companyOfficeId: Number(form.companyOfficeId),
      name: form.name,
      latitude: Number(form.latitude),
      longitude: Number(form.longitude),
      radiusM: Number(form.radiusM),
      active: form.active,
    };
    if (form.id) update.mutate({ id: form.id, ...body });
    else create.mutate(body);
  };
  const columns: Column<Fence>[] = [
    { key: 'office', header: t('mob.office'), cell: (f) => f.companyOffice },
    { key: 'name', header: t('mob.fenceName'), cell: (f) => f.name },
    {
      key: 'centre',
      header: `${t('mob.latitude')}, ${t('mob.longitude')}`,
      cell: (f) => <code className="text-xs">{`${f.latitude}, ${f.longitude}`}</code>,
    },
    { key: 'radius', header: t('mob.radius'), cell: (f) => f.radiusM },
    { key: 'active', header: t('mob.active'), cell: (f) => (f.active ? '✓' : '–') },
    {
      key: 'actions',
      header: '',
      cell: (f) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              setForm({
                id: f.id,
                companyOfficeId: String(f.companyOfficeId),
                name: f.name,
                latitude: String(f.latitude),
                longitude: String(f.longitude),
                radiusM: String(f.radiusM),
                active: f.active,
              })
            }
          >
            {t('mob.editFence')}
          </Button>
          <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: f.id })}>
            {t('mob.deleteFence')}
          </Button>
        </div>
      ),
    },
  ];
  const lat = form ? Number(form.latitude) : Number.NaN;
  const lng = form ? Number(form.longitude) : Number.NaN;
  const draft =
    form && form.latitude !== '' && form.longitude !== '' && Number.isFinite(lat) && Number.isFinite(lng)
      ? [{ id: form.id ?? 0, name: form.name || '…', latitude: lat, longitude: lng, radiusM: Number(form.radiusM) || 0 }]
      : [];
  const others = (fences.data ?? []).filter((f) => f.id !== form?.id);
  return (
    <Card
      title={t('mob.fences')}
      actions={
        form ? null : (
          <Button size="sm" onClick={() => setForm(EMPTY)}>
            {t('mob.addFence')}
          </Button>
        )
      }
    >
      {form ? (
        <div className="mb-4 grid gap-4 lg:grid-cols-2">
          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Field label={t('mob.office')} htmlFor="fence-office" required>
              <Select
                id="fence-office"
                value={form.companyOfficeId}
                onChange={(v) => setForm({ ...form, companyOfficeId: v })}
                placeholder={t('mob.chooseOffice')}
                options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              />
            </Field>
            <TextField id="fence-name" label={t('mob.fenceName')} required {...bindText(form, 'name')} />
            <TextField id="fence-lat" label={t('mob.latitude')} required inputMode="decimal" {...bindText(form, 'latitude')} />
            <TextField id="fence-lng" label={t('mob.longitude')} required inputMode="decimal" {...bindText(form, 'longitude')} />
            <TextField id="fence-radius" label={t('mob.radius')} required inputMode="numeric" {...bindText(form, 'radiusM')} />
            <label className="flex items-center gap-2 self-end text-sm">
              <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
              {t('mob.active')}
            </label>
            <p className="text-xs text-slate-500 sm:col-span-2">{t('mob.fenceHint')}</p>
            <div className="flex gap-2 sm:col-span-2">
              <Button type="submit" disabled={create.isPending || update.isPending}>
                {t('mob.save')}
              </Button>
              <Button variant="secondary" onClick={() => setForm(null)}>
                {t('app.cancel')}
              </Button>
            </div>
          </form>
          <FencePlot
            title={t('mob.map')}
            fences={[...others, ...draft]}
            points={[]}
            onPick={(p) => setForm({ ...form, latitude: String(p.latitude), longitude: String(p.longitude) })}
          />
        </div>
      ) : null}
      <QueryTable query={fences} columns={columns} empty={t('mob.noFences')} />
    </Card>
  );
}

function AllowedCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const allowed = trpc.mobileAttendance.allowedOffice.list.useQuery();
  const offices = trpc.lookup.companyOffices.useQuery();
  const positions = trpc.lookup.jobPositions.useQuery();
  const [subjectType, setSubjectType] = useState<'employee' | 'job_position'>('job_position');
  const [subjectId, setSubjectId] = useState('');
  const [officeId, setOfficeId] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const employees = trpc.employee.list.useQuery(
    { search: debounced || undefined, pageSize: 20, resigned: 0 },
    { enabled: subjectType === 'employee' && debounced.length > 1, placeholderData: keepPreviousData },
  );
  const changed = () => void utils.mobileAttendance.allowedOffice.list.invalidate();
  const add = trpc.mobileAttendance.allowedOffice.add.useMutation(
    toastThen(() => {
      setSubjectId('');
      changed();
    }),
  );
  const remove = trpc.mobileAttendance.allowedOffice.remove.useMutation({ onSuccess: changed });
  const columns: Column<Allowed>[] = [
    {
      key: 'type',
      header: t('mob.subjectType'),
      cell: (a) => (a.subjectType === 'employee' ? t('mob.subjectEmployee') : t('mob.subjectJobPosition')),
    },
    { key: 'subject', header: t('mob.subject'), cell: (a) => a.subject },
    { key: 'office', header: t('mob.office'), cell: (a) => a.companyOffice },
    {
      key: 'remove',
      header: '',
      cell: (a) => (
        <Button size="sm" variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: a.id })}>
          {t('mob.remove')}
        </Button>
      ),
    },
  ];
  const subjectOptions =
    subjectType === 'job_position'
      ? (positions.data ?? []).map((p) => ({ value: p.id, label: p.name }))
      : (employees.data?.rows ?? []).map((e) => ({ value: e.id, label: `${e.employeeNumber} ${e.name}` }));
  return (
    <Card title={t('mob.allowed')}>
      <p className="mb-3 text-xs text-slate-500">{t('mob.allowedHint')}</p>
      <form
        className="mb-4 grid gap-3 sm:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ subjectType, subjectId: Number(subjectId), companyOfficeId: Number(officeId) });
        }}
      >
        <Select
          aria-label={t('mob.subjectType')}
          value={subjectType}
          onChange={(v) => {
            setSubjectType(v as 'employee' | 'job_position');
            setSubjectId('');
          }}
          options={[
            { value: 'job_position', label: t('mob.subjectJobPosition') },
            { value: 'employee', label: t('mob.subjectEmployee') },
          ]}
        />
        <div className="grid gap-2">
          {subjectType === 'employee' ? (
            <TextInput
              aria-label={t('mob.search')}
              placeholder={t('mob.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          ) : null}
          <Select
            aria-label={t('mob.subject')}
            value={subjectId}
            onChange={setSubjectId}
            placeholder={t('mob.subject')}
            options={subjectOptions}
          />
        </div>
        <Select
          aria-label={t('mob.office')}
          value={officeId}
          onChange={setOfficeId}
          placeholder={t('mob.chooseOffice')}
          options={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
        />
        <div>
          <Button type="submit" disabled={add.isPending || !subjectId || !officeId}>
            {t('mob.addAllowed')}
          </Button>
        </div>
      </form>
      <QueryTable query={allowed} columns={columns} empty={t('mob.noAllowed')} />
    </Card>
  );
}
