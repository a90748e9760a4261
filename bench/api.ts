/**
 * `pnpm bench api`: HTTP throughput of the API layer on PostgreSQL.
 *
 * Creates a database of its own on DATABASE_URL (dropped afterwards), migrates, seeds 300
 * employees and a superadmin, then serves from this process (NODE_ENV=production, logger off):
 * a bare fastify route, the app with the native tRPC handler, and the app with the stock
 * fastifyTRPCPlugin. autocannon runs in a child process, -c 50, one target after another: each
 * target warmed up, then BENCH_ROUNDS (2) interleaved rounds of BENCH_DURATION (6) s, best kept.
 *
 * Targets: GET /hello (bare); GET /trpc/employee.list (native tRPC, bearer token); its REST twin
 * GET /v2/h/employee/all (its page served from the per-process read cache while nothing it shows changed, core
 * shared/freshness.ts), and the same with the read cache off (`restUncached…`); the same tRPC call through the stock adapter; an ordinary employee's home dashboard
 * (one tRPC batch: today's shift, upcoming birthdays, regulations; goal ≥ 500 req/s, issue 22); the least a signed-in
 * request costs (GET /v2/h/bench/signedIn: the list's permission and session check, one statement, and no other
 * database work: `signedInRestRps`, and the list's share of it, `restVsSignedIn`). To separate the transport
 * from the database: the public one-query lookup.religions, and a procedure that touches no
 * database (same builders, same input validation), through all three (bench/lib/transport.ts,
 * which also runs alone without a database). Ceilings for the REST twin: a plain route answering
 * its exact bytes on a bare fastify, and the same inside the app (every app-wide hook, no procedure).
 * In-process ceilings (no HTTP at all) show what the database allows.
 *
 * Each measurement also records the server's CPU time per answered request (this process's
 * user + system time over the requests): req/s swings with whatever else runs on the machine,
 * CPU per request much less, so the `…ByCpu` ratios are the ones to compare on a busy machine.
 *
 * Last line: one JSON object of figures. Progress goes to stderr.
 */
import { randomBytes } from 'node:crypto';
import { createServices } from '@hr/core/services';
import { createUser, login, resolveToken } from '@hr/core/auth';
import { ensureReferenceData } from '@hr/core/seed';
import { listEmployees } from '@hr/core/employees';
import { migrateToLatest, openDb } from '@hr/core/db';
import { requirePermission } from '@hr/core/access';
import { setReadCache } from '@hr/core/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { measureAll, profileEach, startTransportServers, type TransportTarget, transportFigures } from './lib/transport';

process.env.NODE_ENV ??= 'production';

const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** Rounds over all targets; each figure is the best round (the machine is shared and noisy). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const EMPLOYEES = 300;

const log = (...a: unknown[]) => console.error('[bench api]', ...a);
const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

async function seed(db: Awaited<ReturnType<typeof openDb>>['db']): Promise<void> {
  await ensureReferenceData(db);
  const office = await db
    .insertInto('company_offices')
    .values({ code: 'JKT', name: 'Jakarta', address: null, city: 'Jakarta' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const depts = await db
    .insertInto('departments')
    .values(['Human Capital', 'Operations', 'Finance'].map((name) => ({ company_office_id: office.id, name })))
    .returning('id')
    .execute();
  await db
    .insertInto('employees')
    .values(
      Array.from({ length: EMPLOYEES }, (_, i) => ({
        employee_number: `JKT-${String(i + 1).padStart(5, '0')}`,
        given_name: `Given${i + 1}`,
        surname: `Surname${(i * 7919) % 1000}`,
        email: `employee${i + 1}@bench.co.id`,
        gender: i % 2 ? ('Male' as const) : ('Female' as const),
        birth_date: '1990-01-01',
        religion_id: 1,
        education_level_id: 1,
        marital_status_id: 1,
        ptkp_status_id: null,
        bank_id: null,
        bank_account_number: null,
        phone: null,
        company_office_id: office.id,
        department_id: depts[i % depts.length]!.id,
        division_id: null,
        section_id: null,
        job_position_id: null,
        job_level_id: null,
        contract_type: null,
        first_join_date: null,
        contract_start_date: null,
        annual_leave_date: null,
      })),
    )
    .execute();
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Calls/s of `fn` run by `concurrency` loops for `ms`, in this process: the ceiling without HTTP. */
async function inProcess(fn: () => Promise<unknown>, concurrency = 50, ms = 3000): Promise<number> {
  let n = 0;
  const end = Date.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await fn();
        n++;
      }
    }),
  );
  return n / (ms / 1000);
}

