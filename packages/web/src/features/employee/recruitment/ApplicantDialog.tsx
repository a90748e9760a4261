import { type ApplicantDetail, hireApplicantInput, OPEN_RECRUITMENT_STAGES } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { saveBase64 } from '../../../lib/save-file';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { FormDialog } from '../../../ui/FormDialog';
import type { FieldView } from '../../../ui/FormFields';
import { blankValues, formFieldDefs, useSchemaForm } from '../../../lib/use-schema-form';
import { PLACEMENT_RESETS } from '../../shared/placement-views';
import { toId } from '../../shared/use-lookups';
import { EMPLOYMENT_KEYS, employmentViews, PERSONAL_KEYS, personalViews } from '../employee-form-views';
import { CV_ACCEPT, readCv } from './cv-file';
import './texts';
import { toastThen } from '../../../lib/toast-then';
import { FileField } from '../../../ui/FileField';
import { RowLink, TextButton } from '../../../ui/link-column';
import { TextArea } from '../../../ui/TextArea';

/** One applicant: details, history (stage moves and notes), CV, moving between stages, hiring. */
export function ApplicantDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const q = trpc.employee.recruitment.get.useQuery({ id });
  const [note, setNote] = useState('');
  const [hiring, setHiring] = useState(false);
  const [cvError, setCvError] = useState<string | null>(null);
  const refresh = () => {
    void utils.employee.recruitment.get.invalidate({ id });
    void utils.employee.recruitment.list.invalidate();
  };
  const stage = trpc.employee.recruitment.stage.useMutation({ onSuccess: refresh });
  const addNote = trpc.employee.recruitment.note.useMutation(
    toastThen(() => {
      setNote('');
      refresh();
    }),
  );
  const upload = trpc.employee.recruitment.uploadCv.useMutation(toastThen(refresh));
  const a = q.data;
  const open = a ? (OPEN_RECRUITMENT_STAGES as readonly string[]).includes(a.stage) : false;

  const download = async () => saveBase64(await utils.employee.recruitment.cv.fetch({ id }));
  const chooseCv = async (f: File | undefined) => {
    if (!f) return;
    const cv = await readCv(f);
    setCvError(cv ? null : t('recruitment.badCv'));
    if (cv) upload.mutate({ id, ...cv });
  };
  const submitNote = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) addNote.mutate({ id, note: note.trim() });
  };

  if (hiring && a) return <HireDialog applicant={a} onClose={() => setHiring(false)} onHired={refresh} />;
  return (
    <Modal open onClose={onClose} title={a ? a.name : '…'}>
      {a ? (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="text-slate-500">{t('recruitment.fields.email')}</dt>
            <dd>{a.email}</dd>
            <dt className="text-slate-500">{t('recruitment.fields.phone')}</dt>
            <dd>{a.phone ?? '-'}</dd>
            <dt className="text-slate-500">{t('recruitment.fields.positionApplied')}</dt>
            <dd>{a.positionApplied}</dd>
            <dt className="text-slate-500">{t('recruitment.office')}</dt>
            <dd>{a.companyOffice}</dd>
            <dt className="text-slate-500">{t('recruitment.stage')}</dt>
            <dd data-testid="applicant-stage">{t(`recruitment.stages.${a.stage}`)}</dd>
            <dt className="text-slate-500">{t('recruitment.fields.cv')}</dt>
            <dd>
              {a.cvFileName ? (
                <TextButton onClick={() => void download()}>{`${t('recruitment.downloadCv')}: ${a.cvFileName}`}</TextButton>
              ) : (
                '-'
              )}
            </dd>
            <dt className="text-slate-500">{t('recruitment.sourceLabel')}</dt>
            <dd>{t(`recruitment.source.${a.source}`)}</dd>
            {a.employeeId ? (
              <>
                <dt className="text-slate-500">{t('recruitment.employee')}</dt>
                <dd>
                  <RowLink to={`/employee/list/${a.employeeId}/detail`}>{a.employeeNumber}</RowLink>
                </dd>
              </>
            ) : null}
          </dl>
          {open ? (
            <div className="flex flex-wrap gap-2">
              {OPEN_RECRUITMENT_STAGES.filter((s) => s !== a.stage).map((s) => (
                <Button
                  key={s}
                  size="sm"
                  variant="secondary"
                  disabled={stage.isPending}
                  onClick={() =>
                    stage.mutate(
                      { id, stage: s },
                      { onSuccess: () => notifySuccess(t('recruitment.moved', { stage: t(`recruitment.stages.${s}`) })) },
                    )
                  }
                >
                  {t('recruitment.moveTo', { stage: t(`recruitment.stages.${s}`) })}
                </Button>
              ))}
              <Button
                size="sm"
                variant="danger"
                disabled={stage.isPending}
                onClick={() =>
                  stage.mutate(
                    { id, stage: 'rejected' },
                    { onSuccess: () => notifySuccess(t('recruitment.moved', { stage: t('recruitment.stages.rejected') })) },
                  )
                }
              >
                {t('recruitment.reject')}
              </Button>
              <Button size="sm" onClick={() => setHiring(true)}>
                {t('recruitment.hire')}
              </Button>
            </div>
          ) : null}
          {open ? (
            <FileField
              id="applicant-cv"
              label={t('recruitment.uploadCv')}
              hint={t('recruitment.cvHint')}
              error={cvError}
              accept={CV_ACCEPT}
              className="block w-full text-sm"
              onFiles={([f]) => void chooseCv(f)}
            />
          ) : null}
          <section>
            <h3 className="mb-1 font-medium text-slate-800">{t('recruitment.history')}</h3>
            <ul className="space-y-1" aria-label={t('recruitment.history')}>
              {a.notes.map((n) => (
                <li key={n.id} className="rounded border border-slate-200 px-2 py-1">
                  <span className="text-xs text-slate-500">{`${formatDateTime(n.createdAt)} · ${n.createdBy ?? '-'}`}</span>
                  <div>
                    {n.stage ? <strong>{`${t(`recruitment.stages.${n.stage}`)}${n.note ? ': ' : ''}`}</strong> : null}
                    {n.note}
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <form onSubmit={submitNote} className="space-y-2">
            <Field label={t('recruitment.addNote')} htmlFor="applicant-note">
              <TextArea id="applicant-note" rows={2} maxLength={1000} value={note} onValue={setNote} />
            </Field>
            <div className="flex justify-end">
              <Button type="submit" size="sm" variant="secondary" disabled={addNote.isPending || !note.trim()}>
                {t('recruitment.addNote')}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <p className="text-sm text-slate-500">{t('app.loading')}</p>
      )}
    </Modal>
  );
}

const PERSONAL = PERSONAL_KEYS;
const EMPLOYMENT = EMPLOYMENT_KEYS;
const REQUIRED = new Set<string>([...PERSONAL, 'companyOfficeId', 'contractType', 'firstJoinDate']);

/**
 * Hiring: the employment fields, and the personal ones the applicant does not have yet (a
 * self-registration brings them). The employee number comes from the office's ID index.
 */
function HireDialog({ applicant, onClose, onHired }: { applicant: ApplicantDetail; onClose: () => void; onHired: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const hire = trpc.employee.recruitment.hire.useMutation({
    onSuccess: (r) => {
      notifySuccess(t('recruitment.hired', { name: applicant.name, number: r.employeeNumber }));
      void utils.employee.list.invalidate();
      onHired();
    },
  });
  const keys = [...PERSONAL, ...EMPLOYMENT];
  const initial = blankValues(keys);
  initial.gender = applicant.gender ?? '';
  initial.birthDate = applicant.birthDate ?? '';
  initial.religionId = applicant.religionId ? String(applicant.religionId) : '';
  initial.educationLevelId = applicant.educationLevelId ? String(applicant.educationLevelId) : '';
  initial.maritalStatusId = applicant.maritalStatusId ? String(applicant.maritalStatusId) : '';
  initial.companyOfficeId = String(applicant.companyOfficeId);
  const form = useSchemaForm({
    idPrefix: 'hire-applicant',
    fields: formFieldDefs(keys, (key) => t(`employeeDetail.fields.${key}`), { required: REQUIRED, resets: PLACEMENT_RESETS }),
    initial,
    schema: hireApplicantInput,
    toInput: (v) => ({
      id: applicant.id,
      gender: (v.gender || undefined) as 'Male' | 'Female' | undefined,
      birthDate: v.birthDate || undefined,
      religionId: toId(v.religionId ?? ''),
      educationLevelId: toId(v.educationLevelId ?? ''),
      maritalStatusId: toId(v.maritalStatusId ?? ''),
      companyOfficeId: toId(v.companyOfficeId ?? ''),
      departmentId: toId(v.departmentId ?? '') ?? null,
      divisionId: toId(v.divisionId ?? '') ?? null,
      sectionId: toId(v.sectionId ?? '') ?? null,
      jobPositionId: toId(v.jobPositionId ?? '') ?? applicant.jobPositionId ?? null,
      jobLevelId: toId(v.jobLevelId ?? '') ?? null,
      contractType: Number(v.contractType) || (undefined as unknown as number),
      firstJoinDate: v.firstJoinDate ?? '',
      annualLeaveDate: v.annualLeaveDate || undefined,
    }),
  });
  const views: FieldView<string>[] = [...personalViews, ...employmentViews];
  return (
    <FormDialog
      title={t('recruitment.hireTitle', { name: applicant.name })}
      form={form}
      views={views}
      save={(input) => hire.mutateAsync(input)}
      pending={hire.isPending}
      onClose={onClose}
    />
  );
}
