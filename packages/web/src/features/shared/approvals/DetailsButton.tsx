import { Button } from '../../../ui/Button';

/** A row's "Details" button; its accessible name carries the row id ("Details #12"). */
export function DetailsButton({ id, label, onClick }: { id: number; label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="secondary" onClick={onClick} aria-label={`${label} #${id}`}>
      {label}
    </Button>
  );
}
