import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useState } from 'react';
import { controlClass } from './controls';
import { useMarkDirty } from './dialog-guard';
import { ChevronDownIcon } from './Icons';
import type { SelectOption } from './Select';

export interface SearchableSelectProps {
  id?: string;
  name?: string;
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder: string;
  loading?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  /** The accessible name when no visible label points at `id` (e.g. a field of a table row). */
  'aria-label'?: string;
}

/** A searchable dropdown (Headless UI Combobox) for long lookup lists. */
export function SearchableSelect({
  id,
  name,
  value,
  onChange,
  options,
  placeholder,
  loading,
  invalid,
  disabled,
  'aria-label': ariaLabel,
}: SearchableSelectProps) {
  const [query, setQuery] = useState('');
  const markDirty = useMarkDirty();
  const selected = options.find((o) => String(o.value) === String(value ?? '')) ?? null;
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  return (
    <Combobox
      value={selected}
      by={(a, b) => String(a?.value) === String(b?.value)}
      onChange={(o: SelectOption | null) => {
        markDirty();
        onChange(o ? String(o.value) : '');
      }}
      onClose={() => setQuery('')}
      disabled={disabled ?? false}
      name={name}
    >
      <div className="relative">
        <ComboboxInput
          id={id}
          aria-label={ariaLabel}
          aria-invalid={invalid || undefined}
          className={controlClass(invalid ?? false, 'pr-8')}
          displayValue={(o: SelectOption | null) => o?.label ?? ''}
          placeholder={loading ? 'Loading...' : placeholder}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500">
          <ChevronDownIcon />
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        className="z-50 max-h-64 w-(--input-width) overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible"
      >
        {shown.map((o) => (
          <ComboboxOption
            key={o.value}
            value={o}
            className="cursor-pointer px-3 py-1.5 data-focus:bg-sky-100 data-selected:font-semibold"
          >
            {o.label}
          </ComboboxOption>
        ))}
      </ComboboxOptions>
    </Combobox>
  );
}
