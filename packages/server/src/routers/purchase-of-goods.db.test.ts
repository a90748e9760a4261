import { fillPogTemplate } from '@hr/core/purchase-of-goods';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 4 });

const P = '/v2/h/purchaseOfGood';

let hc: Headers;
let wh: Headers;
let employee: Headers;

const userFor = t.headersFor('pog', 'purchase-pass-1');

beforeAll(async () => {
  hc = await userFor(['human-capital'], 1);
  wh = await userFor(['warehouse-manager'], 2);
  employee = await userFor(['employee'], 3);
});

const call = t.call;

async function filled(rows: (string | number)[][]): Promise<string> {
  const tpl = await call('GET', `${P}/template`, hc);
  return fillPogTemplate(tpl.rawPayload.toString('base64'), rows);
}

describe('purchase of goods over REST (spec §7 purchaseOfGood)', () => {
  let invoiceId: number;

  it('lookups: types and categories are added, listed, renamed; a plain employee is refused (PM0001)', async () => {
    const type = await call('POST', `${P}/type`, hc, { name: 'Electronics' });
    expect(type.json()).toMatchObject({
      status: 'success',
      success: 'Goods type added',
      result: { name: 'Electronics', used: 0 },
    });
    const cat = await call('POST', `${P}/category`, wh, { name: 'Phone' });
    expect(cat.statusCode).toBe(200);
    const renamed = await call('PUT', `${P}/category/${cat.json().result.id}`, wh, { name: 'Phones' });
    expect(renamed.json().result.name).toBe('Phones');
    expect((await call('GET', `${P}/type`, wh)).json().results).toEqual([
      { id: type.json().result.id, name: 'Electronics', used: 0 },
    ]);
    const denied = await call('GET', P, employee);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('PM0001');
    const bad = await call('POST', `${P}/type`, hc, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'name' }] });
  });

  it('template: download, dry run with row errors (nothing imported), then the import', async () => {
    const tpl = await call('GET', `${P}/template`, hc);
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-disposition']).toContain('purchase-of-goods-template.xlsx');
    expect(tpl.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const bad = await filled([
      ['INV-A', 'JKT-00002', '05/11/2026', 'Electronics', 'Phones', 'Phone X', 1, 3000000, 6, '12/2026', ''],
      ['INV-B', 'JKT-00099', '05/11/2026', 'Electronics', 'Phones', 'Case', 1, 50000, 1, '12/2026', ''],
    ]);
    const dry = await call('POST', `${P}/template`, wh, { contentBase64: bad, dryRun: true });
    expect(dry.json()).toMatchObject({
      status: 'success',
      result: { imported: false, rows: 2, errors: [{ row: 3, column: 'Employee No.', message: 'no employee with this number' }] },
    });
    const refused = await call('POST', `${P}/template`, wh, { contentBase64: bad, dryRun: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      code: 'GL0001',
      attributes: [{ param: 'contentBase64', msg: 'row 3, Employee No.: no employee with this number' }],
    });
    expect(JSON.parse(refused.json().errors[0].internalMsg).errors).toHaveLength(1);
    expect((await call('GET', P, wh)).json().results.total).toBe(0);

    const good = await filled([
      ['INV-A', 'JKT-00002', '05/11/2026', 'Electronics', 'Phones', 'Phone X', 1, 3000001, 6, '12/2026', ''],
    ]);
    const done = await call('POST', `${P}/template`, wh, { contentBase64: good, dryRun: false });
    expect(done.json().result).toMatchObject({
      imported: true,
      errors: [],
      invoices: [{ invoiceNumber: 'INV-A', total: '3000001' }],
    });
    invoiceId = done.json().result.invoiceIds[0];
  });

  it('list and detail with the instalment plan; payment; cancel refused once paid', async () => {
    const list = await call('GET', `${P}?search=inv-a&status=active`, wh);
    expect(list.json().results).toMatchObject({
      total: 1,
      rows: [{ id: invoiceId, employeeNumber: 'JKT-00002', outstanding: '3000001' }],
    });
    const detail = await call('GET', `${P}/invoice/${invoiceId}/detail`, wh);
    const inv = detail.json().result;
    expect(inv.instalments.map((s: { amount: string }) => s.amount)).toEqual([
      '500000',
      '500000',
      '500000',
      '500000',
      '500000',
      '500001',
    ]);
    expect(inv.instalments[0].period).toBe('2026-12');
    const pay = await call('POST', `${P}/invoice/${invoiceId}/payment`, wh, {
      instalmentId: inv.instalments[0].id,
      paidOn: '2026-12-03',
    });
    expect(pay.json()).toMatchObject({ success: 'Payment recorded', result: { paid: '500000', outstanding: '2500001' } });
    const cancel = await call('POST', `${P}/invoice/${invoiceId}/cancel`, wh, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().errors[0].message).toBe('An invoice with payments cannot be cancelled');
    const deductions = await call('GET', `${P}/deduction?period=2027-01`, hc);
    expect(deductions.json().results).toMatchObject([{ employeeNumber: 'JKT-00002', amount: '500000', posted: false }]);
    const badPeriod = await call('GET', `${P}/deduction?period=2027-1`, hc);
    expect(badPeriod.json().errors[0].attributes[0].param).toBe('period');
  });

  it('create by form: validation names fields; an unknown invoice is NOT_FOUND', async () => {
    const types = (await call('GET', `${P}/type`, hc)).json().results;
    const cats = (await call('GET', `${P}/category`, hc)).json().results;
    const emp = { id: await t.employeeId(4) };
    const bad = await call('POST', P, hc, {
      employeeId: emp.id,
      typeId: types[0].id,
      invoiceDate: '2026-02-30',
      months: 0,
      startPeriod: '2026-13',
      lines: [],
    });
    expect(refusedParams(bad)).toEqual(['invoiceDate', 'lines', 'months', 'startPeriod']);
    const ok = await call('POST', P, hc, {
      employeeId: emp.id,
      typeId: types[0].id,
      invoiceDate: '2026-11-20',
      months: 2,
      startPeriod: '2026-12',
      lines: [{ goods: 'Headset', categoryId: cats[0].id, quantity: 3, unitPrice: '100001' }],
    });
    expect(ok.json().result).toMatchObject({ total: '300003', invoiceNumber: expect.stringMatching(/^POG-/) });
    const cancelled = await call('POST', `${P}/invoice/${ok.json().result.id}/cancel`, hc, { note: 'Wrong person' });
    expect(cancelled.json().result).toMatchObject({ status: 'cancelled', statusLabel: 'Cancelled' });
    const missing = await call('GET', `${P}/invoice/999999/detail`, hc);
    expect(missing.statusCode).toBe(404);
  });
});
