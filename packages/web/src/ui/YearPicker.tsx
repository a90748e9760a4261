import { useState } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { ChevronLeftIcon, ChevronRightIcon } from './Icons';
import { type PickerFieldProps, PickerInput, PopupPanel } from './PickerInput';
import { useMarkDirty } from './dialog-guard';
import { usePopover } from './use-popover';

export type YearPickerProps = PickerFieldProps<number>;

const PAGE = 12;

/** Year picker: read-only yyyy input (spec §9) with a grid of 12 years. */
export function YearPicker({ value, onChange, ...field }: YearPickerProps) {
  const { open, setOpen, ref } = usePopover();
  const markDirty = useMarkDirty();
  const pageStart = (y: number) => y - (((y % PAGE) + PAGE) % PAGE);
  const [start, setStart] = useState(() => pageStart(value ?? new Date().getFullYear()));
  return (
    <div ref={ref} className="relative">
      <PickerInput
        {...field}
        text={value ? String(value) : ''}
        placeholder="yyyy"
        open={open}
        onOpen={() => {
          setStart(pageStart(value ?? new Date().getFullYear()));
          setOpen(true);
        }}
      />
      {open ? (
        <PopupPanel label={field.ariaLabel ?? 'yyyy'}>
          <div className="mb-2 flex items-center justify-between">
            <Button variant="ghost" size="sm" aria-label="previous years" onClick={() => setStart(start - PAGE)}>
              <ChevronLeftIcon />
            </Button>
            <span className="font-semibold tabular-nums">
              {start}–{start + PAGE - 1}
            </span>
            <Button variant="ghost" size="sm" aria-label="next years" onClick={() => setStart(start + PAGE)}>
              <ChevronRightIcon />
            </Button>
          </div>
          <div className="grid w-56 grid-cols-3 gap-1">
            {Array.from({ length: PAGE }, (_, i) => start + i).map((y) => (
              <button
                key={y}
                type="button"
                onClick={() => {
                  markDirty();
                  onChange(y);
                  setOpen(false);
                }}
                className={cx(
                  'rounded px-2 py-1.5 text-sm tabular-nums hover:bg-sky-100',
                  value === y && 'bg-sky-700 text-white hover:bg-sky-800',
                )}
              >
                {y}
              </button>
            ))}
          </div>
        </PopupPanel>
      ) : null}
    </div>
  );
}
