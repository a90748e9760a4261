// Overtime rules as data (PP 35/2021 Pasal 21, 26, 31; successor to Kepmenakertrans 102/MEN/VI/2004 with
// the same multipliers; payroll-id.md §3). No imports so the input schema can use it too.

export const OVERTIME_SOURCE = 'PP 35/2021 Pasal 31 (same multipliers as Kepmenakertrans 102/MEN/VI/2004)';

/** Normal working time (PP 35/2021 Pasal 21): 7 h/day over 6 days or 8 h/day over 5 days, 40 h/week. */
export const NORMAL_WORKING_TIME = {
  5: { hoursPerDay: 8, hoursPerWeek: 40 },
  6: { hoursPerDay: 7, hoursPerWeek: 40 },
} as const;

/**
 * Multiplier bands `[last hour of the band, multiplier]`, for the nth hour of overtime on that day
 * (PP 35/2021 Pasal 31; payroll-id.md §3 table). `null` = every later hour.
 */
export const OVERTIME_MULTIPLIERS = {
  workday: [
    [1, '1.5'],
    [null, '2'],
  ],
  'restday-6': [
    [7, '2'],
    [8, '3'],
    [11, '4'],
  ],
  'holiday-shortest-workday-6': [
    [5, '2'],
    [6, '3'],
    [9, '4'],
  ],
  'restday-5': [
    [8, '2'],
    [9, '3'],
    [12, '4'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [number | null, string]>>;

export type OvertimeTableKey = keyof typeof OVERTIME_MULTIPLIERS;

export function overtimeTableKey(
  workWeek: 5 | 6,
  dayType: 'workday' | 'restday' | 'holiday-shortest-workday',
): OvertimeTableKey | null {
  if (dayType === 'workday') return 'workday';
  if (dayType === 'restday') return workWeek === 6 ? 'restday-6' : 'restday-5';
  return workWeek === 6 ? 'holiday-shortest-workday-6' : null;
}

/**
 * The most overtime hours the multiplier table covers for a day: the last band of a rest-day/holiday
 * table; on a workday the hours left in the day after normal working time (24 − 8 or 24 − 7).
 */
export function overtimeMaxPayableHours(
  workWeek: 5 | 6,
  dayType: 'workday' | 'restday' | 'holiday-shortest-workday',
): number | null {
  const key = overtimeTableKey(workWeek, dayType);
  if (key === null) return null;
  if (key === 'workday') return 24 - NORMAL_WORKING_TIME[workWeek].hoursPerDay;
  const bands = OVERTIME_MULTIPLIERS[key];
  return bands[bands.length - 1]?.[0] ?? null;
}

/**
 * Why a day's overtime cannot be paid from the multiplier table, or null: the day type does not exist in that
 * work week, or the hours pass the table's last hour. The one check behind `hr calc overtime`'s input
 * (schema.ts overtimeInput), the payroll run's overtime lines and the pay preview.
 */
export function overtimeDayProblem(
  workWeek: 5 | 6,
  dayType: 'workday' | 'restday' | 'holiday-shortest-workday',
  hours: number,
): { field: 'dayType' | 'hours'; message: string } | null {
  const max = overtimeMaxPayableHours(workWeek, dayType);
  if (max === null)
    return { field: 'dayType', message: 'holiday-shortest-workday applies to a 6-day work week only (PP 35/2021 Pasal 31)' };
  if (hours > max)
    return { field: 'hours', message: `must be at most ${max} on a ${dayType} in a ${workWeek}-day week (PP 35/2021 Pasal 31)` };
  return null;
}

/**
 * Legal overtime limits on workdays (overtime on weekly rest days and public holidays does not count):
 * PP 35/2021 Pasal 26 (4 h/day, 18 h/week, recommended) or the old Kepmen 102/2004 (3 h/day, 14 h/week).
 */
export const OVERTIME_LIMITS = {
  'pp35-2021': { maxHoursPerDay: 4, maxHoursPerWeek: 18, source: 'PP 35/2021 Pasal 26' },
  'kepmen-102-2004': {
    maxHoursPerDay: 3,
    maxHoursPerWeek: 14,
    source: 'Kepmenakertrans 102/MEN/VI/2004 (superseded)',
  },
} as const;
export type OvertimeLimitRegime = keyof typeof OVERTIME_LIMITS;

/** Overtime of 4 hours or more needs a meal of at least 1,400 kcal (PP 35/2021 Pasal 27–29). */
export const OVERTIME_MEAL_FROM_HOURS = 4;
