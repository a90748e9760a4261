/**
 * The database-free transport targets of `pnpm bench api`, and a quick stand-alone run of them:
 *
 *   node --import tsx bench/lib/transport.ts [target key…]    (NODE_ENV=production unless set)
 *
 * Serves, from this process: a bare fastify route; the app (buildApp) mounting one procedure that
 * touches no database (same builders and input schema as the real lists) through our tRPC handler,
 * its REST twin and the stock adapter; and the REST twin's exact answer from a plain route, once on
 * a bare fastify (does the body matter?) and once inside the app (what do the app-wide hooks and
 * headers cost?). No database is needed: the pool never connects, as no request carries a token.
 * Targets run one after another (autocannon in a child process, -c 50); BENCH_ROUNDS /
 * BENCH_DURATION / BENCH_WARMUP as in bench/api.ts. BENCH_PROFILE=dir writes a V8 CPU profile of
 * the server side of each target instead of measuring.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import path from 'node:path';
import { createServices } from '@hr/core/services';
import { openDb } from '@hr/core/db';
import { pageInput } from '@hr/core/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app';
import { loadConfig } from '../../packages/server/src/config';
import { permissionProcedure, publicProcedure, router } from '../../packages/server/src/trpc/procedures';
import { type LoadResult, load } from './load';

export interface TransportTarget {
  key: string;
  label: string;
  url: string;
  headers?: Record<string, string>;
}

/** The no-DB procedure of the benchmark: input validation, the public builder, a page-shaped answer. */
export function transportRouter() {
  return router({
    ping: publicProcedure
      .meta({ rest: { method: 'GET', path: '/v2/h/bench/ping', message: 'pong', results: true } })
      .input(pageInput)
      .query(({ input }) => ({ rows: [], total: 0, page: input.page, pageSize: input.pageSize })),
    /**
     * The same answer behind the employee list's permission: the request's session is checked in the database (its
     * row and the permissions stamp, one indexed statement), nothing else is read. What any signed-in request costs
     * at the least (bench/api.ts's `signedIn` target).
     */
    signedIn: permissionProcedure('employee.view')
      .meta({ rest: { method: 'GET', path: '/v2/h/bench/signedIn', message: 'pong', results: true } })
      .input(pageInput)
      .query(({ input }) => ({ rows: [], total: 0, page: input.page, pageSize: input.pageSize })),
  });
}

/** The REST twin's answer to GET /v2/h/bench/ping?page=2, byte for byte. */
export const PING_ENVELOPE = JSON.stringify({
  status: 'success',
  success: 'pong',
  errors: [],
  results: { rows: [], total: 0, page: 2, pageSize: 25 },
});

const APP_ENVELOPE_PATH = '/v2/h/bench/plain';

export interface TransportServers {
  targets: TransportTarget[];
  /** The app mounting the benchmark's procedures through our tRPC handler (for targets that need a session). */
  appUrl: string;
  close(): Promise<void>;
}

type Services = Parameters<typeof buildApp>[0]['services'];

/**
 * Starts the no-DB servers on ephemeral ports. `services` is the app's (its pool is never used by
 * these targets); `bare` is an already started bare server's URL, if the caller has one.
 */
export async function startTransportServers(services: Services, bareUrl?: string): Promise<TransportServers> {
  const config = loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'silent' });
  const servers: FastifyInstance[] = [];
  const listen = async (app: FastifyInstance) => {
    servers.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  };
  let bare = bareUrl;
  if (!bare) {
    const b = Fastify({ logger: false });
    b.get('/hello', async () => ({ hello: 'world' }));
    bare = await listen(b);
  }
  // A bare fastify route answering the REST envelope: what that body costs without our layer.
  const env = Fastify({ logger: false });
  env.get('/v2/h/bench/ping', async (_req, reply) => reply.type('application/json; charset=utf-8').send(PING_ENVELOPE));
  const envUrl = await listen(env);
  const transport = transportRouter();
  const native = await buildApp({ services, config, logger: false, router: transport });
  // The same app answering the same bytes from a plain route on an API path: every app-wide hook
  // and header, no procedure. REST minus this is what our REST layer costs.
  native.get(APP_ENVELOPE_PATH, async (_req, reply) => reply.type('application/json; charset=utf-8').send(PING_ENVELOPE));
  const stock = await buildApp({ services, config, logger: false, router: transport, trpcAdapter: 'stock' });
  const [nativeUrl, stockUrl] = [await listen(native), await listen(stock)];
  const pingInput = encodeURIComponent(JSON.stringify({ page: 2 }));
  return {
    appUrl: nativeUrl,
    targets: [
      { key: 'bare', label: 'bare GET /hello', url: `${bare}/hello` },
      { key: 'bareEnvelope', label: 'bare route, REST envelope bytes', url: `${envUrl}/v2/h/bench/ping?page=2` },
      { key: 'noDbTrpc', label: 'no-DB tRPC (native)', url: `${nativeUrl}/trpc/ping?input=${pingInput}` },
      { key: 'noDbRest', label: 'no-DB REST', url: `${nativeUrl}/v2/h/bench/ping?page=2` },
      { key: 'noDbStock', label: 'no-DB tRPC (stock)', url: `${stockUrl}/trpc/ping?input=${pingInput}` },
      { key: 'appEnvelope', label: 'app plain route, envelope bytes', url: `${nativeUrl}${APP_ENVELOPE_PATH}?page=2` },
    ],
    close: async () => {
      for (const s of servers) await s.close().catch(() => undefined);
    },
  };
}

