import type { ReactNode, Ref } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { useMarkDirty } from './dialog-guard';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from './Icons';

export type PickerVariant = 'plain' | 'underlined';

/** What every picker (date, month, year) takes: its value `V`, and how its input looks and is named. */
export interface PickerFieldProps<V> {
  id?: string;
  name?: string;
  value: V | null | undefined;
  onChange: (value: V) => void;
  variant?: PickerVariant;
  invalid?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
}

export interface PickerInputProps {
  id?: string | undefined;
  name?: string | undefined;
  text: string;
  placeholder: string;
  /** Default: plain. */
  variant?: PickerVariant | undefined;
  invalid?: boolean | undefined;
  disabled?: boolean | undefined;
  open: boolean;
  onOpen: () => void;
  icon?: ReactNode;
  ariaLabel?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The read-only text input of the date/month/year pickers (spec §5: "values come from the
 * calendar") with a calendar icon; plain (boxed) or underlined style.
 */
export function PickerInput({
  id,
  name,
  text,
  placeholder,
  variant = 'plain',
  invalid,
  disabled,
  open,
  onOpen,
  icon,
  ariaLabel,
  ref,
}: PickerInputProps) {
  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        name={name}
        type="text"
        readOnly
        disabled={disabled}
        value={text}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        onClick={onOpen}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            onOpen();
          }
        }}
        className={cx(
          'block w-full cursor-pointer bg-white py-2 pr-9 text-sm text-slate-900 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100',
          variant === 'plain'
            ? 'rounded-md border px-3 shadow-sm focus:ring-2'
            : 'rounded-none border-0 border-b-2 bg-transparent px-1 focus:ring-0',
          invalid
            ? 'border-red-500 bg-red-50 focus:ring-red-200'
            : variant === 'plain'
              ? 'border-slate-300 focus:border-sky-500 focus:ring-sky-200'
              : 'border-slate-300 focus:border-sky-600',
        )}
      />
      <button
        type="button"
        tabIndex={-1}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={onOpen}
        aria-label={ariaLabel ?? placeholder}
        className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500 hover:text-sky-700"
      >
        {icon ?? <CalendarIcon />}
      </button>
    </div>
  );
}

export function PopupPanel({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div
      role="dialog"
      aria-label={label}
      className="absolute left-0 z-40 mt-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
    >
      {children}
    </div>
  );
}

/** The head of the month and year popups: "previous" and "next" around what the grid shows (`title`). */
export function PopupStepper({
  title,
  previousLabel,
  nextLabel,
  onStep,
}: {
  title: ReactNode;
  previousLabel: string;
  nextLabel: string;
  onStep: (by: -1 | 1) => void;
}) {
  return (
    <div className="mb-2 flex items-center justify-between">
      <Button variant="ghost" size="sm" aria-label={previousLabel} onClick={() => onStep(-1)}>
        <ChevronLeftIcon />
      </Button>
      <span className="font-semibold tabular-nums">{title}</span>
      <Button variant="ghost" size="sm" aria-label={nextLabel} onClick={() => onStep(1)}>
        <ChevronRightIcon />
      </Button>
    </div>
  );
}

/**
 * The choices of the month and year popups in three columns, `selected` filled; a pick marks the
 * dialog edited (`useMarkDirty`), then `onPick`. `className` adds to each choice's classes.
 */
export function ChoiceGrid({
  choices,
  selected,
  onPick,
  className,
  children,
}: {
  choices: readonly number[];
  selected: (choice: number) => boolean;
  onPick: (choice: number) => void;
  className?: string;
  children: (choice: number) => ReactNode;
}) {
  const markDirty = useMarkDirty();
  return (
    <div className="grid w-56 grid-cols-3 gap-1">
      {choices.map((c) => (
        <button
          key={c}
          type="button"
          onClick={() => {
            markDirty();
            onPick(c);
          }}
          className={cx(
            'rounded px-2 py-1.5 text-sm hover:bg-sky-100',
            className,
            selected(c) && 'bg-sky-700 text-white hover:bg-sky-800',
          )}
        >
          {children(c)}
        </button>
      ))}
    </div>
  );
}
