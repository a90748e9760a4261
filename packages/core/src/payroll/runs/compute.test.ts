import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ComponentInput,
  computeEmployeePayslip,
  type EmployeeRunInput,
  employmentTypeOf,
  type FormulaCache,
  fullMonthAttendance,
  overtimeWageOfMonth,
  periodDates,
  previousPeriod,
  workDaysBetween,
  workDaysIn,
} from './compute';
import { calculateOvertime } from '../formulas/overtime';
import { calculatePph21 } from '../formulas/pph21';
import { BUILT_IN_LEGAL_ROWS, type LegalRow, resolveLegalValues } from '../../legal-tables/schema';
import { DEFAULT_ENGINE_SETTINGS, employeeRunInput } from '../../testing/payroll-settings';
import type { PayrollSettings } from './schema';

const settings: PayrollSettings = { ...DEFAULT_ENGINE_SETTINGS, payDay: 31 };
const employee = employeeRunInput;

describe('periods', () => {
  it('pay date is clamped to the month end; previous period wraps the year', () => {
    expect(periodDates('2026-02', 31)).toMatchObject({ start: '2026-02-01', end: '2026-02-28', payDate: '2026-02-28' });
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(previousPeriod('2026-11')).toBe('2026-10');
  });
  it('work days for 5- and 6-day weeks (November 2026 starts on a Sunday)', () => {
    expect(workDaysIn('2026-11', 5)).toBe(21);
    expect(workDaysIn('2026-11', 6)).toBe(25);
  });
  it('work days between two dates agree with counting each calendar day (joiners and leavers mid-month)', () => {
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    const start = Date.parse('2026-02-01T00:00:00Z');
    for (let a = 0; a < 40; a += 3)
      for (let len = -1; len < 45; len++) {
        const from = day(start + a * 86_400_000);
        const to = day(start + (a + len) * 86_400_000);
        for (const week of [5, 6] as const) {
          let byDay = 0;
          for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
            const wd = new Date(t).getUTCDay();
            if (wd !== 0 && (week === 6 || wd !== 6)) byDay++;
          }
          expect(workDaysBetween(from, to, week)).toBe(byDay);
        }
      }
    expect(workDaysBetween('2026-11-16', '2026-11-30', 5)).toBe(11);
  });
});

