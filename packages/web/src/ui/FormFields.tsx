import type { ReactNode } from 'react';
import { Field } from './Field';
import { TextInput } from './TextInput';
import { type FormValues, fieldId, type SchemaForm } from '../lib/use-schema-form';

export interface ControlProps {
  id: string;
  name: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}

/** How one field is drawn: a text box (default) or a custom control such as a lookup select. */
export interface FieldView<K extends string> {
  key: K;
  type?: 'text' | 'number';
  maxLength?: number;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'text';
  /** A custom control; `values` is the whole form (for dependent selects). */
  render?: (p: ControlProps, values: FormValues<K>) => ReactNode;
  /** Shown but not editable (e.g. the office of an existing ID index). */
  readOnly?: boolean;
}

/** The fields of a form, in order, each with its label, control and message. Values render as text. */
export function FormFields<K extends string, I>({ form, views }: { form: SchemaForm<K, I>; views: readonly FieldView<K>[] }) {
  return (
    <div className="space-y-4">
      {form.fields.map((f) => {
        const view = views.find((v) => v.key === f.key) ?? { key: f.key };
        const id = fieldId(form.idPrefix, f.key);
        const error = form.errors[f.key];
        const props: ControlProps = {
          id,
          name: f.key,
          value: form.values[f.key],
          invalid: Boolean(error),
          onChange: (v) => form.set(f.key, v),
        };
        return (
          <Field key={f.key} label={f.label} htmlFor={id} required={f.required ?? false} error={error} hint={view.hint}>
            {view.render ? (
              view.render(props, form.values)
            ) : (
              <TextInput
                id={id}
                name={f.key}
                type="text"
                inputMode={view.inputMode ?? (view.type === 'number' ? 'numeric' : undefined)}
                maxLength={view.maxLength}
                readOnly={view.readOnly}
                value={props.value}
                invalid={props.invalid}
                onChange={(e) => props.onChange(e.target.value)}
              />
            )}
          </Field>
        );
      })}
    </div>
  );
}
