import { DatePicker } from '../../../ui/DatePicker';

/** The "from" and "to" dates of a list filter (each empty means open-ended). */
export function PeriodFilter({
  fromLabel,
  toLabel,
  from,
  to,
  onFrom,
  onTo,
}: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
}) {
  return (
    <>
      <DatePicker ariaLabel={fromLabel} placeholder={fromLabel} value={from} onChange={onFrom} />
      <DatePicker ariaLabel={toLabel} placeholder={toLabel} value={to} onChange={onTo} />
    </>
  );
}