describe('computeEmployeePayslip', () => {
  it('net = gross − deductions exactly; formulas see tenure and job level; a deduction component is withheld', () => {
    const components: ComponentInput[] = [
      {
        code: 'c1',
        name: 'Loyalty',
        kind: 'fixed-allowance',
        taxable: true,
        amount: null,
        formula: 'tenureMonths >= 24 ? 300000 : 0',
      },
      { code: 'c2', name: 'Level', kind: 'non-fixed-allowance', taxable: false, amount: null, formula: 'jobLevel * 100000' },
      { code: 'c3', name: 'Union dues', kind: 'deduction', taxable: false, amount: '25000', formula: null },
    ];
    const p = computeEmployeePayslip('2026-11', settings, employee({ components }));
    expect(p.lines.find((l) => l.name === 'Loyalty')?.amount).toBe(300000);
    expect(p.lines.find((l) => l.name === 'Level')?.amount).toBe(200000);
    expect(p.gross).toBe(8_500_000);
    // Loyalty is fixed: BPJS on 8,300,000 (JHT 2% = 166,000); Level is not taxable.
    expect(p.lines.find((l) => l.code === 'bpjs-jht-employee')?.amount).toBe(166_000);
    expect(p.taxableGross).toBe(8_300_000 + 332_000 + 19_920 + 24_900);
    const deductions = p.lines.filter((l) => l.kind === 'deduction').reduce((s, l) => s + l.amount, 0);
    expect(p.totalDeductions).toBe(deductions);
    expect(p.net).toBe(p.gross - deductions);
    expect(p.lines.find((l) => l.name === 'Union dues')).toMatchObject({ kind: 'deduction', amount: 25000 });
  });

  it('overtime: (basic + fixed allowances) / 173 × 1.5 then 2 on a workday', () => {
    const att = { ...fullMonthAttendance('2026-11', 5), overtime: [{ dayType: 'workday' as const, hours: 2 }] };
    const p = computeEmployeePayslip('2026-11', settings, employee({ basicSalary: '1730000', attendance: att }));
    // hourly 10,000: 1.5 × 10,000 + 2 × 10,000.
    expect(p.lines.find((l) => l.code === 'overtime-1')?.amount).toBe(35_000);
  });

  it('overtime of a daily worker is calculateOvertime on the daily rate × 21, the preview’s and hr calc’s call (issue 17)', () => {
    const att = { ...fullMonthAttendance('2026-11', 5), overtime: [{ dayType: 'workday' as const, hours: 2 }] };
    const input = employee({ basicSalary: '280000', contractType: 3, attendance: att });
    const line = computeEmployeePayslip('2026-11', settings, input).lines.find((l) => l.code === 'overtime-1');
    const wage = overtimeWageOfMonth('2026-11', settings, input);
    expect(wage).toEqual({ employmentType: 'daily', basicSalary: 280_000, fixedAllowances: 0, workWeek: 5 });
    expect(line?.amount).toBe(calculateOvertime({ ...wage, dayType: 'workday', hours: 2 }).output.pay);
    expect(line?.amount).toBe(118_960); // 5,880,000 / 173 × 3.5 = 118,959.54
    expect(line?.trace.inputs).toMatchObject({
      monthlyWage: '5880000',
      monthlyWageIs: 'round half up(dailyRate × 21 + fixed allowances)',
    });
  });

  it('refuses approved overtime with no wage to base it on, by name, instead of paying 0', () => {
    const att = { ...fullMonthAttendance('2026-11', 5), overtime: [{ dayType: 'workday' as const, hours: 2 }] };
    expect(() =>
      computeEmployeePayslip('2026-11', settings, employee({ basicSalary: '0', contractType: 3, attendance: att })),
    ).toThrow(/approved overtime, but no basic salary or fixed allowance/);
  });

  it('refuses overtime the multiplier table cannot pay, by name and with the same words as hr calc overtime', () => {
    const over = { ...fullMonthAttendance('2026-11', 5), overtime: [{ dayType: 'workday' as const, hours: 17 }] };
    expect(() => computeEmployeePayslip('2026-11', settings, employee({ employeeId: 7, attendance: over }))).toThrow(
      expect.objectContaining({
        employeeId: 7,
        message: 'overtime of 17 h (workday): hours must be at most 16 on a workday in a 5-day week (PP 35/2021 Pasal 31)',
      }),
    );
    const holiday = {
      ...fullMonthAttendance('2026-11', 5),
      overtime: [{ dayType: 'holiday-shortest-workday' as const, hours: 2 }],
    };
    expect(() => computeEmployeePayslip('2026-11', settings, employee({ attendance: holiday }))).toThrow(
      /dayType holiday-shortest-workday applies to a 6-day work week only/,
    );
    const cli = calculateOvertime.bind(null, { monthlyWage: 1_730_000, workWeek: 5, dayType: 'workday', hours: 17 });
    expect(cli).toThrow(/must be at most 16 on a workday in a 5-day week/);
  });

  it('no PTKP status on record is computed as TK/0 and the trace says so; the formula cache gives the same payslip', () => {
    const cache: FormulaCache = new Map();
    const comps: ComponentInput[] = [
      { code: 'm', name: 'Meal', kind: 'non-fixed-allowance', taxable: true, amount: null, formula: 'attendanceDays * 25000' },
    ];
    const a = computeEmployeePayslip('2026-11', settings, employee({ ptkpStatus: null, components: comps }), cache);
    const b = computeEmployeePayslip('2026-11', settings, employee({ ptkpStatus: null, components: comps }), cache);
    expect(cache.size).toBe(1);
    expect(b).toEqual(a);
    expect(a.ptkpStatus).toBe('TK/0');
    expect(a.lines.find((l) => l.code === 'pph21')?.trace.inputs.ptkpStatus).toBe('TK/0 (no PTKP status on record)');
  });

  it('December: a refund (negative PPh 21) when more was withheld earlier than the year owes', () => {
    const earlier = Array.from({ length: 11 }, (_, i) => ({
      month: i + 1,
      taxableGross: '8000000',
      annualDeductions: '240000',
      pph21: '1000000',
    }));
    const p = computeEmployeePayslip('2026-12', settings, employee({ earlier }));
    expect(p.pph21).toBeLessThan(0);
    expect(p.lines.find((l) => l.code === 'pph21')).toMatchObject({ name: 'PPh 21 (December reconciliation, refund)' });
    expect(p.net).toBe(p.gross - p.totalDeductions);
    expect(p.net).toBeGreaterThan(p.gross);
  });

  it('a formula failing at run time names the component', () => {
    const comps: ComponentInput[] = [
      { code: 'x', name: 'Ratio', kind: 'non-fixed-allowance', taxable: true, amount: null, formula: 'basic / absentDays' },
    ];
    expect(() => computeEmployeePayslip('2026-11', settings, employee({ components: comps }))).toThrow(
      'component Ratio: division by zero',
    );
  });
});

