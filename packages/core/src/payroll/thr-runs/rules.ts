import { Dec, dec, toInt, wholeRupiah } from '../money';
import { monthlyTer, terCategoryFor } from '../formulas/pph21';
import { calculateThr, monthsOfService, thrEntitledAfterLeaving } from '../formulas/thr';
import { PTKP_STATUSES, type PtkpStatus, type TerRounding, type ThrMonthCounting } from '../schema';
import { type TraceMap, trace } from '../trace';
import { type ThrHoliday, type ThrLine, thrHolidayName } from './schema';

/*
 * Pure rules of a THR run: which holiday a religion celebrates, whether an employee is entitled and to how
 * much (the amount itself is `calculateThr`, formulas/thr.ts), and the informative PPh 21 estimate.
 */

const SOURCE = 'Permenaker 6/2016 Pasal 2–3, 7; PP 36/2021';
const TAX_SOURCE = 'PMK 168/2023 Pasal 5(3)b, 15(1)a; PP 58/2023';

/**
 * The holiday whose THR a religion receives (Permenaker 6/2016 Pasal 1: the worker's own religious
 * holiday). Matched on the reference religion's name, so renamed or added religions keep working:
 * Islam → Idul Fitri; Kristen Protestan / Katolik → Hari Raya Natal; Buddha → Waisak; Hindu → Nyepi.
 * Others (Konghucu, whose Imlek is not one of the four spec holidays, or any custom entry) → null.
 */
export function holidayForReligion(religion: string): ThrHoliday | null {
  const r = religion.toLowerCase();
  if (/islam|muslim/.test(r)) return 2;
  if (/kristen|protestan|katolik|katholik|catholic|christian/.test(r)) return 1;
  if (/buddh|budha/.test(r)) return 3;
  if (/hindu/.test(r)) return 4;
  return null;
}

/** Days before the holiday the THR is paid by default: Permenaker 6/2016: "no later than 7 days before it" (payroll-id.md "When to pay"). */
export const THR_PAY_DAYS_BEFORE = 7;

/** The default pay date of a THR run: 7 days before the holiday ('yyyy-mm-dd' in, 'yyyy-mm-dd' out). */
export function thrPayDateFor(holidayDate: string): string {
  return new Date(Date.parse(`${holidayDate}T00:00:00Z`) - THR_PAY_DAYS_BEFORE * 86_400_000).toISOString().slice(0, 10);
}

export interface ThrCandidate {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  religion: string;
  /** First join date (continuous service), else entry date. */
  joinDate: string;
  /** Spec §3: training 1, internship 2, Freelance 3, Contracted 4, Permanent 5. */
  contractType: number | null;
  ptkp: string | null;
  /** Last working day of an approved resignation, or null. */
  resignedOn: string | null;
  /** End date of the latest fixed-term contract started by the holiday, or null (open-ended / none). */
  contractEndsOn: string | null;
  basic: { amount: string; source: string } | null;
  /** Fixed allowances given as amounts in the holiday's month. */
  fixedAllowances: { name: string; amount: string }[];
  /** Casual (Freelance) workers: average monthly gross of their finalised payslips (last 12 months). */
  casualAverage: { amount: string; months: number } | null;
  /** A finalised THR run of the same year that already paid this employee. */
  paidByRunId: number | null;
}

export interface ThrRuleOptions {
  holiday: ThrHoliday;
  holidayDate: string;
  payOtherReligions: boolean;
  monthCounting: ThrMonthCounting;
  terRounding: TerRounding;
}

const FREELANCE = 3;
const PERMANENT = 5;

function religionTrace(c: ThrCandidate, mapped: ThrHoliday | null, o: ThrRuleOptions) {
  return trace(
    'THR holiday of the religion',
    mapped === null
      ? `no holiday of the four for this religion: ${o.payOtherReligions ? 'paid in this run (payOtherReligions)' : 'not paid unless payOtherReligions'}`
      : `${c.religion} → ${thrHolidayName(mapped)}`,
    { religion: c.religion, holiday: o.holiday, runHoliday: thrHolidayName(o.holiday), payOtherReligions: o.payOtherReligions },
    `Permenaker 6/2016 Pasal 1 (the worker's own religious holiday); mapping docs/thr-runs.md`,
  );
}

/** One month's wage (payroll-id.md §4): basic + fixed allowances, or a casual worker's average monthly wage. */
function monthlyWage(c: ThrCandidate): { amount: string; trace: TraceMap[string] } | null {
  if (c.contractType === FREELANCE && c.casualAverage) {
    return {
      amount: c.casualAverage.amount,
      trace: trace(
        'THR one month’s wage (casual worker)',
        'average monthly gross of the finalised payslips of the last 12 months (or of the service period)',
        { averageGross: c.casualAverage.amount, months: c.casualAverage.months },
        `${SOURCE}: casual workers get the average monthly wage`,
      ),
    };
  }
  if (!c.basic) return null;
  const fixed = c.fixedAllowances.reduce((s, a) => s.plus(a.amount), new Dec(0));
  const amount = dec(c.basic.amount).plus(fixed).toFixed(0);
  const inputs: Record<string, string> = { basicSalary: c.basic.amount, basicSource: c.basic.source };
  for (const a of c.fixedAllowances) inputs[`fixed: ${a.name}`] = a.amount;
  return {
    amount,
    trace: trace(
      'THR one month’s wage',
      c.contractType === FREELANCE
        ? 'basic salary + fixed allowances (casual worker without finalised payslips to average)'
        : 'basic salary + fixed allowances (given as amounts)',
      inputs,
      `${SOURCE}: one month's wage = basic wage + fixed allowances`,
    ),
  };
}

