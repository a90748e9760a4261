import type { ReactNode, Ref } from 'react';
import { Field } from './Field';

/**
 * A labelled file chooser: `Field` around one file input of the given types. `onFiles` gets what
 * was chosen (one file, or several when `multiple`; none when the choice was cleared).
 */
export function FileField({
  id,
  label,
  accept,
  onFiles,
  multiple,
  error,
  hint,
  fieldClassName,
  className = 'block text-sm',
  inputRef,
}: {
  id: string;
  label: ReactNode;
  accept: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** The class of the field's wrapper; `className` styles the input. */
  fieldClassName?: string;
  className?: string;
  /** The input itself, to clear it after an import. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={fieldClassName}>
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
        className={className}
        onChange={(e) => onFiles([...(e.target.files ?? [])])}
      />
    </Field>
  );
}
