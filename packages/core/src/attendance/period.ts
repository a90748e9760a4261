import { dateRange, refuseDatesOutOfRange } from '../shared/date-ranges';
import { invalid } from '../shared/errors';

/** 'yyyy-mm-dd' of the first and last day of the month of `date`. */
export function monthOf(date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/**
 * The period of a list: the given from/to, a missing end filled from the month of the other,
 * or the current month. GL0001 on `to` when reversed or longer than maxDays.
 */
export function resolvePeriod(
  input: { from?: string | undefined; to?: string | undefined },
  today: string,
  maxDays: number,
): { from: string; to: string } {
  const from = input.from ?? monthOf(input.to ?? today).from;
  const to = input.to ?? monthOf(input.from ?? today).to;
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days < 1) throw invalid([{ param: 'to', msg: 'must not be before from' }]);
  if (days > maxDays) throw invalid([{ param: 'to', msg: `must be at most ${maxDays} days after from` }]);
  return { from, to };
}

/**
 * The plausible dates of an attendance request (leave, overtime, correction): the `request` range of
 * shared/date-ranges.ts, within one year of the company's today either way (issue 16 item 13).
 */
export function requestWindow(today: string): { from: string; to: string } {
  const r = dateRange('request', today);
  return { from: r.min, to: r.max };
}

/**
 * Refuses (VALIDATION, GL0001 naming the field) request dates outside {@link requestWindow}:
 * "must be between dd/mm/yyyy and dd/mm/yyyy".
 */
export function refuseOutsideRequestWindow(today: string, dates: readonly { param: string; date: string }[]): void {
  refuseDatesOutOfRange(
    today,
    dates.map((x) => [x.param, 'request', x.date]),
  );
}
