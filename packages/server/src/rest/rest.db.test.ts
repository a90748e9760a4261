import { AppError } from '@hr/core/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedParams } from '../routers/test-app';
import { z } from 'zod';
import { appRouter } from '../routers/index';
import type { TrpcContext } from '../trpc/context';
import { permissionProcedure, publicProcedure, router } from '../trpc/procedures';
import { restPlugin } from './plugin';
import { collectRestRoutes } from './routes';
import { lineSink, loginToken, startTestApp, type TestApp } from './test-harness';

let t: TestApp;
let adminToken: string;
let staffToken: string;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await loginToken(t.app, t.admin);
  staffToken = await loginToken(t.app, t.staff);
});
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The exact error envelope of spec §7 with one error. */
function expectErrorEnvelope(body: unknown, code: string) {
  expect(body).toEqual({
    status: 'error',
    errors: [
      {
        code,
        msg: expect.any(String),
        message: expect.any(String),
        internalMsg: expect.any(String),
        attributes: expect.any(Array),
      },
    ],
  });
  const e = (body as { errors: { msg: string; message: string }[] }).errors[0]!;
  expect(e.msg).toBe(e.message);
  expect(JSON.stringify(body)).not.toMatch(/\n\s+at |stack/i);
}

describe('REST success envelope', () => {
  it('login returns the token in result.token and sets the HttpOnly session cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/h/auth/login', payload: t.admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['errors', 'result', 'status', 'success']);
    expect(body).toMatchObject({ status: 'success', success: 'Login successful', errors: [] });
    expect(body.result.token).toEqual(expect.any(String));
    expect(body.result.user.email).toBe(t.admin.email);
    expect(res.headers['set-cookie']).toMatch(/hr_session=.+HttpOnly/i);
    // The token works as a bearer token.
    const me = await t.app.inject({ url: '/v2/h/auth/me', headers: bearer(body.result.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.email).toBe(t.admin.email);
  });

  it('a list answers under results, with query-string paging coerced by the schema', async () => {
    const res = await t.app.inject({
      url: '/v2/h/employee/all?pageSize=5&page=2&sort=employeeNumber',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['errors', 'results', 'status', 'success']);
    expect(body).toMatchObject({ status: 'success', success: 'Employees', errors: [] });
    expect(body.results.total).toBe(t.employees);
    expect(body.results.rows.map((r: { employeeNumber: string }) => r.employeeNumber)).toEqual([
      'JKT-00006',
      'JKT-00007',
      'JKT-00008',
      'JKT-00009',
      'JKT-00010',
    ]);
  });

  it('the session cookie alone authenticates', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/v2/h/auth/login', payload: t.admin });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const res = await t.app.inject({ url: '/v2/h/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('a path parameter is filled from the URL and wins over the body', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v2/h/oauth2/credential',
      headers: bearer(adminToken),
      payload: { name: 'device agent' },
    });
    expect(created.statusCode).toBe(200);
    const { id, clientId, clientSecret } = created.json().result;

    // OAuth2 client credentials (form-encoded, RFC 6749 §4.4.2) → bearer token.
    const token = await t.app.inject({
      method: 'POST',
      url: '/v2/h/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.json().result).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/v2/h/oauth2/credential/${id}/revoke`,
      headers: bearer(adminToken),
      payload: { id: 999999 },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ status: 'success', success: 'Credential revoked', errors: [], result: { ok: true } });
    // The token issued to the revoked client no longer works.
    const after = await t.app.inject({ url: '/v2/h/auth/me', headers: bearer(token.json().result.access_token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('REST errors', () => {
  it('validation: 400 GL0001 with one attribute per bad field, dotted paths', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/h/auth/login', payload: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(400);
    expectErrorEnvelope(res.json(), 'GL0001');
    const attrs = res.json().errors[0].attributes;
    expect(attrs.map((a: { param: string }) => a.param).sort()).toEqual(['email', 'password']);
    expect(attrs.every((a: { msg: string }) => a.msg.length > 0)).toBe(true);

    const nested = await t.app.inject({
      method: 'POST',
      url: '/v2/h/permission/employee/assign',
      headers: bearer(adminToken),
      payload: { subjectId: 1, grant: { kind: 'permission', key: 'no.such.key' } },
    });
    expect(refusedParams(nested)).toEqual(['grant']);
  });

  it('a missing body is no input: the fields are reported, not a parser error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(refusedParams(res)).toEqual(['email', 'password']);
  });

  it('a non-numeric id in the path is a GL0001 on that field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/oauth2/credential/abc/revoke',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(400);
    expectErrorEnvelope(res.json(), 'GL0001');
    expect(res.json().errors[0].attributes).toEqual([{ param: 'id', msg: expect.any(String) }]);
  });

  it('wrong credentials: 401 AU0002 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/auth/login',
      payload: { ...t.admin, password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expectErrorEnvelope(res.json(), 'AU0002');
  });

  it.each([
    { name: 'malformed JSON: 400 GL0002', payload: '{"email": "a@b.c", ', status: 400, code: 'GL0002' },
    {
      name: 'prototype-poisoning JSON is refused as malformed',
      payload: '{"__proto__": {"admin": true}, "email": "a@b.c", "password": "x"}',
      status: 400,
      code: 'GL0002',
    },
    {
      name: 'a body over 1 MiB: 413 GL0013',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
      status: 413,
      code: 'GL0013',
    },
  ])('$name', async ({ payload, status, code }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expectErrorEnvelope(res.json(), code);
  });

  it('a content type other than JSON or form: 415 GL0015', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expectErrorEnvelope(res.json(), 'GL0015');
  });

  it('unknown paths under /v2/ and /api/: 404 GL0404', async () => {
    for (const url of ['/v2/h/no/such/thing', '/api/web/v2/inventories/nothing-here', '/v2/h/%E0%A4%A']) {
      const res = await t.app.inject({ url, headers: bearer(adminToken) });
      expect(res.statusCode, url).toBe(404);
      expectErrorEnvelope(res.json(), 'GL0404');
    }
  });

  it('a known path with the wrong method: 405 GL0405 with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/v2/h/employee/all', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expectErrorEnvelope(res.json(), 'GL0405');
    const get = await t.app.inject({ method: 'GET', url: '/v2/h/auth/login' });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const param = await t.app.inject({ method: 'GET', url: '/v2/h/oauth2/credential/3/revoke' });
    expect(param.statusCode).toBe(405);
  });

  it('no token: 401 AU0001; a token without the permission: 403 PM0001', async () => {
    const anon = await t.app.inject({ url: '/v2/h/employee/all' });
    expect(anon.statusCode).toBe(401);
    expectErrorEnvelope(anon.json(), 'AU0001');
    const bogus = await t.app.inject({ url: '/v2/h/employee/all', headers: bearer('not-a-real-token') });
    expect(bogus.statusCode).toBe(401);
    expectErrorEnvelope(bogus.json(), 'AU0001');
    const staff = await t.app.inject({ url: '/v2/h/employee/all', headers: bearer(staffToken) });
    expect(staff.statusCode).toBe(403);
    expectErrorEnvelope(staff.json(), 'PM0001');
  });

  it('a core NOT_FOUND keeps its mapped status and code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/h/oauth2/credential/424242/revoke', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(404);
    expectErrorEnvelope(res.json(), 'GL0004');
  });
});

