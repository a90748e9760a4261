import { canteenMealCosts } from '../../canteen/service';
import { mandatorySavingDeductions, recordPayrollDeductions } from '../../cooperative/service';
import { purchaseOfGoodsDeductions, recordPurchaseOfGoodsPayments } from '../../purchase-of-goods/service';
import type { Db } from '../../shared/context';
import { type Trace, trace } from '../trace';

/**
 * Deductions other modules ask payroll to make (issue 5 "cooperative deductions through an
 * interface the cooperative module will fill"; issue 7 purchase of goods; issue 8 canteen). They
 * are after-tax deductions: they lower take-home pay, not taxable income (PMK 168/2023 lists no
 * such deduction from gross). Each payslip line names its source so HR can answer "why".
 *
 * A draft run only reads them; finalising the run books them back (cooperative ledger, instalments
 * paid) in the same transaction, idempotently per period.
 */
export const EXTERNAL_DEDUCTION_CODES = {
  cooperative: 'cooperative-mandatory',
  purchaseOfGoods: 'purchase-of-goods',
  canteen: 'canteen-meals',
} as const;

export interface ExternalDeductionLine {
  code: string;
  name: string;
  amount: string;
  trace: Trace;
}

export async function queryExternalDeductions(
  db: Db,
  employeeIds: readonly number[],
  period: string,
  dates: { start: string; end: string },
): Promise<Map<number, ExternalDeductionLine[]>> {
  const out = new Map<number, ExternalDeductionLine[]>();
  if (employeeIds.length === 0) return out;
  const wanted = new Set(employeeIds);
  const add = (employeeId: number, line: ExternalDeductionLine) => {
    if (!wanted.has(employeeId) || !/^[1-9]\d*$/.test(line.amount)) return;
    out.set(employeeId, [...(out.get(employeeId) ?? []), line]);
  };
  const [coop, pog, meals] = await Promise.all([
    mandatorySavingDeductions(db, period),
    purchaseOfGoodsDeductions(db, { period, employeeIds }),
    canteenMealCosts(db, { from: dates.start, to: dates.end, employeeIds }),
  ]);
  for (const c of coop)
    add(c.employeeId, {
      code: EXTERNAL_DEDUCTION_CODES.cooperative,
      name: 'Cooperative mandatory saving',
      amount: c.amount,
      trace: trace(
        'Cooperative mandatory saving',
        'the mandatory saving of the cooperative settings, once a month per active member',
        { amount: c.amount, period },
        'Cooperative settings (/cooperative/manage)',
      ),
    });
  for (const p of pog)
    add(p.employeeId, {
      code: EXTERNAL_DEDUCTION_CODES.purchaseOfGoods,
      name: 'Purchase of goods instalments',
      amount: p.amount,
      trace: trace(
        'Purchase of goods instalments',
        'Σ unpaid instalments due up to this period',
        { instalments: p.instalments.map((i) => `${i.invoiceNumber} #${i.seq} (${i.period}) ${i.amount}`).join('; ') },
        'Purchase of goods invoices (/purchaseOfGood)',
      ),
    });
  for (const m of meals)
    add(m.employeeId, {
      code: EXTERNAL_DEDUCTION_CODES.canteen,
      name: 'Canteen meals',
      amount: m.employeePaid,
      trace: trace(
        'Canteen meals',
        'Σ employee price of the meals taken in the period (the company subsidy is not deducted)',
        { meals: m.meals, employeePaid: m.employeePaid, subsidy: m.subsidy, from: dates.start, to: dates.end },
        'Canteen settings and presences (/canteen/presence)',
      ),
    });
  return out;
}

/** Books what a finalised run deducted: cooperative ledger entries and purchase-of-goods instalments. */
export async function bookExternalDeductions(db: Db, runId: number, period: string): Promise<void> {
  const slips = await db.selectFrom('payslips').select(['employee_id', 'lines']).where('run_id', '=', runId).execute();
  const of = (code: string) =>
    slips.flatMap((s) => {
      const line = (s.lines as { code: string; amount: string | number }[]).find((l) => l.code === code);
      return line ? [{ employeeId: s.employee_id, amount: String(line.amount) }] : [];
    });
  const coop = of(EXTERNAL_DEDUCTION_CODES.cooperative);
  if (coop.length) await recordPayrollDeductions(db, period, coop);
  const pog = of(EXTERNAL_DEDUCTION_CODES.purchaseOfGoods);
  if (pog.length) await recordPurchaseOfGoodsPayments(db, period, pog);
}
