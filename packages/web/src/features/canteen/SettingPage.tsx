import { MEAL_KIND_LABELS, MEAL_KINDS, type MealKind } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { ActionModal } from '../../ui/ActionModal';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { TimeInput } from '../../ui/TimeInput';
import { Fact } from '../shared/approvals/Fact';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { type CanteenSetting, ConfirmDeleteButton, formatRp, useCanteens } from './canteen-shared';
import './texts';
import { CheckboxField } from '../../ui/CheckboxField';
import { toastThen } from '../../lib/toast-then';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

interface MealDraft {
  serves: boolean;
  startTime: string;
  endTime: string;
  quota: string;
  subsidy: string;
  employeePrice: string;
  active: boolean;
}

const DEFAULT_WINDOWS: Record<MealKind, [string, string]> = {
  breakfast: ['06:30', '08:30'],
  lunch: ['11:30', '13:30'],
  dinner: ['17:30', '19:30'],
  overtime: ['20:00', '22:00'],
};

function draftOf(c: CanteenSetting | null) {
  const meals = Object.fromEntries(
    MEAL_KINDS.map((k) => {
      const m = c?.meals.find((x) => x.kind === k);
      return [
        k,
        m
          ? {
              serves: true,
              startTime: m.startTime,
              endTime: m.endTime,
              quota: m.quota === null ? '' : String(m.quota),
              subsidy: m.subsidy,
              employeePrice: m.employeePrice,
              active: m.active,
            }
          : {
              serves: false,
              startTime: DEFAULT_WINDOWS[k][0],
              endTime: DEFAULT_WINDOWS[k][1],
              quota: '',
              subsidy: '0',
              employeePrice: '0',
              active: true,
            },
      ];
    }),
  ) as Record<MealKind, MealDraft>;
  return {
    companyOfficeId: c ? String(c.companyOfficeId) : '',
    name: c?.name ?? '',
    location: c?.location ?? '',
    active: c?.active ?? true,
    terminals: c?.terminals.join(', ') ?? '',
    meals,
  };
}

