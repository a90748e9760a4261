import { useRef } from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS, id as idLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { dateToIso, isoToDate, isoToDmy } from '../lib/date-mask';
import { createEmitGate, DATE_PICKER_EMIT_MS } from '../lib/emit-gate';
import { type PickerFieldProps, PickerInput, PopupPanel } from './PickerInput';
import { useMarkDirty } from './dialog-guard';
import { usePopover } from './use-popover';

/** Its value is yyyy-mm-dd, or null/"" when empty. */
export interface DatePickerProps extends PickerFieldProps<string> {
  placeholder?: string;
  /** Earliest and latest selectable day, yyyy-mm-dd. */
  min?: string;
  max?: string;
}

/**
 * Date picker of spec §2/§5: a read-only dd/mm/yyyy text input with a calendar icon; the value
 * comes from the calendar. The change event is emitted only if at least 300 ms have passed
 * since the previous one (spec §9).
 */
export function DatePicker({
  id,
  name,
  value,
  onChange,
  variant = 'plain',
  placeholder = 'dd/mm/yyyy',
  invalid,
  disabled,
  min,
  max,
  ariaLabel,
}: DatePickerProps) {
  const { i18n } = useTranslation();
  const { open, setOpen, ref } = usePopover();
  const gate = useRef(createEmitGate(DATE_PICKER_EMIT_MS));
  const markDirty = useMarkDirty();
  const selected = isoToDate(value);
  const minDate = isoToDate(min);
  const maxDate = isoToDate(max);
  const disabledDays = [...(minDate ? [{ before: minDate }] : []), ...(maxDate ? [{ after: maxDate }] : [])];

  const emit = (next: string) => {
    if (!gate.current.tryEmit()) return;
    markDirty();
    onChange(next);
  };

  return (
    <div ref={ref} className="relative">
      <PickerInput
        id={id}
        name={name}
        text={isoToDmy(value)}
        placeholder={placeholder}
        variant={variant}
        invalid={invalid}
        disabled={disabled}
        open={open}
        onOpen={() => setOpen(true)}
        ariaLabel={ariaLabel}
      />
      {open ? (
        <PopupPanel label={ariaLabel ?? placeholder}>
          <DayPicker
            mode="single"
            required
            locale={i18n.language === 'id' ? idLocale : enUS}
            weekStartsOn={1}
            captionLayout="dropdown"
            startMonth={minDate ?? new Date(1900, 0)}
            endMonth={maxDate ?? new Date(2100, 11)}
            defaultMonth={selected ?? new Date()}
            selected={selected}
            disabled={disabledDays}
            onSelect={(d: Date) => {
              emit(dateToIso(d));
              setOpen(false);
            }}
          />
        </PopupPanel>
      ) : null}
    </div>
  );
}
