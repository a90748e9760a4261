/**
 * Pure annual-leave rules (issue 4). Days are whole or half working days.
 *
 * Source: UU 13/2003 art. 79(2)(c) as amended by UU 6/2023 (Cipta Kerja): an employee is
 * entitled to at least 12 working days of annual leave after working 12 months continuously.
 */

/** 'yyyy-mm-dd' plus n calendar months (the day clamps to the month's last day: 31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The date from which annual leave may be taken: the employee record's annual-leave entitlement
 * date (spec §3). HR sets it (usually 12 months after joining); a record without it (trainees,
 * interns, freelancers) earns no annual leave. The join dates are not used as a fallback, so a
 * missing date never grants leave by accident.
 */
export function entitlementDateOf(e: { annualLeaveDate: string | null }): string | null {
  return e.annualLeaveDate ?? null;
}

/** Rounds down to a half day. */
export const halfDown = (v: number): number => Math.floor(v * 2 + 1e-9) / 2;

/**
 * Annual days of `year`: none before the entitlement year; the full days in later years; in the
 * entitlement year the full days, or with `prorate` the share of the months left (the
 * entitlement month counts), rounded down to a half day.
 */
export function annualEntitlement(
  year: number,
  entitlementDate: string | null,
  settings: { annualDays: number; prorateFirstYear: boolean },
): number {
  if (!entitlementDate) return 0;
  const startYear = Number(entitlementDate.slice(0, 4));
  if (year < startYear) return 0;
  if (year > startYear || !settings.prorateFirstYear) return settings.annualDays;
  const monthsLeft = 12 - Number(entitlementDate.slice(5, 7)) + 1;
  return halfDown((settings.annualDays * monthsLeft) / 12);
}

/** Days that move into a year: what was left of the previous one, at most the setting. */
export function carryOver(previousRemaining: number, carryOverMaxDays: number): number {
  if (previousRemaining <= 0 || carryOverMaxDays <= 0) return 0;
  return Math.min(previousRemaining, carryOverMaxDays);
}
