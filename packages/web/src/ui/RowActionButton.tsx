import { Button, type ButtonProps } from './Button';

/**
 * A small button acting on one row (or one item of a list), named for screen readers with what it
 * acts on (`label` + `of`, e.g. "Delete Contract 12"); off while `busy`.
 */
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
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <Button size="sm" variant={variant} disabled={busy} aria-label={`${label} ${of}`} onClick={onClick}>
      {label}
    </Button>
  );
}