describe('REST twin and tRPC procedure', () => {
  it('return the same data', async () => {
    const input = { pageSize: 7, sort: 'employeeNumber', order: 'desc' };
    const rest = await t.app.inject({
      url: `/v2/h/employee/all?${new URLSearchParams({ pageSize: '7', sort: 'employeeNumber', order: 'desc' })}`,
      headers: bearer(adminToken),
    });
    const trpc = await t.app.inject({
      url: `/trpc/employee.list?input=${encodeURIComponent(JSON.stringify(input))}`,
      headers: bearer(adminToken),
    });
    expect(rest.statusCode).toBe(200);
    expect(trpc.statusCode).toBe(200);
    expect(rest.json().results).toEqual(trpc.json().result.data);
    expect(rest.json().results.rows).toHaveLength(7);
  });
});

describe('OpenAPI document', () => {
  it('lists every REST path with its method, permission and bearer security', async () => {
    const res = await t.app.inject({ url: '/v2/h/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const routes = collectRestRoutes(appRouter);
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(op['x-permission']).toBe(r.permission);
      expect(op.description).toContain(
        String(r.permission === 'public' ? 'Public' : r.permission === 'authenticated' ? 'signed-in' : r.permission),
      );
      expect(op.security).toEqual(r.permission === 'public' ? [] : [{ bearerAuth: [] }]);
    }
    const list = doc.paths['/v2/h/employee/all'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toContain('pageSize');
    const login = doc.paths['/v2/h/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    const revoke = doc.paths['/v2/h/oauth2/credential/{id}/revoke'].post;
    expect(revoke.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) },
    ]);
  });
});

