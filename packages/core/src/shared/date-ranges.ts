import { type FieldIssue, invalid } from './errors';

/**
 * The plausible range of every date a person types (issue 16 item 13; docs/security.md), one rule
 * for every path that writes one: employee records (HR forms, data update requests on submit and on
 * approval, new employees, self-registrations, employment records, resignations), attendance requests
 * and bookings. Pure and browser-safe. Ranges are relative to today (the company's day, WIB), except
 * `booking`, which starts on a fixed day:
 *
 * | kind         | dates                                                       | range                          |
 * |--------------|-------------------------------------------------------------|--------------------------------|
 * | `birth`      | an employee's or registrant's birth date                    | age 15 to 100 years            |
 * | `family`     | parents' and siblings' birth dates                          | 120 years ago to today         |
 * | `past`       | previous companies' start and end dates                     | 80 years ago to today          |
 * | `employment` | entry, first join, contract start, annual leave date        | 60 years ago to 1 year ahead   |
 * | `record`     | the effective date of a mutation, promotion, demotion, move | 60 years ago to today          |
 * | `leaving`    | a resignation's last working day                            | today to 1 year ahead          |
 * | `request`    | leave, overtime and correction dates                        | 1 year ago to 1 year ahead     |
 * | `booking`    | deposits, join dates, needed-by, order/delivery/receipt     | 01/01/2000 to 1 year ahead     |
 *
 * Age 15: the minimum working age of UU 13/2003 art. 68–69 (children 13–15 only light work with
 * a parent's consent, which this system does not record).
 */
export const DATE_RANGES = {
  birth: { yearsBack: 100, yearsAhead: -15 },
  family: { yearsBack: 120, yearsAhead: 0 },
  past: { yearsBack: 80, yearsAhead: 0 },
  employment: { yearsBack: 60, yearsAhead: 1 },
  record: { yearsBack: 60, yearsAhead: 0 },
  leaving: { yearsBack: 0, yearsAhead: 1 },
  // A 2099 overtime is a typo, not a plan; a request older than a year belongs to long-closed payroll periods.
  request: { yearsBack: 1, yearsAhead: 1 },
  // Before 2000 the company kept no records in this system.
  booking: { from: '2000-01-01', yearsAhead: 1 },
} as const satisfies Record<string, { yearsBack: number; yearsAhead: number } | { from: string; yearsAhead: number }>;
export type DateKind = keyof typeof DATE_RANGES;

/** Today in Indonesia's western time (WIB, UTC+7), where the company works: 'yyyy-mm-dd'. */
export const todayWib = (now: Date): string => new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10);

/** 'yyyy-mm-dd' → 'dd/mm/yyyy' (spec §9 date format), for messages and files. */
export const ddmmyyyy = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/** The company's calendar date (WIB) by a service context's clock: 'yyyy-mm-dd'. */
export const todayOf = (ctx: { clock: () => Date }): string => todayWib(ctx.clock());

/** 'yyyy-mm-dd' moved by whole years (29 February becomes 28 February in a common year). */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The earliest and latest allowed date of a kind, 'yyyy-mm-dd'. */
export function dateRange(kind: DateKind, today: string): { min: string; max: string } {
  const r: { yearsBack?: number; from?: string; yearsAhead: number } = DATE_RANGES[kind];
  return { min: r.from ?? addYears(today, -(r.yearsBack ?? 0)), max: addYears(today, r.yearsAhead) };
}

/** The message for a date outside its range (null when inside), naming the range in dd/mm/yyyy. */
export function dateIssue(kind: DateKind, value: string | null | undefined, today: string): string | null {
  if (value == null || value === '') return null;
  const { min, max } = dateRange(kind, today);
  if (value >= min && value <= max) return null;
  if (kind === 'birth') return `must be between ${ddmmyyyy(min)} and ${ddmmyyyy(max)} (age 15 to 100)`;
  if (value > max && max === today) return 'must not be in the future';
  if (value < min && min === today) return 'must not be in the past';
  return `must be between ${ddmmyyyy(min)} and ${ddmmyyyy(max)}`;
}

/** Collects the issues of several dates: [param, kind, value]. */
export function dateIssues(today: string, dates: [string, DateKind, string | null | undefined][]): FieldIssue[] {
  return dates.flatMap(([param, kind, value]) => {
    const msg = dateIssue(kind, value, today);
    return msg ? [{ param, msg }] : [];
  });
}

/**
 * Refuses the given dates outside their kind's range: one VALIDATION error (GL0001) naming each
 * field, with the overall message "The date <first issue>". Null / undefined values are skipped.
 */
export function refuseDatesOutOfRange(today: string, dates: [string, DateKind, string | null | undefined][]): void {
  const fields = dateIssues(today, dates);
  if (fields.length) throw invalid(fields, `The date ${fields[0]!.msg}`);
}
