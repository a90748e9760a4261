import ExcelJS from 'exceljs';
import { pdfText } from '../testing/pdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDbEnv, withPermissions } from '../testing/db-env';
import { failure } from '../testing/expect';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { AppError } from '../shared/errors';
import { makeEmployee } from '../testing/fixtures';
import {
  addCooperativeMembers,
  addWithdrawalFile,
  approveWithdrawal,
  cancelDeleteWithdrawalFile,
  cancelWithdrawal,
  deleteWithdrawalFile,
  disapproveWithdrawal,
  downloadCooperativeStatement,
  downloadWithdrawalFile,
  getCooperativeBalance,
  getCooperativeHistory,
  getWithdrawal,
  listCooperativeMembers,
  listWithdrawals,
  mandatorySavingDeductions,
  myCooperative,
  recordCooperativeDeposit,
  recordPayrollDeductions,
  requestWithdrawal,
  setCooperativeMemberStatus,
  updateCooperativeSettings,
} from './index';

const { env, actor, ctx } = useDbEnv();
/** Human capital staff: cooperative.manage, all scope. */
let hc: Actor;
let hc2: Actor;
/** Plain employees (members) in department 0 and 1. */
let ana: Actor;
let budi: Actor;
/** cooperative.manage limited to department 1 (no hr.all). */
let scopedManager: Actor;
let anaMember: number;
let budiMember: number;

const view = (a: Actor) => requirePermission(a, 'cooperative.view');
const manage = (a: Actor) => requirePermission(a, 'cooperative.manage');

const settings = {
  principalAmount: '100000',
  mandatoryAmount: '50000',
  withdrawablePrincipal: false,
  withdrawableMandatory: true,
  withdrawableVoluntary: true,
  approvalSteps: 1,
};

const PDF_B64 = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF').toString('base64');
const PNG_B64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');

beforeAll(async () => {
  hc = await actor(['human-capital-staff'], 0);
  hc2 = await actor(['human-capital-staff'], 1);
  ana = await actor(['employee'], 0);
  budi = await actor(['employee'], 1);
  scopedManager = withPermissions(await actor(['employee'], 1), 'cooperative.manage');
  await updateCooperativeSettings(ctx(hc), manage(hc), settings);
});

describe('settings and members', () => {
  it('settings are saved and audited; an invalid approval chain names the field', async () => {
    const s = await updateCooperativeSettings(ctx(hc), manage(hc), { ...settings, mandatoryAmount: '60000' });
    expect(s).toMatchObject({ mandatoryAmount: '60000', approvalSteps: 1, withdrawableVoluntary: true });
    await updateCooperativeSettings(ctx(hc), manage(hc), settings);
    const bad = await updateCooperativeSettings(ctx(hc), manage(hc), { ...settings, approvalSteps: 3 }).catch((e) => e);
    expect(bad.issues?.[0]?.path ?? bad.fields?.[0]?.param).toEqual(['approvalSteps']);
    const log = await env.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'cooperative.settings.update')
      .execute();
    expect(log.length).toBe(3); // beforeAll's, and the two here
  });

  it('bulk add by department skips existing members and reports counts', async () => {
    const first = await addCooperativeMembers(ctx(hc), manage(hc), { departmentId: env.org.dept[0], joinDate: '2026-01-01' });
    expect(first.added).toBeGreaterThanOrEqual(2); // hc and ana at least
    expect(first.skipped).toBe(0);
    await makeEmployee(env.db, env.org, { dept: 0 }, 'Citra Late');
    const again = await addCooperativeMembers(ctx(hc), manage(hc), { departmentId: env.org.dept[0], joinDate: '2026-02-01' });
    expect(again).toEqual({ added: 1, skipped: first.added });
    const office = await addCooperativeMembers(ctx(hc), manage(hc), {
      companyOfficeId: env.org.officeId,
      joinDate: '2026-01-01',
    });
    expect(office.skipped).toBe(first.added + 1);
    expect(office.added).toBeGreaterThanOrEqual(3); // department 1: hc2, budi, scoped manager
    const all = await listCooperativeMembers(ctx(hc), manage(hc), { pageSize: 100 });
    expect(all.total).toBe(first.added + 1 + office.added);
    anaMember = all.rows.find((r) => r.employeeId === ana.employeeId)!.id;
    budiMember = all.rows.find((r) => r.employeeId === budi.employeeId)!.id;
    expect(all.rows.find((r) => r.id === anaMember)).toMatchObject({
      status: 1,
      statusLabel: 'Active',
      balance: '0',
      joinDate: '2026-01-01',
    });
  });

  it('a scoped manager lists and adds only in their own department', async () => {
    const seen = await listCooperativeMembers(ctx(scopedManager), manage(scopedManager), { pageSize: 100 });
    expect(seen.rows.every((r) => r.department === 'Ops')).toBe(true);
    expect(seen.rows.some((r) => r.id === anaMember)).toBe(false);
    const err = await failure(getCooperativeBalance(ctx(scopedManager), view(scopedManager), { id: anaMember }));
    expect(err.code).toBe('NOT_FOUND');
    const none = await failure(
      addCooperativeMembers(ctx(scopedManager), manage(scopedManager), { departmentId: env.org.dept[0], joinDate: '2026-01-01' }),
    );
    expect(none.code).toBe('VALIDATION');
  });
});

