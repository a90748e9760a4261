import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGrid, type PickerFieldProps, PickerInput, PopupPanel, PopupStepper } from './PickerInput';
import { usePopover } from './use-popover';

/** "yyyy-mm" → { year, month }; null otherwise. */
export function parseMonth(v: string | null | undefined): { year: number; month: number } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(v ?? '');
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year: Number(m[1]), month } : null;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Its value is "yyyy-mm". */
export type MonthPickerProps = PickerFieldProps<string>;

/** Month picker: read-only mm/yyyy input (spec §9) with a month grid per year. */
export function MonthPicker({ value, onChange, ...field }: MonthPickerProps) {
  const { i18n } = useTranslation();
  const { open, setOpen, ref } = usePopover();
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
          <PopupStepper title={year} previousLabel="previous year" nextLabel="next year" onStep={(by) => setYear(year + by)} />
          <ChoiceGrid
            choices={MONTHS}
            selected={(m) => current?.year === year && current.month === m}
            onPick={(m) => {
              onChange(`${year}-${String(m).padStart(2, '0')}`);
              setOpen(false);
            }}
          >
            {(m) => monthName.format(new Date(2000, m - 1, 1))}
          </ChoiceGrid>
        </PopupPanel>
      ) : null}
    </div>
  );
}
