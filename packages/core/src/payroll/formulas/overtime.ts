import { Dec, type DecInput, dec, percentOf, sum, toDisplayNumber, toInt, toRupiah } from '../money';
import {
  type EmploymentType,
  type HourlyWageRounding,
  type OvertimeDayType,
  type OvertimeInput,
  type OvertimeParsedInput,
  overtimeInput,
  type WorkWeek,
} from '../schema';
import { type Trace, type TraceMap, type TraceValue, trace } from '../trace';
import {
  NORMAL_WORKING_TIME,
  OVERTIME_LIMITS,
  OVERTIME_MULTIPLIERS,
  OVERTIME_SOURCE,
  type OvertimeLimitRegime,
  overtimeDayProblem,
  overtimeMaxPayableHours,
  overtimeTableKey,
} from './overtime-rules';

export {
  NORMAL_WORKING_TIME,
  OVERTIME_LIMITS,
  OVERTIME_MULTIPLIERS,
  type OvertimeLimitRegime,
  overtimeDayProblem,
  overtimeMaxPayableHours,
};

const WAGE_SOURCE = 'PP 35/2021 Pasal 32–33 (hourly wage)';
/** Hourly wage divisor: upah sejam = monthly wage / 173 (PP 35/2021 Pasal 32). */
export const OVERTIME_HOURLY_DIVISOR = 173;

/**
 * Hourly overtime wage = monthly wage / 173 (PP 35/2021 Pasal 32). Its rounding is not regulated
 * (payroll-id.md §3): `none` keeps the exact quotient, `floor` cuts to whole rupiah like Kemnaker's examples.
 */
export function overtimeHourlyWage(monthlyWage: DecInput, rounding: HourlyWageRounding = 'none'): Dec {
  const exact = dec(monthlyWage).div(OVERTIME_HOURLY_DIVISOR);
  return rounding === 'floor' ? toRupiah(exact, 'floor') : exact;
}

/** The multiplier for the nth overtime hour (1-based) of a day, or null when the table ends before it. */
export function overtimeMultiplier(workWeek: WorkWeek, dayType: OvertimeDayType, hour: number): Dec | null {
  const key = overtimeTableKey(workWeek, dayType);
  if (key === null) return null;
  for (const [upTo, m] of OVERTIME_MULTIPLIERS[key]) if (upTo === null || hour <= upTo) return new Dec(m);
  return null;
}

/** The wage overtime is based on, as the payslip knows it (PP 35/2021 Pasal 32–33). Whole rupiah or decimals. */
export interface OvertimeWageInput {
  /** From the contract type (runs/compute.ts employmentTypeOf): `daily` is paid per attendance day. */
  employmentType: EmploymentType;
  /** Monthly basic salary; for a daily worker the daily rate (the contract's basic salary). */
  basicSalary: DecInput;
  /** Σ fixed allowances of the month, in full (not prorated for a joiner / leaver, before cuts). Default 0. */
  fixedAllowances?: DecInput | undefined;
  /**
   * Σ non-fixed allowances of the month, only for the 75% rule. Default 0. The payroll run passes none (they
   * follow the month's attendance, so neither a preview nor a calculator could know them): see docs/payroll.md.
   */
  nonFixedAllowances?: DecInput | undefined;
  workWeek: WorkWeek;
  /** Regional minimum wage: the monthly wage is never below it. The run has no such setting and passes none. */
  minimumWage?: DecInput | undefined;
  hourlyWageRounding?: HourlyWageRounding | undefined;
}

export interface OvertimeWageBase {
  /** The monthly wage overtime is based on, whole rupiah. */
  monthlyWage: Dec;
  /** monthlyWage / 173, exact or cut to whole rupiah (hourlyWageRounding). */
  hourlyWage: Dec;
  trace: { monthlyWage: Trace; hourlyWage: Trace };
}

/** Working days a daily wage is multiplied by for the monthly wage: 25 (6-day week) or 21 (5-day week), PP 35/2021 Pasal 32. */
export const DAILY_WAGE_DAYS = { 5: 21, 6: 25 } as const satisfies Record<WorkWeek, number>;

/**
 * The one home of the overtime wage base (PP 35/2021 Pasal 32–33, the successor to Kepmenakertrans 102/MEN/VI/2004
 * Pasal 11; payroll-id.md §3), used by the payroll run, the pay preview (`GET /v2/h/attendance/overtime/payPreview`)
 * and `hr calc overtime` alike:
 * - monthly wage = basic salary + fixed allowances; a daily worker's basic is the daily rate × 25 (6-day week) or
 *   × 21 (5-day week);
 * - when there are non-fixed allowances and basic + fixed allowances come to less than 75% of the total wage,
 *   75% of the total wage;
 * - never below the regional minimum wage, when one is given;
 * - rounded half up to whole rupiah once (the rounding is not regulated; issue 5: half up where a rule leaves
 *   a fraction);
 * - hourly wage = monthly wage / 173 (Pasal 32), exact or cut to whole rupiah (`hourlyWageRounding`, not regulated).
 */
