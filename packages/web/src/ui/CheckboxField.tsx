import type { ReactNode } from 'react';
import { cx } from './cx';

/** A checkbox with its label beside it; `className` adds to the row's `flex items-center gap-2 text-sm`. */
export function CheckboxField({
  label,
  checked,
  onChange,
  disabled,
  className,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <label className={cx('flex items-center gap-2 text-sm', className)}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
