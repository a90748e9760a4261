import { createTRPCClient, httpBatchLink, httpBatchStreamLink, httpLink, TRPCClientError } from '@trpc/client';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineSink, loginToken, startTestApp, type TestApp } from '../rest/test-harness';
import type { AppRouter } from '../routers/index';
import { publicProcedure, router } from './procedures';
import { trpcHttpPlugin } from './http';

let t: TestApp;
let url: string;
let adminToken: string;
let staffToken: string;
/** Every HTTP request the clients make, to see batching on the wire. */
const requests: { method: string; url: string }[] = [];

const countingFetch: typeof fetch = (input, init) => {
  requests.push({ method: init?.method ?? 'GET', url: String(input) });
  return fetch(input, init);
};

function client(kind: 'batch' | 'single', token?: string, headers: Record<string, string> = {}) {
  const opts = {
    url: `${url}/trpc`,
    fetch: countingFetch,
    headers: () => ({ ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }),
  };
  return createTRPCClient<AppRouter>({ links: [kind === 'batch' ? httpBatchLink(opts) : httpLink(opts)] });
}

async function clientError(p: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCClientError);
  return err as TRPCClientError<AppRouter>;
}

beforeAll(async () => {
  t = await startTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = await loginToken(t.app, t.admin);
  staffToken = await loginToken(t.app, t.staff);
});
afterAll(() => t?.close());

describe.each(['batch', 'single'] as const)('@trpc/client over HTTP (%s link)', (kind) => {
  it('a query', async () => {
    const page = await client(kind, adminToken).employee.list.query({ pageSize: 3, sort: 'employeeNumber' });
    expect(page.total).toBe(t.employees);
    expect(page.rows.map((r) => r.employeeNumber)).toEqual(['JKT-00001', 'JKT-00002', 'JKT-00003']);
  });

  it('a mutation, and one without input (empty POST body)', async () => {
    const c = client(kind);
    const r = await c.auth.login.mutate(t.admin);
    expect(r.user.email).toBe(t.admin.email);
    // The browser's session lives in the HttpOnly cookie: the tRPC answer never carries the token.
    expect(JSON.stringify(r)).not.toMatch(/hrs_/);
    const signedIn = client(kind, await loginToken(t.app, t.admin));
    expect(await signedIn.auth.logout.mutate()).toEqual({ ok: true });
    const after = await clientError(signedIn.auth.me.query());
    expect(after.data?.code).toBe('UNAUTHORIZED');
  });

  it('a validation error carries appCode GL0001 and the bad fields', async () => {
    const err = await clientError(client(kind).auth.login.mutate({ email: 'not-an-email', password: '' }));
    expect(err.data?.code).toBe('BAD_REQUEST');
    expect(err.data?.httpStatus).toBe(400);
    expect(err.data?.appCode).toBe('GL0001');
    expect(err.data?.fields.map((f) => f.param).sort()).toEqual(['email', 'password']);
    expect(JSON.stringify(err.shape)).not.toMatch(/stack|\n\s+at /);
  });

  it('unauthorized and forbidden calls', async () => {
    const anon = await clientError(client(kind).employee.list.query({}));
    expect(anon.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, appCode: 'AU0001', path: 'employee.list' });
    const staff = await clientError(client(kind, staffToken).employee.list.query({}));
    expect(staff.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403, appCode: 'PM0001' });
  });
});

describe('batching on the wire', () => {
  it('two queries in one tick travel as one GET with comma-separated paths, answered in order', async () => {
    const c = client('batch', adminToken);
    const before = requests.length;
    const [page, religions] = await Promise.all([c.employee.list.query({ pageSize: 2 }), c.lookup.religions.query()]);
    const sent = requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.url).toContain('/trpc/employee.list,lookup.religions?batch=1&input=');
    expect(page.rows).toHaveLength(2);
    expect(religions.map((r) => r.name)).toContain('Islam');
  });

  it('a batch where one call fails: the other still resolves (HTTP 207)', async () => {
    const c = client('batch', staffToken);
    const [ok, denied] = await Promise.allSettled([c.lookup.religions.query(), c.employee.list.query({})]);
    expect(ok.status).toBe('fulfilled');
    expect(denied.status).toBe('rejected');
    const raw = await fetch(`${url}/trpc/lookup.religions,employee.list?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(raw.status).toBe(207);
    const body = (await raw.json()) as unknown[];
    expect(body).toHaveLength(2);
    expect(body[1]).toMatchObject({ error: { code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403 } } });
  });

  it('a long batch (many paths) is not cut by a URL parameter limit', async () => {
    const c = client('batch', adminToken);
    const calls = Array.from({ length: 12 }, (_, i) =>
      c.employee.list.query({ pageSize: 1, page: i + 1, sort: 'employeeNumber' }),
    );
    const pages = await Promise.all(calls);
    expect(pages.map((p) => p.rows[0]!.employeeNumber)).toEqual(
      Array.from({ length: 12 }, (_, i) => `JKT-${String(i + 1).padStart(5, '0')}`),
    );
  });
});

describe('streaming batches', () => {
  it('httpBatchStreamLink (trpc-accept: application/jsonl) is served too', async () => {
    const c = createTRPCClient<AppRouter>({
      links: [httpBatchStreamLink({ url: `${url}/trpc`, headers: () => ({ authorization: `Bearer ${adminToken}` }) })],
    });
    const [page, religions] = await Promise.all([c.employee.list.query({ pageSize: 2 }), c.lookup.religions.query()]);
    expect(page.rows).toHaveLength(2);
    expect(religions.length).toBeGreaterThan(0);
    const err = await clientError(
      createTRPCClient<AppRouter>({ links: [httpBatchStreamLink({ url: `${url}/trpc` })] }).employee.list.query({}),
    );
    expect(err.data?.code).toBe('UNAUTHORIZED');
  });
});

describe('session cookie', () => {
  it('tRPC login sets the HttpOnly cookie; the cookie alone authenticates; logout clears it', async () => {
    const res = await fetch(`${url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(t.admin),
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^hr_session=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0]!;
    const c = client('single', undefined, { cookie });
    expect((await c.auth.me.query()).email).toBe(t.admin.email);
    const out = await fetch(`${url}/trpc/auth.logout`, {
      method: 'POST',
      // A cookie-authenticated mutation proves same-origin with the CSRF header (http/csrf.ts).
      headers: { cookie, 'content-type': 'application/json', 'x-hr-csrf': '1' },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/hr_session=;/);
    const after = await clientError(c.auth.me.query());
    expect(after.data?.code).toBe('UNAUTHORIZED');
  });
});

describe('wire protocol edges', () => {
  it('wrong method for the procedure type: 405 METHOD_NOT_SUPPORTED', async () => {
    const res = await fetch(`${url}/trpc/auth.me`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ error: { code: -32005, data: { code: 'METHOD_NOT_SUPPORTED', httpStatus: 405 } } });
  });

  it('unknown procedure: 404 NOT_FOUND in the tRPC shape', async () => {
    const res = await fetch(`${url}/trpc/no.such.procedure`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: -32004, data: { code: 'NOT_FOUND', path: 'no.such.procedure' } } });
  });

  it('malformed JSON input: 400 PARSE_ERROR; oversize body: 413', async () => {
    const bad = await fetch(`${url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: -32700, data: { code: 'PARSE_ERROR', appCode: 'GL0002' } } });
    const big = await fetch(`${url}/trpc/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { data: { code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 } } });
  });
});

