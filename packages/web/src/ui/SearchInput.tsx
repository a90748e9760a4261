import { TextInput, type TextInputProps } from './TextInput';

export interface SearchInputProps extends Omit<TextInputProps, 'type' | 'value' | 'onChange' | 'placeholder'> {
  /** Read to screen readers; also the placeholder unless `placeholder` is given. */
  label: string;
  placeholder?: string;
  value: string;
  onValue: (value: string) => void;
}

/** A search box of at most 100 characters (the lists' search limit). */
export function SearchInput({ label, placeholder, value, onValue, ...props }: SearchInputProps) {
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      value={value}
      maxLength={100}
      onChange={(e) => onValue(e.target.value)}
      {...props}
    />
  );
}
