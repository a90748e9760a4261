import type { Ref, SelectHTMLAttributes } from 'react';
import { controlClass } from './controls';

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Text of the blank first option (value ""); none when omitted. */
  placeholder?: string;
  /** While true the blank option reads "Loading..." (spec §2). */
  loading?: boolean;
  loadingText?: string;
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select; the blank first option carries the placeholder. */
export function Select({
  value,
  onChange,
  options,
  placeholder,
  loading = false,
  loadingText = 'Loading...',
  invalid = false,
  className,
  ...props
}: SelectProps) {
  const blank = loading ? loadingText : placeholder;
  return (
    <select
      aria-invalid={invalid || undefined}
      aria-busy={loading || undefined}
      className={controlClass(invalid, className)}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value)}
      {...props}
    >
      {blank !== undefined ? <option value="">{blank}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={String(o.value)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