async function main(): Promise<void> {
  const dbName = `hr_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = (await openDb({ databaseUrl: BASE_URL, poolSize: 1 })).db;
  await sql`create database ${sql.id(dbName)}`.execute(admin);
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  log(`database ${dbName}`);
  const servers: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];
  let handle: Awaited<ReturnType<typeof openDb>> | undefined;
  const cleanup = async () => {
    for (const s of servers) await s.close().catch(() => undefined);
    for (const close of closers) await close().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await sql`drop database if exists ${sql.id(dbName)} with (force)`.execute(admin);
    await admin.destroy();
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    handle = await openDb({ databaseUrl: url.toString() });
    await migrateToLatest(handle.db);
    await seed(handle.db);
    const services = createServices(handle.db);
    const who = { email: 'bench@bench.co.id', password: 'bench-password-1' };
    await createUser(services.ctx(null), { ...who, roles: ['superadmin'] });
    const { token } = await login(services.ctx(null), services.auth, who, { ip: '127.0.0.1', userAgent: 'bench' });
    const auth = { authorization: `Bearer ${token}` };
    // An ordinary employee (role employee, linked to an employee record) for the home dashboard's batch.
    const firstEmployee = await handle.db.selectFrom('employees').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const staff = { email: 'staff@bench.co.id', password: 'bench-password-2' };
    await createUser(services.ctx(null), { ...staff, roles: ['employee'], employeeId: firstEmployee.id });
    const staffLogin = await login(services.ctx(null), services.auth, staff, { ip: '127.0.0.1', userAgent: 'bench' });
    const staffAuth = { authorization: `Bearer ${staffLogin.token}` };
    const config = loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'silent' });

    const bare = Fastify({ logger: false });
    bare.get('/hello', async () => ({ hello: 'world' }));
    const native = await buildApp({ services, config, logger: false });
    // The same app on a second connection pool whose reads are never cached (core shared/freshness.ts): what the
    // employee list costs when its page is read from the database on every request.
    const uncachedHandle = await openDb({ databaseUrl: url.toString() });
    closers.push(uncachedHandle.close);
    setReadCache(uncachedHandle.db, false);
    const uncached = await buildApp({ services: createServices(uncachedHandle.db), config, logger: false });
    servers.push(uncached);
    const uncachedUrl = await listen(uncached);
    const stock = await buildApp({ services, config, logger: false, trpcAdapter: 'stock' });
    servers.push(bare, native, stock);
    const [bareUrl, nativeUrl, stockUrl] = [await listen(bare), await listen(native), await listen(stock)];
    // No database at all (bench/lib/transport.ts): what the HTTP layer itself costs, through the
    // same three doors, plus a bare route answering the REST envelope's bytes and the app's /healthz.
    const transport = await startTransportServers(services, bareUrl);
    closers.push(transport.close);

    const listInput = { pageSize: 25 };
    const trpcList = `/trpc/employee.list?input=${encodeURIComponent(JSON.stringify(listInput))}`;
    const restList = '/v2/h/employee/all?pageSize=25';
    // The home page of an ordinary employee, as the web app sends it: one tRPC batch of its three widgets.
    const widgets = ['dashboard.todayShift', 'dashboard.upcomingBirthday', 'dashboard.regulations'];
    const dashboardBatch = `/trpc/${widgets.join(',')}?batch=1&input=${encodeURIComponent(
      JSON.stringify(Object.fromEntries(widgets.map((_, i) => [String(i), {}]))),
    )}`;
    log(`${EMPLOYEES} employees; -c 50; ${WARMUP} s warm-up each, then best of ${ROUNDS} rounds of ${DURATION} s`);

    const targets: TransportTarget[] = [
      { key: 'trpc', label: 'tRPC employee.list (native)', url: `${nativeUrl}${trpcList}`, headers: auth },
      { key: 'rest', label: 'REST /v2/h/employee/all', url: `${nativeUrl}${restList}`, headers: auth },
      { key: 'restUncached', label: 'REST employee/all, read cache off', url: `${uncachedUrl}${restList}`, headers: auth },
      { key: 'stock', label: 'tRPC employee.list (stock adapter)', url: `${stockUrl}${trpcList}`, headers: auth },
      {
        key: 'dashboard',
        label: "tRPC dashboard batch (an employee's home)",
        url: `${nativeUrl}${dashboardBatch}`,
        headers: staffAuth,
      },
      // The least any signed-in request costs: the session check (one statement), no other database work.
      {
        key: 'signedIn',
        label: 'REST signed in, no other DB work',
        url: `${transport.appUrl}/v2/h/bench/signedIn?pageSize=25`,
        headers: auth,
      },
      { key: 'pubTrpc', label: 'tRPC lookup.religions (native)', url: `${nativeUrl}/trpc/lookup.religions` },
      { key: 'pubRest', label: 'REST /v2/h/component/religion', url: `${nativeUrl}/v2/h/component/religion` },
      { key: 'pubStock', label: 'tRPC lookup.religions (stock)', url: `${stockUrl}/trpc/lookup.religions` },
    ];
    // bare first, then the database-backed doors, then the database-free ones.
    const [bareTarget, ...noDbTargets] = transport.targets;
    // BENCH_PROFILE=dir [target keys…]: a CPU profile of this process per target instead of figures.
    if (process.env.BENCH_PROFILE) {
      const only = new Set(process.argv.slice(2));
      await profileEach(
        targets.filter((t) => only.size === 0 || only.has(t.key)),
        process.env.BENCH_PROFILE,
        DURATION,
      );
      return;
    }
    const m = await measureAll([bareTarget!, ...targets, ...noDbTargets], {
      rounds: ROUNDS,
      duration: DURATION,
      warmup: WARMUP,
      log: (line) => log(line),
    });
    const [bareR, trpcR, restR, stockR] = [m.bare!, m.trpc!, m.rest!, m.stock!];
    const [pubTrpc, pubRest, pubStock] = [m.pubTrpc!, m.pubRest!, m.pubStock!];

    // Without HTTP: what the database gives for the same work, with and without the per-request
    // session lookup (resolveToken: 2 queries) that a token→actor cache would save.
    const actor = (await resolveToken(services.ctx(null), token))!;
    const grant = requirePermission(actor, 'employee.view');
    const withSession = await inProcess(async () => {
      const a = await resolveToken(services.ctx(null), token);
      return listEmployees(services.ctx(a), requirePermission(a, 'employee.view'), listInput);
    });
    const listOnly = await inProcess(() => listEmployees(services.ctx(actor), grant, listInput));
    const sessionOnly = await inProcess(() => resolveToken(services.ctx(null), token));
    log(
      `in-process session lookup + list: ${round(withSession)}/s; list only: ${round(listOnly)}/s; session lookup only: ${round(sessionOnly)}/s`,
    );

    const figures = {
      bareRps: round(bareR.rps),
      trpcRps: round(trpcR.rps),
      restRps: round(restR.rps),
      bareP99Ms: bareR.p99Ms,
      trpcP99Ms: trpcR.p99Ms,
      restP99Ms: restR.p99Ms,
      stockTrpcRps: round(stockR.rps),
      stockTrpcP99Ms: stockR.p99Ms,
      trpcVsStock: round(trpcR.rps / stockR.rps, 2),
      restVsBare: round(restR.rps / bareR.rps, 3),
      restUncachedRps: round(m.restUncached!.rps),
      restUncachedP99Ms: m.restUncached!.p99Ms,
      restUncachedVsBare: round(m.restUncached!.rps / bareR.rps, 3),
      signedInRestRps: round(m.signedIn!.rps),
      signedInRestP99Ms: m.signedIn!.p99Ms,
      signedInVsBare: round(m.signedIn!.rps / bareR.rps, 3),
      restVsSignedIn: round(restR.rps / m.signedIn!.rps, 3),
      dashboardRps: round(m.dashboard!.rps),
      dashboardP99Ms: m.dashboard!.p99Ms,
      dashboardVsBare: round(m.dashboard!.rps / bareR.rps, 3),
      publicTrpcRps: round(pubTrpc.rps),
      publicRestRps: round(pubRest.rps),
      publicStockTrpcRps: round(pubStock.rps),
      ...transportFigures(m),
      inProcessSessionAndListPerS: round(withSession),
      inProcessListOnlyPerS: round(listOnly),
      inProcessSessionOnlyPerS: round(sessionOnly),
    };
    const f = figures as Record<string, number>;
    log(
      `database-free, by req/s (by server CPU per request): tRPC ${f.noDbTrpcVsStock}× stock (${f.noDbTrpcVsStockByCpu}×; goal ≥ 3); ` +
        `REST ${f.noDbRestVsBare} of bare (${f.noDbRestVsBareByCpu}; goal ≥ 0.5); ` +
        `ceilings, same bytes from a plain route: in the app ${f.appEnvelopeVsBare} of bare (${f.appEnvelopeVsBareByCpu}), on a bare fastify ${f.bareEnvelopeVsBare} (${f.bareEnvelopeVsBareByCpu})`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
