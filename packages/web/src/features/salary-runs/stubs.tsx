// Scaffolding: replaced by the screens of this feature.
export function SalaryReportListPage() {
  return <p>SalaryReportListPage</p>;
}
export function SalaryReportGeneratePage() {
  return <p>SalaryReportGeneratePage</p>;
}
export function SalaryReportDetailPage() {
  return <p>SalaryReportDetailPage</p>;
}
export function MySalaryPage() {
  return <p>MySalaryPage</p>;
}
