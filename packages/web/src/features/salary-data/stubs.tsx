// Scaffolding: replaced by the screens of this feature.
export function SalaryEmployeeListPage() {
  return <p>SalaryEmployeeListPage</p>;
}
export function SalaryEmployeeDetailPage() {
  return <p>SalaryEmployeeDetailPage</p>;
}
export function SalaryQueueListPage() {
  return <p>SalaryQueueListPage</p>;
}
export function SalaryQueueAddPage() {
  return <p>SalaryQueueAddPage</p>;
}
export function SalaryQueueEditPage() {
  return <p>SalaryQueueEditPage</p>;
}
export function SalarySettingPage() {
  return <p>SalarySettingPage</p>;
}
export function EmployeeComponentListPage() {
  return <p>EmployeeComponentListPage</p>;
}
export function EmployeeComponentDetailPage() {
  return <p>EmployeeComponentDetailPage</p>;
}
