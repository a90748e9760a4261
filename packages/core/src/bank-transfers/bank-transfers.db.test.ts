import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { ZodError } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollWorld } from '../testing/payroll-fixtures';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { TestDb } from '../db/testing';
import { finalisePayroll, generatePayroll, getPayrollRun } from '../payroll/index';
import type { Ctx } from '../shared/context';
import { failure } from '../testing/expect';
import { auditActions } from '../testing/audit';
import { addContract, makeEmployee, type Org } from '../testing/fixtures';
import {
  type BankTemplateDefinitionInput,
  BUILT_IN_TEMPLATES,
  copyBankTemplate,
  createBankTemplate,
  deleteBankTemplate,
  downloadBankTransferExport,
  exportBankTransfer,
  listBankTemplates,
  listBankTransferExports,
  previewBankTransfer,
  updateBankTemplate,
} from './index';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;
let runId: number;
let runNet: bigint;
const emp: Record<'bca' | 'mandiri' | 'bni' | 'bri' | 'none' | 'badBca' | 'zero', number> = {} as never;

const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');
const setting = () => requirePermission(admin, 'salary.setting');
const text = (r: { base64: string }) => Buffer.from(r.base64, 'base64').toString('latin1');
const sum = (xs: readonly (string | number | bigint)[]) => xs.reduce<bigint>((a, x) => a + BigInt(x), 0n);

