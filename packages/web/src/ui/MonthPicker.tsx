import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cx } from './cx';
import { ChevronLeftIcon, ChevronRightIcon } from './Icons';
import { type PickerFieldProps, PickerInput, PopupPanel } from './PickerInput';
import { useMarkDirty } from './dialog-guard';
import { usePopover } from './use-popover';

/** "yyyy-mm" → { year, month }; null otherwise. */
export function parseMonth(v: string | null | undefined): { year: number; month: number } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(v ?? '');
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

/** Its value is "yyyy-mm". */
export type MonthPickerProps = PickerFieldProps<string>;

/** Month picker: read-only mm/yyyy input (spec §9) with a month grid per year. */
export function MonthPicker({ value, onChange, ...field }: MonthPickerProps) {
  const { i18n } = useTranslation();
  const { open, setOpen, ref } = usePopover();
  const markDirty = useMarkDirty();
  const current = parseMonth(value);
  const [year, setYear] = useState(() => current?.year ?? new Date().getFullYear());
  const monthName = new Intl.DateTimeFormat(i18n.language === 'id' ? 'id-ID' : 'en-GB', { month: 'short' });
  const text = current ? `${String(current.month).padStart(2, '0')}/${current.year}` : '';
  return (
    <div ref={ref} className="relative">
      <PickerInput
        {...field}
        text={text}
        placeholder="mm/yyyy"
        open={open}
        onOpen={() => {
          setYear(current?.year ?? new Date().getFullYear());
          setOpen(true);
        }}
      />
      {open ? (
        <PopupPanel label={field.ariaLabel ?? 'mm/yyyy'}>
          <div className="mb-2 flex items-center justify-between">
            <Button variant="ghost" size="sm" aria-label="previous year" onClick={() => setYear(year - 1)}>
              <ChevronLeftIcon />
            </Button>
            <span className="font-semibold tabular-nums">{year}</span>
            <Button variant="ghost" size="sm" aria-label="next year" onClick={() => setYear(year + 1)}>
              <ChevronRightIcon />
            </Button>
          </div>
          <div className="grid w-56 grid-cols-3 gap-1">
            {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
              <button
                key={m}
                type="button"
                onClick={() => {
                  markDirty();
                  onChange(`${year}-${String(m).padStart(2, '0')}`);
                  setOpen(false);
                }}
                className={cx(
                  'rounded px-2 py-1.5 text-sm hover:bg-sky-100',
                  current?.year === year && current.month === m && 'bg-sky-700 text-white hover:bg-sky-800',
                )}
              >
                {monthName.format(new Date(2000, m - 1, 1))}
              </button>
            ))}
          </div>
        </PopupPanel>
      ) : null}
    </div>
  );
}
