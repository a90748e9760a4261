import { createEmployeeInput } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { FormDialog } from '../../ui/FormDialog';
import type { FieldView } from '../../ui/FormFields';
import { blankValues, formFieldDefs, useSchemaForm } from '../../lib/use-schema-form';
import { PLACEMENT_RESETS } from '../shared/placement-views';
import { toId } from '../shared/use-lookups';
import { EMPLOYMENT_KEYS, employmentViews, nameEmailViews, PERSONAL_KEYS, personalViews } from './employee-form-views';

const REQUIRED = new Set([
  'givenName',
  'email',
  'gender',
  'birthDate',
  'religionId',
  'educationLevelId',
  'maritalStatusId',
  'companyOfficeId',
  'contractType',
  'firstJoinDate',
]);
const KEYS = ['givenName', 'surname', 'email', ...PERSONAL_KEYS, ...EMPLOYMENT_KEYS] as const;

/** HR enters a new employee; the number comes from the office's ID index. Opens the new record. */
export function AddEmployeeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.employee.create.useMutation({
    onSuccess: (r) => {
      notifySuccess(t('employeeDetail.created', { number: r.employeeNumber }));
      void utils.employee.list.invalidate();
      void navigate(`/employee/list/${r.id}/detail`);
    },
  });
  const form = useSchemaForm({
    idPrefix: 'new-employee',
    fields: formFieldDefs(KEYS, (key) => t(`employeeDetail.fields.${key}`), { required: REQUIRED, resets: PLACEMENT_RESETS }),
    initial: blankValues(KEYS),
    schema: createEmployeeInput,
    toInput: (v) => ({
      givenName: v.givenName ?? '',
      surname: v.surname ?? '',
      email: v.email ?? '',
      gender: v.gender as 'Male' | 'Female',
      birthDate: v.birthDate ?? '',
      religionId: toId(v.religionId ?? '') as number,
      educationLevelId: toId(v.educationLevelId ?? '') as number,
      maritalStatusId: toId(v.maritalStatusId ?? '') as number,
      companyOfficeId: toId(v.companyOfficeId ?? '') as number,
      departmentId: toId(v.departmentId ?? '') ?? null,
      divisionId: toId(v.divisionId ?? '') ?? null,
      sectionId: toId(v.sectionId ?? '') ?? null,
      jobPositionId: toId(v.jobPositionId ?? '') ?? null,
      jobLevelId: toId(v.jobLevelId ?? '') ?? null,
      contractType: Number(v.contractType) || (undefined as unknown as number),
      firstJoinDate: v.firstJoinDate ?? '',
      annualLeaveDate: v.annualLeaveDate || null,
    }),
  });
  const views: FieldView<string>[] = [...nameEmailViews, ...personalViews, ...employmentViews];
  return (
    <FormDialog
      title={t('employeeDetail.addEmployee')}
      form={form}
      views={views}
      save={(input) => create.mutateAsync(input)}
      pending={create.isPending}
      onClose={onClose}
    />
  );
}
