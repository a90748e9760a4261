import type { RoleKey } from '@hr/core/access';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 4 });

const C = '/v2/h/cooperative';

let manager: Headers;
let member: Headers;
let other: Headers;
let staff: Headers;
let memberEmployee: number;

const loginFor = t.loginsFor('coop', 'cooperative-pass-1');
async function userFor(roles: RoleKey[], n: number): Promise<Headers> {
  const u = await loginFor(roles, n);
  if (n === 2) memberEmployee = u.employeeId;
  return u.headers;
}

beforeAll(async () => {
  manager = await userFor(['human-capital-staff'], 1);
  member = await userFor(['employee'], 2);
  other = await userFor(['employee'], 3);
  staff = await t.bearer(t.staff);
});

const call = t.call;

const PDF_B64 = Buffer.from('%PDF-1.4\n%%EOF').toString('base64');

describe('cooperative over REST (spec §7 cooperative/withdrawal, /balance, /manage)', () => {
  let memberId: number;
  let withdrawalId: number;

  it('manage: settings, bulk add by office with counts, deposit; employees are refused (PM0001)', async () => {
    const s = await call('PUT', `${C}/manage/setting`, manager, {
      principalAmount: '100000',
      mandatoryAmount: '50000',
      withdrawablePrincipal: false,
      withdrawableMandatory: true,
      withdrawableVoluntary: true,
      approvalSteps: 1,
    });
    expect(s.json()).toMatchObject({ status: 'success', success: 'Cooperative settings saved', result: { approvalSteps: 1 } });
    expect((await call('GET', `${C}/manage/setting`, member)).json().result.mandatoryAmount).toBe('50000');
    const denied = await call('PUT', `${C}/manage/setting`, member, { principalAmount: '1' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('PM0001');

    const officeId = (await t.tdb.db.selectFrom('company_offices').select('id').executeTakeFirstOrThrow()).id;
    const added = await call('POST', `${C}/manage`, manager, { companyOfficeId: officeId, joinDate: '2026-01-01' });
    expect(added.json()).toMatchObject({ success: 'Members added', result: { added: 4, skipped: 0 } });
    expect(
      (await call('POST', `${C}/manage`, manager, { companyOfficeId: officeId, joinDate: '2026-01-01' })).json().result,
    ).toEqual({
      added: 0,
      skipped: 4,
    });
    const list = await call('GET', `${C}/manage?pageSize=10&search=Person002`, manager);
    expect(list.json().results).toMatchObject({ total: 1, rows: [{ employeeId: memberEmployee, status: 1, balance: '0' }] });
    memberId = list.json().results.rows[0].id;

    const bad = await call('POST', `${C}/balance/${memberId}/deposit`, manager, {
      product: 'gold',
      amount: '-5',
      date: '2026-13-01',
    });
    expect(refusedParams(bad)).toEqual(['amount', 'date', 'product']);
    const dep = await call('POST', `${C}/balance/${memberId}/deposit`, manager, {
      product: 'voluntary',
      amount: '200000',
      date: '2026-01-15',
    });
    expect(dep.json()).toMatchObject({ success: 'Deposit recorded', result: { total: '200000', available: '200000' } });
  });

  it('balance: own balance, history with running balance, statement XLSX; another member is 404', async () => {
    const mine = await call('GET', `${C}/balance`, member);
    expect(mine.json().result).toMatchObject({ member: { id: memberId }, total: '200000', mandatorySavingId: memberId });
    const hist = await call('GET', `${C}/balance/${memberId}/history`, member);
    expect(hist.json().results.rows).toEqual([
      expect.objectContaining({ date: '2026-01-15', kind: 'deposit', amount: '200000', balance: '200000' }),
    ]);
    const st = await call('GET', `${C}/balance/${memberId}/statement`, member);
    expect(st.headers['content-disposition']).toMatch(/\.pdf/);
    expect(st.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await call('GET', `${C}/balance/${memberId}/statement?format=xlsx`, member);
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx/);
    // An XLSX is a zip (the content is checked in core's cooperative.db.test.ts).
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call('GET', `${C}/balance/${memberId}`, other)).statusCode).toBe(404);
    expect((await call('GET', `${C}/balance/${memberId}`, staff)).statusCode).toBe(404);
  });

  it('withdrawal: request with a base64 file → approve → balance drops; over the balance is refused', async () => {
    const over = await call('POST', `${C}/withdrawal`, member, { amount: '200001', reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors[0].attributes).toEqual([{ param: 'amount', msg: 'exceeds the withdrawable balance' }]);
    const created = await call('POST', `${C}/withdrawal`, member, {
      amount: '150000',
      reason: 'Hospital bill',
      files: [{ name: 'bill.pdf', mime: 'application/pdf', contentBase64: PDF_B64 }],
    });
    expect(created.json()).toMatchObject({
      success: 'Withdrawal requested',
      result: { status: 3, statusLabel: 'Pending', files: [{ name: 'bill.pdf', deleted: false }] },
    });
    withdrawalId = created.json().result.id;
    const badType = await call('POST', `${C}/withdrawal/${withdrawalId}/file`, member, {
      name: 'x.exe',
      mime: 'application/x-msdownload',
      contentBase64: 'TVo=',
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].attributes[0].param).toBe('mime');
    // Files up to 5 MB pass the transport (this route's own body limit, above the server's 1 MiB)…
    const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x20)]).toString('base64');
    const big = await call('POST', `${C}/withdrawal/${withdrawalId}/file`, member, {
      name: 'scan.pdf',
      mime: 'application/pdf',
      contentBase64: pdf(2_000_000),
    });
    expect(big.statusCode, big.body).toBe(200);
    // … the same over tRPC, on the procedure's own route …
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/cooperative.withdrawal.addFile',
      headers: { ...member, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: withdrawalId, name: 'scan2.pdf', mime: 'application/pdf', contentBase64: pdf(1_500_000) }),
    });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    // … a bigger file is refused naming the field, and nothing is stored.
    const huge = await call('POST', `${C}/withdrawal/${withdrawalId}/file`, member, {
      name: 'big.pdf',
      mime: 'application/pdf',
      contentBase64: pdf(5 * 1024 * 1024 + 1),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors[0].attributes).toEqual([{ param: 'contentBase64', msg: 'must be at most 5 MB' }]);
    // Any other procedure keeps the server's 1 MiB limit (413).
    const notUpload = await call('POST', `${C}/withdrawal/${withdrawalId}/cancel`, member, { note: 'x'.repeat(1_100_000) });
    expect(notUpload.statusCode).toBe(413);
    const names = (await call('GET', `${C}/withdrawal/${withdrawalId}`, member))
      .json()
      .result.files.map((f: { name: string }) => f.name);
    expect(names).toEqual(['bill.pdf', 'scan.pdf', 'scan2.pdf']);

    const listed = await call('GET', `${C}/withdrawal?status=3`, manager);
    expect(listed.json().results.rows.map((r: { id: number }) => r.id)).toEqual([withdrawalId]);
    expect((await call('GET', `${C}/withdrawal`, other)).json().results.total).toBe(0);
    expect((await call('GET', `${C}/withdrawal/${withdrawalId}`, other)).statusCode).toBe(404);
    expect((await call('POST', `${C}/withdrawal/${withdrawalId}/approve`, member)).statusCode).toBe(403);

    const approved = await call('POST', `${C}/withdrawal/${withdrawalId}/approve`, manager, { note: 'Get well soon' });
    expect(approved.json()).toMatchObject({ success: 'Withdrawal approved', result: { status: 1, statusLabel: 'Approved' } });
    const again = await call('POST', `${C}/withdrawal/${withdrawalId}/disapprove`, manager);
    expect(again.statusCode).toBe(409);
    expect((await call('GET', `${C}/balance`, member)).json().result).toMatchObject({ total: '50000', available: '50000' });
  });

  it('files: download, delete and cancel of a delete', async () => {
    const d = (await call('GET', `${C}/withdrawal/${withdrawalId}`, manager)).json().result;
    const fileId = d.files[0].id as number;
    const dl = await call('GET', `${C}/withdrawal/${withdrawalId}/file/${fileId}`, member);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('bill.pdf');
    expect(dl.rawPayload.equals(Buffer.from(PDF_B64, 'base64'))).toBe(true);
    const del = await call('DELETE', `${C}/withdrawal/${withdrawalId}/file/${fileId}`, manager);
    expect(del.json()).toMatchObject({
      success: 'File deleted',
      result: { files: expect.arrayContaining([expect.objectContaining({ id: fileId, deleted: true })]) },
    });
    expect((await call('GET', `${C}/withdrawal/${withdrawalId}/file/${fileId}`, member)).statusCode).toBe(404);
    const undo = await call('POST', `${C}/withdrawal/${withdrawalId}/file/${fileId}/cancelDelete`, manager);
    expect(undo.json()).toMatchObject({
      success: 'File delete cancelled',
      result: { files: expect.arrayContaining([expect.objectContaining({ id: fileId, deleted: false })]) },
    });
  });

  it('the requester cancels a pending withdrawal', async () => {
    const w = (await call('POST', `${C}/withdrawal`, member, { amount: '10000', reason: 'Changed my mind' })).json().result;
    expect((await call('POST', `${C}/withdrawal/${w.id}/cancel`, other)).statusCode).toBe(404);
    const c = await call('POST', `${C}/withdrawal/${w.id}/cancel`, member);
    expect(c.json()).toMatchObject({ success: 'Withdrawal cancelled', result: { status: 4, statusLabel: 'Cancel' } });
  });

  it('segregation of duties (issue 16): no own balance or membership edits; two steps, two people', async () => {
    const own = (await call('GET', `${C}/manage?pageSize=10&search=Person001`, manager)).json().results.rows[0].id;
    const dep = await call('POST', `${C}/balance/${own}/deposit`, manager, {
      product: 'voluntary',
      amount: '1',
      date: '2026-01-15',
    });
    expect([dep.statusCode, dep.json().errors[0].msg]).toEqual([403, 'You cannot change your own cooperative balance']);
    const off = await call('PUT', `${C}/manage/${own}/status`, manager, { status: 0 });
    expect([off.statusCode, off.json().errors[0].msg]).toEqual([403, 'You cannot change your own cooperative membership']);

    const steps = {
      principalAmount: '100000',
      mandatoryAmount: '50000',
      withdrawableMandatory: true,
      withdrawableVoluntary: true,
    };
    await call('PUT', `${C}/manage/setting`, manager, { ...steps, withdrawablePrincipal: false, approvalSteps: 2 });
    const manager2 = await userFor(['human-capital-staff'], 4);
    const w = (await call('POST', `${C}/withdrawal`, member, { amount: '1000', reason: 'Two people' })).json().result;
    expect((await call('POST', `${C}/withdrawal/${w.id}/approve`, manager)).json().result).toMatchObject({ approvals: 1 });
    const twice = 'You already decided an earlier step of this withdrawal; each step must be decided by a different person';
    for (const step of ['approve', 'disapprove']) {
      const again = await call('POST', `${C}/withdrawal/${w.id}/${step}`, manager, step === 'disapprove' ? { note: 'x' } : {});
      expect([again.statusCode, again.json().errors[0].msg]).toEqual([403, twice]);
    }
    const done = await call('POST', `${C}/withdrawal/${w.id}/approve`, manager2);
    expect(done.json().result).toMatchObject({ status: 1, approvals: 2 });

    // A manager's own withdrawal: decided by another; its files are then closed to them like to any requester.
    await call('POST', `${C}/balance/${own}/deposit`, manager2, { product: 'voluntary', amount: '5000', date: '2026-01-15' });
    const mine = (await call('POST', `${C}/withdrawal`, manager, { amount: '1000', reason: 'Mine' })).json().result;
    expect(mine.can).toMatchObject({ approve: false, decideRefusal: 'You cannot decide your own withdrawal' });
    await call('POST', `${C}/withdrawal/${mine.id}/disapprove`, manager2, { note: 'No' });
    const late = await call('POST', `${C}/withdrawal/${mine.id}/file`, manager, {
      name: 'late.pdf',
      mime: 'application/pdf',
      contentBase64: PDF_B64,
    });
    expect([late.statusCode, late.json().errors[0].msg]).toEqual([
      409,
      'The files of a decided withdrawal can no longer be changed',
    ]);
    await call('PUT', `${C}/manage/setting`, manager, { ...steps, withdrawablePrincipal: false, approvalSteps: 1 });
  });

  it('a deposit dated far outside a plausible range is refused naming the field (issue 16 item 13)', async () => {
    for (const date of ['1900-01-01', '2099-12-31']) {
      const dep = await call('POST', `${C}/balance/${memberId}/deposit`, manager, { product: 'voluntary', amount: '1', date });
      expect(dep.statusCode).toBe(400);
      expect(dep.json().errors[0]).toMatchObject({
        code: 'GL0001',
        attributes: [{ param: 'date', msg: expect.stringMatching(/^must be between 01\/01\/2000 and \d{2}\/\d{2}\/\d{4}$/) }],
      });
    }
  });
});
