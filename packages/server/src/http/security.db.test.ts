import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createUser } from '@hr/core/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { errorEnvelope, lineSink, loginToken, startTestApp, type TestApp } from '../rest/test-harness';
import { TOASTIFY_STYLE_HASH } from './security-headers';

let t: TestApp;
let web: FastifyInstance;
let webDist: string;

beforeAll(async () => {
  t = await startTestApp({ employees: 3 });
  // A built web app: index.html loading one script from /assets, as Vite builds it.
  webDist = mkdtempSync(path.join(tmpdir(), 'hr-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
  web = await buildApp({
    services: t.services,
    config: loadConfig({}, { seedDemo: false, webDist, cookieSecure: true, logLevel: 'silent' }),
    logger: false,
  });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

const CSRF = { 'x-hr-csrf': '1' };
const HOST = 'hr.example.co.id';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in over REST and returns the session cookie (`hr_session=…`) and the token. */
async function cookieLogin(who: { email: string; password: string }, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/v2/h/auth/login', payload: who, headers: { host: HOST, ...headers } });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  return { cookie, token: res.json().result.token as string, res };
}

/** `auth.credential.create` over tRPC (a cookie-authenticated mutation) with `headers` besides the host. */
const createCredential = (headers: Record<string, string>, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/trpc/auth.credential.create',
    headers: { host: HOST, ...headers, 'content-type': 'application/json' },
    payload: { name },
  });

const me = (headers: Record<string, string>) => t.app.inject({ url: '/v2/h/auth/me', headers: { host: HOST, ...headers } });

function expectCrossSiteEnvelope(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual(errorEnvelope('AU0005', 'Cross-site request refused'));
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
}

describe('security headers', () => {
  const common = {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };

  it('on API answers, success and failure, REST and tRPC: strict CSP, no caching, no HSTS over plain HTTP', async () => {
    const token = await loginToken(t.app, t.admin);
    for (const res of [
      await t.app.inject({ url: '/v2/h/auth/me', headers: bearer(token) }),
      await t.app.inject({ url: '/v2/h/auth/me' }),
      await t.app.inject({ url: '/trpc/auth.me', headers: bearer(token) }),
      await t.app.inject({ url: '/v2/h/no/such/path' }),
      await t.app.inject({ url: '/v2/h/openapi.json' }),
    ]) {
      expect(res.headers, res.body.slice(0, 100)).toMatchObject({
        ...common,
        'content-security-policy': expect.stringContaining("default-src 'none'"),
        'cache-control': 'no-store',
      });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('on the index page, client-side routes and assets: a CSP without inline scripts; HSTS when COOKIE_SECURE', async () => {
    for (const url of ['/', '/employee/list', '/assets/app.js']) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers, url).toMatchObject({ ...common, 'strict-transport-security': 'max-age=31536000; includeSubDomains' });
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) => csp.split(/;\s*/).find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe("script-src 'self'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(directive('style-src')).toBe(`style-src 'self' ${TOASTIFY_STYLE_HASH}`);
      expect(csp).not.toContain('unsafe-');
    }
    expect((await web.inject({ url: '/' })).body).toContain('<div id="root">');
    // Content-named assets are kept by the browser; the page that names them is checked on every load.
    expect((await web.inject({ url: '/assets/app.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/employee/list'])
      expect((await web.inject({ url })).headers['cache-control'], url).not.toContain('immutable');
    // A missing asset is a 404 with the headers too.
    expect((await web.inject({ url: '/assets/missing.js' })).headers['x-frame-options']).toBe('DENY');
  });

  it("allows exactly the stylesheet the web app's react-toastify injects (its hash follows the installed version)", () => {
    const web = createRequire(path.resolve(import.meta.dirname, '../../../web/package.json'));
    const css = readFileSync(web.resolve('react-toastify/dist/ReactToastify.css'), 'utf8');
    const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(TOASTIFY_STYLE_HASH, `react-toastify changed: set TOASTIFY_STYLE_HASH to ${hash}`).toBe(hash);
  });
});

describe('CSRF defence for cookie sessions', () => {
  it('a cookie-authenticated REST POST without x-hr-csrf is refused with 403 AU0005, and nothing happens', async () => {
    const { cookie } = await cookieLogin(t.admin);
    const res = await t.app.inject({ method: 'POST', url: '/v2/h/auth/logout', headers: { host: HOST, cookie } });
    expectCrossSiteEnvelope(res);
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  it('a cookie-authenticated tRPC mutation without the header gets FORBIDDEN with appCode AU0005 (batches: one per call)', async () => {
    const { cookie } = await cookieLogin(t.admin);
    const one = await createCredential({ cookie }, 'from evil.example');
    expect(one.statusCode).toBe(403);
    expect(one.json()).toEqual({
      error: {
        code: -32003,
        message: 'Cross-site request refused',
        data: { code: 'FORBIDDEN', httpStatus: 403, path: 'auth.credential.create', appCode: 'AU0005', fields: [], detail: null },
      },
    });
    const batch = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout,auth.logoutAll?batch=1',
      headers: { host: HOST, cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(batch.statusCode).toBe(403);
    expect((batch.json() as { error: { data: { path: string; appCode: string } } }[]).map((r) => r.error.data)).toMatchObject([
      { path: 'auth.logout', appCode: 'AU0005' },
      { path: 'auth.logoutAll', appCode: 'AU0005' },
    ]);
    const list = await t.app.inject({ url: '/trpc/auth.credential.list', headers: { host: HOST, cookie } });
    expect(JSON.stringify(list.json())).not.toContain('from evil.example');
  });

  it('with the header and a same-origin Origin (or none), the call goes through', async () => {
    const { cookie } = await cookieLogin(t.admin);
    const created = await createCredential({ cookie, ...CSRF, origin: `https://${HOST}` }, 'same origin');
    expect(created.statusCode, created.body).toBe(200);
    const viaRest = await t.app.inject({
      method: 'POST',
      url: '/v2/h/oauth2/credential',
      headers: { host: HOST, cookie, ...CSRF, referer: `https://${HOST}/developer/credential` },
      payload: { name: 'same origin, by referer' },
    });
    expect(viaRest.statusCode, viaRest.body).toBe(200);
    // A non-browser client names no origin at all.
    const noOrigin = await t.app.inject({ method: 'POST', url: '/v2/h/auth/logout', headers: { host: HOST, cookie, ...CSRF } });
    expect(noOrigin.statusCode).toBe(200);
    expect((await me({ cookie })).statusCode).toBe(401);
  });

  it('behind a reverse proxy, X-Forwarded-Host is the host the browser used', async () => {
    const { cookie } = await cookieLogin(t.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/auth/logout',
      headers: { host: '127.0.0.1:3000', 'x-forwarded-host': HOST, cookie, ...CSRF, origin: `https://${HOST}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a foreign Origin or Referer, or Origin "null", is refused even with the header', async () => {
    const { cookie } = await cookieLogin(t.admin);
    for (const from of [
      { origin: 'https://evil.example' },
      { origin: `https://${HOST}.evil.example` },
      { origin: 'null' },
      { origin: 'not a url' },
      { referer: 'https://evil.example/page' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/h/auth/logout',
        headers: { host: HOST, cookie, ...CSRF, ...from },
      });
      expectCrossSiteEnvelope(res);
    }
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  it('a login or registration form posted from another site is refused (login CSRF)', async () => {
    const evil = { host: HOST, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/auth/login',
      headers: evil,
      payload: new URLSearchParams(t.staff).toString(),
    });
    expectCrossSiteEnvelope(res);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('public calls (login, token) are not authenticated by the cookie: a client holding one needs no header', async () => {
    // A REST client with a cookie jar logs in again as someone else: allowed, and its old session ends.
    const first = await cookieLogin(t.staff);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v2/h/auth/login',
      headers: { host: HOST, cookie: first.cookie },
      payload: t.admin,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await me({ cookie: first.cookie })).statusCode).toBe(401);
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { host: HOST, cookie: first.cookie, 'content-type': 'application/json', origin: `http://${HOST}` },
      payload: t.staff,
    });
    expect(viaTrpc.statusCode).toBe(200);
    // A batch mixing a public and a cookie-authenticated mutation needs the header.
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login,auth.logout?batch=1',
      headers: { host: HOST, cookie: first.cookie, 'content-type': 'application/json' },
      payload: { 0: t.staff },
    });
    expect(mixed.statusCode).toBe(403);
  });

  it('bearer-token calls need no header, whatever else they carry', async () => {
    const token = await loginToken(t.app, t.admin);
    const { cookie } = await cookieLogin(t.staff);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/h/oauth2/credential',
      headers: { ...bearer(token), cookie, origin: 'https://other.example' },
      payload: { name: 'bearer' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('reads (GET) with the cookie need no header', async () => {
    const { cookie } = await cookieLogin(t.admin);
    expect((await me({ cookie })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/trpc/auth.me', headers: { cookie, origin: 'https://evil.example' } })).statusCode).toBe(
      200,
    );
  });
});

describe('session rotation and logout everywhere', () => {
  it('a login with a session cookie issues a new token and revokes the old session', async () => {
    const first = await cookieLogin(t.admin);
    const second = await cookieLogin(t.admin, { cookie: first.cookie, ...CSRF });
    expect(second.token).not.toBe(first.token);
    expect(second.cookie).not.toBe(first.cookie);
    expect(String(second.res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(second.res.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    expect(String(second.res.headers['set-cookie'])).toMatch(/Path=\//);
    expect((await me({ cookie: first.cookie })).statusCode).toBe(401);
    expect((await me({ cookie: second.cookie })).statusCode).toBe(200);
  });

  it('the same over tRPC: the web app logging in again on a stale cookie', async () => {
    const first = await cookieLogin(t.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { host: HOST, cookie: first.cookie, ...CSRF, origin: `http://${HOST}`, 'content-type': 'application/json' },
      payload: t.admin,
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    expect(cookie).not.toBe(first.cookie);
    expect((await me({ cookie: first.cookie })).statusCode).toBe(401);
    expect((await me({ cookie })).statusCode).toBe(200);
  });

  it('POST /v2/h/auth/logoutAll revokes every session of the user, including the caller, and clears the cookie', async () => {
    const who = { email: 'everywhere@test.co.id', password: 'many-devices-1' };
    await createUser(t.services.ctx(null), { ...who, roles: ['employee'] });
    const phone = await loginToken(t.app, who);
    const laptop = await cookieLogin(who);
    const other = await loginToken(t.app, t.staff);
    const res = await t.app.inject({ method: 'POST', url: '/v2/h/auth/logoutAll', headers: bearer(phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      success: 'Logged out everywhere',
      errors: [],
      result: { ok: true, revoked: 2 },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/^hr_session=;/);
    expect((await me(bearer(phone))).statusCode).toBe(401);
    expect((await me({ cookie: laptop.cookie })).statusCode).toBe(401);
    expect((await me(bearer(other))).statusCode).toBe(200);
  });

  it('auth.logoutAll over tRPC from the web app (cookie + header)', async () => {
    const a = await cookieLogin(t.staff);
    const b = await loginToken(t.app, t.staff);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logoutAll',
      headers: { host: HOST, cookie: a.cookie, ...CSRF, origin: `https://${HOST}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.ok).toBe(true);
    expect((await me({ cookie: a.cookie })).statusCode).toBe(401);
    expect((await me(bearer(b))).statusCode).toBe(401);
  });
});

describe('password policy over the API', () => {
  it('a new password that is too common, one character repeated, or the e-mail is refused, naming the reason', async () => {
    const who = { email: 'policy@test.co.id', password: 'original-pass-1' };
    await createUser(t.services.ctx(null), { ...who, roles: ['employee'] });
    const token = await loginToken(t.app, who);
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/h/employee/profile/changePassword',
        headers: bearer(token),
        payload: { oldPassword: who.password, newPassword },
      });
    const cases: [string, string][] = [
      ['Password123', 'is one of the most common passwords; choose one that is harder to guess'],
      ['qwertyuiop', 'is one of the most common passwords; choose one that is harder to guess'],
      ['zzzzzzzzzzzz', 'must not be one character repeated'],
      ['short', 'must be at least 8 characters'],
      [who.email, 'must not be your e-mail'],
    ];
    for (const [pw, msg] of cases) {
      const res = await change(pw);
      expect(res.statusCode, pw).toBe(400);
      expect(res.json().errors[0], pw).toMatchObject({ code: 'GL0001', attributes: [{ param: 'newPassword', msg }] });
    }
    expect((await change('a much better one 7')).statusCode).toBe(200);
  });
});

describe('secrets never reach the log', () => {
  it('login, a token call and a failed login log request ids but no password, token or client secret', async () => {
    const { lines, stream } = lineSink();
    const logged = await buildApp({
      services: t.services,
      config: loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'trace' }),
      logger: { level: 'trace', stream },
    });
    await logged.ready();
    try {
      const who = { email: 'logged@test.co.id', password: 'Secret-Passw0rd-XYZ' };
      await createUser(t.services.ctx(null), { ...who, roles: ['superadmin'] });
      const secrets: string[] = [who.password];

      const login = await logged.inject({
        method: 'POST',
        url: '/v2/h/auth/login',
        payload: who,
        headers: { 'x-request-id': 'req-login-1' },
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().result.token as string;
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      secrets.push(token);

      const trpcLogin = await logged.inject({
        method: 'POST',
        url: '/trpc/auth.login',
        payload: who,
        headers: { 'content-type': 'application/json', cookie, ...CSRF, 'x-request-id': 'req-login-2' },
      });
      expect(trpcLogin.statusCode).toBe(200);
      // The tRPC login rotated the session of the first one (its token was the cookie).
      const session = String(trpcLogin.headers['set-cookie']).split(';')[0]!;
      secrets.push(session.replace('hr_session=', ''));

      const cred = await logged.inject({
        method: 'POST',
        url: '/v2/h/oauth2/credential',
        headers: { cookie: session, ...CSRF, 'x-request-id': 'req-cred-1' },
        payload: { name: 'logged agent' },
      });
      const { clientId, clientSecret } = cred.json().result as { clientId: string; clientSecret: string };
      secrets.push(clientSecret);
      const issued = await logged.inject({
        method: 'POST',
        url: '/v2/h/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'req-token-1' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }).toString(),
      });
      expect(issued.statusCode).toBe(200);
      secrets.push(issued.json().result.access_token as string);
      const wrongSecret = `${clientSecret.slice(0, -4)}XXXX`;
      secrets.push(wrongSecret);
      expect(
        (
          await logged.inject({
            method: 'POST',
            url: '/v2/h/oauth2/token',
            payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: wrongSecret },
          })
        ).statusCode,
      ).toBe(401);

      const wrongPassword = 'Wrong-Passw0rd-ABC';
      secrets.push(wrongPassword);
      const failed = await logged.inject({
        method: 'POST',
        url: '/v2/h/auth/login',
        payload: { email: who.email, password: wrongPassword },
        headers: { 'x-request-id': 'req-failed-1' },
      });
      expect(failed.statusCode).toBe(401);
      // A refused cross-site call is logged (warn) without its cookie.
      expect(
        (
          await logged.inject({
            method: 'POST',
            url: '/v2/h/auth/logout',
            headers: { cookie, origin: 'https://evil.example', 'x-request-id': 'req-csrf-1' },
          })
        ).statusCode,
      ).toBe(403);

      const log = lines.join('');
      for (const id of ['req-login-1', 'req-login-2', 'req-cred-1', 'req-token-1', 'req-failed-1', 'req-csrf-1']) {
        expect(log).toContain(`"reqId":"${id}"`);
      }
      expect(log).toContain('cross-site request refused');
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThan(8);
        expect(log.includes(secret), `secret ${secret.slice(0, 6)}… appears in the log`).toBe(false);
      }
      expect(log).not.toMatch(/hrs_|hrc_|sec_/);
    } finally {
      await logged.close();
    }
  });
});
