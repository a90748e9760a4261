// Scaffolding: replaced by the screens of this feature.
export function IncomeTaxListPage() {
  return <p>IncomeTaxListPage</p>;
}
export function IncomeTaxDetailPage() {
  return <p>IncomeTaxDetailPage</p>;
}
export function ReportBonusListPage() {
  return <p>ReportBonusListPage</p>;
}
export function ReportBonusDetailPage() {
  return <p>ReportBonusDetailPage</p>;
}
