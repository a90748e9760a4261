import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDbEnv } from '../testing/db-env';
import { failure } from '../testing/expect';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { AppError } from '../shared/errors';
import { makeUser } from '../testing/fixtures';
import { POG_TEMPLATE_COLUMNS } from './schema';
import {
  cancelPogInvoice,
  createPogInvoice,
  createPogLookup,
  deletePogLookup,
  getPogInvoice,
  listPogDeductions,
  listPogInvoices,
  listPogLookup,
  payPogInstalment,
  purchaseOfGoodsDeductions,
  recordPurchaseOfGoodsPayments,
  updatePogLookup,
} from './service';
import { downloadPogTemplate, importPogInvoices } from './template';

const { env, actor, ctx } = useDbEnv();
/** human-capital: purchaseOfGood.manage with hr.all (every employee). */
let hc: Actor;
/** warehouse-manager in department 0: purchaseOfGood.manage without hr.all. */
let wh: Actor;
let buyer0: { employeeId: number; number: string };
let buyer1: { employeeId: number; number: string };
let typeId: number;
let catId: number;

const manage = (a: Actor) => requirePermission(a, 'purchaseOfGood.manage');

async function employee(dept: 0 | 1): Promise<{ employeeId: number; number: string }> {
  const u = await makeUser(env.services, env.org, ['employee'], { dept });
  const e = await env.db
    .selectFrom('employees')
    .select('employee_number')
    .where('id', '=', u.employeeId!)
    .executeTakeFirstOrThrow();
  return { employeeId: u.employeeId!, number: e.employee_number };
}

const invoice = (employeeId: number, total: number, months: number, startPeriod: string, extra = {}) => ({
  employeeId,
  typeId,
  invoiceDate: '2026-10-20',
  months,
  startPeriod,
  lines: [{ goods: 'Rice cooker', categoryId: catId, quantity: 1, unitPrice: String(total) }],
  ...extra,
});

async function workbook(rows: (string | number | Date | null)[][], header: readonly string[] = POG_TEMPLATE_COLUMNS) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  hc = await actor(['human-capital'], 0);
  wh = await actor(['warehouse-manager'], 0);
  buyer0 = await employee(0);
  buyer1 = await employee(1);
  typeId = (await createPogLookup(ctx(hc), manage(hc), 'type', { name: 'Electronics' })).id;
  catId = (await createPogLookup(ctx(hc), manage(hc), 'category', { name: 'Kitchen' })).id;
});

