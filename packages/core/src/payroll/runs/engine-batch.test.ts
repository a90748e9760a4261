import { describe, expect, it } from 'vitest';
import { builtInLegalValues } from '../../legal-tables/schema';
import { DEFAULT_ENGINE_SETTINGS } from '../../testing/payroll-settings';
import { type ComponentInput, type EmployeeRunInput, fullMonthAttendance } from './compute';
import { computeBatch, computeSlips, type EngineJob, payslipRowsText, type RowsFormat, slipTotals } from './engine-batch';
import type { PayrollSettings } from './schema';

/*
 * A worker thread writes each payslip's COPY line into one growing UTF-8 buffer as soon as it is computed (issue 22).
 * The bytes must be exactly the text the run writes on its own thread, whatever the lines hold and however long.
 */
const settings: PayrollSettings = { ...DEFAULT_ENGINE_SETTINGS, payDay: 31 };
const employee = (employeeId: number, over: Partial<EmployeeRunInput> = {}): EmployeeRunInput => ({
  employeeId,
  ptkpStatus: 'K/1',
  basicSalary: String(6_000_000 + employeeId * 1_000),
  basicSource: `contract K-${employeeId} — "Gaji pokok" C:\\kontrak\\${employeeId} ½`,
  components: [],
  bonusCuts: [],
  attendance: fullMonthAttendance('2026-11', 5),
  jobLevel: 2,
  tenureMonths: 30,
  earlier: [],
  ...over,
});
// Forty allowances: one payslip's line is longer than the buffer's first estimate, which must grow.
const many: ComponentInput[] = Array.from({ length: 40 }, (_, i) => ({
  code: `c${i}`,
  name: `Tunjangan ${i} — ☕`,
  kind: 'fixed-allowance',
  taxable: true,
  amount: String(10_000 + i),
  formula: null,
}));
const copy: RowsFormat = { kind: 'copy', prefix: '42\t2026-11\t' };
const job = (inputs: EmployeeRunInput[]): EngineJob => ({
  period: '2026-11',
  settings,
  legal: builtInLegalValues('2026-11-30', null),
  inputs,
  rowsFormat: copy,
});

describe('a batch computed into COPY bytes', () => {
  it('is the UTF-8 of the text the run writes on its own thread, with each payslip’s totals', () => {
    const j = job([employee(1), employee(2, { components: many }), employee(3, { basicSalary: '250000', contractType: 3 })]);
    const batch = computeBatch(j, new Map());
    const slips = computeSlips(j, new Map());
    if (!batch.ok || !slips.ok) throw new Error('expected both to compute');
    expect(typeof batch.rows).not.toBe('string');
    const text = new TextDecoder().decode(batch.rows as Uint8Array);
    expect(text).toBe(payslipRowsText(slips.slips, copy));
    expect(text.split('\n')).toHaveLength(4); // three lines and the empty string after the last newline
    expect(text.split('\n')[1]!.length).toBeGreaterThan(4096);
    expect(batch.totals).toEqual(slips.slips.map(slipTotals));
    expect(batch.ms).toBeGreaterThanOrEqual(0);
  });

  it('names the first employee that cannot be computed, by its place in the batch', () => {
    const bad = employee(2, {
      components: [{ code: 'f', name: 'Broken', kind: 'fixed-allowance', taxable: true, amount: null, formula: 'nosuch * 2' }],
    });
    const batch = computeBatch(job([employee(1), bad, employee(3)]), new Map());
    expect(batch).toMatchObject({ ok: false, failure: { index: 1, kind: 'compute' } });
  });
});
