import { describe, expect, it } from 'vitest';
import { builtInLegalValues } from '../../legal-tables/schema';
import { DEFAULT_ENGINE_SETTINGS, employeeRunInput } from '../../testing/payroll-settings';
import type { ComponentInput, EmployeeRunInput } from './compute';
import { computeBatch, computeSlips, type EngineJob, payslipRowsText, type RowsFormat, slipTotals } from './engine-batch';
import type { PayrollSettings } from './schema';

/*
 * A worker thread writes each payslip as a row of COPY's binary format into one growing buffer as soon as it is
 * computed (issue 22). The bytes must be what the run writes on its own thread, and read back as the payslips,
 * whatever the lines hold and however long. (payslip-rows.db.test.ts has PostgreSQL read them.)
 */
const settings: PayrollSettings = { ...DEFAULT_ENGINE_SETTINGS, payDay: 31 };
const employee = (employeeId: number, over: Partial<EmployeeRunInput> = {}): EmployeeRunInput =>
  employeeRunInput({
    employeeId,
    ptkpStatus: 'K/1',
    basicSalary: String(6_000_000 + employeeId * 1_000),
    basicSource: `contract K-${employeeId} — "Gaji pokok" C:\\kontrak\\${employeeId} ½`,
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
const copy: RowsFormat = { kind: 'copy', runId: 42, period: '2026-11' };

/** Reads COPY's binary format (PostgreSQL documentation, COPY, "Binary Format") into each row's fields. */
function readCopyBinary(bytes: Uint8Array): (number | string | bigint)[][] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number, n: number) => new TextDecoder().decode(bytes.subarray(at, at + n));
  expect(text(0, 6)).toBe('PGCOPY');
  expect([...bytes.subarray(6, 11)]).toEqual([0x0a, 0xff, 0x0d, 0x0a, 0x00]);
  let at = 19;
  const rows: (number | string | bigint)[][] = [];
  for (;;) {
    const fields = v.getInt16(at);
    at += 2;
    if (fields === -1) break;
    const row: (number | string | bigint)[] = [];
    // run_id int4, period text, employee_id int4, ptkp_status text, eight int8, lines json.
    const kinds = ['int4', 'text', 'int4', 'text', ...Array(8).fill('int8'), 'text'];
    expect(fields).toBe(kinds.length);
    for (const kind of kinds) {
      const n = v.getInt32(at);
      at += 4;
      row.push(kind === 'int4' ? v.getInt32(at) : kind === 'int8' ? v.getBigInt64(at) : text(at, n));
      at += n;
    }
    rows.push(row);
  }
  expect(at).toBe(bytes.length);
  return rows;
}
const job = (inputs: EmployeeRunInput[]): EngineJob => ({
  period: '2026-11',
  settings,
  legal: builtInLegalValues('2026-11-30', null),
  inputs,
  rowsFormat: copy,
});

describe('a batch computed into COPY bytes', () => {
  it('are the bytes the run writes on its own thread, and read back as the payslips with their totals', () => {
    const j = job([employee(1), employee(2, { components: many }), employee(3, { basicSalary: '250000', contractType: 3 })]);
    const batch = computeBatch(j, new Map());
    const slips = computeSlips(j, new Map());
    if (!batch.ok || !slips.ok) throw new Error('expected both to compute');
    expect(batch.rows).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(batch.rows as Uint8Array).equals(Buffer.from(payslipRowsText(slips.slips, copy) as Uint8Array))).toBe(
      true,
    );
    const rows = readCopyBinary(batch.rows as Uint8Array);
    expect(rows).toEqual(
      slips.slips.map((s) => [
        42,
        '2026-11',
        s.employeeId,
        s.ptkpStatus,
        ...[s.basicSalary, s.gross, s.taxableGross, s.totalDeductions, s.pph21, s.net, s.annualDeductions, s.employerCost].map(
          BigInt,
        ),
        JSON.stringify(s.lines),
      ]),
    );
    expect(String(rows[1]!.at(-1)).length).toBeGreaterThan(4096); // longer than the buffer's first estimate
    expect(JSON.parse(String(rows[0]!.at(-1)))[0].trace.source).toContain('"Gaji pokok" C:\\kontrak\\1 ½');
    expect(batch.totals).toEqual(slips.slips.map(slipTotals));
    expect(batch.ms).toBeGreaterThanOrEqual(0);
  });

  it('refuse an amount that is not a whole rupiah instead of cutting it', () => {
    const j = job([employee(1)]);
    const slips = computeSlips(j, new Map());
    if (!slips.ok) throw new Error('expected it to compute');
    expect(() => payslipRowsText([{ ...slips.slips[0]!, net: 100.5 }], copy)).toThrow(
      new RangeError('amount 100.5 is not a whole number of rupiah'),
    );
  });

  it('write no rows for no payslips', () => {
    expect(payslipRowsText([], copy)).toEqual(new Uint8Array(0));
  });

  it('names the first employee that cannot be computed, by its place in the batch', () => {
    const bad = employee(2, {
      components: [{ code: 'f', name: 'Broken', kind: 'fixed-allowance', taxable: true, amount: null, formula: 'nosuch * 2' }],
    });
    const batch = computeBatch(job([employee(1), bad, employee(3)]), new Map());
    expect(batch).toMatchObject({ ok: false, failure: { index: 1, kind: 'compute' } });
  });
});
