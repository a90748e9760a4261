import { sql } from 'kysely';
import { z } from 'zod';

import { COMPANY_TIME_ZONE, localDateTimeIn } from './wall-clock';

export { COMPANY_TIME_ZONE, companyYear, dateInZone, localDateTimeIn, type WallClock, wallClockIn } from './wall-clock';

/** SQL: the company's calendar date of an instant column. */
export const companyDate = (col: string) => sql<string>`(${sql.ref(col)} at time zone ${COMPANY_TIME_ZONE})::date`;

/** The company's local calendar date and time of an instant: { date: 'yyyy-mm-dd', time: 'hh:mm:ss' } (24-hour). */
export function companyLocalTime(at: Date): { date: string; time: string } {
  const s = localDateTimeIn(at);
  return { date: s.slice(0, 10), time: s.slice(11, 19) };
}

/** Indonesia's time zones (WIB, WITA, WIT), offered first by the forms. */
export const INDONESIAN_TIME_ZONES = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;

/** An IANA time zone the runtime knows (e.g. Asia/Makassar). */
export const ianaTimeZone = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .refine((tz) => {
    if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return false;
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Asia/Jakarta');
