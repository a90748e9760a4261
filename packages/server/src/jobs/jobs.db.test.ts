import { actorForUser } from '@hr/core/auth';
import { AppError } from '@hr/core/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startTestApp, type TestApp } from '../rest/test-harness';
import { createJobService, jobsOf } from './kinds';
// The PostgreSQL-only suites (two processes, kill -9 half-way), registered when TEST_DATABASE_URL is set.
import './postgres-suites';

// Background jobs in a test app (in-process worker, as on the embedded database): payroll and THR
// generation as jobs over REST, progress while running, failures recorded, and who may read a job.
let t: TestApp;
type Headers = Record<string, string>;
let admin: Headers;
let staff: Headers;
let hc: Headers;
let staffUserId: number;

beforeAll(async () => {
  t = await startTestApp({ employees: 5 });
  const emps = await t.tdb.db.selectFrom('employees').select(['id']).orderBy('employee_number').execute();
  await t.tdb.db
    .insertInto('employee_contracts')
    .values(
      emps.slice(0, 4).map((e, i) => ({
        employee_id: e.id,
        contract_number: `C-${e.id}`,
        contract_type: 5,
        start_date: '2024-01-02',
        end_date: null,
        basic_salary: 6_000_000 + i * 1_000_000,
        notes: null,
        created_by: null,
      })),
    )
    .execute();
  await t.tdb.db.updateTable('employees').set({ entry_date: '2024-01-02', contract_type: 5 }).execute();
  admin = { authorization: `Bearer ${await loginToken(t.app, t.admin)}` };
  staff = { authorization: `Bearer ${await loginToken(t.app, t.staff)}` };
  const { createUser } = await import('@hr/core/auth');
  const who = { email: 'hc@test.co.id', password: 'hc-pass-12345' };
  await createUser(t.services.ctx(null), { ...who, roles: ['human-capital'] });
  hc = { authorization: `Bearer ${await loginToken(t.app, who)}` };
  staffUserId = (await t.tdb.db.selectFrom('users').select('id').where('email', '=', t.staff.email).executeTakeFirstOrThrow()).id;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** Polls GET /v2/h/job/{id} until the job has finished. */
async function settled(id: number, headers: Headers = admin) {
  for (let i = 0; i < 200; i++) {
    const r = await call('GET', `/v2/h/job/${id}`, headers);
    expect(r.statusCode).toBe(200);
    const job = r.json().result;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

describe('salary.report.generateJob (POST /v2/h/salary/report/generate/job)', () => {
  it('answers a job id at once; the job runs the payroll and records the result and the progress', async () => {
    const r = await call('POST', '/v2/h/salary/report/generate/job', admin, { period: '2026-10' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'success', success: 'Salary report generation started' });
    const { jobId } = r.json().result;
    expect(jobId).toBeTypeOf('number');
    const job = await settled(jobId);
    expect(job).toMatchObject({ kind: 'salary.report.generate', status: 'succeeded', done: 5, total: 5, error: null });
    expect(job.result).toMatchObject({ period: '2026-10', employees: 4, skipped: [expect.any(Object)] });
    const run = await t.tdb.db
      .selectFrom('payroll_runs')
      .select(['id', 'employees', 'created_by'])
      .where('period', '=', '2026-10')
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ id: job.result.runId, employees: 4 });
    // The run is audited as its starter's, like the synchronous generate.
    const adminUser = await t.tdb.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', t.admin.email)
      .executeTakeFirstOrThrow();
    expect(run.created_by).toBe(adminUser.id);
  });

  it('validates like generate (GL0001 naming the field) and refuses without salary.update', async () => {
    const bad = await call('POST', '/v2/h/salary/report/generate/job', admin, { period: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [expect.objectContaining({ param: 'period' })] });
    expect((await call('POST', '/v2/h/salary/report/generate/job', {}, { period: '2026-10' })).statusCode).toBe(401);
    expect((await call('POST', '/v2/h/salary/report/generate/job', staff, { period: '2026-10' })).statusCode).toBe(403);
  });

  it('a run that cannot be made is recorded as failed with the reason, and nothing is written', async () => {
    const first = await settled(
      (await call('POST', '/v2/h/salary/report/generate/job', admin, { period: '2026-09' })).json().result.jobId,
    );
    await call('POST', `/v2/h/salary/report/${first.result.runId}/finalise`, admin, {});
    const again = await call('POST', '/v2/h/salary/report/generate/job', admin, { period: '2026-09' });
    const job = await settled(again.json().result.jobId);
    expect(job).toMatchObject({ status: 'failed', result: null, error: 'Payroll for 2026-09 is finalised and locked' });
    const runs = await t.tdb.db.selectFrom('payroll_runs').select('id').where('period', '=', '2026-09').execute();
    expect(runs.map((r) => r.id)).toEqual([first.result.runId]);
  });
});

describe('salary.holidayAllowance.generateJob (POST /v2/h/salary/allowance/generate/job)', () => {
  it('runs the THR generation as a job', async () => {
    const fitri = { holiday: 2, holidayDate: '2026-03-20', payDate: '2026-03-13' };
    const r = await call('POST', '/v2/h/salary/allowance/generate/job', admin, fitri);
    expect(r.json()).toMatchObject({ success: 'Holiday allowance generation started' });
    const job = await settled(r.json().result.jobId);
    expect(job).toMatchObject({ kind: 'salary.holidayAllowance.generate', status: 'succeeded', done: 5, total: 5 });
    expect(job.result).toMatchObject({ holiday: 2, year: 2026, employees: 4 });
    expect((await call('POST', '/v2/h/salary/allowance/generate/job', staff, fitri)).statusCode).toBe(403);
  });
});

describe('salary.payslip.sendEmailJob (POST /v2/h/salary/report/{id}/sendEmail/job)', () => {
  it('e-mails a finalised run as a job with progress; a second job skips what was already e-mailed', async () => {
    const gen = await settled(
      (await call('POST', '/v2/h/salary/report/generate/job', admin, { period: '2026-07' })).json().result.jobId,
    );
    const runId = gen.result.runId as number;
    await call('POST', `/v2/h/salary/report/${runId}/finalise`, admin, {});
    const r = await call('POST', `/v2/h/salary/report/${runId}/sendEmail/job`, admin, { resend: false, protect: false });
    expect(r.json()).toMatchObject({ status: 'success', success: 'Payslip e-mails started' });
    const job = await settled(r.json().result.jobId);
    expect(job).toMatchObject({ kind: 'salary.payslip.sendEmail', status: 'succeeded', done: 4, total: 4, error: null });
    // No SMTP in tests: the messages are kept in the outbox.
    expect(job.result).toMatchObject({ sent: 0, failed: 0, skipped: [] });
    expect(job.result.queued).toBe(4);
    const again = await settled(
      (await call('POST', `/v2/h/salary/report/${runId}/sendEmail/job`, admin, { resend: false, protect: false })).json().result
        .jobId,
    );
    expect(again.result).toMatchObject({ sent: 0, queued: 0, failed: 0 });
    expect(again.result.skipped).toHaveLength(4);
    expect((await call('POST', `/v2/h/salary/report/${runId}/sendEmail/job`, staff, {})).statusCode).toBe(403);
  });
});

describe('job.get (GET /v2/h/job/{id})', () => {
  it('shows progress while the job runs, then the result', async () => {
    const jobs = jobsOf(t.services);
    let release!: () => void;
    const gate = new Promise<void>((res) => {
      release = res;
    });
    jobs.register('test.gated', {
      async run(_ctx, input, progress) {
        progress(3, 10);
        await gate;
        progress(10, 10);
        return { echoed: input };
      },
    });
    const actor = (await actorForUser(t.tdb.db, staffUserId, 'user'))!;
    const { jobId } = await jobs.enqueue('test.gated', { n: 1 }, actor);
    let seen: { status: string; done: number; total: number } | undefined;
    // The job is marked running before its first progress report is written: wait for the report.
    // The gate opens whatever happens, so a failure here cannot hold up the jobs of the next tests.
    try {
      for (let i = 0; i < 200 && !(seen?.status === 'running' && seen.done === 3); i++) {
        seen = (await call('GET', `/v2/h/job/${jobId}`, staff)).json().result;
        if (!(seen?.status === 'running' && seen.done === 3)) await new Promise((res) => setTimeout(res, 20));
      }
      expect(seen).toMatchObject({ status: 'running', done: 3, total: 10 });
    } finally {
      release();
    }
    expect(await settled(jobId, staff)).toMatchObject({ status: 'succeeded', done: 10, total: 10, result: { echoed: { n: 1 } } });
  });

  it('records a failure: a refusal with its message, anything else with a generic one', async () => {
    const jobs = jobsOf(t.services);
    jobs.register('test.refused', {
      run: async () => {
        throw new AppError('CONFLICT', 'Not now');
      },
    });
    jobs.register('test.crashed', {
      run: async () => {
        throw new Error('secret internals');
      },
    });
    const actor = (await actorForUser(t.tdb.db, staffUserId, 'user'))!;
    const a = await jobs.enqueue('test.refused', {}, actor);
    const b = await jobs.enqueue('test.crashed', {}, actor);
    expect(await settled(a.jobId, staff)).toMatchObject({ status: 'failed', error: 'Not now', result: null });
    const crashed = await settled(b.jobId, staff);
    expect(crashed).toMatchObject({ status: 'failed', error: 'The job failed unexpectedly; the server log has the details' });
    const row = await t.tdb.db.selectFrom('jobs').selectAll().where('id', '=', b.jobId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.finished_at).toBeInstanceOf(Date);
  });

  it("is the owner's (or a superadmin's): anyone else gets NOT_FOUND, without login 401", async () => {
    const { jobId } = (await call('POST', '/v2/h/salary/report/generate/job', hc, { period: '2026-08' })).json().result;
    expect((await settled(jobId, hc)).status).toBe('succeeded');
    expect((await call('GET', `/v2/h/job/${jobId}`, admin)).statusCode).toBe(200);
    const other = await call('GET', `/v2/h/job/${jobId}`, staff);
    expect(other.statusCode).toBe(404);
    expect(other.json().status).toBe('error');
    expect((await call('GET', '/v2/h/job/999999', admin)).statusCode).toBe(404);
    expect((await call('GET', `/v2/h/job/${jobId}`, {})).statusCode).toBe(401);
    // The tRPC door answers the same.
    const trpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/job.get?input=${encodeURIComponent(JSON.stringify({ id: jobId }))}`,
      headers: staff,
    });
    expect(trpc.statusCode).toBe(404);
  });

  it('on the embedded database, a start runs again what a crashed process left running', async () => {
    const orphan = await t.tdb.db
      .insertInto('jobs')
      .values({
        kind: 'test.resume',
        status: 'running',
        input: JSON.stringify({ input: 7, actorKind: 'user' }),
        created_by: staffUserId,
        attempts: 1,
        done: 2,
        total: 9,
        result: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobs = createJobService(t.services).register('test.resume', {
      async run(ctx, input, progress) {
        progress(9, 9);
        return { resumed: input, by: ctx.actor?.userId };
      },
    });
    await jobs.start();
    await jobs.idle();
    const row = await t.tdb.db.selectFrom('jobs').selectAll().where('id', '=', orphan.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, done: 9, total: 9, error: null });
    expect(row.result).toEqual({ resumed: 7, by: staffUserId });
    await jobs.stop();
  });
});