/** The line of one employee in a THR run: eligible with the amount, or not with the reason. Never throws. */
export function thrLineFor(c: ThrCandidate, o: ThrRuleOptions): ThrLine {
  const mapped = holidayForReligion(c.religion);
  const traces: TraceMap = { religion: religionTrace(c, mapped, o) };
  const base = {
    employeeId: c.employeeId,
    employeeNumber: c.employeeNumber,
    employeeName: c.employeeName,
    religion: c.religion,
    joinDate: c.joinDate,
  };
  // Shown on every line, also when the employee is not eligible for another reason.
  const months = monthsOfService(c.joinDate, o.holidayDate, o.monthCounting).toDecimalPlaces(4).toString();
  const no = (reason: string, extra: Partial<ThrLine> = {}): ThrLine => ({
    ...base,
    eligible: false,
    reason,
    monthsOfService: months,
    monthlyWage: null,
    amount: '0',
    pph21Estimate: null,
    trace: traces,
    ...extra,
  });
  if (c.paidByRunId !== null)
    return no(`already paid THR for ${o.holidayDate.slice(0, 4)} in THR run #${c.paidByRunId} (once a year)`);
  if (mapped === null && !o.payOtherReligions)
    return no(`religion ${c.religion} has no THR holiday of its own; generate with "pay other religions" to pay it in this run`);
  const contract = c.contractType === PERMANENT ? 'PKWTT' : 'PKWT';
  if (c.resignedOn) {
    const ok = thrEntitledAfterLeaving({ contract, endDate: c.resignedOn, endReason: 'resigned', holidayDate: o.holidayDate });
    traces.leaving = trace(
      'THR after leaving',
      'resigned before the holiday → not entitled',
      { lastWorkingDay: c.resignedOn, holidayDate: o.holidayDate, endReason: 'resigned', entitled: ok },
      `${SOURCE}; a worker who resigns is not entitled (Kemnaker)`,
    );
    if (!ok) return no(`resigned (last working day ${c.resignedOn}) before the holiday`);
  }
  if (c.contractEndsOn && contract === 'PKWT') {
    const ok = thrEntitledAfterLeaving({
      contract,
      endDate: c.contractEndsOn,
      endReason: 'contract-ended',
      holidayDate: o.holidayDate,
    });
    traces.leaving = trace(
      'THR after leaving',
      'fixed-term (PKWT) contract ended before the holiday → not entitled',
      { contractEndDate: c.contractEndsOn, holidayDate: o.holidayDate, endReason: 'contract-ended', entitled: ok },
      `${SOURCE} Pasal 7`,
    );
    if (!ok) return no(`fixed-term contract ended on ${c.contractEndsOn}, before the holiday`);
  }
  const wage = monthlyWage(c);
  if (!wage) return no(`no contract or salary change by ${o.holidayDate.slice(0, 7)}`);
  traces.wage = wage.trace;
  const calc = calculateThr({
    monthlyWage: wholeRupiah(wage.amount),
    joinDate: c.joinDate,
    holidayDate: o.holidayDate,
    monthCounting: o.monthCounting,
  });
  Object.assign(traces, calc.trace);
  if (!calc.output.eligible)
    return no(`under 1 month of service on the holiday (${months} months since ${c.joinDate})`, { monthlyWage: wage.amount });
  const amount = String(calc.output.thr);
  let pph21Estimate: string | null = null;
  if (c.ptkp && (PTKP_STATUSES as readonly string[]).includes(c.ptkp)) {
    const category = terCategoryFor(c.ptkp as PtkpStatus);
    const withThr = monthlyTer({ category, gross: dec(wage.amount).plus(amount), rounding: o.terRounding });
    const without = monthlyTer({ category, gross: dec(wage.amount), rounding: o.terRounding });
    pph21Estimate = String(toInt(withThr.pph21.minus(without.pph21)));
    traces.pph21Estimate = trace(
      'PPh 21 on THR (estimate)',
      'TER(category, wage + THR) × (wage + THR) − TER(category, wage) × wage; the month’s regular gross taken as one month’s wage',
      {
        category,
        monthlyWage: wage.amount,
        thr: amount,
        ratePercentWithThr: withThr.ratePercent.toString(),
        ratePercentWithout: without.ratePercent.toString(),
        pph21WithThr: withThr.pph21.toString(),
        pph21Without: without.pph21.toString(),
      },
      `${TAX_SOURCE}; informative: the monthly payroll of the pay month withholds the real amount`,
    );
  }
  return {
    ...base,
    eligible: true,
    reason: null,
    monthsOfService: months,
    monthlyWage: wage.amount,
    amount,
    pph21Estimate,
    trace: traces,
  };
}
