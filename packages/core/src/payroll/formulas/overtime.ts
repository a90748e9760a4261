import { Dec, type DecInput, dec, percentOf, sum, toInt, toRupiah } from '../money';
import { type HourlyWageRounding, type OvertimeDayType, type OvertimeInput, overtimeInput, type WorkWeek } from '../schema';
import { type Trace, type TraceMap, trace } from '../trace';
import {
  NORMAL_WORKING_TIME,
  OVERTIME_LIMITS,
  OVERTIME_MULTIPLIERS,
  OVERTIME_SOURCE,
  type OvertimeLimitRegime,
  overtimeMaxPayableHours,
  overtimeTableKey,
} from './overtime-rules';

export { NORMAL_WORKING_TIME, OVERTIME_LIMITS, OVERTIME_MULTIPLIERS, type OvertimeLimitRegime, overtimeMaxPayableHours };

const WAGE_SOURCE = 'PP 35/2021 Pasal 32–33 (payroll-id.md §3, hourly wage)';
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

/**
 * The monthly wage overtime is based on (PP 35/2021 Pasal 32–33): basic + fixed allowances; when there are
 * non-fixed allowances and basic + fixed is under 75% of the total wage, 75% of the total; daily-paid workers:
 * daily wage × 25 (6-day week) or × 21 (5-day week); never below the regional minimum wage. Exact (no rounding).
 */
export function overtimeMonthlyWage(args: {
  basic?: DecInput;
  fixedAllowances?: DecInput;
  nonFixedAllowances?: DecInput;
  dailyWage?: DecInput;
  workWeek?: WorkWeek;
  minimumWage?: DecInput;
}): { wage: Dec; trace: Trace } {
  let wage: Dec;
  let formula: string;
  if (args.dailyWage !== undefined) {
    const days = (args.workWeek ?? 6) === 6 ? 25 : 21;
    wage = dec(args.dailyWage).times(days);
    formula = `dailyWage × ${days}`;
  } else {
    const fixed = dec(args.basic ?? 0).plus(dec(args.fixedAllowances ?? 0));
    const total = fixed.plus(dec(args.nonFixedAllowances ?? 0));
    const threeQuarters = percentOf(total, 75);
    if (dec(args.nonFixedAllowances ?? 0).gt(0) && fixed.lt(threeQuarters)) {
      wage = threeQuarters;
      formula = '75% × (basic + fixed + non-fixed allowances), because basic + fixed < 75% of it';
    } else {
      wage = fixed;
      formula = 'basic + fixed allowances';
    }
  }
  if (args.minimumWage !== undefined && wage.lt(dec(args.minimumWage))) {
    wage = dec(args.minimumWage);
    formula += ', raised to the minimum wage';
  }
  const inputs: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(args)) inputs[k] = v === undefined ? null : typeof v === 'number' ? v : dec(v).toString();
  return { wage, trace: trace('Overtime base wage', formula, inputs, WAGE_SOURCE) };
}

export interface OvertimeOutput {
  hourlyWage: number;
  hours: { hour: number; multiplier: number; pay: number }[];
  pay: number;
}

/**
 * `hr calc overtime`: pay for one day's overtime. Each hour's pay is hourly wage × multiplier × the share of
 * the hour worked (a last partial hour counts pro rata), shown rounded half up; the day's `pay` is the exact
 * sum rounded half up once (one rounding per payslip line), so it may differ by a rupiah from Σ hours.pay.
 */
export function calculateOvertime(raw: OvertimeInput): { output: OvertimeOutput; trace: TraceMap } {
  const input = overtimeInput.parse(raw);
  const hourly = overtimeHourlyWage(input.monthlyWage, input.hourlyWageRounding);
  const total = new Dec(String(input.hours));
  const traces: TraceMap = {
    hourlyWage: trace(
      'Hourly overtime wage',
      input.hourlyWageRounding === 'floor' ? 'floor(monthlyWage / 173)' : 'monthlyWage / 173 (exact; shown to 6 decimals)',
      { monthlyWage: input.monthlyWage, hourlyWageRounding: input.hourlyWageRounding },
      `${WAGE_SOURCE}; rounding not regulated (company setting hourlyWageRounding)`,
    ),
  };
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
    `${OVERTIME_SOURCE}; issue 5: half up`,
  );
  return {
    output: { hourlyWage: hourly.toDecimalPlaces(6).toNumber(), hours, pay: toInt(pay) },
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