describe('types and categories', () => {
  it('names are unique regardless of case; a used entry cannot be deleted, an unused one can', async () => {
    const dup = await failure(createPogLookup(ctx(hc), manage(hc), 'type', { name: 'ELECTRONICS' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.fields[0]?.param).toBe('name');
    const spare = await createPogLookup(ctx(hc), manage(hc), 'category', { name: 'Spare' });
    expect((await updatePogLookup(ctx(hc), manage(hc), 'category', { id: spare.id, name: 'Furniture' })).name).toBe('Furniture');
    await createPogInvoice(ctx(hc), manage(hc), invoice(buyer0.employeeId, 100_000, 1, '2026-01'));
    const used = await failure(deletePogLookup(ctx(hc), manage(hc), 'type', { id: typeId }));
    expect(used.code).toBe('CONFLICT');
    expect(used.message).toMatch(/in use/);
    await deletePogLookup(ctx(hc), manage(hc), 'category', { id: spare.id });
    const list = await listPogLookup(ctx(hc), manage(hc), 'category');
    expect(list.map((c) => c.name)).toEqual(['Kitchen']);
    expect(list[0]!.used).toBe(1);
  });
});

describe('invoices and the instalment plan', () => {
  it('splits the total exactly: equal instalments rounded down, the remainder on the last', async () => {
    const inv = await createPogInvoice(ctx(hc), manage(hc), {
      ...invoice(buyer0.employeeId, 0, 3, '2026-11'),
      lines: [
        { goods: 'Phone', categoryId: catId, quantity: 2, unitPrice: '450000' },
        { goods: 'Charger', categoryId: catId, quantity: 1, unitPrice: '100000' },
      ],
    });
    expect(inv.invoiceNumber).toMatch(/^POG-\d{6}$/);
    expect(inv.total).toBe('1000000');
    expect(inv.lines.map((l) => l.amount)).toEqual(['900000', '100000']);
    expect(inv.instalments.map((s) => [s.period, s.amount])).toEqual([
      ['2026-11', '333333'],
      ['2026-12', '333333'],
      ['2027-01', '333334'],
    ]);
    expect(inv.instalments.reduce((s, i) => s + BigInt(i.amount), 0n)).toBe(1_000_000n);
    expect(inv).toMatchObject({ status: 'active', paid: '0', outstanding: '1000000', nextPeriod: '2026-11' });
    expect(inv.can).toEqual({ pay: true, cancel: true });
  });

  it('refuses months above the total and an empty total', async () => {
    const e1 = await createPogInvoice(ctx(hc), manage(hc), invoice(buyer0.employeeId, 2, 3, '2026-11')).catch((e) => e);
    expect(e1.issues?.[0]?.path).toEqual(['months']);
    const e2 = await createPogInvoice(ctx(hc), manage(hc), invoice(buyer0.employeeId, 0, 1, '2026-11')).catch((e) => e);
    expect(e2.issues?.[0]?.path).toEqual(['lines']);
  });

  it('scope: a manager without hr.all sees invoices of their department only; others are NOT_FOUND', async () => {
    const other = await createPogInvoice(ctx(hc), manage(hc), invoice(buyer1.employeeId, 500_000, 2, '2026-11'));
    const e = await failure(getPogInvoice(ctx(wh), manage(wh), { id: other.id }));
    expect(e.code).toBe('NOT_FOUND');
    const listed = await listPogInvoices(ctx(wh), manage(wh), { pageSize: 100 });
    expect(listed.rows.every((r) => r.employeeId !== buyer1.employeeId)).toBe(true);
    expect(listed.rows.some((r) => r.employeeId === buyer0.employeeId)).toBe(true);
    const e2 = await failure(createPogInvoice(ctx(wh), manage(wh), invoice(buyer1.employeeId, 100, 1, '2026-11')));
    expect(e2.fields[0]?.param).toBe('employeeId');
    await cancelPogInvoice(ctx(hc), manage(hc), { id: other.id });
  });

  it('search finds by invoice number and employee number', async () => {
    const inv = await createPogInvoice(
      ctx(hc),
      manage(hc),
      invoice(buyer0.employeeId, 70_000, 1, '2026-11', { invoiceNumber: 'INV-SEARCH-1' }),
    );
    const found = await listPogInvoices(ctx(hc), manage(hc), { search: 'search-1' });
    expect(found.rows.map((r) => r.id)).toEqual([inv.id]);
    const byEmp = await listPogInvoices(ctx(hc), manage(hc), { search: buyer0.number, pageSize: 100 });
    expect(byEmp.total).toBeGreaterThanOrEqual(2);
    const dup = await failure(
      createPogInvoice(ctx(hc), manage(hc), invoice(buyer0.employeeId, 70_000, 1, '2026-11', { invoiceNumber: 'inv-search-1' })),
    );
    expect(dup.code).toBe('CONFLICT');
    await cancelPogInvoice(ctx(hc), manage(hc), { id: inv.id });
  });
});

describe('payroll deductions and payments', () => {
  let buyer: { employeeId: number; number: string };
  let a: number;
  let b: number;

  beforeAll(async () => {
    buyer = await employee(0);
    a = (await createPogInvoice(ctx(hc), manage(hc), invoice(buyer.employeeId, 300_000, 3, '2027-03'))).id;
    b = (await createPogInvoice(ctx(hc), manage(hc), invoice(buyer.employeeId, 50_001, 2, '2027-04'))).id;
  });

  const due = async (period: string) =>
    (await purchaseOfGoodsDeductions(env.db, { period, employeeIds: [buyer.employeeId] }))[0] ?? null;

  it('reports per employee what is due in a period, arrears included', async () => {
    expect(await due('2027-02')).toBeNull();
    expect(await due('2027-03')).toMatchObject({ amount: '100000', posted: false });
    const april = await due('2027-04');
    expect(april?.amount).toBe('225000'); // 100.000 (March, unpaid) + 100.000 + 25.000 (B's first)
    expect(april?.instalments.map((i) => [i.invoiceId, i.seq, i.amount])).toEqual([
      [a, 1, '100000'],
      [a, 2, '100000'],
      [b, 1, '25000'],
    ]);
    const scoped = await listPogDeductions(ctx(wh), manage(wh), { period: '2027-04' });
    expect(scoped.find((d) => d.employeeId === buyer.employeeId)?.employeeNumber).toBe(buyer.number);
  });

  it('records a period once: instalments paid, a second (or concurrent) call changes nothing', async () => {
    const [r1, r2] = await Promise.all([
      recordPurchaseOfGoodsPayments(env.db, '2027-03', [{ employeeId: buyer.employeeId, amount: '100000' }]),
      recordPurchaseOfGoodsPayments(env.db, '2027-03', [{ employeeId: buyer.employeeId, amount: '100000' }]),
    ]);
    expect(r1.posted + r2.posted).toBe(1);
    expect(r1.instalmentsPaid + r2.instalmentsPaid).toBe(1);
    const again = await recordPurchaseOfGoodsPayments(env.db, '2027-03', [{ employeeId: buyer.employeeId, amount: 100000 }]);
    expect(again).toMatchObject({ posted: 0, skipped: 1, instalmentsPaid: 0 });
    const payments = await env.db.selectFrom('pog_payments').select('id').where('invoice_id', '=', a).execute();
    expect(payments).toHaveLength(1);
    // The recorded period reports what was booked; the next one what is still due.
    expect(await due('2027-03')).toMatchObject({ amount: '100000', posted: true });
    expect((await due('2027-04'))?.amount).toBe('125000');
    const detail = await getPogInvoice(ctx(hc), manage(hc), { id: a });
    expect(detail.payments[0]).toMatchObject({
      source: 'payroll',
      payrollPeriod: '2027-03',
      amount: '100000',
      paidOn: '2027-03-31',
    });
    expect(detail).toMatchObject({ paid: '100000', outstanding: '200000', nextPeriod: '2027-04', can: { cancel: false } });
  });

  it('pays whole instalments oldest first and reports what it could not apply', async () => {
    const r = await recordPurchaseOfGoodsPayments(env.db, '2027-04', [
      { employeeId: buyer.employeeId, amount: '110000' },
      { employeeId: 999_999, amount: '5' },
      { employeeId: buyer.employeeId + 0, amount: '-3' },
    ]);
    expect(r.instalmentsPaid).toBe(1);
    expect(r.unapplied).toEqual([{ employeeId: buyer.employeeId, amount: '10000' }]);
    expect((await due('2027-05'))?.instalments.map((i) => [i.invoiceId, i.seq])).toEqual([
      [b, 1],
      [a, 3],
      [b, 2],
    ]);
  });

  it('a manual payment pays one instalment once; the last payment closes the invoice', async () => {
    const inv = await getPogInvoice(ctx(hc), manage(hc), { id: b });
    const first = inv.instalments[0]!;
    const paid = await payPogInstalment(ctx(hc), manage(hc), {
      id: b,
      instalmentId: first.id,
      paidOn: '2027-05-02',
      note: 'Cash',
    });
    expect(paid.payments.at(-1)).toMatchObject({
      source: 'manual',
      amount: '25000',
      note: 'Cash',
      sourceLabel: 'Manual payment',
    });
    const twice = await failure(payPogInstalment(ctx(hc), manage(hc), { id: b, instalmentId: first.id, paidOn: '2027-05-02' }));
    expect(twice.code).toBe('CONFLICT');
    const last = inv.instalments[1]!;
    const closed = await payPogInstalment(ctx(hc), manage(hc), { id: b, instalmentId: last.id, paidOn: '2027-05-03' });
    expect(closed).toMatchObject({ status: 'paid', statusLabel: 'Paid off', outstanding: '0', nextPeriod: null });
    expect(closed.instalments.every((s) => s.paid)).toBe(true);
    const more = await failure(payPogInstalment(ctx(hc), manage(hc), { id: b, instalmentId: last.id, paidOn: '2027-05-03' }));
    expect(more.message).toMatch(/paid off/);
    expect((await due('2027-05'))?.instalments.map((i) => i.invoiceId)).toEqual([a]);
  });

  it('cancel: refused once paid; of two concurrent cancels one wins; a cancelled invoice is not deducted', async () => {
    const paid = await failure(cancelPogInvoice(ctx(hc), manage(hc), { id: a }));
    expect(paid.message).toBe('An invoice with payments cannot be cancelled');
    const c = await createPogInvoice(ctx(hc), manage(hc), invoice(buyer.employeeId, 90_000, 3, '2027-05'));
    expect((await due('2027-05'))?.instalments.some((i) => i.invoiceId === c.id)).toBe(true);
    const results = await Promise.allSettled([
      cancelPogInvoice(ctx(hc), manage(hc), { id: c.id, note: 'Returned' }),
      cancelPogInvoice(ctx(hc), manage(hc), { id: c.id, note: 'Returned' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as AppError).message).toBe('This invoice is cancelled already');
    const detail = await getPogInvoice(ctx(hc), manage(hc), { id: c.id });
    expect(detail).toMatchObject({
      status: 'cancelled',
      cancelNote: 'Returned',
      outstanding: '0',
      can: { pay: false, cancel: false },
    });
    expect((await due('2027-05'))?.instalments.some((i) => i.invoiceId === c.id)).toBe(false);
    const pay = await failure(
      payPogInstalment(ctx(hc), manage(hc), { id: c.id, instalmentId: detail.instalments[0]!.id, paidOn: '2027-05-02' }),
    );
    expect(pay.message).toBe('This invoice is cancelled');
  });

  it('payroll and a manual payment racing for the same instalment: it is paid once', async () => {
    const racer = await employee(0);
    const inv = await createPogInvoice(ctx(hc), manage(hc), invoice(racer.employeeId, 40_000, 2, '2027-08'));
    const first = inv.instalments[0]!;
    const [manual, payroll] = await Promise.allSettled([
      payPogInstalment(ctx(hc), manage(hc), { id: inv.id, instalmentId: first.id, paidOn: '2027-08-10' }),
      recordPurchaseOfGoodsPayments(env.db, '2027-08', [{ employeeId: racer.employeeId, amount: '20000' }]),
    ]);
    expect(payroll.status).toBe('fulfilled');
    const paidByPayroll = payroll.status === 'fulfilled' ? payroll.value.instalmentsPaid : 0;
    expect(paidByPayroll + (manual.status === 'fulfilled' ? 1 : 0)).toBe(1);
    const detail = await getPogInvoice(ctx(hc), manage(hc), { id: inv.id });
    expect(detail.payments).toHaveLength(1);
    expect(detail.paid).toBe('20000');
  });

  it('refuses a malformed period', async () => {
    const e = await failure(purchaseOfGoodsDeductions(env.db, { period: '2027-13' }));
    expect(e.fields[0]?.param).toBe('period');
    await expect(recordPurchaseOfGoodsPayments(env.db, '27-01', [])).rejects.toBeInstanceOf(AppError);
  });
});

describe('XLSX template and import', () => {
  it('the template has the header row and lists types and categories', async () => {
    const file = await downloadPogTemplate(ctx(hc), manage(hc));
    expect(file.fileName).toBe('purchase-of-goods-template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, 'base64') as unknown as ArrayBuffer);
    expect(wb.getWorksheet('Invoices')!.getRow(1).values).toEqual([undefined, ...POG_TEMPLATE_COLUMNS]);
    expect(wb.getWorksheet('Types')!.getRow(2).getCell(1).value).toBe('Electronics');
    expect(wb.getWorksheet('Categories')!.getRow(2).getCell(1).value).toBe('Kitchen');
  });

  it('a dry run reports every bad row with row number, column and message, and imports nothing', async () => {
    const before = await env.db
      .selectFrom('pog_invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const b64 = await workbook([
      ['IMP-1', buyer0.number, '05/11/2026', 'Electronics', 'Kitchen', 'Blender', 1, 600000, 3, '12/2026', 'ok'],
      ['IMP-1', buyer0.number, '05/11/2026', 'Electronics', 'Kitchen', 'Mixer', 2, '150.000', 4, '12/2026', null],
      ['IMP-2', 'NOPE-1', '31/02/2026', 'Gadgets', 'Kitchen', 'Kettle', 0, 'abc', 3, '13/2026', null],
      [null, null, null, null, null, null, null, null, null, null, null],
      ['IMP-3', buyer0.number, '06/11/2026', 'electronics', 'KITCHEN', null, 1, 1000, 1, '2026-12', null],
    ]);
    const report = await importPogInvoices(ctx(hc), manage(hc), { contentBase64: b64, dryRun: true });
    expect(report.imported).toBe(false);
    expect(report.rows).toBe(4);
    expect(report.errors).toEqual([
      { row: 3, column: 'Months', message: 'differs from row 2 of invoice IMP-1' },
      { row: 4, column: 'Employee No.', message: 'no employee with this number' },
      { row: 4, column: 'Invoice Date', message: 'must be a real date dd/mm/yyyy' },
      { row: 4, column: 'Type', message: '"Gadgets" is not a type (see the sheet Types)' },
      { row: 4, column: 'Quantity', message: 'must be a whole number from 1 to 100000' },
      { row: 4, column: 'Unit Price', message: 'must be a whole number of rupiah (0 or more)' },
      { row: 4, column: 'Start Period', message: 'must be a month mm/yyyy' },
      { row: 6, column: 'Goods', message: 'is required' },
    ]);
    const failed = await failure(importPogInvoices(ctx(hc), manage(hc), { contentBase64: b64, dryRun: false }));
    expect(failed.code).toBe('VALIDATION');
    expect(failed.message).toBe('8 problem(s) in the file; nothing was imported');
    expect(failed.fields[0]).toEqual({ param: 'contentBase64', msg: 'row 3, Months: differs from row 2 of invoice IMP-1' });
    const after = await env.db
      .selectFrom('pog_invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('scope applies to employee numbers; a wrong header or a non-xlsx file is refused', async () => {
    const b64 = await workbook([['IMP-9', buyer1.number, '05/11/2026', 'Electronics', 'Kitchen', 'Pan', 1, 1000, 1, '12/2026']]);
    const r = await importPogInvoices(ctx(wh), manage(wh), { contentBase64: b64 });
    expect(r.errors).toEqual([{ row: 2, column: 'Employee No.', message: 'no employee with this number' }]);
    const wrong = await importPogInvoices(ctx(hc), manage(hc), { contentBase64: await workbook([], ['Invoice', 'Who']) });
    expect(wrong.errors[0]).toMatchObject({ row: 1, column: 'Invoice No.' });
    const notXlsx = await failure(
      importPogInvoices(ctx(hc), manage(hc), { contentBase64: Buffer.from('hello').toString('base64') }),
    );
    expect(notXlsx.fields[0]?.param).toBe('contentBase64');
  });

  it('a clean file imports every invoice with its plan, all at once; a second import is refused row by row', async () => {
    const b64 = await workbook([
      ['IMP-10', buyer0.number, '05/11/2026', 'Electronics', 'Kitchen', 'Blender', 1, 600000, 3, '12/2026', 'Staff sale'],
      ['IMP-10', buyer0.number, '05/11/2026', 'Electronics', 'Kitchen', 'Mixer', 2, '150.000', 3, '12/2026', null],
      ['IMP-11', buyer1.number, new Date(Date.UTC(2026, 10, 6)), 'Electronics', 'Kitchen', 'Kettle', 1, 100, 1, '2027-01', null],
    ]);
    const dry = await importPogInvoices(ctx(hc), manage(hc), { contentBase64: b64 });
    expect(dry.errors).toEqual([]);
    expect(dry.invoices.map((i) => [i.invoiceNumber, i.lines, i.total, i.invoiceDate])).toEqual([
      ['IMP-10', 2, '900000', '2026-11-05'],
      ['IMP-11', 1, '100', '2026-11-06'],
    ]);
    const done = await importPogInvoices(ctx(hc), manage(hc), { contentBase64: b64, dryRun: false });
    expect(done.imported).toBe(true);
    expect(done.invoiceIds).toHaveLength(2);
    const inv = await getPogInvoice(ctx(hc), manage(hc), { id: done.invoiceIds[0]! });
    expect(inv).toMatchObject({
      invoiceNumber: 'IMP-10',
      total: '900000',
      months: 3,
      startPeriod: '2026-12',
      note: 'Staff sale',
    });
    expect(inv.instalments.map((s) => s.amount)).toEqual(['300000', '300000', '300000']);
    const again = await importPogInvoices(ctx(hc), manage(hc), { contentBase64: b64 });
    expect(again.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Invoice No.'],
      [3, 'Invoice No.'],
      [4, 'Invoice No.'],
    ]);
  });
});
