import { useState } from 'react';
import { ChoiceGrid, type PickerFieldProps, PickerInput, PopupPanel, PopupStepper } from './PickerInput';
import { usePopover } from './use-popover';

export type YearPickerProps = PickerFieldProps<number>;

const PAGE = 12;

/** Year picker: read-only yyyy input (spec §9) with a grid of 12 years. */
export function YearPicker({ value, onChange, ...field }: YearPickerProps) {
  const { open, setOpen, ref } = usePopover();
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
          <PopupStepper
            title={`${start}–${start + PAGE - 1}`}
            previousLabel="previous years"
            nextLabel="next years"
            onStep={(by) => setStart(start + by * PAGE)}
          />
          <ChoiceGrid
            choices={Array.from({ length: PAGE }, (_, i) => start + i)}
            selected={(y) => value === y}
            onPick={(y) => {
              onChange(y);
              setOpen(false);
            }}
            className="tabular-nums"
          >
            {(y) => y}
          </ChoiceGrid>
        </PopupPanel>
      ) : null}
    </div>
  );
}