/** The spec's "one save call": a canteen with its meals (one row per kind) and terminals. */
function CanteenDialog({ canteen, onClose }: { canteen: CanteenSetting | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [v, setV] = useState(() => draftOf(canteen));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = trpc.canteen.setting.save.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: () => {
      void utils.canteen.invalidate();
      onClose();
    },
    onError: (err) => {
      // "meals.1.endTime" from the server → the row of that kind.
      const served = MEAL_KINDS.filter((k) => v.meals[k].serves);
      setErrors(
        Object.fromEntries(
          fieldsOf(err).map((f) => {
            const m = /^meals\.(\d+)\.(\w+)$/.exec(f.param);
            return [m ? `${served[Number(m[1])]}.${m[2]}` : f.param.replace(/\.\d+$/, ''), f.msg];
          }),
        ),
      );
    },
  });
  const setMeal = (k: MealKind, patch: Partial<MealDraft>) =>
    setV({ ...v, meals: { ...v.meals, [k]: { ...v.meals[k], ...patch } } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!v.companyOfficeId) next.companyOfficeId = requiredNotice(t('cnt.office'));
    if (!v.name.trim()) next.name = requiredNotice(t('cnt.name'));
    for (const k of MEAL_KINDS) {
      const m = v.meals[k];
      if (!m.serves) continue;
      if (!m.startTime) next[`${k}.startTime`] = requiredNotice(t('cnt.start'));
      if (!m.endTime) next[`${k}.endTime`] = requiredNotice(t('cnt.end'));
      else if (m.startTime && m.startTime >= m.endTime) next[`${k}.endTime`] = 'must be after the start time';
      if (m.quota.trim() && !/^\d+$/.test(m.quota.trim())) next[`${k}.quota`] = 'must be a whole number';
      if (!/^\d+$/.test(m.subsidy.trim())) next[`${k}.subsidy`] = 'must be a whole number of rupiah (0 or more)';
      if (!/^\d+$/.test(m.employeePrice.trim())) next[`${k}.employeePrice`] = 'must be a whole number of rupiah (0 or more)';
    }
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) {
      document.getElementById(`cnt-${first.replace('.', '-')}`)?.focus();
      return;
    }
    save.mutate({
      ...(canteen ? { id: canteen.id } : {}),
      companyOfficeId: Number(v.companyOfficeId),
      name: v.name.trim(),
      ...trimmedOrOmitted('location', v.location),
      active: v.active,
      terminals: v.terminals
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
      meals: MEAL_KINDS.filter((k) => v.meals[k].serves).map((k) => {
        const m = v.meals[k];
        return {
          kind: k,
          startTime: m.startTime,
          endTime: m.endTime,
          quota: m.quota.trim() ? Number(m.quota.trim()) : null,
          subsidy: m.subsidy.trim(),
          employeePrice: m.employeePrice.trim(),
          active: m.active,
        };
      }),
    });
  };
  const err = (k: string) => errors[k];
  /** A whole-number field of meal `k` (quota, or rupiah as digits). */
  const amountField = (
    k: MealKind,
    key: 'quota' | 'subsidy' | 'employeePrice',
    value: string,
    label: string,
    more: { hint?: string; maxLength?: number },
  ) => (
    <TextField
      id={`cnt-${k}-${key}`}
      label={label}
      hint={more.hint}
      error={err(`${k}.${key}`)}
      inputMode="numeric"
      maxLength={more.maxLength}
      value={value}
      onValue={(x) => setMeal(k, { [key]: x })}
    />
  );
  return (
    <ActionModal
      onClose={onClose}
      title={canteen ? t('cnt.editCanteen') : t('cnt.addCanteen')}
      actionLabel={t('app.save')}
      busy={save.isPending}
      form="cnt-form"
    >
      <form id="cnt-form" onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('cnt.office')} htmlFor="cnt-companyOfficeId" required error={err('companyOfficeId')}>
            <CompanyOfficeSelect
              id="cnt-companyOfficeId"
              value={v.companyOfficeId}
              invalid={Boolean(err('companyOfficeId'))}
              onChange={(x) => setV({ ...v, companyOfficeId: x })}
            />
          </Field>
          <TextField
            id="cnt-name"
            label={t('cnt.name')}
            required
            error={err('name')}
            value={v.name}
            maxLength={100}
            onValue={(name) => setV({ ...v, name })}
          />
          <TextField
            id="cnt-location"
            label={t('cnt.location')}
            value={v.location}
            maxLength={200}
            onValue={(location) => setV({ ...v, location })}
          />
          <TextField
            id="cnt-terminals"
            label={t('cnt.terminals')}
            hint={t('cnt.terminalsHint')}
            error={err('terminals')}
            value={v.terminals}
            onValue={(terminals) => setV({ ...v, terminals })}
          />
          <CheckboxField label={t('cnt.active')} checked={v.active} onChange={(c) => setV({ ...v, active: c })} />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-700">{t('cnt.meals')}</legend>
          {MEAL_KINDS.map((k) => {
            const m = v.meals[k];
            return (
              <div key={k} className="rounded-md border border-slate-200 p-3">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    aria-label={`${t('cnt.serves')}: ${MEAL_KIND_LABELS[k]}`}
                    checked={m.serves}
                    onChange={(e) => setMeal(k, { serves: e.target.checked })}
                  />
                  {MEAL_KIND_LABELS[k]}
                </label>
                {m.serves ? (
                  <div className="mt-2 grid gap-2 sm:grid-cols-3">
                    <Field label={t('cnt.start')} htmlFor={`cnt-${k}-startTime`} error={err(`${k}.startTime`)}>
                      <TimeInput
                        id={`cnt-${k}-startTime`}
                        value={m.startTime}
                        invalid={Boolean(err(`${k}.startTime`))}
                        onChange={(x) => setMeal(k, { startTime: x })}
                      />
                    </Field>
                    <Field label={t('cnt.end')} htmlFor={`cnt-${k}-endTime`} error={err(`${k}.endTime`)}>
                      <TimeInput
                        id={`cnt-${k}-endTime`}
                        value={m.endTime}
                        invalid={Boolean(err(`${k}.endTime`))}
                        onChange={(x) => setMeal(k, { endTime: x })}
                      />
                    </Field>
                    {amountField(k, 'quota', m.quota, t('cnt.quota'), { hint: t('cnt.quotaHint') })}
                    {amountField(k, 'subsidy', m.subsidy, t('cnt.subsidy'), { maxLength: 15 })}
                    {amountField(k, 'employeePrice', m.employeePrice, t('cnt.price'), { maxLength: 15 })}
                    <CheckboxField
                      label={t('cnt.active')}
                      checked={m.active}
                      onChange={(c) => setMeal(k, { active: c })}
                      className="self-end pb-2"
                    />
                  </div>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      </form>
    </ActionModal>
  );
}

function CanteenCard({ canteen, canManage, onEdit }: { canteen: CanteenSetting; canManage: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const del = trpc.canteen.setting.delete.useMutation(toastThen(() => void utils.canteen.invalidate()));
  return (
    <Card
      title={
        <span>
          {canteen.name} <span className="text-sm font-normal text-slate-500">({canteen.companyOffice})</span>
          {canteen.active ? null : <span className="ml-2 text-sm font-normal text-red-700">{t('cnt.inactive')}</span>}
        </span>
      }
      actions={
        canManage ? (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={onEdit}>
              {t('app.edit')}
            </Button>
            <ConfirmDeleteButton
              label={t('cnt.delete')}
              question={t('cnt.confirmDelete', { name: canteen.name })}
              busy={del.isPending}
              onConfirm={() => del.mutate({ id: canteen.id })}
            />
          </div>
        ) : null
      }
    >
      <dl className="mb-3 grid gap-2 text-sm sm:grid-cols-2">
        <Fact label={t('cnt.location')} valueClassName="">
          {canteen.location ?? '-'}
        </Fact>
        <Fact label={t('cnt.terminals')} valueClassName="">
          {canteen.terminals.length ? canteen.terminals.join(', ') : '-'}
        </Fact>
      </dl>
      {canteen.meals.length === 0 ? (
        <p className="text-sm text-slate-500">{t('cnt.noMeals')}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{`${t('cnt.meals')}: ${canteen.name}`}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
              <th className="py-1 pr-2">{t('cnt.meal')}</th>
              <th className="py-1 pr-2">{t('cnt.window')}</th>
              <th className="py-1 pr-2">{t('cnt.quota')}</th>
              <th className="py-1 pr-2 text-right">{t('cnt.subsidy')}</th>
              <th className="py-1 pr-2 text-right">{t('cnt.price')}</th>
              <th className="py-1">{t('cnt.active')}</th>
            </tr>
          </thead>
          <tbody>
            {canteen.meals.map((m) => (
              <tr key={m.id} className="border-b border-slate-100">
                <td className="py-1 pr-2">{m.label}</td>
                <td className="py-1 pr-2 tabular-nums">
                  {m.startTime}–{m.endTime}
                </td>
                <td className="py-1 pr-2">{m.quota ?? t('cnt.unlimited')}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{formatRp(m.subsidy)}</td>
                <td className="py-1 pr-2 text-right tabular-nums">{formatRp(m.employeePrice)}</td>
                <td className="py-1">{m.active ? t('app.yes') : t('app.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** /canteen/setting: canteens per office, their meals (windows, quota, subsidy, price) and terminals. */
export function CanteenSettingPage() {
  const { t } = useTranslation();
  const canManage = useCan('canteen.manage');
  const q = useCanteens();
  const [editing, setEditing] = useState<CanteenSetting | null | undefined>(undefined);
  return (
    <>
      <PageTitle
        actions={
          canManage ? (
            <Button onClick={() => setEditing(null)}>{t('cnt.addCanteen')}</Button>
          ) : (
            <span className="text-sm text-slate-500">{t('cnt.manageOnly')}</span>
          )
        }
      >
        {t('routes.canteen.setting')}
      </PageTitle>
      {q.isLoading ? (
        <Spinner label={t('app.loading')} />
      ) : q.isError && !q.data ? (
        <Card>
          <Button variant="secondary" onClick={() => void q.refetch()}>
            {t('app.retry')}
          </Button>
        </Card>
      ) : (q.data ?? []).length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('cnt.noCanteens')}</p>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {(q.data ?? []).map((c) => (
            <CanteenCard key={c.id} canteen={c} canManage={canManage} onEdit={() => setEditing(c)} />
          ))}
        </div>
      )}
      {editing !== undefined ? <CanteenDialog canteen={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
