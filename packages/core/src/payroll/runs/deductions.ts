import type { Db } from '../../shared/context';
import type { DeductionSource } from '../ports';
import type { Trace } from '../trace';

/*
 * The deductions other modules feed into a run through `DeductionSource`s (payroll/ports.ts): read for a draft or
 * dry run, booked back when the run is finalised, in the finalising transaction.
 */

export interface ExternalDeductionLine {
  code: string;
  name: string;
  amount: string;
  trace: Trace;
}

/** A positive whole number of rupiah as a string; anything else is left off the payslip. */
const POSITIVE_RUPIAH = /^[1-9]\d*$/;

/** Each employee's fed deductions, in the order of `sources` (the payslip's order of lines). */
export async function queryExternalDeductions(
  db: Db,
  sources: readonly DeductionSource[],
  employeeIds: readonly number[],
  period: string,
  dates: { start: string; end: string },
): Promise<Map<number, ExternalDeductionLine[]>> {
  const out = new Map<number, ExternalDeductionLine[]>();
  if (employeeIds.length === 0) return out;
  const wanted = new Set(employeeIds);
  const read = await Promise.all(sources.map((s) => s.read(db, { employeeIds, period, dates })));
  sources.forEach((source, k) => {
    for (const d of read[k]!) {
      if (!wanted.has(d.employeeId) || !POSITIVE_RUPIAH.test(d.amount)) continue;
      const line = { code: source.code, name: source.name, amount: d.amount, trace: d.trace };
      out.set(d.employeeId, [...(out.get(d.employeeId) ?? []), line]);
    }
  });
  return out;
}

/** Books what a finalised run deducted, per source that books (cooperative ledger, purchase-of-goods instalments). */
export async function bookExternalDeductions(
  db: Db,
  sources: readonly DeductionSource[],
  runId: number,
  period: string,
): Promise<void> {
  const slips = await db.selectFrom('payslips').select(['employee_id', 'lines']).where('run_id', '=', runId).execute();
  const of = (code: string) =>
    slips.flatMap((s) => {
      const line = (s.lines as { code: string; amount: string | number }[]).find((l) => l.code === code);
      return line ? [{ employeeId: s.employee_id, amount: String(line.amount) }] : [];
    });
  // One source after the other: they write in the same transaction.
  for (const source of sources) {
    if (!source.book) continue;
    const deducted = of(source.code);
    if (deducted.length) await source.book(db, period, deducted);
  }
}
