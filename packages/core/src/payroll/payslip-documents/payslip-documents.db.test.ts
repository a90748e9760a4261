import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../../testing/expect';
import { loginFor, payrollWorld } from '../../testing/payroll-fixtures';
import { pdfPageCount, pdfText, type TestDb } from '../../db/testing';
import { createMailConfig, getOutboxMessage, listOutbox, type MailConfig, retryMail } from '../../mail/index';
import { type SmtpSink, startSmtpSink } from '../../mail/smtp-sink';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import type { AppError } from '../../shared/errors';
import { makeDepartmentHr, makeEmployee, type Org } from '../../testing/fixtures';
import { finalisePayroll, generatePayroll, updatePayrollSettings } from '../runs/index';
import { myPayslipPdf, payslipPdf, payslipPdfPasswordStatus, runPayslipsPdf, sendPayslips, setPayslipPdfPassword } from './index';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;
let workerCtx: () => Ctx;
let hrOwn: Actor; // salary permissions, department 0 only
let worker: Actor; // employee login linked to alice
let alice: number; // dept 0
let bob: number; // dept 1
let nomail: number; // dept 1, no e-mail address
let runId: number;
let slipOf: Map<number, { id: number; net: string }>;
const configs: MailConfig[] = [];
const sinks: SmtpSink[] = [];

