import type { InputHTMLAttributes, Ref } from 'react';
import { controlClass } from './controls';

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({ invalid = false, className, ...props }: TextInputProps) {
  return <input aria-invalid={invalid || undefined} className={controlClass(invalid, className)} {...props} />;
}
