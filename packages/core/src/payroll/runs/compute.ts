import { evaluateFormulaAmount, FormulaError, type STANDARD_FORMULA_VARIABLES } from '../formula';
import { builtInLegalValues, type LegalValues } from '../../legal-tables/schema';
import { jkkRateOfSetting } from '../formulas/bpjs';
import { overtimeDayProblem, overtimeOfDayRemembered } from '../formulas/overtime';
import { PPH21_DTP_CODE, pph21DtpEligibility } from '../formulas/pph21-dtp';
import { calculatePph21, dailyPph21, grossUpAllowance, monthlyTer, terCategoryFor } from '../formulas/pph21';
import { Dec, dec, sum, toInt, toRupiah, wholeRupiah } from '../money';
import {
  calculateMonthlyPayslip,
  enteredAmountTrace,
  type Payslip,
  type PayslipDeduction,
  type PayslipEarning,
} from '../payslip';
import { type EmploymentType, type OvertimeDayType, PTKP_STATUSES, type PtkpStatus } from '../schema';
import { type Trace, trace } from '../trace';
import type { PayrollSettings } from './schema';

/*
 * One employee's payslip for one period, from data the run loaded: basic salary (queue or contract),
 * proration of a joiner's or leaver's month, the absence and unpaid-leave cuts, components (amount or
 * formula), bonus/cuts, overtime and attendance figures, BPJS and PPh 21 (monthly TER, daily TER for daily
 * workers, the last-period reconciliation in December or the month of leaving). Pure: no database, exact money.
 */

/** Attendance figures of an employee's period (runs/attendance.ts reads them from the timesheets). */
export interface AttendanceInput {
  /** Days present while employed (a clock-in, clock-out or manual input), plus scheduled days without a timesheet row. */
  attendanceDays: number;
  /** Scheduled work days of the whole month (roster / default shift, holidays not counted). */
  workDays: number;
  /** Scheduled work days while employed without attendance and without leave (the cut's absences). */
  absentDays: number;
  lateMinutes: number;
  /** Approved overtime, one entry per day worked over time. */
  overtime: readonly { dayType: OvertimeDayType; hours: number }[];
  /** Scheduled work days while employed (joiners and leavers); default: counted from the work week. */
  employedWorkDays?: number;
  /** Approved unpaid leave in working days (half days allowed). Default 0. */
  unpaidLeaveDays?: number;
  /** Whether the employee had timesheet rows in the period (false: the full month stands). */
  fromTimesheets?: boolean;
}

export interface ComponentInput {
  code: string;
  name: string;
  kind: 'fixed-allowance' | 'non-fixed-allowance' | 'deduction';
  taxable: boolean;
  /** Whole rupiah as digits, or null to use the formula. */
  amount: string | null;
  formula: string | null;
}

export interface EarlierMonth {
  month: number;
  taxableGross: string | number;
  annualDeductions: string | number;
  pph21: string | number;
  /** PPh 21 DTP paid for that month (the `pph21-dtp` line), if any: counts as paid, never refunded. */
  dtp?: string | number;
}

export interface EmployeeRunInput {
  employeeId: number;
  /** PTKP code from the employee record; null is computed as TK/0 (and the trace says so). */
  ptkpStatus: string | null;
  basicSalary: string;
  basicSource: string;
  components: readonly ComponentInput[];
  bonusCuts: readonly { name: string; kind: 'bonus' | 'cut'; amount: string; taxable: boolean }[];
  /** THR paid with this month's payroll (a finalised THR run whose pay date is in the period): a taxable earning. */
  thr?: { amount: string; name: string; trace: Trace } | undefined;
  /** After-tax deductions other modules ask for (cooperative, purchase of goods, canteen): runs/deductions.ts. */
  externalDeductions?: readonly { code: string; name: string; amount: string; trace: Trace }[];
  attendance: AttendanceInput;
  jobLevel: number;
  tenureMonths: number;
  /** Finalised payslips of the same tax year, earlier months (used only for the last tax period's reconciliation). */
  earlier: readonly EarlierMonth[];
  /** Entry date and approved last working day; a date inside the period makes a joiner / leaver (prorated). */
  employment?: { entryDate?: string | null; lastWorkingDay?: string | null };
  /** Spec §3 contract type (training 1, internship 2, Freelance 3, Contracted 4, Permanent 5); null = permanent. */
  contractType?: number | null;
  /** A previous employer's net income and withheld PPh 21 of this tax year (used in the last tax period only). */
  previousEmployer?: { netIncome: string; taxWithheld: string } | undefined;
  /** Piece / unit work of the period (units × rate each), paid as taxable earnings. */
  pieces?: readonly { description: string; units: string; rate: string }[] | undefined;
  /** The employee's own choice of who bears PPh 21; undefined = the company setting `taxBorneBy`. */
  taxBorneBy?: 'employee' | 'employer' | undefined;
}

export interface ComputedPayslip extends Payslip {
  employeeId: number;
  employmentType: EmploymentType;
  ptkpStatus: PtkpStatus;
  basicSalary: number;
  /** Employer-paid premiums on top of gross (BPJS employer shares). */
  employerCost: number;
}

