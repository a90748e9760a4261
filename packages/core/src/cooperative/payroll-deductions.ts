import { type OnConflictBuilder, type OnConflictDoNothingBuilder, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Db } from '../shared/context';
import { AppError } from '../shared/errors';
import { anyId, chunksOf } from '../shared/sql';

// ---------------------------------------------------------------------------------------------
// Payroll deduction interface (consumed by the payroll module)

const lastDayOf = (p: string): string => {
  const [y, m] = p.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

function checkPeriod(p: string): void {
  if (!/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/.test(p))
    throw new AppError('VALIDATION', 'Invalid period', { fields: [{ param: 'period', msg: 'must be a month yyyy-mm' }] });
}

/**
 * What each member owes of a saving product through a period's payroll: the amount this period's payroll booked
 * already, else, for an active member who joined on or before the period's last day (and, given `alsoOwes`, meets
 * it), the settings' amount of the product when it is positive. Rupiah digit strings, by employee id.
 */
async function savingDeductions(
  db: Db,
  period: string,
  product: 'mandatory' | 'principal',
  alsoOwes?: RawBuilder<boolean>,
): Promise<{ employeeId: number; amount: string }[]> {
  checkPeriod(period);
  const amount = sql.ref(`s.${product}_amount`);
  const rows = await sql<{ employeeId: number; amount: string }>`
    select m.employee_id as "employeeId", coalesce(b.amount, ${amount})::text as amount
    from cooperative_members m
    cross join cooperative_settings s
    left join cooperative_ledger b
      on b.member_id = m.id and b.kind = 'payroll' and b.product = ${product} and b.period = ${period}
    where b.id is not null
      or (m.status = 1 and m.join_date <= ${lastDayOf(period)}::date and ${amount} > 0 ${alsoOwes ? sql`and ${alsoOwes}` : sql``})
    order by m.employee_id`.execute(db);
  return rows.rows;
}

/** Books a finalised run's deductions of one saving product: how many were booked, how many rows were skipped. */
export type PayrollSavingsBooking = (
  db: Db,
  period: string,
  rows: readonly { employeeId: number; amount: string | number | bigint }[],
) => Promise<{ booked: number; skipped: number }>;

/**
 * Books a period's payroll deductions of one saving product in the ledger: the rows of members with a
 * positive whole-rupiah amount, one payroll entry each on the period's last day; a row the ledger holds
 * already is skipped by `onConflict` (the product's unique index), so nothing is booked twice.
 */
async function bookPayrollSavings(
  db: Db,
  period: string,
  rows: readonly { employeeId: number; amount: string | number | bigint }[],
  book: {
    product: 'mandatory' | 'principal';
    note: string;
    onConflict: (
      oc: OnConflictBuilder<Database, 'cooperative_ledger'>,
    ) => OnConflictDoNothingBuilder<Database, 'cooperative_ledger'>;
  },
): Promise<{ booked: number; skipped: number }> {
  checkPeriod(period);
  const valid = rows.filter((r) => /^\d{1,15}$/.test(String(r.amount)) && BigInt(r.amount) > 0n);
  if (valid.length === 0) return { booked: 0, skipped: rows.length };
  const members = await db
    .selectFrom('cooperative_members')
    .select(['id', 'employee_id'])
    .where(
      anyId(
        'employee_id',
        valid.map((r) => r.employeeId),
      ),
    )
    .execute();
  const memberOf = new Map(members.map((m) => [m.employee_id, m.id]));
  const values = valid
    .filter((r) => memberOf.has(r.employeeId))
    .map((r) => ({
      member_id: memberOf.get(r.employeeId)!,
      product: book.product,
      kind: 'payroll' as const,
      amount: String(r.amount),
      entry_date: lastDayOf(period),
      period,
      note: book.note,
    }));
  let booked = 0;
  for (const part of chunksOf(values)) {
    const inserted = await db.insertInto('cooperative_ledger').values(part).onConflict(book.onConflict).returning('id').execute();
    booked += inserted.length;
  }
  return { booked, skipped: rows.length - booked };
}

/**
 * The mandatory saving each member owes for a payroll period ('YYYY-MM'): active members who
 * joined on or before the period's last day, at the settings' monthly amount; a period booked
 * already reports the booked amount. Amounts are rupiah digit strings. For the payroll engine.
 */
export async function mandatorySavingDeductions(db: Db, period: string): Promise<{ employeeId: number; amount: string }[]> {
  return savingDeductions(db, period, 'mandatory');
}

/**
 * Books payroll deductions of a period as mandatory savings, idempotently: a member+period booked
 * already is skipped (unique index), so a re-run or a retry books nothing twice. Employees who are
 * not members and non-positive amounts are skipped.
 */
export const recordPayrollDeductions: PayrollSavingsBooking = (db, period, rows) =>
  bookPayrollSavings(db, period, rows, {
    product: 'mandatory',
    note: `Payroll ${period}`,
    // One payroll booking per member, product and period (the partial unique index on payroll rows).
    onConflict: (oc) => oc.columns(['member_id', 'product', 'period']).where('kind', '=', 'payroll').doNothing(),
  });

/**
 * The principal saving (simpanan pokok) each member owes once, for a payroll period ('YYYY-MM'; issue 19 item 16):
 * active members who joined on or before the period's last day and have no principal in their ledger yet, at the
 * settings' principal amount; a member whose principal this period's payroll booked already reports the booked
 * amount (so a finalised run's figures do not change). Paid by deposit or by an earlier run: nothing. Rupiah
 * digit strings. For the payroll engine.
 */
export async function principalSavingDeductions(db: Db, period: string): Promise<{ employeeId: number; amount: string }[]> {
  return savingDeductions(
    db,
    period,
    'principal',
    sql<boolean>`not exists (
      select 1 from cooperative_ledger p where p.member_id = m.id and p.product = 'principal' and p.kind <> 'withdrawal')`,
  );
}

/**
 * Books the principal savings a finalised run deducted, exactly once per member: the ledger's unique index on a
 * member's principal (cooperative_ledger_principal_uq) refuses a second one, and the insert skips it (ON CONFLICT
 * DO NOTHING), so a re-run, a retry or two runs finalised at the same time (two offices, two months) book it once.
 */
export const recordPrincipalDeductions: PayrollSavingsBooking = (db, period, rows) =>
  bookPayrollSavings(db, period, rows, {
    product: 'principal',
    note: `Payroll ${period} (principal saving)`,
    onConflict: (oc) => oc.doNothing(),
  });
