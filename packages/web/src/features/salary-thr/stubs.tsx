// Scaffolding: replaced by the screens of this feature.
export function HolidayAllowanceListPage() {
  return <p>HolidayAllowanceListPage</p>;
}
export function HolidayAllowanceGeneratePage() {
  return <p>HolidayAllowanceGeneratePage</p>;
}
export function HolidayAllowanceDetailPage() {
  return <p>HolidayAllowanceDetailPage</p>;
}