/** A month's period → { year, month, first day, last day, pay date }. */
export function periodDates(period: string, payDay: number): PeriodDates {
  // A run asks this for every employee of one period: the answer is worked out once (and frozen, as it is shared).
  const key = `${period}|${payDay}`;
  let d = PERIOD_DATES.get(key);
  if (!d) {
    const [y, m] = period.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    d = Object.freeze({
      year: y,
      month: m,
      start: `${y}-${pad2(m)}-01`,
      end: `${y}-${pad2(m)}-${pad2(last)}`,
      payDate: `${y}-${pad2(m)}-${pad2(Math.min(payDay, last))}`,
      days: last,
    });
    if (PERIOD_DATES.size > 1_000) PERIOD_DATES.clear();
    PERIOD_DATES.set(key, d);
  }
  return d;
}
export interface PeriodDates {
  readonly year: number;
  readonly month: number;
  readonly start: string;
  readonly end: string;
  readonly payDate: string;
  readonly days: number;
}
const PERIOD_DATES = new Map<string, PeriodDates>();
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The month before 'yyyy-mm'. */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** Working days of a month for a 5- or 6-day week (Mon–Fri or Mon–Sat; public holidays not subtracted). */
export function workDaysIn(period: string, workWeek: 5 | 6): number {
  const { start, end } = periodDates(period, 1);
  return workDaysBetween(start, end, workWeek);
}

/** Working days from `from` to `to` (inclusive, 'yyyy-mm-dd') for a 5- or 6-day week; 0 when to < from. */
export function workDaysBetween(from: string, to: string, workWeek: 5 | 6): number {
  // Most employees of a run ask for the same span (the whole month): each span is counted once.
  const key = `${from}|${to}|${workWeek}`;
  let n = WORK_DAYS.get(key);
  if (n === undefined) {
    n = countWorkDays(from, to, workWeek);
    if (WORK_DAYS.size > 10_000) WORK_DAYS.clear();
    WORK_DAYS.set(key, n);
  }
  return n;
}
const WORK_DAYS = new Map<string, number>();

function countWorkDays(from: string, to: string, workWeek: 5 | 6): number {
  // Whole weeks hold `workWeek` working days each; the days left over are counted one by one (a run asks this of
  // every employee, so it is arithmetic rather than a walk over the month's days).
  const first = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - first) / 86_400_000) + 1;
  if (!(days > 0)) return 0;
  let n = Math.floor(days / 7) * workWeek;
  const startDay = new Date(first).getUTCDay();
  for (let i = 0; i < days % 7; i++) {
    const wd = (startDay + i) % 7;
    if (wd !== 0 && (workWeek === 6 || wd !== 6)) n++;
  }
  return n;
}

/** Calendar days from `from` to `to` inclusive. */
const calendarDaysBetween = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);

/**
 * How PPh 21 treats an employee, from the contract type (spec §3): Permanent (5) and Contracted (4, a
 * full-time fixed-term contract, which PMK 168/2023 counts as pegawai tetap) are `permanent`; training (1)
 * and internship (2) are non-permanent workers paid monthly (monthly TER, no reconciliation, payroll-id.md
 * §1.6); Freelance (3) is a daily worker (paid per attendance day, daily TER). No contract type = permanent.
 */
export type { EmploymentType };
export function employmentTypeOf(contractType: number | null | undefined): EmploymentType {
  if (contractType === 1 || contractType === 2) return 'non-permanent-monthly';
  if (contractType === 3) return 'daily';
  return 'permanent';
}

/** Full month attendance, no overtime: the default while the attendance module is not linked. */
export function fullMonthAttendance(period: string, workWeek: 5 | 6): AttendanceInput {
  const workDays = workDaysIn(period, workWeek);
  return { attendanceDays: workDays, workDays, absentDays: 0, lateMinutes: 0, overtime: [] };
}

const isPtkp = (s: string | null): s is PtkpStatus => !!s && (PTKP_STATUSES as readonly string[]).includes(s);

/** Thrown when one employee cannot be computed (a formula fails at run time): the run names the employee. */
export class PayslipComputeError extends Error {
  constructor(
    readonly employeeId: number,
    message: string,
    /** Set when a component's formula gives an amount outside 0 … {@link MAX_COMPONENT_AMOUNT}. */
    readonly outOfRange?: { component: string; value: string },
  ) {
    super(message);
    this.name = 'PayslipComputeError';
  }
}

/**
 * The largest amount one formula component may give in a month: one trillion rupiah, the same ceiling as
 * an entered amount (a contract's basic salary). Below zero is out of range too: a deduction is its own
 * kind, never a negative allowance (issue 16 item 12: `basic*1e40` and negative pay are refused by name).
 */
export const MAX_COMPONENT_AMOUNT = new Dec('1000000000000');

/**
 * Formula results of one run keyed by formula, rounding and the values of the variables the formula names
 * (a formula is pure: same inputs, same amount; its trace lists only those variables).
 */