describe('compatibility with the stock tRPC fastify adapter', () => {
  let stock: FastifyInstance;
  beforeAll(async () => {
    const { buildApp } = await import('../app');
    const { loadConfig } = await import('../config');
    stock = await buildApp({
      services: t.services,
      config: loadConfig({}, { seedDemo: false, webDist: '/nonexistent' }),
      logger: false,
      trpcAdapter: 'stock',
    });
    await stock.ready();
  });
  afterAll(() => stock?.close());

  it('answers the same status and body for the same requests', async () => {
    const auth = { authorization: `Bearer ${adminToken}` };
    const staff = { authorization: `Bearer ${staffToken}` };
    const json = { 'content-type': 'application/json' };
    const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
    const cases: { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }[] = [
      { method: 'GET', url: `/trpc/employee.list?input=${q({ pageSize: 2 })}`, headers: auth },
      { method: 'GET', url: `/trpc/employee.list,lookup.religions?batch=1&input=${q({ 0: { pageSize: 1 } })}`, headers: auth },
      { method: 'GET', url: `/trpc/lookup.religions,employee.list?batch=1&input=${q({})}`, headers: staff },
      { method: 'GET', url: '/trpc/lookup.religions' },
      { method: 'GET', url: `/trpc/employee.list?input=${q({ pageSize: 9999 })}`, headers: auth },
      { method: 'GET', url: '/trpc/employee.list' },
      { method: 'GET', url: '/trpc/no.such' },
      { method: 'GET', url: '/trpc/auth.login' },
      { method: 'POST', url: '/trpc/auth.me', headers: { ...auth, ...json }, payload: '' },
      { method: 'POST', url: '/trpc/auth.login', headers: json, payload: JSON.stringify({ email: 'x', password: '' }) },
      { method: 'POST', url: '/trpc/auth.login', headers: json, payload: JSON.stringify({ ...t.admin, password: 'wrong-one' }) },
      {
        method: 'POST',
        url: '/trpc/auth.credential.revoke',
        headers: { ...auth, ...json },
        payload: JSON.stringify({ id: 99999 }),
      },
      { method: 'POST', url: '/trpc/auth.logout', headers: json, payload: '' },
      {
        method: 'POST',
        url: '/trpc/auth.token,auth.logout?batch=1',
        headers: json,
        payload: JSON.stringify({ 0: { grant_type: 'x' } }),
      },
    ];
    for (const c of cases) {
      const [a, b] = await Promise.all([t.app.inject(c), stock.inject(c)]);
      expect({ status: a.statusCode, body: a.json() }, `${c.method} ${c.url}`).toEqual({ status: b.statusCode, body: b.json() });
    }
  });
});

describe('internal errors over tRPC', () => {
  it('a bug answers INTERNAL_SERVER_ERROR with a generic message and no stack; onError gets the cause', async () => {
    const failing = router({
      boom: publicProcedure.query((): string => {
        throw new Error('secret internal detail');
      }),
      big: publicProcedure.query(() => ({ n: 10n as unknown as number })),
    });
    const { lines, stream } = lineSink();
    const app = Fastify({ logger: { level: 'error', stream } });
    await app.register(trpcHttpPlugin<typeof failing>, {
      prefix: '/trpc',
      router: failing,
      createContext: async () => ({}) as never,
      onError: ({ error, req }) => req.log.error({ err: error.cause ?? error }, 'tRPC call failed'),
    });
    for (const url of ['/trpc/boom', '/trpc/big']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json()).toMatchObject({
        error: { code: -32603, message: 'Internal server error', data: { code: 'INTERNAL_SERVER_ERROR', appCode: 'E004' } },
      });
      expect(res.body).not.toMatch(/secret|stack|\n\s+at /);
    }
    expect(lines.join('')).toContain('secret internal detail');
    expect(lines.join('')).toMatch(/BigInt/);
    await app.close();
  });
});
