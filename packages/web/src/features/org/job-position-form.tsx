import { createJobPositionInput, type JobPositionRow } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { orgParentViews, SectionSelect } from '../shared/OrgSelects';
import { JobLevelSelect } from '../shared/ReferenceSelects';
import { toId } from '../shared/use-lookups';
import type { FieldView } from '../../ui/FormFields';
import { type FormFieldDef, useSchemaForm } from '../../lib/use-schema-form';

export type JobPositionKey = 'name' | 'jobLevelId' | 'companyOfficeId' | 'departmentId' | 'divisionId' | 'sectionId';

const idText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The job position form (create dialog and the setting screen): name, level and where it sits. */
export function useJobPositionForm(position: JobPositionRow | null, defaults: { companyOfficeId?: string } = {}) {
  const { t } = useTranslation();
  return useSchemaForm({
    idPrefix: 'job-position',
    fields: [
      { key: 'name', label: t('org.fields.name'), required: true },
      { key: 'jobLevelId', label: t('org.fields.jobLevel') },
      {
        key: 'companyOfficeId',
        label: t('org.fields.companyOffice'),
        required: true,
        resets: ['departmentId', 'divisionId', 'sectionId'],
      },
      { key: 'departmentId', label: t('org.fields.department'), required: true, resets: ['divisionId', 'sectionId'] },
      { key: 'divisionId', label: t('org.fields.division'), resets: ['sectionId'] },
      { key: 'sectionId', label: t('org.fields.section') },
    ] satisfies FormFieldDef<JobPositionKey>[],
    initial: {
      name: position?.name ?? '',
      jobLevelId: idText(position?.jobLevelId),
      companyOfficeId: position ? String(position.companyOfficeId) : (defaults.companyOfficeId ?? ''),
      departmentId: idText(position?.departmentId),
      divisionId: idText(position?.divisionId),
      sectionId: idText(position?.sectionId),
    },
    schema: createJobPositionInput,
    toInput: (v) => ({
      name: v.name,
      jobLevelId: toId(v.jobLevelId) ?? null,
      companyOfficeId: toId(v.companyOfficeId),
      departmentId: toId(v.departmentId),
      divisionId: toId(v.divisionId) ?? null,
      sectionId: toId(v.sectionId) ?? null,
    }),
  });
}

export function jobPositionViews(): FieldView<JobPositionKey>[] {
  return [
    { key: 'name', maxLength: 100 },
    { key: 'jobLevelId', render: (p) => <JobLevelSelect {...p} /> },
    ...orgParentViews<JobPositionKey>('companyOfficeId', 'departmentId', 'divisionId'),
    {
      key: 'sectionId',
      render: (p, v) => (
        <SectionSelect
          {...p}
          disabled={!toId(v.departmentId)}
          divisionId={toId(v.divisionId)}
          departmentId={toId(v.departmentId)}
        />
      ),
    },
  ];
}
