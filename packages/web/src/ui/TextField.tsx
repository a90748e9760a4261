import type { ReactNode } from 'react';
import { Field } from './Field';
import { TextInput, type TextInputProps } from './TextInput';

export interface TextFieldProps extends Omit<TextInputProps, 'id' | 'value' | 'onChange'> {
  id: string;
  label: ReactNode;
  value: string;
  /** The new text (the input's change event, unwrapped). */
  onValue: (value: string) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** The class of the field's wrapper; `className` styles the input. */
  fieldClassName?: string;
}

/**
 * A labelled text box: `Field` around one `TextInput`. The box is marked invalid while the field
 * shows an error, unless `invalid` says otherwise.
 */
export function TextField({ id, label, error, hint, required, fieldClassName, onValue, invalid, ...input }: TextFieldProps) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} required={required} className={fieldClassName}>
      <TextInput id={id} invalid={invalid ?? Boolean(error)} onChange={(e) => onValue(e.target.value)} {...input} />
    </Field>
  );
}