describe('attendance cuts, proration and employment types', () => {
  const noBpjs: PayrollSettings = { ...settings, bpjsEnabled: false };
  const line = (p: ReturnType<typeof computeEmployeePayslip>, code: string) => p.lines.find((l) => l.code === code);
  const att = (over: Partial<ReturnType<typeof fullMonthAttendance>> & { unpaidLeaveDays?: number } = {}) => ({
    ...fullMonthAttendance('2026-11', 5),
    ...over,
  });

  it('2 absent days and 1 unpaid leave day cut basic ÷ scheduled work days before tax; BPJS stays on the full wage', () => {
    const p = computeEmployeePayslip(
      '2026-11',
      settings,
      employee({ basicSalary: '6300000', attendance: att({ attendanceDays: 18, absentDays: 2, unpaidLeaveDays: 1 }) }),
    );
    // 6,300,000 / 21 scheduled work days = 300,000 a day.
    expect(line(p, 'absence-cut')).toMatchObject({ kind: 'deduction', amount: 600_000 });
    expect(line(p, 'unpaid-leave-cut')).toMatchObject({ kind: 'deduction', amount: 300_000 });
    expect(line(p, 'absence-cut')!.trace).toMatchObject({
      inputs: { wage: '6300000', days: 2, divisor: 21, divisorIs: 'scheduled work days of the month' },
      source: expect.stringContaining('UU 13/2003 Pasal 93'),
    });
    expect(line(p, 'absence-cut')!.trace.source).toContain('company setting absenceCutBasis = workdays');
    expect(p.gross).toBe(6_300_000);
    expect(line(p, 'bpjs-jht-employee')!.amount).toBe(126_000);
    // Taxable gross: pay after the cuts + employer Kesehatan 4%, JKK 0.24%, JKM 0.3% of 6,300,000.
    expect(p.taxableGross).toBe(5_400_000 + 252_000 + 15_120 + 18_900);
    const ter = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months: [{ month: 11, gross: p.taxableGross }] });
    expect(p.pph21).toBe(ter.output.monthly[0]!.pph21);
    expect(p.net).toBe(p.gross - p.totalDeductions);
    // The cut lines come right after the earnings.
    expect(p.lines.findIndex((l) => l.code === 'absence-cut')).toBe(1);
  });

  it('fixed divisor with fixed allowances; the cut never exceeds the wage', () => {
    const s: PayrollSettings = {
      ...noBpjs,
      absenceCutBasis: 'fixed-divisor',
      absenceCutDivisor: 30,
      absenceCutFixedAllowances: true,
    };
    const allowance: ComponentInput = {
      code: 'f',
      name: 'Position',
      kind: 'fixed-allowance',
      taxable: true,
      amount: '3000000',
      formula: null,
    };
    const p = computeEmployeePayslip(
      '2026-11',
      s,
      employee({ basicSalary: '6000000', components: [allowance], attendance: att({ absentDays: 3 }) }),
    );
    expect(line(p, 'absence-cut')).toMatchObject({ amount: 900_000 });
    expect(line(p, 'absence-cut')!.trace.inputs).toMatchObject({ divisor: 30, divisorIs: 'fixed divisor' });
    expect(p.taxableGross).toBe(9_000_000 - 900_000);
    const all = computeEmployeePayslip(
      '2026-11',
      { ...s, absenceCutDivisor: 21, absenceCutFixedAllowances: false },
      employee({ basicSalary: '6000000', attendance: att({ absentDays: 20, unpaidLeaveDays: 5 }) }),
    );
    expect(line(all, 'absence-cut')!.amount + (line(all, 'unpaid-leave-cut')?.amount ?? 0)).toBe(6_000_000);
    expect(all.net).toBe(all.gross - all.totalDeductions);
  });

  it('a mid-month joiner is prorated by scheduled work days (default) or calendar days; BPJS on the prorated wage', () => {
    const allowance: ComponentInput = {
      code: 'f',
      name: 'Transport',
      kind: 'fixed-allowance',
      taxable: true,
      amount: '2100000',
      formula: null,
    };
    const joiner = employee({ basicSalary: '8400000', components: [allowance], employment: { entryDate: '2026-11-16' } });
    const p = computeEmployeePayslip('2026-11', settings, joiner);
    // 16–30 November 2026: 11 of the month's 21 weekdays.
    expect(line(p, 'basic')).toMatchObject({ name: 'Basic salary', amount: 4_400_000 });
    expect(line(p, 'basic')!.trace).toMatchObject({
      rule: 'Basic salary (prorated)',
      inputs: { employed: 11, ofMonth: 21, basis: 'scheduled work days', joiner: true },
    });
    expect(p.lines.find((l) => l.name === 'Transport')!.amount).toBe(1_100_000);
    expect(line(p, 'bpjs-jht-employee')!.amount).toBe(110_000); // 2% × 5,500,000
    const c = computeEmployeePayslip('2026-11', { ...settings, prorationBasis: 'calendar-days' }, joiner);
    expect(line(c, 'basic')!.amount).toBe(4_200_000); // 8,400,000 × 15 / 30
    expect(line(c, 'basic')!.trace.inputs).toMatchObject({ employed: 15, ofMonth: 30, basis: 'calendar days' });
    // Not a joiner when the entry date is the 1st.
    const full = computeEmployeePayslip('2026-11', settings, employee({ employment: { entryDate: '2026-11-01' } }));
    expect(line(full, 'basic')!.amount).toBe(8_000_000);
  });

  it('a leaver is prorated and the month of leaving is the last tax period (reconciled against earlier months)', () => {
    const earlier = Array.from({ length: 10 }, (_, i) => ({
      month: i + 1,
      taxableGross: '8000000',
      annualDeductions: '0',
      pph21: '120000',
    }));
    const p = computeEmployeePayslip(
      '2026-11',
      noBpjs,
      employee({ earlier, employment: { entryDate: '2020-01-01', lastWorkingDay: '2026-11-13' } }),
    );
    // 1–13 November: 10 of 21 weekdays.
    expect(line(p, 'basic')!.amount).toBe(Math.round((8_000_000 * 10) / 21));
    const r = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      lastTaxPeriod: 11,
      months: [...earlier.map((m) => ({ month: m.month, gross: 8_000_000 })), { month: 11, gross: p.taxableGross }],
    }).output.lastPeriod!;
    expect(p.pph21).toBe(r.pph21Year - 1_200_000);
    expect(line(p, 'pph21')!.name).toMatch(/^PPh 21 \(month of leaving reconciliation/);
    expect(line(p, 'pph21')!.trace.inputs.lastTaxPeriod).toBe('month of leaving (last working day 2026-11-13)');
    expect(p.net).toBe(p.gross - p.totalDeductions);
  });

  it('contract types: Permanent/Contracted permanent, training/internship non-permanent monthly, Freelance daily', () => {
    expect([5, 4, null, 1, 2, 3].map((t) => employmentTypeOf(t))).toEqual([
      'permanent',
      'permanent',
      'permanent',
      'non-permanent-monthly',
      'non-permanent-monthly',
      'daily',
    ]);
    // A non-permanent monthly worker: TER in December too, never reconciled.
    const earlier = [{ month: 11, taxableGross: '8000000', annualDeductions: '0', pph21: '1000000' }];
    const p = computeEmployeePayslip('2026-12', noBpjs, employee({ contractType: 2, earlier }));
    const ter = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      months: [{ month: 12, gross: 8_000_000 }],
      employeeType: 'non-permanent-monthly',
    });
    expect(line(p, 'pph21')).toMatchObject({ name: 'PPh 21', amount: ter.output.monthly[0]!.pph21 });
    expect(p.employmentType).toBe('non-permanent-monthly');
  });

  it('a daily worker: attendance days × daily rate, daily TER per day, no absence cut', () => {
    const p = computeEmployeePayslip(
      '2026-11',
      noBpjs,
      employee({ contractType: 3, basicSalary: '600000', attendance: att({ attendanceDays: 10, absentDays: 11 }) }),
    );
    expect(line(p, 'basic')).toMatchObject({ name: 'Daily wage', amount: 6_000_000 });
    expect(line(p, 'absence-cut')).toBeUndefined();
    // 0.5% × 600,000 = 3,000 a day × 10 days.
    expect(line(p, 'pph21')).toMatchObject({ name: 'PPh 21 (daily TER)', amount: 30_000 });
    expect(line(p, 'pph21')!.trace.inputs).toMatchObject({ attendanceDays: 10, dailyGross: '600000', taxPerDay: '3000' });
    // Above the daily band: Article 17 rates × 50% of gross (official example: 3,000,000 in one day → 75,000).
    const big = computeEmployeePayslip(
      '2026-11',
      noBpjs,
      employee({ contractType: 3, basicSalary: '3000000', attendance: att({ attendanceDays: 1 }) }),
    );
    expect(big.pph21).toBe(75_000);
    expect(big.net).toBe(3_000_000 - 75_000);
    // December: no reconciliation for a daily worker.
    const dec = computeEmployeePayslip(
      '2026-12',
      noBpjs,
      employee({ contractType: 3, basicSalary: '600000', attendance: att({ attendanceDays: 10 }) }),
    );
    expect(line(dec, 'pph21')!.name).toBe('PPh 21 (daily TER)');
  });
});

