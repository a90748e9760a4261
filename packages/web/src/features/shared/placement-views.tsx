import { DatePicker } from '../../ui/DatePicker';
import type { FieldView } from '../../ui/FormFields';
import { JobPositionSelect, orgParentViews, SectionSelect } from './OrgSelects';
import { JobLevelSelect } from './ReferenceSelects';
import { toId } from './use-lookups';

/** A form field drawn as a date picker (value yyyy-mm-dd). */
export const dateView = (key: string): FieldView<string> => ({
  key,
  render: (p) => <DatePicker id={p.id} name={p.name} value={p.value} onChange={p.onChange} invalid={p.invalid} />,
});

/**
 * Where someone sits in the org tree, as form fields: office → department → division → section →
 * job position (each list narrowed by the ones before it), and the job level.
 */
export const placementViews: FieldView<string>[] = [
  ...orgParentViews('companyOfficeId', 'departmentId', 'divisionId'),
  {
    key: 'sectionId',
    render: (p, v) => (
      <SectionSelect {...p} disabled={!toId(v.divisionId)} divisionId={toId(v.divisionId)} departmentId={toId(v.departmentId)} />
    ),
  },
  {
    key: 'jobPositionId',
    render: (p, v) => (
      <JobPositionSelect
        {...p}
        disabled={!toId(v.departmentId)}
        departmentId={toId(v.departmentId)}
        divisionId={toId(v.divisionId)}
        sectionId={toId(v.sectionId)}
      />
    ),
  },
  { key: 'jobLevelId', render: (p) => <JobLevelSelect {...p} /> },
];

/** Fields cleared when a placement field changes (a department depends on its office, …). */
export const PLACEMENT_RESETS: Record<string, string[]> = {
  companyOfficeId: ['departmentId', 'divisionId', 'sectionId', 'jobPositionId'],
  departmentId: ['divisionId', 'sectionId', 'jobPositionId'],
  divisionId: ['sectionId', 'jobPositionId'],
  sectionId: ['jobPositionId'],
};
