// Scaffolding: replaced by the developer logs screen.
export function DeveloperLogsPage() {
  return <p>DeveloperLogsPage</p>;
}
