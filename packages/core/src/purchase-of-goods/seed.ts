import type { Ctx } from '../shared/context';
import { seedStorageServersDemo } from '../storage-servers/index';
import { addMonths } from './rules';
import { insertPogInvoices, pogToday, recordPurchaseOfGoodsPayments } from './service';

/**
 * Demo data of issue 7's purchase of goods and storage servers (one call from the demo seed):
 * types, categories, invoices of a few employees (one paid through last month's payroll, one with
 * a manual payment, one cancelled), then the storage servers. Does nothing when types exist.
 */
export async function seedPurchaseOfGoodsDemo(ctx: Ctx): Promise<boolean> {
  const db = ctx.db;
  await seedStorageServersDemo(ctx);
  const any = await db.selectFrom('pog_types').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const types = await db
    .insertInto('pog_types')
    .values(['Electronics', 'Household', 'Vehicle accessories'].map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
  const cats = await db
    .insertInto('pog_categories')
    .values(['Phone', 'Laptop', 'Kitchen', 'Furniture', 'Helmet'].map((name) => ({ name })))
    .returning(['id', 'name'])
    .execute();
  const type = (n: string) => types.find((t) => t.name === n)!.id;
  const cat = (n: string) => cats.find((c) => c.name === n)!.id;
  const buyers = await db
    .selectFrom('users as u')
    .innerJoin('employees as e', 'e.id', 'u.employee_id')
    .select(['u.email', 'e.id'])
    .where('u.email', 'in', ['employee@demo.co.id', 'inventory@demo.co.id', 'supervisor@demo.co.id', 'hcstaff@demo.co.id'])
    .execute();
  const buyer = (email: string) => buyers.find((b) => b.email === email)?.id;
  const today = pogToday(ctx);
  const thisMonth = today.slice(0, 7);
  const lastMonth = addMonths(thisMonth, -1);
  const invoiceDate = `${addMonths(thisMonth, -2)}-15`;
  const plans = [
    {
      email: 'inventory@demo.co.id',
      number: 'POG-DEMO-001',
      typeId: type('Electronics'),
      months: 6,
      start: lastMonth,
      lines: [
        { goods: 'Smartphone 128 GB', categoryId: cat('Phone'), quantity: 1, unitPrice: '3250000' },
        { goods: 'Phone case', categoryId: cat('Phone'), quantity: 1, unitPrice: '85000' },
      ],
    },
    {
      email: 'employee@demo.co.id',
      number: 'POG-DEMO-002',
      typeId: type('Household'),
      months: 3,
      start: lastMonth,
      lines: [{ goods: 'Rice cooker 1.8 L', categoryId: cat('Kitchen'), quantity: 1, unitPrice: '1000000' }],
    },
    {
      email: 'supervisor@demo.co.id',
      number: 'POG-DEMO-003',
      typeId: type('Electronics'),
      months: 12,
      start: thisMonth,
      lines: [{ goods: 'Laptop 14"', categoryId: cat('Laptop'), quantity: 1, unitPrice: '8999999' }],
    },
    {
      email: 'hcstaff@demo.co.id',
      number: 'POG-DEMO-004',
      typeId: type('Vehicle accessories'),
      months: 2,
      start: thisMonth,
      lines: [{ goods: 'Motorcycle helmet', categoryId: cat('Helmet'), quantity: 2, unitPrice: '450000' }],
    },
  ].filter((p) => buyer(p.email) !== undefined);
  const ids = await insertPogInvoices(
    ctx,
    db,
    plans.map((p) => ({
      employeeId: buyer(p.email)!,
      typeId: p.typeId,
      invoiceNumber: p.number,
      invoiceDate,
      months: p.months,
      startPeriod: p.start,
      note: null,
      lines: p.lines,
    })),
  );
  // Last month's payroll deducted the first instalments of the invoices that started then.
  const due = await db
    .selectFrom('pog_instalments as s')
    .innerJoin('pog_invoices as i', 'i.id', 's.invoice_id')
    .select(['i.employee_id as employeeId', 's.amount'])
    .where('s.period', '=', lastMonth)
    .execute();
  await recordPurchaseOfGoodsPayments(db, lastMonth, due);
  // A manual payment of one instalment, and a cancelled invoice.
  const helmet = plans.findIndex((p) => p.number === 'POG-DEMO-004');
  if (helmet >= 0) {
    const first = await db
      .selectFrom('pog_instalments')
      .select(['id', 'amount'])
      .where('invoice_id', '=', ids[helmet]!)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('pog_payments')
      .values({
        invoice_id: ids[helmet]!,
        instalment_id: first.id,
        amount: first.amount,
        source: 'manual',
        paid_on: today,
        note: 'Paid in cash at the cashier',
      })
      .execute();
  }
  const laptop = plans.findIndex((p) => p.number === 'POG-DEMO-003');
  if (laptop >= 0 && plans[0]) {
    const [extra] = await insertPogInvoices(ctx, db, [
      {
        employeeId: buyer(plans[laptop]!.email)!,
        typeId: type('Household'),
        invoiceNumber: 'POG-DEMO-005',
        invoiceDate,
        months: 2,
        startPeriod: thisMonth,
        note: 'Ordered twice by mistake',
        lines: [{ goods: 'Office chair', categoryId: cat('Furniture'), quantity: 1, unitPrice: '1200000' }],
      },
    ]);
    await db
      .updateTable('pog_invoices')
      .set({ status: 'cancelled', cancelled_at: ctx.clock(), cancel_note: 'Ordered twice by mistake' })
      .where('id', '=', extra!)
      .execute();
  }
  return true;
}