export function overtimeWageBase(input: OvertimeWageInput): OvertimeWageBase {
  const basic = dec(input.basicSalary);
  const allowances = dec(input.fixedAllowances ?? 0);
  const nonFixed = dec(input.nonFixedAllowances ?? 0);
  const daily = input.employmentType === 'daily';
  const days = DAILY_WAGE_DAYS[input.workWeek];
  const fixedWage = (daily ? basic.times(days) : basic).plus(allowances);
  let wage = fixedWage;
  let formula = daily ? `dailyRate × ${days} + fixed allowances` : 'basic salary + fixed allowances';
  const threeQuarters = percentOf(fixedWage.plus(nonFixed), 75);
  if (nonFixed.gt(0) && fixedWage.lt(threeQuarters)) {
    wage = threeQuarters;
    formula = `75% × (${formula} + non-fixed allowances), because ${formula} < 75% of it`;
  }
  if (input.minimumWage !== undefined && wage.lt(dec(input.minimumWage))) {
    wage = dec(input.minimumWage);
    formula += ', raised to the minimum wage';
  }
  const monthlyWage = toRupiah(wage);
  const rounding = input.hourlyWageRounding ?? 'none';
  const inputs: Record<string, TraceValue> = {
    employmentType: input.employmentType,
    [daily ? 'dailyRate' : 'basicSalary']: basic.toString(),
    fixedAllowances: allowances.toString(),
    nonFixedAllowances: nonFixed.toString(),
    workWeek: input.workWeek,
    minimumWage: input.minimumWage === undefined ? null : dec(input.minimumWage).toString(),
  };
  return {
    monthlyWage,
    hourlyWage: overtimeHourlyWage(monthlyWage, rounding),
    trace: {
      monthlyWage: trace(
        'Overtime base wage',
        `round half up(${formula})`,
        inputs,
        `${WAGE_SOURCE}${daily ? '; daily rate × 25 (6-day week) or × 21 (5-day week)' : ''}; rounding not regulated, half up`,
      ),
      hourlyWage: trace(
        'Hourly overtime wage',
        rounding === 'floor' ? 'floor(monthlyWage / 173)' : 'monthlyWage / 173 (exact; shown to 6 decimals)',
        { monthlyWage: monthlyWage.toString(), hourlyWageRounding: rounding },
        `${WAGE_SOURCE}; rounding not regulated (company setting hourlyWageRounding)`,
      ),
    },
  };
}

/** The wage part of an `hr calc overtime` input: the monthly wage as given, or the wage the payslip knows. */
function wageInputOf(input: OvertimeParsedInput): OvertimeWageInput {
  const common = { workWeek: input.workWeek, minimumWage: input.minimumWage, hourlyWageRounding: input.hourlyWageRounding };
  if (input.basicSalary === undefined) return { ...common, employmentType: 'permanent', basicSalary: input.monthlyWage ?? 0 };
  return {
    ...common,
    employmentType: input.employmentType ?? 'permanent',
    basicSalary: input.basicSalary,
    fixedAllowances: input.fixedAllowances,
    nonFixedAllowances: input.nonFixedAllowances,
  };
}

export interface OvertimeOutput {
  /** The monthly wage overtime is based on (overtimeWageBase), whole rupiah. */
  monthlyWage: number;
  hourlyWage: number;
  hours: { hour: number; multiplier: number; pay: number }[];
  pay: number;
}

/**
 * Pay for one day's overtime: `hr calc overtime`, each overtime line of a payslip (runs/compute.ts) and the pay
 * preview (attendance-requests/overtime.ts) all call this with the same input. The monthly wage comes from
 * overtimeWageBase (given, or from basicSalary and the allowances). Each hour's pay is hourly wage × multiplier × the share of
 * the hour worked (a last partial hour counts pro rata), shown rounded half up; the day's `pay` is the exact
 * sum rounded half up once (one rounding per payslip line), so it may differ by a rupiah from Σ hours.pay.
 */
export function calculateOvertime(raw: OvertimeInput): { output: OvertimeOutput; trace: TraceMap } {
  return overtimeOfDay(overtimeInput.parse(raw));
}

/** Days already paid by overtimeOfDayRemembered, by their input; emptied when it reaches its size. */
const rememberedDays = new Map<string, { output: OvertimeOutput; trace: TraceMap }>();
const REMEMBERED_DAYS = 20_000;

/**
 * overtimeOfDay for a payroll run: the same wage, day type and hours give the same pay and traces, so a run works
 * each distinct day out once (a shift's workers share their wage and their overtime hours). The result is shared
 * and must not be changed by the caller.
 */