describe('employer-borne PPh 21 (gross-up)', () => {
  const lineOf = (p: { lines: { code: string; amount: number }[] }, code: string) => p.lines.find((l) => l.code === code);

  it('adds a tax allowance equal to the TER tax it causes, the same as `hr calc pph21 --grossUp`; net is unchanged', () => {
    const own = computeEmployeePayslip('2026-11', settings, employee({ basicSalary: '15000000' }));
    const up = computeEmployeePayslip('2026-11', { ...settings, taxBorneBy: 'employer' }, employee({ basicSalary: '15000000' }));
    const allowance = lineOf(up, 'tax-allowance')!;
    expect(allowance.amount).toBeGreaterThan(0);
    expect(lineOf(up, 'pph21')!.amount).toBe(allowance.amount);
    expect(up.taxableGross).toBe(own.taxableGross + allowance.amount);
    const calc = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      grossUp: true,
      months: [{ month: 11, gross: own.taxableGross }],
    });
    expect(calc.output.monthly[0]).toMatchObject({ gross: up.taxableGross, pph21: allowance.amount });
    expect(up.net).toBe(own.net + own.pph21);
    expect(up.net).toBe(up.gross - up.totalDeductions);
    const trace = up.lines.find((l) => l.code === 'tax-allowance')!.trace;
    expect(trace).toMatchObject({ inputs: { method: 'monthly TER', taxBorneBy: 'employer' } });
    expect(trace.source).toContain('company setting taxBorneBy');
  });

  it('a per-employee override wins over the company setting either way', () => {
    const up = computeEmployeePayslip('2026-11', settings, employee({ taxBorneBy: 'employer' }));
    expect(lineOf(up, 'tax-allowance')).toBeDefined();
    expect(up.lines.find((l) => l.code === 'tax-allowance')!.trace.source).toContain('employee payroll option');
    const own = computeEmployeePayslip('2026-11', { ...settings, taxBorneBy: 'employer' }, employee({ taxBorneBy: 'employee' }));
    expect(lineOf(own, 'tax-allowance')).toBeUndefined();
  });

  it('December: the allowance covers the reconciliation; a daily worker: daily TER', () => {
    const earlier = Array.from({ length: 11 }, (_, i) => ({
      month: i + 1,
      taxableGross: 25_000_000,
      annualDeductions: 350_000,
      pph21: 2_250_000,
    }));
    const dec = computeEmployeePayslip(
      '2026-12',
      { ...settings, taxBorneBy: 'employer' },
      employee({ basicSalary: '25000000', earlier }),
    );
    const t = lineOf(dec, 'tax-allowance')!.amount;
    expect(lineOf(dec, 'pph21')!.amount).toBe(t);
    expect(dec.net).toBe(dec.gross - dec.totalDeductions);
    const daily = computeEmployeePayslip(
      '2026-11',
      { ...settings, taxBorneBy: 'employer' },
      employee({ basicSalary: '600000', contractType: 3 }),
    );
    expect(lineOf(daily, 'tax-allowance')!.amount).toBe(lineOf(daily, 'pph21')!.amount);
    expect(lineOf(daily, 'tax-allowance')!.amount).toBeGreaterThan(0);
  });

  it('property: allowance = tax, never negative, net = gross − deductions, net equals the employee-borne net + tax', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000, max: 400_000_000 }),
        fc.constantFrom('TK/0', 'K/1', 'K/3'),
        fc.constantFrom(null, 1, 3, 5),
        (basic, ptkp, contractType) => {
          const input = employee({ basicSalary: String(basic), ptkpStatus: ptkp, contractType });
          const own = computeEmployeePayslip('2026-11', settings, input);
          const up = computeEmployeePayslip('2026-11', { ...settings, taxBorneBy: 'employer' }, input);
          const allowance = lineOf(up, 'tax-allowance')!.amount;
          expect(allowance).toBeGreaterThanOrEqual(0);
          expect(lineOf(up, 'pph21')!.amount).toBe(allowance);
          expect(allowance).toBeGreaterThanOrEqual(own.pph21);
          expect(up.net).toBe(up.gross - up.totalDeductions);
          expect(up.net).toBe(own.net + own.pph21);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('piece / unit work', () => {
  it('pays units × rate (half up) as taxable earnings; a daily worker is taxed by daily TER on the average day', () => {
    const pieces = [
      { description: 'Cartons packed', units: '1200', rate: '2500' },
      { description: 'Pallets', units: '12.5', rate: '10001' },
    ];
    const attendance = { ...fullMonthAttendance('2026-11', 5), attendanceDays: 2 };
    const p = computeEmployeePayslip(
      '2026-11',
      settings,
      employee({ basicSalary: '200000', contractType: 3, attendance, pieces }),
    );
    expect(p.lines.find((l) => l.code === 'piece-1')).toMatchObject({
      name: 'Piece work: Cartons packed (1200 × 2500)',
      amount: 3_000_000,
    });
    expect(p.lines.find((l) => l.code === 'piece-2')?.amount).toBe(125_013); // 125,012.5 → half up
    // Daily: 2 days × 200,000 + pieces = 3,525,013 (+ taxable premiums) over 2 days > 450,000 a day: daily TER.
    const dailyGross = p.taxableGross / 2;
    expect(dailyGross).toBeGreaterThan(450_000);
    expect(p.lines.find((l) => l.code === 'pph21')?.name).toBe('PPh 21 (daily TER)');
    expect(p.net).toBe(p.gross - p.totalDeductions);
    // One day above the 2,500,000 band: Article 17 on 50% of the day (5% × 50% × gross).
    const one = computeEmployeePayslip(
      '2026-11',
      { ...settings, bpjsEnabled: false },
      employee({
        basicSalary: '100000',
        contractType: 3,
        attendance: { ...attendance, attendanceDays: 1 },
        pieces: [pieces[0]!],
      }),
    );
    expect(one.taxableGross).toBe(3_100_000);
    expect(one.pph21).toBe(77_500); // 5% × 50% × 3,100,000
  });
});

// PPh 21 DTP (PMK 10/2025 for 2025, PMK 105/2025 for 2026; payroll-id.md §1.12) on the payslip.
const dtpSettings: PayrollSettings = { ...settings, payDay: 25, pph21DtpEligible: true, pph21DtpKlu: '15201 footwear' };
const dtpEmployee = (over: Partial<EmployeeRunInput> = {}) =>
  employee({ basicSalary: '10000000', attendance: fullMonthAttendance('2026-04', 5), ...over });
const lineOf = (slip: { lines: { code: string; amount: number }[] }, code: string) =>
  slip.lines.find((l) => l.code === code)?.amount;
/** Net pay if there were no tax at all: cash earnings other than DTP − deductions other than PPh 21. */
const netWithoutTax = (slip: { lines: { code: string; kind: string; amount: number }[] }) =>
  slip.lines.filter((l) => l.kind === 'earning' && l.code !== 'pph21-dtp').reduce((s, l) => s + l.amount, 0) -
  slip.lines.filter((l) => l.kind === 'deduction' && l.code !== 'pph21').reduce((s, l) => s + l.amount, 0);

describe('PPh 21 DTP', () => {
  it('monthly: 10,000,000 fixed regular gross is DTP, 10,000,001 is not; net pay is what it would be with no tax', () => {
    const at = computeEmployeePayslip('2026-04', dtpSettings, dtpEmployee());
    const over = computeEmployeePayslip('2026-04', dtpSettings, dtpEmployee({ basicSalary: '10000001' }));
    expect(lineOf(at, 'pph21')).toBeGreaterThan(0);
    expect(lineOf(at, 'pph21-dtp')).toBe(lineOf(at, 'pph21'));
    expect(at.lines.find((l) => l.code === 'pph21-dtp')).toMatchObject({ kind: 'earning', name: 'PPh 21 DTP (PMK 105/2025)' });
    expect(at.lines.find((l) => l.code === 'pph21-dtp')?.trace.source).toMatch(/PMK 105\/2025/);
    expect(at.net).toBe(netWithoutTax(at));
    expect(at.net).toBe(at.gross - at.totalDeductions);
    // The DTP payment is not income: taxable gross and the tax are those of the slip without DTP.
    const noDtp = computeEmployeePayslip('2026-04', { ...dtpSettings, pph21DtpEligible: false }, dtpEmployee());
    expect(at.taxableGross).toBe(noDtp.taxableGross);
    expect(at.pph21).toBe(noDtp.pph21);
    expect(at.net).toBe(noDtp.net + at.pph21);
    expect(lineOf(over, 'pph21-dtp')).toBeUndefined();
    expect(over.net).toBe(netWithoutTax(over) - over.pph21);
  });

  it('daily workers: average daily wage 500,000 is DTP, 500,001 is not', () => {
    const daily = (rate: string) =>
      computeEmployeePayslip('2025-06', dtpSettings, dtpEmployee({ contractType: 3, basicSalary: rate }));
    const at = daily('500000');
    const over = daily('500001');
    expect(lineOf(at, 'pph21')).toBeGreaterThan(0);
    expect(lineOf(at, 'pph21-dtp')).toBe(lineOf(at, 'pph21'));
    expect(at.lines.find((l) => l.code === 'pph21-dtp')?.name).toBe('PPh 21 DTP (PMK 10/2025)');
    expect(lineOf(over, 'pph21-dtp')).toBeUndefined();
  });

  it('no DTP when the company is not eligible or outside the legal table’s windows (2027); a row added for 2027 applies', () => {
    expect(
      lineOf(computeEmployeePayslip('2026-04', { ...dtpSettings, pph21DtpEligible: false }, dtpEmployee()), 'pph21-dtp'),
    ).toBe(undefined);
    expect(lineOf(computeEmployeePayslip('2027-04', dtpSettings, dtpEmployee()), 'pph21-dtp')).toBeUndefined();
    const rows2027: LegalRow[] = [
      ...BUILT_IN_LEGAL_ROWS,
      ...(['pph21.dtp.monthly-gross-limit', 'pph21.dtp.daily-gross-limit'] as const).map((key) => ({
        key,
        region: null,
        value: key.includes('daily') ? '500000' : '10000000',
        validFrom: '2027-01-01',
        validTo: '2027-12-31',
        source: 'PMK 999/2026 (test)',
        note: null,
      })),
    ];
    const slip = computeEmployeePayslip(
      '2027-04',
      dtpSettings,
      dtpEmployee(),
      undefined,
      resolveLegalValues(rows2027, '2027-04-25'),
    );
    expect(slip.lines.find((l) => l.code === 'pph21-dtp')?.name).toBe('PPh 21 DTP (PMK 999/2026)');
  });

  it('December: DTP months count as paid; an over-withholding that came from DTP is not refunded', () => {
    // January–November with more PPh 21 than the year's Article 17 tax (all of it DTP), a small December.
    const earlier = Array.from({ length: 11 }, (_, i) => ({
      month: i + 1,
      taxableGross: '10400000',
      annualDeductions: '300000',
      pph21: '600000',
      dtp: i < 10 ? '600000' : '0',
    }));
    const dec = computeEmployeePayslip('2026-12', dtpSettings, dtpEmployee({ basicSalary: '1000000', earlier }));
    const noDtpYear = computeEmployeePayslip(
      '2026-12',
      dtpSettings,
      dtpEmployee({ basicSalary: '1000000', earlier: earlier.map(({ dtp: _d, ...m }) => m) }),
    );
    expect(lineOf(noDtpYear, 'pph21')).toBeLessThan(0); // a refund when the employee bore the tax
    expect(lineOf(dec, 'pph21')).toBe(-600_000); // only November's tax was borne by the employee: the DTP part stays
    expect(dec.lines.find((l) => l.code === 'pph21')?.trace.source).toMatch(/Pasal 21\(2\)/);
    expect(lineOf(dec, 'pph21-dtp')).toBeUndefined();
  });
});
