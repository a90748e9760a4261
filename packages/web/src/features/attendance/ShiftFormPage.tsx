import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { FormButtons } from '../../ui/FormButtons';
import { TextField } from '../../ui/TextField';
import { TimeInput } from '../../ui/TimeInput';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { fieldErrors, minutesError, NumberField } from './shared';
import './texts';
import { fieldBinder, labelBinder } from '../../lib/field-binder';
import { useToastThenGo } from '../../lib/toast-then';

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
  const done = {
    ...useToastThenGo('/attendance/shift', (u) => u.attendance.invalidate()),
    onError: (err: unknown) => setErrors(fieldErrors(err, labels)),
  };
  const create = trpc.attendance.shift.create.useMutation(done);
  const update = trpc.attendance.shift.update.useMutation(done);
  const field = fieldBinder('shift', labels, errors);
  const labelled = labelBinder('shift', labels, errors);
  const set = (k: keyof ShiftDraft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!draft.name.trim()) next.name = requiredNotice(labels.name!);
    if (!draft.startTime) next.startTime = requiredNotice(labels.startTime!);
    if (!draft.endTime) next.endTime = requiredNotice(labels.endTime!);
    if (draft.startTime && draft.startTime === draft.endTime) next.endTime = `${labels.endTime} ${t('att.mustDiffer')}`;
    for (const [k] of MINUTE_FIELDS) {
      const error = minutesError(t, labels[k]!, draft[k], MAX[k]!);
      if (error) next[k] = error;
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
          <TextField {...field('name')} required maxLength={100} value={draft.name} onValue={set('name')} />
          <Field {...labelled('companyOfficeId')} hint={t('att.shiftOfficeHint')}>
            <CompanyOfficeSelect
              id="shift-companyOfficeId"
              placeholder={t('att.allOffices')}
              value={draft.companyOfficeId}
              onChange={set('companyOfficeId')}
            />
          </Field>
          {(['startTime', 'endTime'] as const).map((k) => (
            <Field key={k} {...labelled(k)} required hint={k === 'endTime' && overnight ? t('att.overnightHint') : undefined}>
              <TimeInput id={`shift-${k}`} value={draft[k]} onChange={set(k)} invalid={Boolean(errors[k])} />
            </Field>
          ))}
          {MINUTE_FIELDS.map(([k, hint]) => (
            <NumberField
              key={k}
              {...field(k)}
              hint={hint ? t(hint) : undefined}
              maxLength={3}
              value={draft[k]}
              onValue={set(k)}
            />
          ))}
          <div className="text-sm text-slate-700 sm:col-span-2" data-testid="shift-preview">
            {preview ? `${t('att.shownAs')}: ${preview}${overnight ? ` · ${t('att.overnight')}` : ''}` : null}
          </div>
          <FormButtons
            className="sm:col-span-2"
            onCancel={() => void navigate('/attendance/shift')}
            pending={create.isPending || update.isPending || (editing && !existing.data)}
          />
        </form>
      </Card>
    </>
  );
}