export function overtimeOfDayRemembered(input: OvertimeParsedInput): { output: OvertimeOutput; trace: TraceMap } {
  const key = `${input.employmentType}|${input.basicSalary}|${input.monthlyWage}|${input.fixedAllowances}|${input.nonFixedAllowances}|${input.minimumWage}|${input.workWeek}|${input.hourlyWageRounding}|${input.dayType}|${input.hours}`;
  let r = rememberedDays.get(key);
  if (!r) {
    r = overtimeOfDay(input);
    if (rememberedDays.size >= REMEMBERED_DAYS) rememberedDays.clear();
    rememberedDays.set(key, r);
  }
  return r;
}

/**
 * calculateOvertime on an input that is already checked: the payroll run builds it from whole-rupiah wages and
 * checks the day with overtimeDayProblem (runs/compute.ts), so that 100,000 payslips do not each pay for a schema
 * parse (issue 22).
 */
export function overtimeOfDay(input: OvertimeParsedInput): { output: OvertimeOutput; trace: TraceMap } {
  const base = overtimeWageBase(wageInputOf(input));
  const hourly = base.hourlyWage;
  const total = new Dec(String(input.hours));
  const traces: TraceMap = { monthlyWage: base.trace.monthlyWage, hourlyWage: base.trace.hourlyWage };
  const exact: Dec[] = [];
  const hours: OvertimeOutput['hours'] = [];
  for (let h = 1; total.gt(h - 1); h++) {
    const share = Dec.min(total.minus(h - 1), 1);
    const m = overtimeMultiplier(input.workWeek, input.dayType, h);
    if (!m) throw new Error('unreachable: hours are validated against the table');
    const pay = hourly.times(m).times(share);
    exact.push(pay);
    hours.push({ hour: h, multiplier: m.toNumber(), pay: toInt(toRupiah(pay)) });
    traces[`hours.${h - 1}.multiplier`] = trace(
      'Overtime multiplier',
      `hour ${h} of overtime on a ${input.dayType} in a ${input.workWeek}-day week`,
      { hour: h, workWeek: input.workWeek, dayType: input.dayType },
      OVERTIME_SOURCE,
    );
    traces[`hours.${h - 1}.pay`] = trace(
      'Overtime hour',
      `round half up(hourlyWage × ${m.toString()}${share.eq(1) ? '' : ` × ${share.toString()} h`})`,
      {
        hour: h,
        hourlyWage: hourly.toString(),
        multiplier: m.toString(),
        share: share.toString(),
        workWeek: input.workWeek,
        dayType: input.dayType,
      },
      OVERTIME_SOURCE,
    );
  }
  const pay = toRupiah(sum(exact));
  traces.pay = trace(
    'Overtime pay of the day',
    'round half up(Σ hourlyWage × multiplier × hours)',
    { hours: total.toString(), exactPay: sum(exact).toString() },
    `${OVERTIME_SOURCE}; rounded half up`,
  );
  return {
    output: {
      monthlyWage: toInt(base.monthlyWage),
      hourlyWage: toDisplayNumber(hourly.toDecimalPlaces(6)),
      hours,
      pay: toInt(pay),
    },
    trace: traces,
  };
}

export interface OvertimeEntry {
  /** Calendar date yyyy-mm-dd. */
  date: string;
  hours: number;
  dayType: OvertimeDayType;
}
export interface OvertimeLimitViolation {
  kind: 'day' | 'week';
  /** The date (kind day) or the Monday of the ISO week (kind week). */
  date: string;
  hours: number;
  limit: number;
  source: string;
}

function mondayOf(date: string): string {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const dow = (new Date(t).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(t - dow * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Checks workday overtime against the legal limits (PP 35/2021 Pasal 26 by default): at most N hours a day
 * and M hours a week (ISO weeks, Monday first). Overtime on rest days and public holidays is not counted.
 * For the attendance module, before an overtime request is approved.
 */
export function checkOvertimeLimits(
  entries: readonly OvertimeEntry[],
  regime: OvertimeLimitRegime = 'pp35-2021',
): OvertimeLimitViolation[] {
  const limits = OVERTIME_LIMITS[regime];
  const perDay = new Map<string, Dec>();
  for (const e of entries) {
    if (e.dayType !== 'workday') continue;
    perDay.set(e.date, (perDay.get(e.date) ?? new Dec(0)).plus(String(e.hours)));
  }
  const perWeek = new Map<string, Dec>();
  const out: OvertimeLimitViolation[] = [];
  for (const [date, h] of [...perDay].sort(([a], [b]) => a.localeCompare(b))) {
    if (h.gt(limits.maxHoursPerDay))
      out.push({ kind: 'day', date, hours: h.toNumber(), limit: limits.maxHoursPerDay, source: limits.source });
    const w = mondayOf(date);
    perWeek.set(w, (perWeek.get(w) ?? new Dec(0)).plus(h));
  }
  for (const [date, h] of [...perWeek].sort(([a], [b]) => a.localeCompare(b))) {
    if (h.gt(limits.maxHoursPerWeek))
      out.push({ kind: 'week', date, hours: h.toNumber(), limit: limits.maxHoursPerWeek, source: limits.source });
  }
  return out;
}