describe('ledger', () => {
  it('deposits and payroll deductions give a running balance computed from the ledger', async () => {
    await recordCooperativeDeposit(ctx(hc), manage(hc), {
      id: anaMember,
      product: 'principal',
      amount: '100000',
      date: '2026-01-02',
    });
    const dup = await failure(
      recordCooperativeDeposit(ctx(hc), manage(hc), {
        id: anaMember,
        product: 'principal',
        amount: '100000',
        date: '2026-01-03',
      }),
    );
    expect(dup.code).toBe('CONFLICT');
    expect(dup.fields).toEqual([{ param: 'product', msg: 'is paid once' }]);
    await recordCooperativeDeposit(ctx(hc), manage(hc), {
      id: anaMember,
      product: 'voluntary',
      amount: '250000',
      date: '2026-01-10',
    });

    const due = await mandatorySavingDeductions(env.db, '2026-01');
    expect(due.find((d) => d.employeeId === ana.employeeId)).toEqual({ employeeId: ana.employeeId, amount: '50000' });
    const booked = await recordPayrollDeductions(env.db, '2026-01', due);
    expect(booked.booked).toBe(due.length);
    // Idempotent: a re-run books nothing twice.
    expect(await recordPayrollDeductions(env.db, '2026-01', due)).toEqual({ booked: 0, skipped: due.length });
    await recordPayrollDeductions(env.db, '2026-02', await mandatorySavingDeductions(env.db, '2026-02'));

    const b = await getCooperativeBalance(ctx(ana), view(ana), { id: anaMember });
    expect(b.products.map((p) => [p.product, p.balance, p.withdrawable])).toEqual([
      ['principal', '100000', false],
      ['mandatory', '100000', true],
      ['voluntary', '250000', true],
    ]);
    expect(b).toMatchObject({
      total: '450000',
      withdrawable: '350000',
      pending: '0',
      available: '350000',
      mandatorySavingId: anaMember,
    });
    const h = await getCooperativeHistory(ctx(ana), view(ana), { id: anaMember, pageSize: 10 });
    expect(h.rows.map((r) => [r.date, r.kind, r.amount, r.balance])).toEqual([
      ['2026-02-28', 'payroll', '50000', '450000'],
      ['2026-01-31', 'payroll', '50000', '400000'],
      ['2026-01-10', 'deposit', '250000', '350000'],
      ['2026-01-02', 'deposit', '100000', '100000'],
    ]);
    // A filter applies after the window: the balance stays the running one.
    const feb = await getCooperativeHistory(ctx(ana), view(ana), { id: anaMember, from: '2026-02-01' });
    expect(feb.rows.map((r) => r.balance)).toEqual(['450000']);
    expect((await myCooperative(ctx(ana), view(ana)))?.member.id).toBe(anaMember);
  });

  it('an inactive member gets no deduction; members never see another member', async () => {
    await setCooperativeMemberStatus(ctx(hc), manage(hc), { id: budiMember, status: 0 });
    expect((await mandatorySavingDeductions(env.db, '2026-03')).some((d) => d.employeeId === budi.employeeId)).toBe(false);
    await setCooperativeMemberStatus(ctx(hc), manage(hc), { id: budiMember, status: 1 });
    expect((await failure(getCooperativeBalance(ctx(budi), view(budi), { id: anaMember }))).code).toBe('NOT_FOUND');
    expect((await failure(getCooperativeHistory(ctx(budi), view(budi), { id: anaMember }))).code).toBe('NOT_FOUND');
  });

  it('the member statement is a PDF with the balances and every entry with its running balance', async () => {
    const f = await downloadCooperativeStatement(ctx(ana), view(ana), { id: anaMember });
    expect(f).toMatchObject({
      fileName: expect.stringMatching(/^cooperative-statement-.+\.pdf$/),
      contentType: 'application/pdf',
    });
    const text = pdfText(Buffer.from(f.base64, 'base64'));
    expect(text).toContain('Cooperative member statement');
    expect(text).toContain('Rp 450.000');
    for (const line of ['02/01/2026', '100.000', '10/01/2026', '350.000', '28/02/2026']) expect(text).toContain(line);
  });

  it('the member statement is also an XLSX with every entry and its running balance', async () => {
    const f = await downloadCooperativeStatement(ctx(ana), view(ana), { id: anaMember, format: 'xlsx' });
    expect(f.fileName).toMatch(/^cooperative-statement-.+\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(f.base64, 'base64') as never);
    const ws = wb.getWorksheet('Statement')!;
    const values: unknown[][] = [];
    ws.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(['Cooperative member statement']);
    expect(values.find((r) => r[0] === 'Total')).toEqual(['Total', 450000]);
    const header = values.findIndex((r) => r[0] === 'Date');
    expect(values.slice(header + 1).map((r) => [r[0], r[4], r[5]])).toEqual([
      ['02/01/2026', 100000, 100000],
      ['10/01/2026', 250000, 350000],
      ['31/01/2026', 50000, 400000],
      ['28/02/2026', 50000, 450000],
    ]);
  });
});

