import {
  type ApplicantRow,
  type CreateApplicantInput,
  createApplicantInput,
  RECRUITMENT_STAGES,
  type RecruitmentStage,
} from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { serverMessage } from '../../../lib/server-messages';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import type { Column } from '../../../ui/DataTable';
import { Select } from '../../../ui/Select';
import { FormDialog } from '../../../ui/FormDialog';
import type { FieldView } from '../../../ui/FormFields';
import { blankValues, formFieldDefs, useSchemaForm } from '../../../lib/use-schema-form';
import { CompanyOfficeSelect } from '../../shared/OrgSelects';
import { toId } from '../../shared/use-lookups';
import { ApplicantDialog } from './ApplicantDialog';
import { CV_ACCEPT, readCv } from './cv-file';
import './texts';
import { nameEmailViews } from '../employee-form-views';
import { FilteredListPage, useFilteredList } from '../filtered-list';
import { TextArea } from '../../../ui/TextArea';

/** `/employee/recruitment`: applicants by stage, searchable; add by hand or from a pending self-registration. */
export function RecruitmentPage() {
  const { t } = useTranslation();
  const filter = useFilteredList('');
  const [adding, setAdding] = useState<'manual' | 'registration' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = trpc.employee.recruitment.list.useQuery(
    {
      search: filter.debounced || undefined,
      stage: (filter.value || undefined) as RecruitmentStage | undefined,
      page: filter.page,
      pageSize: filter.pageSize,
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<ApplicantRow>[] = [
    {
      key: 'name',
      header: t('recruitment.name'),
      cell: (r) => (
        <button type="button" className="text-left text-sky-700 hover:underline" onClick={() => setOpenId(r.id)}>
          {r.name}
        </button>
      ),
    },
    { key: 'email', header: t('recruitment.fields.email'), cell: (r) => r.email },
    { key: 'phone', header: t('recruitment.fields.phone'), cell: (r) => r.phone ?? '-' },
    { key: 'position', header: t('recruitment.fields.positionApplied'), cell: (r) => r.positionApplied },
    { key: 'office', header: t('recruitment.office'), cell: (r) => r.companyOffice },
    {
      key: 'stage',
      header: t('recruitment.stage'),
      cell: (r) =>
        r.employeeNumber ? `${t(`recruitment.stages.${r.stage}`)} (${r.employeeNumber})` : t(`recruitment.stages.${r.stage}`),
    },
    { key: 'at', header: t('recruitment.applied'), cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <FilteredListPage
      title={t('routes.employee.recruitment')}
      actions={
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setAdding('registration')}>
            {t('recruitment.fromRegistration')}
          </Button>
          <Button size="sm" onClick={() => setAdding('manual')}>
            {t('recruitment.add')}
          </Button>
        </div>
      }
      list={filter}
      selectLabel={t('recruitment.stage')}
      options={RECRUITMENT_STAGES.map((s) => ({ value: s, label: t(`recruitment.stages.${s}`) }))}
      columns={columns}
      query={list}
      empty={t('recruitment.empty')}
    >
      {adding === 'manual' ? <AddApplicantDialog onClose={() => setAdding(null)} onAdded={setOpenId} /> : null}
      {adding === 'registration' ? <FromRegistrationDialog onClose={() => setAdding(null)} onAdded={setOpenId} /> : null}
      {openId !== null ? <ApplicantDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </FilteredListPage>
  );
}

const MANUAL_KEYS = ['givenName', 'surname', 'email', 'phone', 'companyOfficeId', 'positionApplied', 'note', 'cv'] as const;
const MANUAL_REQUIRED = new Set(['givenName', 'email', 'companyOfficeId', 'positionApplied']);
const manualSchema = createApplicantInput.omit({ cv: true });

const noteView: FieldView<string> = {
  key: 'note',
  render: (p) => (
    <TextArea id={p.id} name={p.name} rows={3} maxLength={1000} invalid={p.invalid} value={p.value} onValue={p.onChange} />
  ),
};

function useAdded(
  path: 'employee.recruitment.create' | 'employee.recruitment.fromRegistration',
  onAdded: (id: number) => void,
  onClose: () => void,
) {
  const utils = trpc.useUtils();
  return (r: { id: number }) => {
    notifySuccess(serverMessage(path));
    void utils.employee.recruitment.list.invalidate();
    onClose();
    onAdded(r.id);
  };
}

/** HR enters an applicant by hand, with an optional CV. */
function AddApplicantDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (id: number) => void }) {
  const { t } = useTranslation();
  const file = useRef<File | null>(null);
  const added = useAdded('employee.recruitment.create', onAdded, onClose);
  const create = trpc.employee.recruitment.create.useMutation({ onSuccess: added });
  const form = useSchemaForm({
    idPrefix: 'new-applicant',
    fields: formFieldDefs(MANUAL_KEYS, (key) => t(`recruitment.fields.${key}`), { required: MANUAL_REQUIRED }),
    initial: blankValues(MANUAL_KEYS),
    schema: manualSchema,
    toInput: (v) => ({
      givenName: v.givenName ?? '',
      surname: v.surname ?? '',
      email: v.email ?? '',
      phone: v.phone || null,
      companyOfficeId: toId(v.companyOfficeId ?? '') as number,
      positionApplied: v.positionApplied ?? '',
      note: v.note || null,
    }),
  });
  const views: FieldView<string>[] = [
    ...nameEmailViews,
    { key: 'phone', maxLength: 30 },
    { key: 'companyOfficeId', render: (p) => <CompanyOfficeSelect {...p} /> },
    { key: 'positionApplied', maxLength: 150 },
    noteView,
    {
      key: 'cv',
      hint: t('recruitment.cvHint'),
      render: (p) => (
        <input
          id={p.id}
          name={p.name}
          type="file"
          accept={CV_ACCEPT}
          className="block w-full text-sm"
          onChange={(e) => {
            file.current = e.target.files?.[0] ?? null;
            p.onChange(file.current?.name ?? '');
          }}
        />
      ),
    },
  ];
  const save = async (input: Omit<CreateApplicantInput, 'cv'>) => {
    let cv: Awaited<ReturnType<typeof readCv>> | undefined;
    if (file.current) {
      cv = await readCv(file.current);
      if (!cv) throw { data: { fields: [{ param: 'cv', msg: t('recruitment.badCv') }] } };
    }
    await create.mutateAsync({ ...input, ...(cv ? { cv } : {}) });
  };
  return (
    <FormDialog title={t('recruitment.add')} form={form} views={views} save={save} pending={create.isPending} onClose={onClose} />
  );
}

const REG_KEYS = ['registrationId', 'phone', 'companyOfficeId', 'positionApplied', 'note'] as const;
const REG_REQUIRED = new Set(['registrationId', 'companyOfficeId', 'positionApplied']);

/** A pending self-registration becomes an applicant (its personal data comes along). */
function FromRegistrationDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (id: number) => void }) {
  const { t } = useTranslation();
  const added = useAdded('employee.recruitment.fromRegistration', onAdded, onClose);
  const pending = trpc.employee.registration.list.useQuery({ status: 3, pageSize: 500 });
  const move = trpc.employee.recruitment.fromRegistration.useMutation({ onSuccess: added });
  const form = useSchemaForm({
    idPrefix: 'applicant-from-registration',
    fields: formFieldDefs(REG_KEYS, (key) => t(`recruitment.fields.${key}`), { required: REG_REQUIRED }),
    initial: blankValues(REG_KEYS),
    schema: manualSchema.pick({ phone: true, companyOfficeId: true, positionApplied: true, note: true }).extend({
      registrationId: manualSchema.shape.companyOfficeId,
    }),
    toInput: (v) => ({
      registrationId: toId(v.registrationId ?? '') as number,
      phone: v.phone || null,
      companyOfficeId: toId(v.companyOfficeId ?? '') as number,
      positionApplied: v.positionApplied ?? '',
      note: v.note || null,
    }),
  });
  const options = (pending.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.givenName} ${r.surname} (${r.email})` }));
  const views: FieldView<string>[] = [
    {
      key: 'registrationId',
      render: (p) => (
        <Select
          {...p}
          options={options}
          loading={pending.isLoading}
          placeholder={options.length || pending.isLoading ? '' : t('recruitment.noPending')}
        />
      ),
    },
    { key: 'phone', maxLength: 30 },
    { key: 'companyOfficeId', render: (p) => <CompanyOfficeSelect {...p} /> },
    { key: 'positionApplied', maxLength: 150 },
    noteView,
  ];
  return (
    <FormDialog
      title={t('recruitment.fromRegistration')}
      form={form}
      views={views}
      save={(input) => move.mutateAsync(input)}
      pending={move.isPending}
      onClose={onClose}
    />
  );
}
