import { CompanyOfficeSelect, DepartmentSelect } from '../OrgSelects';

/** Office and department filters; the departments offered are the chosen office's. */
export function OfficeDepartmentFilter({
  officeLabel,
  allOffices,
  departmentLabel,
  allDepartments,
  officeId,
  departmentId,
  onOffice,
  onDepartment,
}: {
  officeLabel: string;
  allOffices: string;
  departmentLabel: string;
  allDepartments: string;
  officeId: string;
  departmentId: string;
  /** Called with the new office; the caller clears the department. */
  onOffice: (v: string) => void;
  onDepartment: (v: string) => void;
}) {
  return (
    <>
      <CompanyOfficeSelect aria-label={officeLabel} placeholder={allOffices} value={officeId} onChange={onOffice} />
      <DepartmentSelect
        aria-label={departmentLabel}
        placeholder={allDepartments}
        companyOfficeId={officeId ? Number(officeId) : undefined}
        value={departmentId}
        onChange={onDepartment}
      />
    </>
  );
}
