import { evaluateFormulaAmount, FormulaError, type STANDARD_FORMULA_VARIABLES } from '../formula';
import { calculateOvertime } from '../formulas/overtime';
import { calculatePph21 } from '../formulas/pph21';
import { Dec, dec, sum, toInt, toRupiah } from '../money';
import {
  calculateMonthlyPayslip,
  enteredAmountTrace,
  type Payslip,
  type PayslipDeduction,
  type PayslipEarning,
} from '../payslip';
import { type OvertimeDayType, PTKP_STATUSES, type PtkpStatus } from '../schema';
import { type Trace, trace } from '../trace';
import type { PayrollSettings } from './schema';

/*
 * One employee's payslip for one period, from data the run loaded: basic salary (queue or contract),
 * components (amount or formula), bonus/cuts, overtime and attendance figures, BPJS and PPh 21 (TER for
 * January–November, the last-period reconciliation in December). Pure: no database, exact money.
 */

/** Attendance figures a run needs. The attendance module does not feed them yet: defaults are a full month, no overtime. */
export interface AttendanceInput {
  attendanceDays: number;
  workDays: number;
  absentDays: number;
  lateMinutes: number;
  /** Approved overtime, one entry per day worked over time. */
  overtime: readonly { dayType: OvertimeDayType; hours: number }[];
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
}

export interface EmployeeRunInput {
  employeeId: number;
  /** PTKP code from the employee record; null is computed as TK/0 (and the trace says so). */
  ptkpStatus: string | null;
  basicSalary: string;
  basicSource: string;
  components: readonly ComponentInput[];
  bonusCuts: readonly { name: string; kind: 'bonus' | 'cut'; amount: string; taxable: boolean }[];
  /** After-tax deductions other modules ask for (cooperative, purchase of goods, canteen): runs/deductions.ts. */
  externalDeductions?: readonly { code: string; name: string; amount: string; trace: Trace }[];
  attendance: AttendanceInput;
  jobLevel: number;
  tenureMonths: number;
  /** Finalised payslips of the same tax year, earlier months (used only for December's reconciliation). */
  earlier: readonly EarlierMonth[];
}

export interface ComputedPayslip extends Payslip {
  employeeId: number;
  ptkpStatus: PtkpStatus;
  basicSalary: number;
  /** Employer-paid premiums on top of gross (BPJS employer shares). */
  employerCost: number;
}

/** A month's period → { year, month, first day, last day, pay date }. */
export function periodDates(period: string, payDay: number) {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    year: y,
    month: m,
    start: `${y}-${pad(m)}-01`,
    end: `${y}-${pad(m)}-${pad(last)}`,
    payDate: `${y}-${pad(m)}-${pad(Math.min(payDay, last))}`,
    days: last,
  };
}

/** The month before 'yyyy-mm'. */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** Working days of a month for a 5- or 6-day week (Mon–Fri or Mon–Sat; public holidays not subtracted). */
export function workDaysIn(period: string, workWeek: 5 | 6): number {
  const { year, month, days } = periodDates(period, 1);
  let n = 0;
  for (let d = 1; d <= days; d++) {
    const wd = new Date(Date.UTC(year, month - 1, d)).getUTCDay();
    if (wd !== 0 && (workWeek === 6 || wd !== 6)) n++;
  }
  return n;
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
  ) {
    super(message);
    this.name = 'PayslipComputeError';
  }
}

/** Computes one employee's payslip for `period` with the company settings. */
/** Formula results of one run keyed by formula, rounding and variable values (a formula is pure: same inputs, same amount). */
export type FormulaCache = Map<string, { amount: Dec; trace: Trace }>;

