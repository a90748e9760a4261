import { useTranslation } from 'react-i18next';
import { SPEC_TEXT } from '../../lib/spec-text';
import { Select } from '../../ui/Select';
import { toOptions, useCompanyOffices, useDepartments, useDivisions, useJobPositions, useSections } from './use-lookups';

export interface LookupSelectProps {
  id?: string;
  name?: string;
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  /** Text of the blank first option, when the default does not fit (e.g. "All"). */
  placeholder?: string;
  'aria-label'?: string;
}

/** Spec §2: blank first option "Select Company Office", "Loading..." while fetching. */
export function CompanyOfficeSelect({ placeholder, ...props }: LookupSelectProps) {
  const q = useCompanyOffices();
  return (
    <Select
      {...props}
      options={toOptions(q.data)}
      placeholder={placeholder ?? SPEC_TEXT.selectCompanyOffice}
      loading={q.isFetching}
      loadingText={SPEC_TEXT.loading}
    />
  );
}

/** Departments of an office (all departments when no office is given, unless `requireParent`). */
export function DepartmentSelect({
  companyOfficeId,
  requireParent = false,
  placeholder,
  disabled,
  ...props
}: LookupSelectProps & { companyOfficeId?: number | undefined; requireParent?: boolean }) {
  const enabled = !requireParent || companyOfficeId !== undefined;
  const q = useDepartments(companyOfficeId, { enabled });
  return (
    <Select
      {...props}
      disabled={disabled || !enabled}
      options={enabled ? toOptions(q.data) : []}
      placeholder={placeholder ?? SPEC_TEXT.selectDepartment}
      loading={enabled && q.isFetching}
      loadingText={SPEC_TEXT.loading}
    />
  );
}

export function DivisionSelect({
  companyOfficeId,
  departmentId,
  requireParent = false,
  placeholder,
  disabled,
  ...props
}: LookupSelectProps & { companyOfficeId?: number | undefined; departmentId?: number | undefined; requireParent?: boolean }) {
  const enabled = !requireParent || departmentId !== undefined;
  const q = useDivisions({ companyOfficeId, departmentId }, { enabled });
  return (
    <Select
      {...props}
      disabled={disabled || !enabled}
      options={enabled ? toOptions(q.data) : []}
      placeholder={placeholder ?? SPEC_TEXT.selectDivision}
      loading={enabled && q.isFetching}
      loadingText={SPEC_TEXT.loading}
    />
  );
}

export function SectionSelect({
  divisionId,
  departmentId,
  placeholder,
  ...props
}: LookupSelectProps & { divisionId?: number | undefined; departmentId?: number | undefined }) {
  const { t } = useTranslation();
  const q = useSections({ divisionId, departmentId });
  return (
    <Select
      {...props}
      options={toOptions(q.data)}
      placeholder={placeholder ?? t('select.section')}
      loading={q.isFetching}
      loadingText={SPEC_TEXT.loading}
    />
  );
}

export function JobPositionSelect({
  departmentId,
  divisionId,
  sectionId,
  placeholder,
  ...props
}: LookupSelectProps & { departmentId?: number | undefined; divisionId?: number | undefined; sectionId?: number | undefined }) {
  const { t } = useTranslation();
  const q = useJobPositions({ departmentId, divisionId, sectionId });
  return (
    <Select
      {...props}
      options={toOptions(q.data)}
      placeholder={placeholder ?? t('select.jobPosition')}
      loading={q.isFetching}
      loadingText={SPEC_TEXT.loading}
    />
  );
}