describe('withdrawals', () => {
  it('request → approve books a withdrawal; balance drops and never goes below zero', async () => {
    const w = await requestWithdrawal(ctx(ana), view(ana), {
      amount: '300000',
      reason: 'School fees',
      files: [{ name: 'invoice.pdf', mime: 'application/pdf', contentBase64: PDF_B64 }],
    });
    expect(w).toMatchObject({ status: 3, statusLabel: 'Pending', can: { cancel: true, approve: false } });
    expect(w.files).toEqual([expect.objectContaining({ name: 'invoice.pdf', mime: 'application/pdf', deleted: false })]);
    expect((await getCooperativeBalance(ctx(ana), view(ana), { id: anaMember })).available).toBe('50000');
    // Pending withdrawals are reserved: another 60 000 does not fit.
    const over = await failure(requestWithdrawal(ctx(ana), view(ana), { amount: '60000', reason: 'More' }));
    expect(over.code).toBe('CONFLICT');
    expect(over.fields).toEqual([{ param: 'amount', msg: 'exceeds the withdrawable balance' }]);
    expect(over.message).toBe('The amount exceeds your withdrawable balance of Rp 50.000');

    // A manager cannot decide their own withdrawal.
    const hcMember = (await myCooperative(ctx(hc), view(hc)))!.member.id;
    // Nor book into their own savings (issue 16 item 2); another manager does.
    const ownDeposit = await failure(
      recordCooperativeDeposit(ctx(hc), manage(hc), { id: hcMember, product: 'voluntary', amount: '5000', date: '2026-01-05' }),
    );
    expect([ownDeposit.code, ownDeposit.message]).toEqual(['FORBIDDEN', 'You cannot change your own cooperative balance']);
    await recordCooperativeDeposit(ctx(hc2), manage(hc2), {
      id: hcMember,
      product: 'voluntary',
      amount: '5000',
      date: '2026-01-05',
    });
    const mine = await requestWithdrawal(ctx(hc), view(hc), { amount: '5000', reason: 'Mine' });
    expect(mine.can).toMatchObject({ approve: false, decideRefusal: 'You cannot decide your own withdrawal' });
    const own = await failure(approveWithdrawal(ctx(hc), manage(hc), { id: mine.id }));
    expect([own.code, own.message]).toEqual(['FORBIDDEN', 'You cannot decide your own withdrawal']);
    const approved = await approveWithdrawal(ctx(hc), manage(hc), { id: w.id, note: 'OK' });
    expect(approved).toMatchObject({ status: 1, statusLabel: 'Approved', decisionNote: 'OK' });
    const b = await getCooperativeBalance(ctx(ana), view(ana), { id: anaMember });
    // Voluntary first (250 000), then mandatory (50 000).
    expect(b.products.map((p) => p.balance)).toEqual(['100000', '50000', '0']);
    expect(b).toMatchObject({ total: '150000', withdrawable: '50000', available: '50000' });
    const sums = await env.db
      .selectFrom('cooperative_ledger')
      .select(['product', (eb) => eb.fn.sum<string>('amount').as('s')])
      .where('member_id', '=', anaMember)
      .groupBy('product')
      .execute();
    expect(sums.every((s) => BigInt(s.s) >= 0n)).toBe(true);
  });

  it('two concurrent requests that together exceed the balance: exactly one succeeds', async () => {
    await recordCooperativeDeposit(ctx(hc), manage(hc), {
      id: budiMember,
      product: 'voluntary',
      amount: '100000',
      date: '2026-03-01',
    });
    // Voluntary 100 000 + two payroll months of mandatory saving 50 000.
    expect((await getCooperativeBalance(ctx(budi), view(budi), { id: budiMember })).available).toBe('200000');
    const results = await Promise.allSettled([
      requestWithdrawal(env.services.ctx(budi), view(budi), { amount: '140000', reason: 'A' }),
      requestWithdrawal(env.services.ctx(budi), view(budi), { amount: '140000', reason: 'B' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).code).toBe('CONFLICT');
    const pending = await listWithdrawals(ctx(budi), view(budi), { status: 3 });
    expect(pending.total).toBe(1);
  });

  it('N concurrent approvals: one winner and exactly one transition in the history', async () => {
    const pending = (await listWithdrawals(ctx(budi), view(budi), { status: 3 })).rows[0]!;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => approveWithdrawal(env.services.ctx(hc), manage(hc), { id: pending.id })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected') as PromiseRejectedResult[])
      expect((r.reason as AppError).code).toBe('CONFLICT');
    const d = await getWithdrawal(ctx(hc), manage(hc), { id: pending.id });
    expect(d.history.map((h) => h.action)).toEqual(['requested', 'approved']);
    const entries = await env.db
      .selectFrom('cooperative_ledger')
      .select('amount')
      .where('withdrawal_id', '=', pending.id)
      .execute();
    // Voluntary first, the rest from the mandatory saving.
    expect(entries.map((e) => e.amount).sort()).toEqual(['-100000', '-40000']);
  });

  it('disapprove and cancel are guarded; out of scope is NOT_FOUND; lists filter by status', async () => {
    const w1 = await requestWithdrawal(ctx(budi), view(budi), { amount: '10000', reason: 'Pulsa' });
    const w2 = await requestWithdrawal(ctx(budi), view(budi), { amount: '10000', reason: 'Bensin' });
    expect((await failure(getWithdrawal(ctx(ana), view(ana), { id: w1.id }))).code).toBe('NOT_FOUND');
    expect((await failure(cancelWithdrawal(ctx(hc), view(hc), { id: w1.id }))).code).toBe('FORBIDDEN');
    // The scoped manager (department 1) sees Budi's, not Ana's.
    const scoped = await listWithdrawals(ctx(scopedManager), view(scopedManager), {});
    expect(scoped.rows.every((r) => r.employeeId === budi.employeeId)).toBe(true);
    expect(scoped.rows.length).toBeGreaterThan(0);
    await disapproveWithdrawal(ctx(scopedManager), manage(scopedManager), { id: w1.id, note: 'No' });
    expect((await failure(approveWithdrawal(ctx(hc), manage(hc), { id: w1.id }))).code).toBe('CONFLICT');
    const c = await cancelWithdrawal(ctx(budi), view(budi), { id: w2.id });
    expect(c).toMatchObject({ status: 4, statusLabel: 'Cancel' });
    expect((await failure(cancelWithdrawal(ctx(budi), view(budi), { id: w2.id }))).code).toBe('CONFLICT');
    expect((await listWithdrawals(ctx(budi), view(budi), { status: 2 })).rows.map((r) => r.id)).toEqual([w1.id]);
    expect((await listWithdrawals(ctx(hc), view(hc), { status: 4 })).rows.map((r) => r.id)).toEqual([w2.id]);
    expect((await listWithdrawals(ctx(ana), view(ana), {})).rows.every((r) => r.employeeId === ana.employeeId)).toBe(true);
  });

  it('two-step chain: the first approval keeps it pending, a second person completes it', async () => {
    await updateCooperativeSettings(ctx(hc), manage(hc), { ...settings, approvalSteps: 2 });
    const w = await requestWithdrawal(ctx(ana), view(ana), { amount: '20000', reason: 'Two steps' });
    const first = await approveWithdrawal(ctx(hc), manage(hc), { id: w.id });
    expect(first).toMatchObject({ status: 3, approvals: 1, can: { approve: false, disapprove: false } });
    // One person decides at most one step (issue 16 item 4): neither the second approval nor a disapproval.
    const stepTwice = 'You already decided an earlier step of this withdrawal; each step must be decided by a different person';
    expect(first.can.decideRefusal).toBe(stepTwice);
    for (const again of [approveWithdrawal, disapproveWithdrawal]) {
      const e = await failure(again(ctx(hc), manage(hc), { id: w.id }));
      expect([e.code, e.message]).toEqual(['FORBIDDEN', stepTwice]);
    }
    expect((await getWithdrawal(ctx(hc2), manage(hc2), { id: w.id })).can).toMatchObject({ approve: true, decideRefusal: null });
    const second = await approveWithdrawal(ctx(hc2), manage(hc2), { id: w.id });
    expect(second).toMatchObject({ status: 1, approvals: 2 });
    expect(second.history.map((h) => [h.action, h.step, h.toStatus])).toEqual([
      ['requested', null, 3],
      ['approved', 1, 3],
      ['approved', 2, 1],
    ]);
    await updateCooperativeSettings(ctx(hc), manage(hc), settings);
  });

  it('files: type and content checked, at most 5, delete and cancel of a delete', async () => {
    const w = await requestWithdrawal(ctx(ana), view(ana), { amount: '1000', reason: 'Files' });
    const fake = await addWithdrawalFile(ctx(ana), view(ana), {
      id: w.id,
      name: 'x.png',
      mime: 'image/png',
      contentBase64: PDF_B64,
    }).catch((e) => e);
    expect(fake.fields).toEqual([{ param: 'contentBase64', msg: 'content does not match the file type' }]);
    let d = w;
    for (let i = 0; i < 5; i++)
      d = await addWithdrawalFile(ctx(ana), view(ana), {
        id: w.id,
        name: `p${i}.png`,
        mime: 'image/png',
        contentBase64: PNG_B64,
      });
    expect(d.files).toHaveLength(5);
    expect(
      (
        await failure(
          addWithdrawalFile(ctx(ana), view(ana), { id: w.id, name: 'p6.png', mime: 'image/png', contentBase64: PNG_B64 }),
        )
      ).code,
    ).toBe('CONFLICT');
    const fileId = d.files[0]!.id;
    d = await deleteWithdrawalFile(ctx(ana), view(ana), { id: w.id, fileId });
    expect(d.files[0]!.deleted).toBe(true);
    expect((await failure(downloadWithdrawalFile(ctx(ana), view(ana), { id: w.id, fileId }))).code).toBe('NOT_FOUND');
    // A sixth file fits now, so the cancel of the delete would make six: refused.
    await addWithdrawalFile(ctx(ana), view(ana), { id: w.id, name: 'p6.png', mime: 'image/png', contentBase64: PNG_B64 });
    expect((await failure(cancelDeleteWithdrawalFile(ctx(ana), view(ana), { id: w.id, fileId }))).code).toBe('CONFLICT');
    const sixth = (await getWithdrawal(ctx(ana), view(ana), { id: w.id })).files.find((f) => f.name === 'p6.png')!;
    await deleteWithdrawalFile(ctx(ana), view(ana), { id: w.id, fileId: sixth.id });
    d = await cancelDeleteWithdrawalFile(ctx(ana), view(ana), { id: w.id, fileId });
    expect(d.files.filter((f) => !f.deleted)).toHaveLength(5);
    const dl = await downloadWithdrawalFile(ctx(ana), view(ana), { id: w.id, fileId });
    expect(dl).toEqual({ fileName: 'p0.png', contentType: 'image/png', base64: PNG_B64 });
    // Another member cannot even see it; after a decision the requester can no longer change files.
    expect((await failure(deleteWithdrawalFile(ctx(budi), view(budi), { id: w.id, fileId }))).code).toBe('NOT_FOUND');
    await cancelWithdrawal(ctx(ana), view(ana), { id: w.id });
    expect((await failure(deleteWithdrawalFile(ctx(ana), view(ana), { id: w.id, fileId }))).code).toBe('CONFLICT');
  });

  it('a non-member cannot request', async () => {
    const stranger = await actor(['employee'], 0);
    expect((await failure(requestWithdrawal(ctx(stranger), view(stranger), { amount: '1', reason: 'x' }))).code).toBe(
      'PRECONDITION_FAILED',
    );
    expect(await myCooperative(ctx(stranger), view(stranger))).toBeNull();
  });
});
