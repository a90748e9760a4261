// Scaffolding: replaced by the permission management card.
/** The employee's permissions and roles (grants awaiting approval, approve/cancel/unassign, "why can they see this") on the employee detail page. */
export function EmployeePermissionsCard(_props: { employeeId: number }) {
  return null;
}