const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * One target's best round, plus the least server CPU time (user + system, this process) per
 * answered request over the rounds: unlike req/s, it hardly moves when other processes share the
 * cores, so it compares doors fairly on a busy machine (1e6 / cpuUsPerReq is the req/s one core
 * would give with nothing else running).
 */
export interface Measured extends LoadResult {
  cpuUsPerReq: number;
}

/**
 * Warms every target up, then runs `rounds` rounds over all of them (interleaved, so a noisy
 * moment hits every target alike) and keeps each target's best round.
 */
export async function measureAll(
  targets: TransportTarget[],
  opts: { rounds: number; duration: number; warmup: number; log: (line: string) => void },
): Promise<Record<string, Measured>> {
  if (opts.warmup > 0) for (const t of targets) await load({ url: t.url, headers: t.headers ?? {}, duration: opts.warmup });
  const best: Record<string, Measured> = {};
  for (let pass = 1; pass <= opts.rounds; pass++) {
    for (const t of targets) {
      const cpu0 = process.cpuUsage();
      const r = await load({ url: t.url, headers: t.headers ?? {}, duration: opts.duration });
      const cpu = process.cpuUsage(cpu0);
      const cpuUsPerReq = round((cpu.user + cpu.system) / Math.max(1, r.total), 1);
      opts.log(
        `#${pass} ${t.label.padEnd(34)} ${String(round(r.rps)).padStart(7)} req/s   p50 ${r.p50Ms} ms   p99 ${r.p99Ms} ms   ${cpuUsPerReq} µs CPU/req`,
      );
      const prev = best[t.key];
      best[t.key] = {
        ...(prev && prev.rps >= r.rps ? prev : r),
        cpuUsPerReq: prev ? Math.min(prev.cpuUsPerReq, cpuUsPerReq) : cpuUsPerReq,
      };
    }
  }
  return best;
}

/** The figures of the transport targets that were measured: req/s, server CPU µs per request, and their ratios. */
export function transportFigures(m: Record<string, Measured>): Record<string, number> {
  const out: Record<string, number> = {};
  const names: Record<string, string> = {
    bare: 'bare',
    bareEnvelope: 'bareEnvelope',
    noDbTrpc: 'noDbTrpc',
    noDbRest: 'noDbRest',
    noDbStock: 'noDbStockTrpc',
    appEnvelope: 'appEnvelope',
  };
  for (const [key, name] of Object.entries(names)) {
    const r = m[key];
    if (!r) continue;
    out[`${name}Rps`] = round(r.rps);
    out[`${name}CpuUsPerReq`] = r.cpuUsPerReq;
  }
  // a/b by req/s, and by capacity (CPU per request of b over a's): the latter is the fair one on a shared machine.
  const ratio = (name: string, a: string, b: string, d: number) => {
    const ra = m[a];
    const rb = m[b];
    if (!ra || !rb) return;
    out[name] = round(ra.rps / rb.rps, d);
    out[`${name}ByCpu`] = round(rb.cpuUsPerReq / ra.cpuUsPerReq, d);
  };
  ratio('noDbTrpcVsStock', 'noDbTrpc', 'noDbStock', 2);
  ratio('noDbRestVsBare', 'noDbRest', 'bare', 3);
  ratio('noDbRestVsAppEnvelope', 'noDbRest', 'appEnvelope', 3);
  ratio('bareEnvelopeVsBare', 'bareEnvelope', 'bare', 3);
  ratio('appEnvelopeVsBare', 'appEnvelope', 'bare', 3);
  return out;
}

/**
 * BENCH_PROFILE=dir: for each target, a warm-up, then a V8 CPU profile of this process (the
 * server side only) while autocannon drives it; written to dir/<key>.cpuprofile.
 */
export async function profileEach(targets: TransportTarget[], dir: string, duration: number): Promise<void> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))),
    );
  await mkdir(dir, { recursive: true });
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  for (const t of targets) {
    await load({ url: t.url, headers: t.headers ?? {}, duration: 3 });
    await post('Profiler.start');
    const r = await load({ url: t.url, headers: t.headers ?? {}, duration });
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    await writeFile(path.join(dir, `${t.key}.cpuprofile`), JSON.stringify(profile));
    console.error(`[bench transport] ${t.label}: ${Math.round(r.rps)} req/s, ${r.total} requests profiled`);
  }
  session.disconnect();
}

async function main(): Promise<void> {
  const only = new Set(process.argv.slice(2));
  // Never connects: no target sends a token, so no request reaches the database.
  const handle = await openDb({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 });
  const servers = await startTransportServers(createServices(handle.db));
  try {
    const targets = only.size ? servers.targets.filter((t) => only.has(t.key)) : servers.targets;
    const profileDir = process.env.BENCH_PROFILE;
    if (profileDir) {
      await profileEach(targets, profileDir, Number(process.env.BENCH_DURATION ?? 5));
      return;
    }
    const m = await measureAll(targets, {
      rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2)),
      duration: Number(process.env.BENCH_DURATION ?? 5),
      warmup: Number(process.env.BENCH_WARMUP ?? 2),
      log: (line) => console.error('[bench transport]', line),
    });
    console.log(JSON.stringify(transportFigures(m)));
  } finally {
    await servers.close();
    await handle.close();
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  process.env.NODE_ENV ??= 'production';
  main().catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
