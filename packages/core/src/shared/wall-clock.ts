/*
 * The company's calendar and wall clock from an instant, with no imports: the server (shared/time-zone.ts) and the
 * browser (`@hr/core/browser`, web/src/lib/company-date.ts) use the same code.
 */

/**
 * The company's time zone (IANA): the company works in Indonesia's western time, WIB (UTC+7, no
 * daylight saving). It decides which calendar day "today" is, and the local date and time of an
 * instant, everywhere in the app. ARCHITECTURE.md makes the zone a setting; until that setting
 * exists, this constant is the one place it is read from. Dates shown and typed are in this zone
 * (spec §9).
 */
export const COMPANY_TIME_ZONE = 'Asia/Jakarta';

/** The wall-clock fields of an instant in `timeZone`, zero-padded digit strings on a 24-hour clock. */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/*
 * One formatter per time zone, kept: building an Intl.DateTimeFormat loads the zone's rules from ICU and costs far
 * more than formatting with it (issue 22: "today" is asked by most requests; a new formatter each time was a tenth of
 * a loaded server's own CPU). A zone the runtime does not know throws, as the constructor does, and is not kept.
 */
const WALL_CLOCKS = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let f = WALL_CLOCKS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (WALL_CLOCKS.size < 1_000) WALL_CLOCKS.set(timeZone, f);
  }
  return f;
}

/** The wall clock (date and time fields) of an instant in `timeZone`. Throws a RangeError for an unknown zone. */
export function wallClockIn(at: Date, timeZone: string): WallClock {
  const parts = wallClockFormat(timeZone).formatToParts(at);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The local wall time of an instant in `timeZone` (default the company's): 'yyyy-mm-ddThh:mm:ss'. */
export function localDateTimeIn(at: Date, timeZone: string = COMPANY_TIME_ZONE): string {
  const w = wallClockIn(at, timeZone);
  return `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}:${w.second}`;
}

/** The calendar date ('yyyy-mm-dd') of an instant in `timeZone` (default the company's). Throws for an unknown zone. */
export function dateInZone(at: Date, timeZone: string = COMPANY_TIME_ZONE): string {
  const w = wallClockIn(at, timeZone);
  return `${w.year}-${w.month}-${w.day}`;
}

/** The calendar year of an instant in the company's time zone (whether a tax year is over, this year's birthdays). */
export const companyYear = (at: Date): number => Number(wallClockIn(at, COMPANY_TIME_ZONE).year);
