import type { TextareaHTMLAttributes } from 'react';
import { controlClass } from './controls';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string;
  /** The new text (the change event, unwrapped). */
  onValue: (value: string) => void;
  /** Draws the red highlight of spec §5 (set `aria-invalid` yourself where the box may be wrong). */
  invalid?: boolean;
}

/** A multi-line text box styled like the other inputs; `className` adds to the input classes. */
export function TextArea({ value, onValue, invalid = false, className, ...props }: TextAreaProps) {
  return (
    <textarea {...props} className={controlClass(invalid, className)} value={value} onChange={(e) => onValue(e.target.value)} />
  );
}
