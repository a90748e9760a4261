import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import { TimeInput } from '../../ui/TimeInput';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { fieldErrors } from './shared';
import './texts';

interface ShiftDraft {
  name: string;
  companyOfficeId: string;
  startTime: string;
  endTime: string;
  breakMinutes: string;
  lateGraceMinutes: string;
  earlyGraceMinutes: string;
}

const EMPTY: ShiftDraft = {
  name: '',
  companyOfficeId: '',
  startTime: '',
  endTime: '',
  breakMinutes: '0',
  lateGraceMinutes: '0',
  earlyGraceMinutes: '0',
};
const FIELDS = ['name', 'startTime', 'endTime', 'breakMinutes', 'lateGraceMinutes', 'earlyGraceMinutes'] as const;
/** Upper bounds of core's shift schema (minutes). */
const MAX: Record<string, number> = { breakMinutes: 720, lateGraceMinutes: 240, earlyGraceMinutes: 240 };

/** The minute fields, in form order, with their hints. */
const MINUTE_FIELDS = [
  ['breakMinutes', null],
  ['lateGraceMinutes', 'att.lateGraceHint'],
  ['earlyGraceMinutes', 'att.earlyGraceHint'],
] as const;

/** /attendance/shift/add and /attendance/shift/:id/edit. */
export function ShiftFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const shiftId = toId(id);
  const editing = id !== undefined;
  const existing = trpc.attendance.shift.get.useQuery({ id: shiftId ?? 0 }, { enabled: editing && shiftId !== undefined });
  const [draft, setDraft] = useState<ShiftDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    const s = existing.data;
    if (s)
      setDraft({
        name: s.name,
        companyOfficeId: s.companyOfficeId ? String(s.companyOfficeId) : '',
        startTime: s.startTime,
        endTime: s.endTime,
        breakMinutes: String(s.breakMinutes),
        lateGraceMinutes: String(s.lateGraceMinutes),
        earlyGraceMinutes: String(s.earlyGraceMinutes),
      });
  }, [existing.data]);
  const labels: Record<string, string> = {
    name: t('att.shiftName'),
    companyOfficeId: t('att.office'),
    startTime: t('att.startTime'),
    endTime: t('att.endTime'),
    breakMinutes: t('att.breakMinutes'),
    lateGraceMinutes: t('att.lateGrace'),
    earlyGraceMinutes: t('att.earlyGrace'),
  };
  const utils = trpc.useUtils();
  const done = {
    meta: { successMessage: () => t('att.shiftSaved') },
    onSuccess: () => {
      void utils.attendance.invalidate();
      void navigate('/attendance/shift');
    },
    onError: (err: unknown) => setErrors(fieldErrors(err, labels)),
  };
  const create = trpc.attendance.shift.create.useMutation(done);
  const update = trpc.attendance.shift.update.useMutation(done);
  const set = (k: keyof ShiftDraft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!draft.name.trim()) next.name = requiredNotice(labels.name!);
    if (!draft.startTime) next.startTime = requiredNotice(labels.startTime!);
    if (!draft.endTime) next.endTime = requiredNotice(labels.endTime!);
    if (draft.startTime && draft.startTime === draft.endTime) next.endTime = `${labels.endTime} ${t('att.mustDiffer')}`;
    for (const k of ['breakMinutes', 'lateGraceMinutes', 'earlyGraceMinutes'] as const) {
      const n = Number(draft[k]);
      if (!/^\d+$/.test(draft[k]) || n > MAX[k]!) next[k] = `${labels[k]} ${t('att.minutesRange', { max: MAX[k] })}`;
    }
    setErrors(next);
    const first = FIELDS.find((k) => next[k]);
    if (first) {
      document.getElementById(`shift-${first}`)?.focus();
      return;
    }
    const body = {
      name: draft.name.trim(),
      startTime: draft.startTime,
      endTime: draft.endTime,
      breakMinutes: Number(draft.breakMinutes),
      lateGraceMinutes: Number(draft.lateGraceMinutes),
      earlyGraceMinutes: Number(draft.earlyGraceMinutes),
    };
    if (editing && shiftId) update.mutate({ id: shiftId, ...body, companyOfficeId: toId(draft.companyOfficeId) ?? null });
    else create.mutate({ ...body, companyOfficeId: toId(draft.companyOfficeId) });
  };
  const overnight = draft.startTime && draft.endTime && draft.endTime < draft.startTime;
  const preview =
    draft.name && draft.startTime && draft.endTime ? `${draft.name.trim()} (${draft.startTime} - ${draft.endTime})` : '';
  if (editing && existing.isError) {
    return (
      <>
        <PageTitle>{t('routes.attendance.shiftEdit')}</PageTitle>
        <Card>
          <p className="text-sm text-red-700">{t('att.shiftNotFound')}</p>
        </Card>
      </>
    );
  }
  return (
    <>
      <PageTitle>{editing ? t('routes.attendance.shiftEdit') : t('routes.attendance.shiftAdd')}</PageTitle>
      <Card>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={t('routes.attendance.shiftAdd')}>
          <Field label={labels.name} htmlFor="shift-name" required error={errors.name}>
            <TextInput
              id="shift-name"
              maxLength={100}
              value={draft.name}
              invalid={Boolean(errors.name)}
              onChange={(e) => set('name')(e.target.value)}
            />
          </Field>
          <Field
            label={labels.companyOfficeId}
            htmlFor="shift-companyOfficeId"
            error={errors.companyOfficeId}
            hint={t('att.shiftOfficeHint')}
          >
            <CompanyOfficeSelect
              id="shift-companyOfficeId"
              placeholder={t('att.allOffices')}
              value={draft.companyOfficeId}
              onChange={set('companyOfficeId')}
            />
          </Field>
          <Field label={labels.startTime} htmlFor="shift-startTime" required error={errors.startTime}>
            <TimeInput
              id="shift-startTime"
              value={draft.startTime}
              onChange={set('startTime')}
              invalid={Boolean(errors.startTime)}
            />
          </Field>
          <Field
            label={labels.endTime}
            htmlFor="shift-endTime"
            required
            error={errors.endTime}
            hint={overnight ? t('att.overnightHint') : undefined}
          >
            <TimeInput id="shift-endTime" value={draft.endTime} onChange={set('endTime')} invalid={Boolean(errors.endTime)} />
          </Field>
          {MINUTE_FIELDS.map(([k, hint]) => (
            <Field key={k} label={labels[k]} htmlFor={`shift-${k}`} error={errors[k]} hint={hint ? t(hint) : undefined}>
              <TextInput
                id={`shift-${k}`}
                inputMode="numeric"
                maxLength={3}
                value={draft[k]}
                invalid={Boolean(errors[k])}
                onChange={(e) => set(k)(e.target.value)}
              />
            </Field>
          ))}
          <div className="text-sm text-slate-700 sm:col-span-2" data-testid="shift-preview">
            {preview ? `${t('att.shownAs')}: ${preview}${overnight ? ` · ${t('att.overnight')}` : ''}` : null}
          </div>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button variant="secondary" onClick={() => void navigate('/attendance/shift')}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending || update.isPending || (editing && !existing.data)}>
              {t('app.save')}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