const rp = (digits: string) => `Rp ${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
const smtp = async (opts: Parameters<typeof startSmtpSink>[0] = {}) => {
  const sink = await startSmtpSink(opts);
  sinks.push(sink);
  const config = createMailConfig({ smtpUrl: sink.url, from: 'Payroll <payroll@test.co.id>' });
  configs.push(config);
  return { sink, config };
};
const outbox = (payslipId: number) =>
  tdb.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('related_entity', '=', 'payslip')
    .where('related_id', '=', payslipId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx, org } = world);
  const { services } = world;
  workerCtx = () => services.ctx(worker);
  alice = await makeEmployee(tdb.db, org, { dept: 0 }, 'Alice Mail');
  bob = await makeEmployee(tdb.db, org, { dept: 1 }, 'Bob Mail');
  nomail = await makeEmployee(tdb.db, org, { dept: 1 }, 'Nora Nomail');
  await tdb.db.updateTable('employees').set({ email: '' }).where('id', '=', nomail).execute();
  await tdb.db.updateTable('employees').set({ birth_date: '1990-08-17' }).where('id', '=', alice).execute();
  await tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).execute();
  await tdb.db
    .insertInto('employee_contracts')
    .values(
      [alice, bob, nomail].map((employee_id, i) => ({
        employee_id,
        contract_number: `C-${employee_id}`,
        contract_type: 5,
        start_date: '2025-01-01',
        end_date: null,
        basic_salary: 9_000_000 + i * 1_000_000,
        notes: null,
        created_by: null,
      })),
    )
    .execute();
  hrOwn = await makeDepartmentHr(services, org, 0);
  worker = await loginFor(services, alice);

  const run = await generatePayroll(ctx, requirePermission(admin, 'salary.update'), { period: '2026-11' });
  runId = run.runId;
  const slips = await tdb.db.selectFrom('payslips').select(['id', 'employee_id', 'net']).where('run_id', '=', runId).execute();
  slipOf = new Map(slips.map((s) => [s.employee_id, { id: s.id, net: String(s.net) }]));
});
afterAll(async () => {
  for (const c of configs) c.transport?.close();
  for (const s of sinks) await s.close();
  await tdb.destroy();
});

const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');

describe('payslip PDFs', () => {
  it('one payslip: company, period, employee, lines with amounts, totals, PPh 21, net and the trace note', async () => {
    const slip = slipOf.get(alice)!;
    const file = await payslipPdf(ctx, view(), { id: slip.id });
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toMatch(/^payslip-2026-11-TST-.*\.pdf$/);
    const pdf = Buffer.from(file.base64, 'base64');
    expect(pdfPageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const s of [
      'Test Office',
      'November 2026',
      'Alice Mail',
      'Basic salary',
      rp('9000000'),
      'Gross pay',
      'PPh 21',
      'Net pay',
      rp(slip.net),
    ])
      expect(text).toContain(s);
    expect(text).toContain('Personal > Salary');
    expect(text).toContain('Draft (not final)');
  });

  it("prints the company's name from the settings as Company, and the employee's office as Office", async () => {
    const slip = slipOf.get(alice)!;
    const textOf = async () => pdfText(Buffer.from((await payslipPdf(ctx, view(), { id: slip.id })).base64, 'base64'));
    // Not set yet: the office is never passed off as the company.
    expect(await textOf()).toMatch(/Company:\s*-/);
    await updatePayrollSettings(ctx, requirePermission(admin, 'salary.setting'), { companyName: ' PT Uji Sejahtera ' });
    const text = await textOf();
    expect(text).toMatch(/Company:\s*PT Uji Sejahtera/);
    expect(text).toMatch(/Office:\s*Test Office/);
    await updatePayrollSettings(ctx, requirePermission(admin, 'salary.setting'), { companyName: '' });
  });

  it('is scoped like getPayslip: another department is NOT_FOUND for a user without the HR wildcard', async () => {
    const own = requirePermission(hrOwn, 'salary.view');
    expect((await failure(payslipPdf(ctx, own, { id: slipOf.get(bob)!.id }))).code).toBe('NOT_FOUND');
    expect((await payslipPdf(ctx, own, { id: slipOf.get(alice)!.id })).fileName).toContain('2026-11');
    const run = pdfText(Buffer.from((await runPayslipsPdf(ctx, own, { id: runId })).base64, 'base64'));
    expect(run).toContain('Alice Mail');
    expect(run).not.toContain('Bob Mail');
  });

  it('a run: one page per payslip; unknown run NOT_FOUND', async () => {
    const file = await runPayslipsPdf(ctx, view(), { id: runId });
    const pdf = Buffer.from(file.base64, 'base64');
    expect(pdfPageCount(pdf)).toBe(slipOf.size);
    const text = pdfText(pdf);
    for (const n of ['Alice Mail', 'Bob Mail', 'Nora Nomail']) expect(text).toContain(n);
    expect((await failure(runPayslipsPdf(ctx, view(), { id: 999_999 }))).code).toBe('NOT_FOUND');
  });

  it('e-mailing a draft run is refused with a clear message', async () => {
    const config = createMailConfig();
    const e = await failure(sendPayslips(ctx, upd(), config, { id: runId }));
    expect(e.code).toBe('PRECONDITION_FAILED');
    expect(e.message).toMatch(/finalised.*draft/);
  });

  it('my payslip: own finalised payslip only; another person’s is NOT_FOUND', async () => {
    const me = requirePermission(worker, 'personal.access');
    // Not finalised yet: not visible to the employee.
    expect((await failure(myPayslipPdf(ctx, me, { id: slipOf.get(alice)!.id }))).code).toBe('NOT_FOUND');
    await finalisePayroll(ctx, upd(), { id: runId });
    const mine = await myPayslipPdf(ctx, me, { id: slipOf.get(alice)!.id });
    expect(pdfText(Buffer.from(mine.base64, 'base64'))).toContain(rp(slipOf.get(alice)!.net));
    expect((await failure(myPayslipPdf(ctx, me, { id: slipOf.get(bob)!.id }))).code).toBe('NOT_FOUND');
  });
});

describe('payslips by e-mail', () => {
  it('without SMTP: written to the outbox as stored (not sent), visible with subject, text and attachment', async () => {
    const result = await sendPayslips(ctx, upd(), createMailConfig(), { id: runId, employeeIds: [bob, nomail] });
    expect(result).toMatchObject({ sent: 0, queued: 1, failed: 0 });
    expect(result.skipped).toEqual([{ employeeId: nomail, name: 'Nora Nomail', reason: 'No e-mail address' }]);
    const [row] = await outbox(slipOf.get(bob)!.id);
    expect(row).toMatchObject({ status: 'stored', attempts: 0, sent_at: null, employee_id: bob });
    const list = await listOutbox(ctx, view(), { status: 'stored', search: 'bob' });
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      subject: 'Payslip November 2026 - Test Office',
      attachments: [expect.stringMatching(/\.pdf$/)],
    });
    const msg = await getOutboxMessage(ctx, view(), { id: row!.id });
    expect(msg.text).toContain('Dear Bob Mail');
    expect(msg.attachmentDetails[0]).toMatchObject({ contentType: 'application/pdf', size: expect.any(Number) });
    // Retrying needs an SMTP server.
    expect((await failure(retryMail(ctx, upd(), createMailConfig(), { id: row!.id }))).code).toBe('PRECONDITION_FAILED');
    // The outbox is scoped: a department-0 HR user does not see Bob's (department 1) message.
    const own = requirePermission(hrOwn, 'salary.view');
    expect((await listOutbox(ctx, own, {})).rows.map((r) => r.employeeId)).not.toContain(bob);
    expect((await failure(getOutboxMessage(ctx, own, { id: row!.id }))).code).toBe('NOT_FOUND');
  });

  it('over real SMTP (with login): the employee receives the PDF whose text shows the net pay; a second send mails nobody twice', async () => {
    const { sink, config } = await smtp({ auth: { user: 'hr', pass: 's3cret pass' } });
    const result = await sendPayslips(ctx, upd(), config, { id: runId, employeeIds: [alice] });
    expect(result).toEqual({ sent: 1, queued: 0, failed: 0, skipped: [] });
    expect(sink.messages).toHaveLength(1);
    const m = sink.messages[0]!;
    expect(m.subject).toBe('Payslip November 2026 - Test Office');
    expect(m.from?.text).toContain('payroll@test.co.id');
    expect(m.text).toContain('Dear Alice Mail');
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]!.contentType).toBe('application/pdf');
    expect(pdfText(m.attachments[0]!.content)).toContain(rp(slipOf.get(alice)!.net));
    const [row] = await outbox(slipOf.get(alice)!.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.sent_at).toBeInstanceOf(Date);

    const again = await sendPayslips(ctx, upd(), config, { id: runId, employeeIds: [alice] });
    expect(again).toMatchObject({ sent: 0, queued: 0, failed: 0 });
    expect(again.skipped[0]).toMatchObject({ employeeId: alice, reason: expect.stringMatching(/^Already e-mailed/) });
    expect(sink.messages).toHaveLength(1);

    const resend = await sendPayslips(ctx, upd(), config, { id: runId, employeeIds: [alice], resend: true });
    expect(resend.sent).toBe(1);
    expect(sink.messages).toHaveLength(2);
  });

  it('protect: the PDF is encrypted with the password the employee chose, never the birth date (issue 16 item 8)', async () => {
    const { sink, config } = await smtp();
    // Without a password of the employee's own, a protected send skips them rather than send it unprotected.
    const none = await sendPayslips(ctx, upd(), config, { id: runId, employeeIds: [alice], resend: true, protect: true });
    expect(none).toMatchObject({ sent: 0, queued: 0, failed: 0 });
    expect(none.skipped).toEqual([
      { employeeId: alice, name: 'Alice Mail', reason: 'No payslip PDF password: the employee sets one under Personal > Salary' },
    ]);
    const mine = requirePermission(worker, 'personal.access');
    expect(await payslipPdfPasswordStatus(workerCtx(), mine)).toEqual({ set: false, updatedAt: null });
    // What colleagues can read in the app is refused: the birth date, the employee number, the e-mail name.
    const e = await tdb.db
      .selectFrom('employees')
      .select(['birth_date', 'employee_number'])
      .where('id', '=', alice)
      .executeTakeFirstOrThrow();
    const b = String(e.birth_date);
    for (const guess of [`${b.slice(8, 10)}${b.slice(5, 7)}${b.slice(0, 4)}`, `x${e.employee_number}x`]) {
      const bad = await failure(setPayslipPdfPassword(workerCtx(), mine, { password: guess }));
      expect(bad.code).toBe('VALIDATION');
      expect(bad.fields[0]).toMatchObject({ param: 'password', msg: expect.stringMatching(/birth date, NIK, employee number/) });
    }
    const set = await setPayslipPdfPassword(workerCtx(), mine, { password: 'kopi Tubruk 77' });
    expect(set).toMatchObject({ set: true, updatedAt: expect.any(String) });
    expect(await payslipPdfPasswordStatus(workerCtx(), mine)).toMatchObject({ set: true });
    const audit = await tdb.db.selectFrom('audit_log').selectAll().where('entity', '=', 'payslip_pdf_password').execute();
    expect(JSON.stringify(audit)).not.toContain('kopi Tubruk 77');

    const result = await sendPayslips(ctx, upd(), config, { id: runId, employeeIds: [alice], resend: true, protect: true });
    expect(result.sent).toBe(1);
    const m = sink.messages.at(-1)!;
    expect(m.text).toContain('protected with the payslip PDF password you set in the HR app under Personal > Salary');
    expect(m.text).not.toMatch(/birth date/);
    const pdf = m.attachments[0]!.content;
    expect(pdf.toString('latin1')).toMatch(/\/Encrypt/);
    // Encrypted content streams: the amounts cannot be read without the password.
    expect(pdfText(pdf)).not.toContain(rp(slipOf.get(alice)!.net));
  });

  it('a failing SMTP server marks the message failed with the reason; sending again or retrying delivers it once', async () => {
    const bad = await smtp({ reject: '550 Mailbox unavailable' });
    const result = await sendPayslips(ctx, upd(), bad.config, { id: runId, employeeIds: [bob], resend: true });
    expect(result).toMatchObject({ sent: 0, queued: 0, failed: 1 });
    const rows = await outbox(slipOf.get(bob)!.id);
    const failed = rows.at(-1)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toMatch(/Mailbox unavailable/);

    // An unreachable server fails too, without throwing.
    const down = createMailConfig({ smtpUrl: 'smtp://127.0.0.1:1' });
    configs.push(down);
    expect(await retryMail(ctx, upd(), down, { id: failed.id })).toMatchObject({ status: 'failed', attempts: 2 });

    // Sending the run again re-sends that failed message (no second copy).
    const good = await smtp();
    const again = await sendPayslips(ctx, upd(), good.config, { id: runId, employeeIds: [bob] });
    expect(again).toMatchObject({ sent: 1, failed: 0 });
    expect(good.sink.messages).toHaveLength(1);
    expect((await outbox(slipOf.get(bob)!.id)).length).toBe(rows.length);
    const after = await getOutboxMessage(ctx, view(), { id: failed.id });
    expect(after).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    // A sent message cannot be retried.
    expect((await failure(retryMail(ctx, upd(), good.config, { id: failed.id }))).code).toBe('CONFLICT');
  });

  it('a stored message is sent by retry once SMTP is configured; two concurrent retries send it once', async () => {
    const [stored] = await outbox(slipOf.get(bob)!.id);
    expect(stored!.status).toBe('stored');
    const { sink, config } = await smtp();
    const results = await Promise.allSettled([
      retryMail(ctx, upd(), config, { id: stored!.id }),
      retryMail(ctx, upd(), config, { id: stored!.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).code).toBe('CONFLICT');
    expect(sink.messages).toHaveLength(1);
    expect((await getOutboxMessage(ctx, view(), { id: stored!.id })).status).toBe('sent');
  });
});