describe('internal failures', () => {
  // A router of its own: procedures that fail the way a bug or a database outage does.
  const failing = router({
    boom: publicProcedure.meta({ rest: { method: 'GET', path: '/v2/h/test/boom', message: 'never' } }).query((): string => {
      throw new Error('secret internal detail');
    }),
    coreInternal: publicProcedure
      .meta({ rest: { method: 'GET', path: '/v2/h/test/core-internal', message: 'never' } })
      .query((): string => {
        throw new AppError('INTERNAL', 'invariant broken: row 17');
      }),
    dbDown: publicProcedure.meta({ rest: { method: 'GET', path: '/v2/h/test/db-down', message: 'never' } }).query((): string => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }),
    nested: publicProcedure
      .meta({ rest: { method: 'POST', path: '/v2/h/test/nested', message: 'ok' } })
      .input(
        z.object({
          lines: z.array(
            z.object({
              quantity: z.number().positive(),
              note: z
                .string()
                .min(2)
                .regex(/^[a-z]+$/),
            }),
          ),
        }),
      )
      .mutation(({ input }) => input),
    byId: publicProcedure
      .meta({ rest: { method: 'GET', path: '/v2/h/test/thing/{id}', message: 'by id' } })
      .input(z.object({ id: z.coerce.number() }))
      .query(({ input }) => input),
    byName: publicProcedure
      .meta({ rest: { method: 'POST', path: '/v2/h/test/thing/{name}', message: 'by name' } })
      .input(z.object({ name: z.string() }))
      .mutation(({ input }) => input),
    gated: permissionProcedure('salary.view')
      .meta({ rest: { method: 'POST', path: '/v2/h/test/gated/{id}', message: 'ok' } })
      .input(z.object({ id: z.coerce.number().int() }))
      .mutation(({ input }) => input),
  });

  async function appWithLog() {
    const { lines, stream } = lineSink();
    const app = Fastify({ logger: { level: 'error', stream }, requestIdHeader: 'x-request-id' });
    const ctx = { services: t.services, actor: null, token: null, requestId: 'x', ip: null, userAgent: null } as const;
    await app.register(restPlugin, {
      router: failing,
      createContext: async (req) =>
        ({ ...ctx, requestId: req.id, transport: 'rest' as const, session: { set() {}, clear() {} } }) satisfies TrpcContext,
    });
    return { app, lines };
  }

  it('a thrown error is 500 E004 with a generic message, logged with the request id, no stack to the client', async () => {
    const { app, lines } = await appWithLog();
    for (const url of ['/v2/h/test/boom', '/v2/h/test/core-internal']) {
      const res = await app.inject({ url, headers: { 'x-request-id': 'req-abc-123' } });
      expect(res.headers['x-request-id']).toBe('req-abc-123');
      expect(res.statusCode).toBe(500);
      expectErrorEnvelope(res.json(), 'E004');
      expect(res.json().errors[0].internalMsg).toBe('');
      expect(res.body).not.toContain('secret internal detail');
      expect(res.body).not.toContain('row 17');
    }
    const logged = lines.join('');
    expect(logged).toContain('secret internal detail');
    expect(logged).toContain('req-abc-123');
    await app.close();
  });

  it('nested fields are reported by dotted path, one attribute per field', async () => {
    const { app } = await appWithLog();
    const res = await app.inject({
      method: 'POST',
      url: '/v2/h/test/nested',
      payload: {
        lines: [
          { quantity: 1, note: 'ok' },
          { quantity: -1, note: '1' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expectErrorEnvelope(res.json(), 'GL0001');
    expect(res.json().errors[0].attributes.map((a: { param: string }) => a.param)).toEqual(['lines.1.quantity', 'lines.1.note']);
    await app.close();
  });

  it('routes of the same shape with different parameter names share one 405 answer', async () => {
    const { app } = await appWithLog();
    expect((await app.inject({ url: '/v2/h/test/thing/7' })).json().result).toEqual({ id: 7 });
    expect((await app.inject({ method: 'POST', url: '/v2/h/test/thing/seven' })).json().result).toEqual({ name: 'seven' });
    const res = await app.inject({ method: 'PATCH', url: '/v2/h/test/thing/7' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, POST, HEAD');
    await app.close();
  });

  it('an unreachable database is 503 GL0503 (retry), not a bug', async () => {
    const { app } = await appWithLog();
    const res = await app.inject({ url: '/v2/h/test/db-down' });
    expect(res.statusCode).toBe(503);
    expectErrorEnvelope(res.json(), 'GL0503');
    await app.close();
  });

  it('a procedure from another router mounts the same way (paths, 401 before validation)', async () => {
    const { app } = await appWithLog();
    const res = await app.inject({ method: 'POST', url: '/v2/h/test/gated/nope' });
    expect(res.statusCode).toBe(401);
    expectErrorEnvelope(res.json(), 'AU0001');
    await app.close();
  });
});
