import { describe, expect, it } from 'vitest';
import {
  type ComponentInput,
  computeEmployeePayslip,
  type EmployeeRunInput,
  type FormulaCache,
  fullMonthAttendance,
  periodDates,
  previousPeriod,
  workDaysIn,
} from './compute';
import type { PayrollSettings } from './schema';

const settings: PayrollSettings = {
  cutOffDay: 25,
  payDay: 31,
  jkkRatePercent: '0.24',
  terRounding: 'floor',
  componentRounding: 'half-up',
  workWeek: 5,
  bpjsEnabled: true,
};
const employee = (over: Partial<EmployeeRunInput> = {}): EmployeeRunInput => ({
  employeeId: 1,
  ptkpStatus: 'TK/0',
  basicSalary: '8000000',
  basicSource: 'contract K-1',
  components: [],
  bonusCuts: [],
  attendance: fullMonthAttendance('2026-11', 5),
  jobLevel: 2,
  tenureMonths: 30,
  earlier: [],
  ...over,
});

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