export type FormulaCache = Map<string, { amount: Dec; trace: Trace }>;

const namesByFormula = new Map<string, string[]>();
/** The standard variables a formula's text names (a superset is harmless: it only splits the cache further). */
function formulaVariablesOf<V extends object>(formula: string, variables: V): (keyof V)[] {
  let names = namesByFormula.get(formula) as (keyof V & string)[] | undefined;
  if (!names) {
    const idents = new Set(formula.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
    names = (Object.keys(variables) as (keyof V & string)[]).filter((v) => idents.has(v));
    if (namesByFormula.size < 1000) namesByFormula.set(formula, names);
  }
  return names;
}

const SRC_NO_WORK_NO_PAY = 'UU 13/2003 Pasal 93(1) (no work, no pay)';
const SRC_HALF_UP = 'whole rupiah, half up (no rounding rule in PMK 168/2023 for a fraction)';

/** The part of the period an employee is employed in, and how the month is prorated (joiner / leaver). */
interface Employment {
  from: string;
  to: string;
  joiner: boolean;
  leaver: boolean;
  /** numerator / denominator of the proration (1/1 when the whole month is worked). */
  num: number;
  den: number;
  basis: string;
}

function employmentOf(
  period: string,
  settings: PayrollSettings,
  e: EmployeeRunInput,
  dates: ReturnType<typeof periodDates>,
): Employment {
  const entry = e.employment?.entryDate ?? null;
  const lwd = e.employment?.lastWorkingDay ?? null;
  const joiner = !!entry && entry > dates.start && entry <= dates.end;
  const leaver = !!lwd && lwd >= dates.start && lwd <= dates.end;
  const from = joiner ? entry! : dates.start;
  const to = leaver ? lwd! : dates.end;
  if (!joiner && !leaver) return { from, to, joiner, leaver, num: 1, den: 1, basis: 'whole month' };
  if (settings.prorationBasis === 'calendar-days')
    return { from, to, joiner, leaver, num: calendarDaysBetween(from, to), den: dates.days, basis: 'calendar days' };
  const a = e.attendance;
  const den = a.workDays > 0 ? a.workDays : workDaysIn(period, settings.workWeek);
  const num = Math.min(den, a.employedWorkDays ?? workDaysBetween(from, to, settings.workWeek));
  return { from, to, joiner, leaver, num, den, basis: 'scheduled work days' };
}

/** Prorates a monthly amount of a joiner / leaver (rounded half up once) with its trace. */
function prorate(what: string, amount: Dec, emp: Employment, source: string): { amount: Dec; trace: Trace } {
  const prorated = toRupiah(amount.times(emp.num).div(emp.den));
  return {
    amount: prorated,
    trace: trace(
      `${what} (prorated)`,
      `round half up(${what.toLowerCase()} × ${emp.basis} employed / ${emp.basis} of the month)`,
      {
        amount: amount.toString(),
        employed: emp.num,
        ofMonth: emp.den,
        basis: emp.basis,
        from: emp.from,
        to: emp.to,
        joiner: emp.joiner,
        leaver: emp.leaver,
      },
      `${source}; company setting prorationBasis (${emp.basis}); entry date / last working day in the period; ${SRC_HALF_UP}`,
    ),
  };
}

/** A component of the month with its amount as paid (prorated for a joiner / leaver) and its trace. */
interface MonthComponent {
  c: ComponentInput;
  amount: Dec;
  trace: Trace;
}

/**
 * What the month's pay is built from, before cuts, overtime, bonuses and tax: the employment type, the proration,
 * the basic line, and every component evaluated (amount or formula). Shared by the payslip and the overtime
 * pay preview (overtimeWageOfMonth), so the preview's fixed allowances are the payslip's.
 */
function monthBasisOf(period: string, settings: PayrollSettings, e: EmployeeRunInput, formulaCache?: FormulaCache) {
  const dates = periodDates(period, settings.payDay);
  const ptkpStatus: PtkpStatus = isPtkp(e.ptkpStatus) ? e.ptkpStatus : 'TK/0';
  const type = employmentTypeOf(e.contractType);
  const emp = employmentOf(period, settings, e, dates);
  const prorated = emp.num !== emp.den;
  const a = e.attendance;
  const rate = dec(e.basicSalary);

  // Basic salary: a daily worker earns the daily rate per attendance day (the rate is the basic salary:
  // the data model keeps no separate daily wage); others the monthly salary, prorated for a joiner / leaver.
  let basicLine: PayslipEarning;
  if (type === 'daily') {
    const amount = rate.times(a.attendanceDays);
    basicLine = {
      code: 'basic',
      name: 'Daily wage',
      amount,
      fixed: true,
      taxable: true,
      trace: trace(
        'Daily wage',
        'dailyRate × attendanceDays',
        { dailyRate: rate.toString(), attendanceDays: a.attendanceDays, fromTimesheets: a.fromTimesheets ?? false },
        `${e.basicSource} (Freelance contract: basic salary is the daily rate); attendance days from the timesheets`,
      ),
    };
  } else if (prorated) {
    const p = prorate('Basic salary', rate, emp, e.basicSource);
    basicLine = { code: 'basic', name: 'Basic salary', amount: p.amount, fixed: true, taxable: true, trace: p.trace };
  } else {
    basicLine = {
      code: 'basic',
      name: 'Basic salary',
      amount: rate,
      fixed: true,
      taxable: true,
      trace: enteredAmountTrace('Basic salary', rate, e.basicSource),
    };
  }
  const basic = dec(basicLine.amount);
  const dependants = Number(ptkpStatus.split('/')[1] ?? 0);

  // Fixed amounts first, so formulas can use fixedAllowances (Σ fixed allowances entered as amounts, prorated
  // like the basic salary). Formulas see the prorated basic and are not prorated again.
  const fixedEntered = e.components.filter((c) => c.kind === 'fixed-allowance' && c.amount !== null);
  const fixedAmounts = sum(
    fixedEntered.map((c) => (prorated ? prorate(c.name, dec(c.amount!), emp, 'employee component').amount : c.amount!)),
  );
  const variables = {
    basic,
    fixedAllowances: fixedAmounts,
    attendanceDays: a.attendanceDays,
    workDays: a.workDays,
    absentDays: a.absentDays,
    lateMinutes: a.lateMinutes,
    overtimeHours: a.overtime.reduce((s, o) => s.plus(String(o.hours)), new Dec(0)),
    jobLevel: e.jobLevel,
    tenureMonths: e.tenureMonths,
    dependants,
  } satisfies Record<(typeof STANDARD_FORMULA_VARIABLES)[number], unknown>;

  // The month's full fixed wage (basic + fixed allowances, not prorated, before cuts): overtime's hourly wage
  // (PP 35/2021 Pasal 32) and the cut's per-day wage.
  let fullFixedAllowances = new Dec(0);
  const components: MonthComponent[] = [];
  for (const c of e.components) {
    let amount: Dec;
    let t: Trace;
    if (c.amount !== null) {
      amount = dec(c.amount);
      t = enteredAmountTrace(c.name, amount, 'employee component');
      if (c.kind === 'fixed-allowance') {
        fullFixedAllowances = fullFixedAllowances.plus(amount);
        if (prorated) ({ amount, trace: t } = prorate(c.name, amount, emp, 'employee component'));
      }
    } else if (c.formula) {
      try {
        const used = formulaVariablesOf(c.formula, variables);
        const key = `${c.formula}\u0000${c.name}\u0000${settings.componentRounding}\u0000${used.map((v) => variables[v]).join('|')}`;
        let r = formulaCache?.get(key);
        if (!r) {
          r = evaluateFormulaAmount(c.formula, variables, { rounding: settings.componentRounding, component: c.name });
          formulaCache?.set(key, r);
        }
        amount = r.amount;
        t = r.trace;
      } catch (err) {
        if (err instanceof FormulaError) throw new PayslipComputeError(e.employeeId, `component ${c.name}: ${err.message}`);
        throw err;
      }
      if (amount.isNegative() || amount.gt(MAX_COMPONENT_AMOUNT)) {
        const value = amount.toString();
        throw new PayslipComputeError(e.employeeId, `component ${c.name} gives ${value}: out of range`, {
          component: c.name,
          value,
        });
      }
      if (c.kind === 'fixed-allowance') fullFixedAllowances = fullFixedAllowances.plus(amount);
    } else {
      continue;
    }
    components.push({ c, amount, trace: t });
  }
  return { dates, ptkpStatus, type, emp, prorated, a, rate, basicLine, basic, components, fullFixedAllowances };
}

/**
 * The wage description overtime is paid on, as `hr calc overtime` takes it (overtimeWageBase computes the monthly
 * wage from it): the contract's basic salary (a daily worker's daily rate) and the month's full fixed allowances.
 * Non-fixed allowances are not passed: the run has never applied the 75% rule (docs/payroll.md, overtime).
 */
export function overtimeWageInputOf(
  type: EmploymentType,
  basicSalary: Dec,
  fullFixedAllowances: Dec,
  settings: Pick<PayrollSettings, 'workWeek'>,
) {
  return {
    employmentType: type,
    basicSalary: toInt(basicSalary),
    fixedAllowances: toInt(toRupiah(fullFixedAllowances)),
    workWeek: settings.workWeek,
  } as const;
}

/**
 * The overtime wage description of an employee's month exactly as their payslip would use it (the same basis:
 * contract type, basic salary, fixed allowances evaluated with the month's figures). For the pay preview.
 */
export function overtimeWageOfMonth(period: string, settings: PayrollSettings, e: EmployeeRunInput) {
  const m = monthBasisOf(period, settings, e);
  return overtimeWageInputOf(m.type, m.rate, m.fullFixedAllowances, settings);
}

/*
 * The parts of a payslip the steps after the first one need. They are module functions taking their context, not
 * closures inside computeEmployeePayslip: the server runs under tsx, whose esbuild keeps function names by calling
 * Object.defineProperty on every closure each time it is created (5 µs of a 75 µs payslip; issue 22).
 */

/** What the month's PPh 21 depends on besides the taxable gross (taxOf, lastPeriodTax). */
interface MonthTax {
  year: number;
  month: number;
  ptkpStatus: PtkpStatus;
  type: EmploymentType;
  /** December, or the month of leaving, of a permanent employee: the year is reconciled. */
  lastPeriod: boolean;
  /** The earlier finalised months of the year, in order (last period only). */
  earlier: EmployeeRunInput['earlier'];
  withheldBefore: Dec;
  /** Attendance days, at least 1 (a daily worker's average). */
  days: number;
  terRounding: PayrollSettings['terRounding'];
  previousEmployer: EmployeeRunInput['previousEmployer'];
}

function lastPeriodTax(x: MonthTax, taxableGross: Dec, annualDeductions: number) {
  const r = calculatePph21({
    taxYear: x.year,
    ptkpStatus: x.ptkpStatus,
    employeeType: 'permanent',
    lastTaxPeriod: x.month,
    months: [
      ...x.earlier.map((m) => ({
        month: m.month,
        gross: wholeRupiah(m.taxableGross),
        annualDeductions: wholeRupiah(m.annualDeductions),
      })),
      { month: x.month, gross: toInt(taxableGross), annualDeductions },
    ],
    terRounding: x.terRounding,
    previousEmployer: x.previousEmployer && {
      netIncome: wholeRupiah(x.previousEmployer.netIncome),
      taxWithheld: wholeRupiah(x.previousEmployer.taxWithheld),
    },
  });
  const lp = r.output.lastPeriod!;
  const previousTax = dec(x.previousEmployer?.taxWithheld ?? 0);
  return { lp, previousTax, pph21: new Dec(lp.pph21Year).minus(previousTax).minus(x.withheldBefore) };
}

/** The month's PPh 21 on a taxable gross: monthly TER, daily TER, or the last tax period's reconciliation. */
function taxOf(x: MonthTax, taxableGross: Dec, annualDeductions: number): Dec {
  if (x.type === 'daily') return dailyPph21(taxableGross.div(x.days), x.terRounding).pph21.times(x.days);
  if (x.lastPeriod) return lastPeriodTax(x, taxableGross, annualDeductions).pph21;
  return monthlyTer({ category: terCategoryFor(x.ptkpStatus), gross: taxableGross, rounding: x.terRounding }).pph21;
}

/** The month's lines so far, from which buildSlip builds the payslip (again, with a tax allowance). */
interface SlipParts {
  payDate: string;
  ptkpStatus: PtkpStatus;
  earnings: PayslipEarning[];
  preTaxCuts: PayslipEarning[];
  deductions: PayslipDeduction[];
  settings: PayrollSettings;
  legal: LegalValues;
}

/**
 * BPJS on the (prorated) basic + fixed allowances; the cuts enter as negative taxable earnings (not fixed: the BPJS
 * wage is not cut), then are shown as deductions before tax.
 */
function buildSlip(x: SlipParts, extra: PayslipEarning[]): Payslip {
  const built = calculateMonthlyPayslip({
    payDate: x.payDate,
    ptkpStatus: x.ptkpStatus,
    earnings: [...x.earnings, ...extra, ...x.preTaxCuts],
    deductions: x.deductions,
    bpjs: x.settings.bpjsEnabled ? { jkkRatePercent: jkkRateOfSetting(x.settings.jkkRatePercent, x.legal).percent } : null,
    tax: { terRounding: x.settings.terRounding },
    legal: x.legal,
  });
  if (x.preTaxCuts.length) {
    const cutCodes = new Set(x.preTaxCuts.map((c) => c.code));
    const cutLines = built.lines
      .filter((l) => cutCodes.has(l.code))
      .map((l) => ({ ...l, kind: 'deduction' as const, amount: -l.amount }));
    const rest = built.lines.filter((l) => !cutCodes.has(l.code));
    const at = rest.findIndex((l) => l.kind !== 'earning');
    rest.splice(at < 0 ? rest.length : at, 0, ...cutLines);
    built.lines = rest;
  }
  return built;
}

/** Computes one employee's payslip for `period` with the company settings. */
export function computeEmployeePayslip(
  period: string,
  settings: PayrollSettings,
  e: EmployeeRunInput,
  formulaCache?: FormulaCache,
  /** The legal values in force on the pay date (the run resolves them once from the legal table); default: built-in. */
  legalValues?: LegalValues,
): ComputedPayslip {
  const { dates, ptkpStatus, type, emp, a, rate, basicLine, basic, components, fullFixedAllowances } = monthBasisOf(
    period,
    settings,
    e,
    formulaCache,
  );
  const { month, payDate, year } = dates;
  const legal = legalValues ?? builtInLegalValues(payDate, settings.minimumWageRegion ?? null);
  const earnings: PayslipEarning[] = [basicLine];
  const deductions: PayslipDeduction[] = [];
  for (const { c, amount, trace: t } of components) {
    if (c.kind === 'deduction') {
      if (amount.gt(0)) deductions.push({ code: c.code, name: c.name, amount, trace: t });
    } else if (!amount.isZero()) {
      earnings.push({ code: c.code, name: c.name, amount, fixed: c.kind === 'fixed-allowance', taxable: c.taxable, trace: t });
    }
  }

  // Absence and unpaid-leave cuts of a monthly-paid employee (a daily worker is paid per attendance day):
  // per-day wage × days, before tax (they lower taxable gross), not below zero pay.
  const preTaxCuts: PayslipEarning[] = [];
  if (type !== 'daily') {
    const withFixed = settings.absenceCutFixedAllowances;
    const cutWage = withFixed ? rate.plus(fullFixedAllowances) : rate;
    const fixedDivisor = settings.absenceCutBasis === 'fixed-divisor';
    const divisor = fixedDivisor
      ? settings.absenceCutDivisor
      : a.workDays > 0
        ? a.workDays
        : workDaysIn(period, settings.workWeek);
    let room = withFixed ? sum(earnings.filter((x) => x.fixed).map((x) => x.amount)) : basic;
    const cuts = [
      ['absence-cut', 'Absence cut', a.absentDays, 'timesheets: scheduled work days without attendance or leave'],
      ['unpaid-leave-cut', 'Unpaid leave cut', a.unpaidLeaveDays ?? 0, 'approved leave requests not paid (be-paid false)'],
    ] as const;
    for (const [code, name, days, what] of cuts) {
      if (!(days > 0) || room.lte(0)) continue;
      const amount = Dec.min(toRupiah(cutWage.times(String(days)).div(divisor)), room);
      room = room.minus(amount);
      preTaxCuts.push({
        code,
        name,
        amount: amount.negated(),
        taxable: true,
        trace: trace(
          `${name} (no work, no pay)`,
          `round half up(wage × days / divisor), at most the month's ${withFixed ? 'basic + fixed allowances' : 'basic salary'}`,
          {
            wage: cutWage.toString(),
            wageIs: withFixed ? 'basic salary + fixed allowances' : 'basic salary',
            days,
            divisor,
            divisorIs: fixedDivisor ? 'fixed divisor' : 'scheduled work days of the month',
            daysFrom: what,
          },
          `${SRC_NO_WORK_NO_PAY}; company setting absenceCutBasis = ${settings.absenceCutBasis}${fixedDivisor ? ` (absenceCutDivisor ${divisor})` : ''}, absenceCutFixedAllowances = ${withFixed}; ${SRC_HALF_UP}`,
        ),
      });
    }
  }

  // Overtime: the wage base (basic or daily rate × 21/25, plus the month's full fixed allowances) and the pay
  // are overtimeWageBase / overtimeOfDay (calculateOvertime's checked half), the same calls the pay preview and `hr calc overtime` make.
  const overtimeWage = overtimeWageInputOf(type, rate, fullFixedAllowances, settings);
  if (overtimeWage.basicSalary === 0 && overtimeWage.fixedAllowances === 0 && a.overtime.some((o) => o.hours > 0))
    // Refused by name (412), as the pay preview refuses it, rather than paying approved overtime as 0.
    throw new PayslipComputeError(
      e.employeeId,
      'approved overtime, but no basic salary or fixed allowance to base its pay on (PP 35/2021 Pasal 32; a piece-rate ' +
        "worker's 12-month average wage is not implemented)",
    );
  a.overtime.forEach((o, i) => {
    if (o.hours <= 0) return;
    // The day is checked here (the wages are whole rupiah by construction), so no schema parse per payslip.
    const problem = overtimeDayProblem(overtimeWage.workWeek, o.dayType, o.hours);
    if (problem)
      throw new PayslipComputeError(e.employeeId, `overtime of ${o.hours} h (${o.dayType}): ${problem.field} ${problem.message}`);
    const r = overtimeOfDayRemembered({ ...overtimeWage, dayType: o.dayType, hours: o.hours, hourlyWageRounding: 'none' });
    earnings.push({
      code: `overtime-${i + 1}`,
      name: `Overtime ${o.hours} h (${o.dayType})`,
      amount: r.output.pay,
      taxable: true,
      trace: trace(
        'Overtime pay',
        'Σ hourlyWage × multiplier(hour) per hour, rounded half up once',
        {
          monthlyWage: String(r.output.monthlyWage),
          monthlyWageIs: r.trace.monthlyWage?.formula ?? null,
          hours: o.hours,
          dayType: o.dayType,
          workWeek: settings.workWeek,
        },
        type === 'daily' ? 'PP 35/2021 Pasal 31–32; daily rate × 25 or 21' : 'PP 35/2021 Pasal 31–32',
      ),
    });
  });

  let bonuses = 0;
  let cuts = 0;
  for (const b of e.bonusCuts) {
    const t = enteredAmountTrace(b.name, b.amount, 'bonus/cut of the period');
    if (b.kind === 'bonus')
      earnings.push({ code: `bonus-${++bonuses}`, name: b.name, amount: b.amount, taxable: b.taxable, trace: t });
    else deductions.push({ code: `cut-${++cuts}`, name: b.name, amount: b.amount, trace: t });
  }
  (e.pieces ?? []).forEach((p, i) => {
    earnings.push({
      code: `piece-${i + 1}`,
      name: `Piece work: ${p.description} (${p.units} × ${p.rate})`,
      amount: toRupiah(dec(p.units).times(p.rate)),
      taxable: true,
      trace: trace(
        'Piece / unit work',
        'round half up(units × rate)',
        { units: p.units, rate: p.rate, description: p.description },
        type === 'daily'
          ? 'piece work entry of the period; PPh 21 by daily TER on the average per day (PP 58/2023 Lampiran D)'
          : 'piece work entry of the period',
      ),
    });
  });
  // THR is income of the month it is paid in: it enters this month's taxable gross (TER on the month's total,
  // PMK 168/2023 Pasal 2), not the BPJS wage (not a fixed allowance).
  if (e.thr) earnings.push({ code: 'thr', name: e.thr.name, amount: e.thr.amount, taxable: true, trace: e.thr.trace });
  for (const d of e.externalDeductions ?? []) deductions.push({ code: d.code, name: d.name, amount: d.amount, trace: d.trace });

  const lastPeriod = (month === 12 || emp.leaver) && type === 'permanent';
  const earlier = lastPeriod ? [...e.earlier].filter((m) => m.month < month).sort((x, y) => x.month - y.month) : [];
  const withheldBefore = sum(earlier.map((m) => m.pph21));
  const days = Math.max(1, a.attendanceDays);
  const tax: MonthTax = {
    year,
    month,
    ptkpStatus,
    type,
    lastPeriod,
    earlier,
    withheldBefore,
    days,
    terRounding: settings.terRounding,
    previousEmployer: e.previousEmployer,
  };
  const parts: SlipParts = { payDate, ptkpStatus, earnings, preTaxCuts, deductions, settings, legal };
  let slip = buildSlip(parts, []);
  // PPh 21 DTP (PMK 10/2025, PMK 105/2025; payroll-id.md §1.12): the fixed regular gross (basic + fixed allowances as
  // paid this month) or a daily worker's average daily wage against the legal table's limits of the pay date.
  const dtp = pph21DtpEligibility({
    legal,
    companyEligible: settings.pph21DtpEligible === true,
    companyKlu: settings.pph21DtpKlu ?? null,
    employmentType: type,
    fixedRegularGross: sum(earnings.filter((x) => x.fixed).map((x) => x.amount)),
    dailyAverageGross: dec(slip.gross).div(days),
  });
  // Employer-borne PPh 21 (payroll-id.md §1.11): a taxable tax allowance equal to the tax it causes, found by
  // the same gross-up as `hr calc pph21 --grossUp` (grossUpAllowance); in the last period it covers that
  // period's tax and is never negative (a refund of over-withholding is not grossed up).
  // Under DTP the government bears the tax: no employer gross-up.
  const borneBy = e.taxBorneBy ?? settings.taxBorneBy;
  if (borneBy === 'employer' && !dtp.eligible) {
    const base = dec(slip.taxableGross);
    const allowance = grossUpAllowance(base, (g) => taxOf(tax, g, slip.annualDeductions));
    const method = type === 'daily' ? 'daily TER' : lastPeriod ? 'last-period reconciliation' : 'monthly TER';
    slip = buildSlip(parts, [
      {
        code: 'tax-allowance',
        name: 'Tunjangan PPh 21 (tax allowance)',
        amount: allowance,
        taxable: true,
        trace: trace(
          'Tax allowance: PPh 21 borne by the employer (gross-up)',
          'smallest allowance with allowance = PPh 21(taxableGross + allowance)',
          { taxableGross: base.toString(), allowance: allowance.toString(), method, taxBorneBy: borneBy },
          `PMK 168/2023 Pasal 5(3) (a tax allowance is income); ${
            e.taxBorneBy ? 'employee payroll option taxBorneBy' : 'company setting taxBorneBy'
          }`,
        ),
      },
    ]);
  }
  let pph21Index = slip.lines.findIndex((l) => l.code === 'pph21');
  if (ptkpStatus !== e.ptkpStatus) {
    const line = slip.lines[pph21Index];
    if (line)
      line.trace = { ...line.trace, inputs: { ...line.trace.inputs, ptkpStatus: `${ptkpStatus} (no PTKP status on record)` } };
  }

  if (type === 'daily') {
    // Daily TER on the average daily gross (PP 58/2023 Lampiran D: "the average per day" for pay over several days).
    const daily = dailyPph21(dec(slip.taxableGross).div(days), settings.terRounding);
    const pph21 = daily.pph21.times(days);
    slip.lines[pph21Index] = {
      code: 'pph21',
      name: 'PPh 21 (daily TER)',
      kind: 'deduction',
      amount: toInt(pph21),
      trace: trace(
        'PPh 21 daily worker',
        `attendanceDays × ${daily.trace.formula} on dailyGross = taxableGross / attendanceDays`,
        {
          taxableGross: slip.taxableGross,
          attendanceDays: days,
          dailyGross: dec(slip.taxableGross).div(days).toString(),
          taxPerDay: daily.pph21.toString(),
        },
        `${daily.trace.source}`,
      ),
    };
  }

  // The last tax period reconciles the year for a permanent employee (PMK 168/2023 Pasal 15(1)b): December,
  // or the month of leaving. Article 17 on the year minus the PPh 21 withheld in the earlier finalised
  // months of the same year. Non-permanent and daily workers are never reconciled (payroll-id.md §1.6).
  if (lastPeriod) {
    const { lp, pph21, previousTax } = lastPeriodTax(tax, dec(slip.taxableGross), slip.annualDeductions);
    const when = month === 12 ? 'December' : 'month of leaving';
    slip.lines[pph21Index] = {
      code: 'pph21',
      name: pph21.isNegative() ? `PPh 21 (${when} reconciliation, refund)` : `PPh 21 (${when} reconciliation)`,
      kind: 'deduction',
      amount: toInt(pph21),
      trace: trace(
        'PPh 21 last tax period',
        e.previousEmployer
          ? "Article 17(PKP incl. the previous employer's net income) − previous employer's PPh 21 − PPh 21 withheld in the earlier finalised months of the year"
          : 'Article 17(PKP) − PPh 21 withheld in the earlier finalised months of the year',
        {
          lastTaxPeriod: month === 12 ? 'December' : `month of leaving (last working day ${emp.to})`,
          grossYear: lp.grossYear,
          biayaJabatan: lp.biayaJabatan,
          deductions: lp.deductions,
          netIncome: lp.netIncome,
          ptkp: lp.ptkp,
          pkp: lp.pkp,
          pph21Year: lp.pph21Year,
          withheldBefore: toInt(withheldBefore),
          earlierMonths: earlier.map((m) => m.month).join(','),
          ...(e.previousEmployer
            ? { previousEmployerNetIncome: e.previousEmployer.netIncome, previousEmployerTaxWithheld: toInt(previousTax) }
            : {}),
        },
        `PMK 168/2023 Pasal 15(1)b, Pasal 21(1)${e.previousEmployer ? ' (previous employer, 1721-A1 lines 13 and 18)' : ''}`,
      ),
    };
  }

  // Over-withholding refunded in the last period excludes what came from DTP (PMK 168/2023 Pasal 21(2); payroll-id.md
  // §1.7 step 7): at most the tax the employee actually bore this year (earlier months' PPh 21 minus their DTP).
  if (lastPeriod) {
    const line = slip.lines[pph21Index]!;
    const earlierDtp = sum(earlier.map((m) => m.dtp ?? 0));
    const borne = Dec.max(withheldBefore.minus(earlierDtp), 0);
    if (earlierDtp.gt(0) && dec(line.amount).isNegative() && dec(line.amount).negated().gt(borne)) {
      line.trace = {
        ...line.trace,
        formula: `${line.trace.formula}; a refund is at most the tax borne by the employee (the DTP part is not refunded)`,
        inputs: { ...line.trace.inputs, reconciled: line.amount, earlierDtp: toInt(earlierDtp), refundable: toInt(borne) },
        source: `${line.trace.source}; PMK 168/2023 Pasal 21(2) (DTP over-withholding is not refunded), PMK 10/2025`,
      };
      line.amount = toInt(borne.negated());
    }
  }
  // DTP: the month's PPh 21 stays on the slip (a deduction) and the government pays the same amount in cash, not
  // taxable (PMK 10/2025: the DTP received is not income), so net pay is what it would be without the tax.
  const dtpAmount = dtp.eligible ? Dec.max(dec(slip.lines[pph21Index]!.amount), 0) : new Dec(0);
  if (dtpAmount.gt(0)) {
    const at = slip.lines.findIndex((l) => l.kind !== 'earning');
    slip.lines.splice(at < 0 ? slip.lines.length : at, 0, {
      code: PPH21_DTP_CODE,
      name: `PPh 21 DTP (${dtp.regulation})`,
      kind: 'earning',
      amount: toInt(dtpAmount),
      trace: { ...dtp.trace, formula: `${dtp.trace.formula}; amount = the month's PPh 21, paid in cash, not taxable` },
    });
    pph21Index = slip.lines.findIndex((l) => l.code === 'pph21');
  }

  // Totals from the final lines: net = gross − deductions, exactly.
  const gross = sum(slip.lines.filter((l) => l.kind === 'earning').map((l) => l.amount));
  const totalDeductions = sum(slip.lines.filter((l) => l.kind === 'deduction').map((l) => l.amount));
  slip.gross = toInt(gross);
  slip.totalDeductions = toInt(totalDeductions);
  slip.net = toInt(gross.minus(totalDeductions));
  slip.pph21 = slip.lines[pph21Index]!.amount;

  const employerCost = toInt(toRupiah(sum(slip.lines.filter((l) => l.kind === 'employer').map((l) => l.amount))));
  return {
    ...slip,
    employeeId: e.employeeId,
    employmentType: type,
    ptkpStatus,
    basicSalary: toInt(rate),
    employerCost,
  };
}