export function computeEmployeePayslip(
  period: string,
  settings: PayrollSettings,
  e: EmployeeRunInput,
  formulaCache?: FormulaCache,
): ComputedPayslip {
  const { month, payDate, year } = periodDates(period, settings.payDay);
  const ptkpStatus: PtkpStatus = isPtkp(e.ptkpStatus) ? e.ptkpStatus : 'TK/0';
  const basic = dec(e.basicSalary);
  const earnings: PayslipEarning[] = [
    {
      code: 'basic',
      name: 'Basic salary',
      amount: basic,
      fixed: true,
      taxable: true,
      trace: enteredAmountTrace('Basic salary', basic, e.basicSource),
    },
  ];
  const deductions: PayslipDeduction[] = [];
  const a = e.attendance;
  const dependants = Number(ptkpStatus.split('/')[1] ?? 0);

  // Fixed amounts first, so formulas can use fixedAllowances (Σ fixed allowances entered as amounts).
  const fixedAmounts = sum(e.components.filter((c) => c.kind === 'fixed-allowance' && c.amount !== null).map((c) => c.amount!));
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

  for (const c of e.components) {
    let amount: Dec;
    let t: Trace;
    if (c.amount !== null) {
      amount = dec(c.amount);
      t = enteredAmountTrace(c.name, amount, 'employee component');
    } else if (c.formula) {
      try {
        const key = `${c.formula}\u0000${c.name}\u0000${settings.componentRounding}\u0000${Object.values(variables).join('|')}`;
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
    } else {
      continue;
    }
    if (c.kind === 'deduction') {
      if (amount.gt(0)) deductions.push({ code: c.code, name: c.name, amount, trace: t });
    } else if (!amount.isZero()) {
      earnings.push({ code: c.code, name: c.name, amount, fixed: c.kind === 'fixed-allowance', taxable: c.taxable, trace: t });
    }
  }

  // Overtime: hourly wage = (basic + fixed allowances) / 173 (PP 35/2021 Pasal 32), multipliers by day type.
  const fixedWage = sum(earnings.filter((x) => x.fixed).map((x) => x.amount));
  a.overtime.forEach((o, i) => {
    if (o.hours <= 0) return;
    const r = calculateOvertime({
      monthlyWage: toInt(fixedWage),
      workWeek: settings.workWeek,
      dayType: o.dayType,
      hours: o.hours,
    });
    earnings.push({
      code: `overtime-${i + 1}`,
      name: `Overtime ${o.hours} h (${o.dayType})`,
      amount: r.output.pay,
      taxable: true,
      trace: trace(
        'Overtime pay',
        'Σ hourlyWage × multiplier(hour) per hour, rounded half up once',
        { monthlyWage: fixedWage.toString(), hours: o.hours, dayType: o.dayType, workWeek: settings.workWeek },
        'PP 35/2021 Pasal 31–32',
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
  for (const d of e.externalDeductions ?? []) deductions.push({ code: d.code, name: d.name, amount: d.amount, trace: d.trace });

  const slip = calculateMonthlyPayslip({
    payDate,
    ptkpStatus,
    earnings,
    deductions,
    bpjs: settings.bpjsEnabled ? { jkkRatePercent: Number(settings.jkkRatePercent) } : null,
    tax: { terRounding: settings.terRounding },
  });
  if (ptkpStatus !== e.ptkpStatus) {
    const line = slip.lines.find((l) => l.code === 'pph21');
    if (line)
      line.trace = { ...line.trace, inputs: { ...line.trace.inputs, ptkpStatus: `${ptkpStatus} (no PTKP status on record)` } };
  }

  // December: the last tax period reconciles the year (PMK 168/2023 Pasal 15(1)b): tax of the year by
  // Article 17 minus the PPh 21 actually withheld in the earlier finalised months of the same year.
  if (month === 12) {
    const earlier = [...e.earlier].filter((m) => m.month < 12).sort((x, y) => x.month - y.month);
    const r = calculatePph21({
      taxYear: year,
      ptkpStatus,
      employeeType: 'permanent',
      lastTaxPeriod: 12,
      months: [
        ...earlier.map((m) => ({ month: m.month, gross: Number(m.taxableGross), annualDeductions: Number(m.annualDeductions) })),
        { month: 12, gross: slip.taxableGross, annualDeductions: slip.annualDeductions },
      ],
      terRounding: settings.terRounding,
    });
    const lp = r.output.lastPeriod;
    if (lp) {
      const withheld = sum(earlier.map((m) => m.pph21));
      const pph21 = new Dec(lp.pph21Year).minus(withheld);
      const idx = slip.lines.findIndex((l) => l.code === 'pph21');
      slip.lines[idx] = {
        code: 'pph21',
        name: pph21.isNegative() ? 'PPh 21 (December reconciliation, refund)' : 'PPh 21 (December reconciliation)',
        kind: 'deduction',
        amount: toInt(pph21),
        trace: trace(
          'PPh 21 last tax period',
          'Article 17(PKP) − PPh 21 withheld in the earlier finalised months of the year',
          {
            grossYear: lp.grossYear,
            biayaJabatan: lp.biayaJabatan,
            deductions: lp.deductions,
            netIncome: lp.netIncome,
            ptkp: lp.ptkp,
            pkp: lp.pkp,
            pph21Year: lp.pph21Year,
            withheldBefore: toInt(withheld),
            earlierMonths: earlier.map((m) => m.month).join(','),
          },
          'PMK 168/2023 Pasal 15(1)b, Pasal 21(1); payroll-id.md §1.7',
        ),
      };
      const totalDeductions = sum(slip.lines.filter((l) => l.kind === 'deduction').map((l) => l.amount));
      slip.pph21 = toInt(pph21);
      slip.totalDeductions = toInt(totalDeductions);
      slip.net = toInt(dec(slip.gross).minus(totalDeductions));
    }
  }

  const employerCost = toInt(toRupiah(sum(slip.lines.filter((l) => l.kind === 'employer').map((l) => l.amount))));
  return { ...slip, employeeId: e.employeeId, ptkpStatus, basicSalary: toInt(basic), employerCost };
}