beforeAll(async () => {
  const world = await payrollWorld('2026-11-28T03:00:00Z');
  ({ tdb, admin, ctx, org } = world);
  const bank = async (code: string) =>
    (await tdb.db.selectFrom('banks').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  // Employee, bank, account number, holder name, basic salary.
  const people = [
    ['bca', 'Ayu Lestari', '014', '1234567890', 'AYU LESTARI', 9_000_000],
    ['mandiri', 'Budi Santoso', '008', '1370012345678', 'BUDI SANTOSO', 8_000_000],
    ['bni', 'Citra Dewi', '009', '0123456789', 'CITRA DEWI', 7_500_000],
    ['bri', 'Dedi Kurniawan', '002', '012301000123456', 'DEDI KURNIAWAN', 6_250_000],
    ['none', 'Eka Putri', null, null, null, 5_800_000],
    ['badBca', 'Fajar Nugroho', '014', '12345-6789', 'FAJAR NUGROHO', 7_000_000],
    ['zero', 'Gita Sari', '014', '5550001112', 'GITA SARI', 6_000_000],
  ] as const;
  for (const [key, name, code, account, holder, basic] of people) {
    const id = await makeEmployee(tdb.db, org, { dept: 0 }, name);
    emp[key] = id;
    await tdb.db
      .updateTable('employees')
      .set({
        entry_date: '2025-01-01',
        bank_id: code ? await bank(code) : null,
        bank_account_number: account,
        bank_account_name: holder,
      })
      .where('id', '=', id)
      .execute();
    await addContract(tdb.db, id, basic);
  }
  const g = await generatePayroll(ctx, upd(), { period: '2026-11' });
  runId = g.runId;
  // A slip whose deductions take all of the pay (e.g. an unpaid-leave month with a loan instalment): net 0. The run's
  // stored total follows, as it would have had the engine computed that slip (the run detail reads it, issue 22).
  const zeroed = await tdb.db
    .updateTable('payslips as s')
    .from('payslips as before')
    .set({ net: 0 })
    .whereRef('before.id', '=', 's.id')
    .where('s.run_id', '=', runId)
    .where('s.employee_id', '=', emp.zero)
    .returning('before.net')
    .executeTakeFirstOrThrow();
  await tdb.db
    .updateTable('payroll_runs')
    .set((eb) => ({ net: eb('net', '-', zeroed.net) }))
    .where('id', '=', runId)
    .execute();
  await finalisePayroll(ctx, upd(), { id: runId });
  runNet = BigInt((await getPayrollRun(ctx, view(), { id: runId })).net);
}, 60_000);
afterAll(() => tdb.destroy());

/** The net pay of the run's payslips, by employee. */
async function netOf(ids: readonly number[]): Promise<bigint> {
  const rows = await tdb.db
    .selectFrom('payslips')
    .select('net')
    .where('run_id', '=', runId)
    .where('employee_id', 'in', ids)
    .execute();
  return sum(rows.map((r) => r.net));
}

const csvRows = (content: string, delimiter = ',') => parse(content, { delimiter, relax_column_count: true }) as string[][];
const lines = (content: string) => content.split('\r\n').filter((l) => l !== '');

describe('preview of a finalised run', () => {
  it('lists every employee with net pay, bank, account and the problem; totals add up to the run net', async () => {
    const p = await previewBankTransfer(ctx, view(), { id: runId, template: 'GENERIC-CSV' });
    expect(p.employees).toBe(7);
    const byId = new Map(p.lines.map((l) => [l.employeeId, l]));
    expect(byId.get(emp.bca)).toMatchObject({ status: 'pay', bankCode: '014', accountNumber: '1234567890', problems: [] });
    expect(byId.get(emp.none)).toMatchObject({
      status: 'problem',
      problems: [
        { code: 'no-account', message: 'No bank account number' },
        { code: 'no-bank', message: 'No bank chosen' },
        { code: 'no-account-name', message: 'No account holder name' },
      ],
    });
    expect(byId.get(emp.badBca)).toMatchObject({
      status: 'problem',
      problems: [{ code: 'invalid-account', message: 'The account number must be digits only' }],
    });
    expect(byId.get(emp.zero)).toMatchObject({ status: 'zero-net', net: '0' });
    expect(p).toMatchObject({ payCount: 4, problemCount: 2, zeroNetCount: 1, excludedCount: 0, canExport: false });
    expect(BigInt(p.payTotal) + BigInt(p.problemTotal)).toBe(runNet);
    expect(BigInt(p.runNet)).toBe(runNet);
  });

  it('a bank-specific template names the employees paid at another bank', async () => {
    const p = await previewBankTransfer(ctx, view(), { id: runId, template: 'BCA-MULTIPAYROLL' });
    const mandiri = p.lines.find((l) => l.employeeId === emp.mandiri)!;
    expect(mandiri.problems).toEqual([
      { code: 'other-bank', message: 'The account is at Bank Mandiri; this template pays Bank Central Asia (BCA) accounts only' },
    ]);
    expect(p.payCount).toBe(1);
  });

  it('checks the account length of the bank: a 9-digit BCA account is invalid', async () => {
    await tdb.db.updateTable('employees').set({ bank_account_number: '123456789' }).where('id', '=', emp.badBca).execute();
    const p = await previewBankTransfer(ctx, view(), { id: runId, template: 'GENERIC-CSV' });
    expect(p.lines.find((l) => l.employeeId === emp.badBca)!.problems).toEqual([
      { code: 'invalid-account', message: 'A Bank Central Asia (BCA) account number has 10 digits, not 9' },
    ]);
    await tdb.db.updateTable('employees').set({ bank_account_number: '12345-6789' }).where('id', '=', emp.badBca).execute();
  });
});

describe('export', () => {
  it('is refused while employees cannot be paid, naming them; nothing is recorded', async () => {
    const e = await failure(exportBankTransfer(ctx, upd(), { id: runId, template: 'GENERIC-CSV' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toContain('2 employee(s) cannot be paid by GENERIC-CSV');
    expect(e.message).toContain('Eka Putri (No bank account number; No bank chosen; No account holder name)');
    expect(e.message).toContain('Fajar Nugroho (The account number must be digits only)');
    expect(await listBankTransferExports(ctx, view(), { id: runId })).toEqual([]);
  });

  it('generic CSV with the problems excluded explicitly: they are listed, and the file total = run net − excluded', async () => {
    const r = await exportBankTransfer(ctx, upd(), {
      id: runId,
      template: 'GENERIC-CSV',
      excludeEmployeeIds: [emp.none, emp.badBca],
      effectiveDate: '2026-11-30',
    });
    expect(r.fileName).toBe(`salary_transfer_2026-11_run${runId}.csv`);
    const [head, ...rows] = csvRows(text(r));
    expect(head).toEqual([
      'No',
      'Employee No',
      'Employee Name',
      'Bank Code',
      'Bank Name',
      'Account Number',
      'Account Name',
      'Currency',
      'Amount',
      'Remark',
      'Email',
    ]);
    expect(rows.map((x) => x[6])).toEqual(['AYU LESTARI', 'BUDI SANTOSO', 'CITRA DEWI', 'DEDI KURNIAWAN']);
    expect(rows.every((x) => x[7] === 'IDR' && x[9] === 'Gaji 2026-11')).toBe(true);
    const excludedNet = await netOf([emp.none, emp.badBca]);
    expect(sum(rows.map((x) => x[8]!))).toBe(runNet - excludedNet);
    expect(sum(rows.map((x) => x[8]!))).toBe(await netOf([emp.bca, emp.mandiri, emp.bni, emp.bri]));
    expect(r).toMatchObject({ rowCount: 4, total: String(runNet - excludedNet), runNet: String(runNet), excludedCount: 2 });
    expect(r.excluded.map((x) => [x.employeeId, x.reason])).toEqual([
      [emp.none, 'Excluded: No bank account number; No bank chosen; No account holder name'],
      [emp.badBca, 'Excluded: The account number must be digits only'],
    ]);
    expect(r.zeroNet).toEqual([expect.objectContaining({ employeeId: emp.zero, net: '0', reason: 'Zero net pay' })]);

    const [record] = await listBankTransferExports(ctx, view(), { id: runId });
    expect(record).toMatchObject({ id: r.id, templateCode: 'GENERIC-CSV', excludedTotal: String(excludedNet) });
    const again = await downloadBankTransferExport(ctx, upd(), { id: r.id });
    expect(again).toEqual({ fileName: r.fileName, contentType: 'text/csv', base64: r.base64 });
    const audit = await tdb.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'payroll_run')
      .where('action', '=', 'bank_transfer.export')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.after)).toContain('Excluded: The account number must be digits only');
  });

  it('BCA multi-payroll (fixed width): header count and total, detail amounts = net pay', async () => {
    const p = await previewBankTransfer(ctx, view(), { id: runId, template: 'BCA-MULTIPAYROLL' });
    const exclude = p.lines.filter((l) => l.status === 'problem').map((l) => l.employeeId);
    const missing = await failure(
      exportBankTransfer(ctx, upd(), { id: runId, template: 'BCA-MULTIPAYROLL', excludeEmployeeIds: exclude }),
    );
    expect(missing.code).toBe('VALIDATION');
    expect(missing.fields.map((f) => f.param)).toEqual(['companyCode', 'companyAccount']);
    const r = await exportBankTransfer(ctx, upd(), {
      id: runId,
      template: 'BCA-MULTIPAYROLL',
      excludeEmployeeIds: exclude,
      effectiveDate: '2026-11-30',
      companyCode: 'KSMJAYA',
      companyAccount: '0987654321',
    });
    expect(r.fileName).toBe('BCA_MP_KSMJAYA_20261130.txt');
    expect(r.contentType).toBe('text/plain');
    const [header, ...detail] = lines(text(r));
    expect(header).toHaveLength(51);
    expect(header!.slice(0, 1)).toBe('0');
    expect(header!.slice(1, 11)).toBe('KSMJAYA   ');
    expect(header!.slice(11, 19)).toBe('30112026');
    expect(header!.slice(19, 29)).toBe('0987654321');
    expect(Number(header!.slice(29, 34))).toBe(1);
    const amount = (s: string) => BigInt(s.replace(/\.00$/, ''));
    const total = amount(header!.slice(34, 51));
    expect(detail).toHaveLength(1);
    expect(detail[0]!.slice(0, 1)).toBe('1');
    expect(detail[0]!.slice(1, 11)).toBe('1234567890');
    expect(amount(detail[0]!.slice(11, 28))).toBe(await netOf([emp.bca]));
    expect(detail[0]!.slice(43, 73).trimEnd()).toBe('AYU LESTARI');
    expect(total).toBe(runNet - (await netOf(exclude)));
  });

  it('Mandiri Kopra, BNI and BRI: each parses back; trailer/header count and total = Σ rows = run net − excluded', async () => {
    const files: Record<string, { r: Awaited<ReturnType<typeof exportBankTransfer>>; excluded: bigint }> = {};
    for (const template of ['MANDIRI-KOPRA', 'BNI-BULK-CSV', 'BRI-BULK-CSV']) {
      const p = await previewBankTransfer(ctx, view(), { id: runId, template });
      const exclude = p.lines.filter((l) => l.status === 'problem').map((l) => l.employeeId);
      const r = await exportBankTransfer(ctx, upd(), {
        id: runId,
        template,
        excludeEmployeeIds: exclude,
        effectiveDate: '2026-11-30',
        companyAccount: '1230009998887',
      });
      files[template] = { r, excluded: await netOf(exclude) };
      expect(BigInt(r.total)).toBe(runNet - files[template].excluded);
    }
    // Mandiri: "P,date,debit account,count,total" then the transfers (interbank allowed: all four are paid).
    const [p, ...m] = csvRows(text(files['MANDIRI-KOPRA']!.r));
    expect(p).toEqual(['P', '20261130', '1230009998887', '4', String(sum(m.map((x) => x[3]!)))]);
    expect(m.map((x) => [x[0], x[2], x[6]])).toEqual([
      ['1234567890', 'IDR', '014'],
      ['1370012345678', 'IDR', '008'],
      ['0123456789', 'IDR', '009'],
      ['012301000123456', 'IDR', '002'],
    ]);
    expect(sum(m.map((x) => x[3]!))).toBe(runNet - files['MANDIRI-KOPRA']!.excluded);
    // BNI: headers, one BNI payee, TOTAL,count,total.
    const bni = csvRows(text(files['BNI-BULK-CSV']!.r));
    expect(bni[0]![1]).toBe('Account Number');
    expect(bni.slice(1, -1).map((x) => [x[1], x[3], x[7]])).toEqual([
      ['0123456789', String(await netOf([emp.bni])), '30/11/2026'],
    ]);
    expect(bni.at(-1)).toEqual(['TOTAL', '1', String(await netOf([emp.bni]))]);
    // BRI: semicolons, two trailer lines.
    const bri = csvRows(text(files['BRI-BULK-CSV']!.r), ';');
    expect(bri[0]).toEqual(['No', 'Nomor Rekening', 'Nama Pemilik Rekening', 'Nominal', 'Mata Uang', 'Keterangan']);
    expect(bri.slice(1, -2).map((x) => x[1])).toEqual(['012301000123456']);
    expect(bri.slice(-2)).toEqual([
      ['JUMLAH DATA', '1'],
      ['TOTAL NOMINAL', String(await netOf([emp.bri]))],
    ]);
    expect(sum(bri.slice(1, -2).map((x) => x[3]!))).toBe(runNet - files['BRI-BULK-CSV']!.excluded);
  });

  it('only a finalised run can be paid; excluding someone outside the run is GL0001', async () => {
    const draft = await generatePayroll(ctx, upd(), { period: '2026-12', confirmFuturePeriod: true });
    const e = await failure(previewBankTransfer(ctx, view(), { id: draft.runId, template: 'GENERIC-CSV' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toContain('is draft: only a finalised run can be paid');
    const x = await failure(exportBankTransfer(ctx, upd(), { id: runId, template: 'GENERIC-CSV', excludeEmployeeIds: [999999] }));
    expect(x.code).toBe('VALIDATION');
    expect(x.fields).toEqual([{ param: 'excludeEmployeeIds', msg: 'employee #999999 is not in this run' }]);
  });

  it('needs the whole company: a department-scoped salary user is refused', async () => {
    const limited: Actor = { ...admin, roles: ['human-capital'], permissions: new Set(['salary.view', 'salary.update']) };
    const e = await failure(
      previewBankTransfer(ctx, requirePermission(limited, 'salary.view'), { id: runId, template: 'GENERIC-CSV' }),
    );
    expect(e.code).toBe('FORBIDDEN');
  });
});

describe('templates', () => {
  const adminTemplate: BankTemplateDefinitionInput = {
    format: 'fixed-width',
    lineEnding: 'crlf',
    checksum: 'md5',
    amountFormat: 'integer',
    fileNamePattern: 'PAY_{period}.txt',
    header: [
      [
        { value: 'H', width: 1 },
        { value: '{date:yyMMdd}', width: 6 },
      ],
    ],
    columns: [
      { header: 'Acct', field: 'accountNumber', width: 20 },
      { header: 'Amt', field: 'amount', width: 12, align: 'right', pad: '0' },
      { header: 'Name', field: 'accountName', width: 8 },
    ],
    trailer: [
      [
        { value: 'T', width: 1 },
        { value: '{count}', width: 4, align: 'right', pad: '0' },
        { value: '{total}', width: 14, align: 'right', pad: '0' },
        { value: '{checksum}', width: 32 },
      ],
    ],
  };

  it('an admin adds a template without code; its file parses back with the checksum of the detail lines', async () => {
    const t = await createBankTemplate(ctx, setting(), { code: 'my-bank', name: 'Our bank', definition: adminTemplate });
    expect(t).toMatchObject({ code: 'MY-BANK', builtIn: false, format: 'fixed-width', bankCode: null });
    expect((await listBankTemplates(ctx, view())).map((x) => x.code)).toEqual([
      ...BUILT_IN_TEMPLATES.map((b) => b.code),
      'MY-BANK',
    ]);
    const r = await exportBankTransfer(ctx, upd(), {
      id: runId,
      template: 'MY-BANK',
      excludeEmployeeIds: [emp.none, emp.badBca],
      effectiveDate: '2026-11-30',
    });
    const [h, ...rest] = lines(text(r));
    const trailer = rest.pop()!;
    expect(h).toBe('H261130');
    expect(rest.map((l) => l.slice(32))).toEqual(['AYU LEST', 'BUDI SAN', 'CITRA DE', 'DEDI KUR']);
    const total = sum(rest.map((l) => l.slice(20, 32)));
    expect(total).toBe(runNet - (await netOf([emp.none, emp.badBca])));
    expect(trailer.slice(0, 5)).toBe('T0004');
    expect(BigInt(trailer.slice(5, 19))).toBe(total);
    const md5 = createHash('md5')
      .update(rest.map((l) => `${l}\r\n`).join(''))
      .digest('hex');
    expect(trailer.slice(19)).toBe(md5);
    expect(r.checksum).toBe(md5);
  });

  it('an invalid template is refused with the offending fields (GL0001)', async () => {
    const bad = {
      ...adminTemplate,
      columns: [
        { header: 'Amt', field: 'amount' as const },
        { header: 'X', value: '{nope}', width: 3 },
      ],
    };
    const e = await createBankTemplate(ctx, setting(), { code: 'BAD', name: 'Bad', definition: bad }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ZodError);
    const issues = (e as ZodError).issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['definition.columns.0.width', 'is required in a fixed-width file'],
        ['definition.columns.1.value', expect.stringContaining('unknown placeholder {nope}')],
        ['definition.columns', 'needs an accountNumber column'],
      ]),
    );
  });

  it('built-ins cannot be changed or deleted, but can be copied and the copy changed', async () => {
    const c = await failure(
      updateBankTemplate(ctx, setting(), { code: 'BCA-MULTIPAYROLL', name: 'x', definition: adminTemplate }),
    );
    expect(c.code).toBe('CONFLICT');
    expect((await failure(deleteBankTemplate(ctx, setting(), { code: 'GENERIC-CSV' }))).code).toBe('CONFLICT');
    const copy = await copyBankTemplate(ctx, setting(), { code: 'BCA-MULTIPAYROLL', newCode: 'BCA-OURS', name: 'BCA (ours)' });
    expect(copy.definition).toEqual(BUILT_IN_TEMPLATES[0]!.definition);
    const changed = await updateBankTemplate(ctx, setting(), {
      code: 'BCA-OURS',
      name: 'BCA (ours)',
      definition: { ...copy.definition, companyCode: 'KSMJAYA', companyAccount: '0987654321' },
    });
    expect(changed.definition.companyCode).toBe('KSMJAYA');
    const dup = await failure(copyBankTemplate(ctx, setting(), { code: 'GENERIC-CSV', newCode: 'BCA-OURS', name: 'again' }));
    expect(dup.fields).toEqual([{ param: 'newCode', msg: 'a template BCA-OURS already exists' }]);
    expect(await deleteBankTemplate(ctx, setting(), { code: 'BCA-OURS' })).toEqual({ code: 'BCA-OURS' });
    expect(await auditActions(tdb.db, 'bank_template', 'BCA-OURS')).toEqual([
      'bank_template.create',
      'bank_template.update',
      'bank_template.delete',
    ]);
  });
});
