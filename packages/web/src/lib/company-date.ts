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
