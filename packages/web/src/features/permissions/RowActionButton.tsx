import { Button, type ButtonProps } from '../../ui/Button';

/** A small decision button of a table row, named for screen readers with what it acts on (`label` + `of`). */
export function RowActionButton({
  label,
  of,
  variant,
  busy,
  onClick,
}: {
  label: string;
  of: string;
  variant?: ButtonProps['variant'];
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="sm" variant={variant} disabled={busy} aria-label={`${label} ${of}`} onClick={onClick}>
      {label}
    </Button>
  );
}
