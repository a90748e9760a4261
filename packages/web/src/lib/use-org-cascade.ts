import { useState } from 'react';

/**
 * An office → department → division choice (ids as select values, '' for none): choosing an office
 * clears the department and the division, choosing a department clears the division.
 */
export function useOrgCascade() {
  const [officeId, setOfficeId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  return {
    officeId,
    departmentId,
    divisionId,
    setOffice: (v: string) => {
      setOfficeId(v);
      setDepartmentId('');
      setDivisionId('');
    },
    setDepartment: (v: string) => {
      setDepartmentId(v);
      setDivisionId('');
    },
    setDivision: setDivisionId,
  };
}

export type OrgCascade = ReturnType<typeof useOrgCascade>;
