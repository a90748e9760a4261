import { COMPANY_TIME_ZONE, dateInZone, wallClockIn } from '@hr/core/browser';

/*
 * The company's calendar (Asia/Jakarta, WIB): the date a form defaults to is the company's today, not the
 * browser's UTC date (between 00:00 and 07:00 WIB the UTC date is still yesterday).
 */

/** Today in the company's time zone, 'yyyy-mm-dd'. */
export function todayWib(now = new Date()): string {
  return dateInZone(now, COMPANY_TIME_ZONE);
}

/** This month in the company's time zone, 'yyyy-mm'. */
export const thisMonthWib = (now = new Date()): string => todayWib(now).slice(0, 7);

/** The company's time zone (spec: a setting, default Asia/Jakarta) and its short name shown beside a clock. */
export { COMPANY_TIME_ZONE };
export const COMPANY_ZONE_LABEL = 'WIB';

/** An instant as the company's wall clock, dd/mm/yyyy HH:mm:ss (24-hour), whatever the browser's zone. */
export function companyClock(now = new Date()): string {
  const w = wallClockIn(now, COMPANY_TIME_ZONE);
  return `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}:${w.second}`;
}
