import type { ComponentType, ReactNode } from 'react';
import { Field } from './Field';

/** What a control needs to sit in a `ControlField`: an id, a text value and its change, an invalid mark. */
export interface FieldControlProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}

type ControlFieldProps<P extends FieldControlProps> = Omit<P, 'invalid'> & {
  /** The control (DatePicker, MonthPicker, MoneyInput, Select, a lookup select …). */
  as: ComponentType<P>;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** The class of the field's wrapper. */
  fieldClassName?: string;
  /** Marks the control invalid; by default while the field shows an error. */
  invalid?: boolean;
};

/** A labelled control: `Field` around one control that takes `id`, `value`, `onChange` and `invalid`. */
export function ControlField<P extends FieldControlProps>({
  as: Control,
  label,
  error,
  hint,
  required,
  fieldClassName,
  invalid,
  ...control
}: ControlFieldProps<P>) {
  const props = { ...control, invalid: invalid ?? Boolean(error) } as unknown as P;
  return (
    <Field label={label} htmlFor={control.id} error={error} hint={hint} required={required} className={fieldClassName}>
      <Control {...props} />
    </Field>
  );
}
