/*
 * The company's calendar (Asia/Jakarta, WIB): the date a form defaults to is the company's today, not the
 * browser's UTC date (between 00:00 and 07:00 WIB the UTC date is still yesterday).
 */

/** Today in the company's time zone, 'yyyy-mm-dd'. */
export function todayWib(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(now);
}

/** This month in the company's time zone, 'yyyy-mm'. */
export const thisMonthWib = (now = new Date()): string => todayWib(now).slice(0, 7);

/** The company's time zone (spec: a setting, default Asia/Jakarta) and its short name shown beside a clock. */
export const COMPANY_TIME_ZONE = 'Asia/Jakarta';
export const COMPANY_ZONE_LABEL = 'WIB';

/** An instant as the company's wall clock, dd/mm/yyyy HH:mm:ss (24-hour), whatever the browser's zone. */
export function companyClock(now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: COMPANY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}
