import { expect, test } from '@playwright/test';
import { bearer, tokenFor } from '../helpers';

// Calls protected endpoints as under-privileged users and expects refusal in the spec's envelope.
const PROTECTED: { method: 'GET' | 'POST'; path: string; data?: unknown }[] = [
  { method: 'GET', path: '/v2/h/employee/all' },
  { method: 'GET', path: '/v2/h/employee/registration' },
  { method: 'POST', path: '/v2/h/employee/registration/1/activate', data: { companyOfficeId: 1 } },
  { method: 'POST', path: '/v2/h/employee/registration/1/reject', data: {} },
  { method: 'GET', path: '/v2/h/oauth2/credential' },
  { method: 'POST', path: '/v2/h/oauth2/credential', data: { name: 'x' } },
  { method: 'GET', path: '/v2/h/permission/employee' },
  {
    method: 'POST',
    path: '/v2/h/permission/employee/assign',
    data: { subjectId: 1, grant: { kind: 'role', key: 'superadmin' } },
  },
  { method: 'POST', path: '/v2/h/permission/jobPosition/1/approve', data: {} },
];

test.describe('forbidden API calls', () => {
  test('without a token every protected endpoint answers 401 AU0001 in the envelope', async ({ request }) => {
    for (const ep of PROTECTED) {
      const res = await request.fetch(ep.path, { method: ep.method, ...(ep.data ? { data: ep.data } : {}) });
      expect(res.status(), `${ep.method} ${ep.path}`).toBe(401);
      const body = await res.json();
      expect(body.status).toBe('error');
      expect(body.errors[0].code).toBe('AU0001');
    }
  });

  test('an ordinary employee is refused with 403 PM0001 and nothing changes', async ({ request }) => {
    const token = await tokenFor(request, 'employee@demo.co.id');
    for (const ep of PROTECTED) {
      const res = await request.fetch(ep.path, {
        method: ep.method,
        headers: bearer(token),
        ...(ep.data ? { data: ep.data } : {}),
      });
      expect(res.status(), `${ep.method} ${ep.path}`).toBe(403);
      const body = await res.json();
      expect(body).toMatchObject({ status: 'error', errors: [{ code: 'PM0001' }] });
      expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  test('a supervisor may list employees but not manage permissions, registrations or credentials', async ({ request }) => {
    const token = await tokenFor(request, 'supervisor@demo.co.id');
    const ok = await request.get('/v2/h/employee/all?pageSize=5', { headers: bearer(token) });
    expect(ok.status()).toBe(200);
    for (const ep of PROTECTED.filter((p) => p.path !== '/v2/h/employee/all')) {
      const res = await request.fetch(ep.path, {
        method: ep.method,
        headers: bearer(token),
        ...(ep.data ? { data: ep.data } : {}),
      });
      expect(res.status(), `${ep.method} ${ep.path}`).toBe(403);
    }
  });

  test('a manager sees only employees of their own department or division', async ({ request }) => {
    const token = await tokenFor(request, 'manager@demo.co.id');
    const me = await (await request.get('/v2/h/auth/me', { headers: bearer(token) })).json();
    const res = await request.get('/v2/h/employee/all?pageSize=500', { headers: bearer(token) });
    const body = await res.json();
    expect(body.status).toBe('success');
    const rows = body.results.rows as { departmentId: number | null; divisionId: number | null }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.departmentId === me.result.departmentId || r.divisionId === me.result.divisionId).toBe(true);
    }
    const admin = await tokenFor(request, 'admin@demo.co.id', 'admin12345');
    const all = await (await request.get('/v2/h/employee/all?pageSize=1', { headers: bearer(admin) })).json();
    expect(all.results.total).toBeGreaterThan(body.results.total);
  });

  test('a revoked session (logout) is refused afterwards', async ({ request }) => {
    const token = await tokenFor(request, 'hcintern@demo.co.id');
    expect((await request.get('/v2/h/auth/me', { headers: bearer(token) })).status()).toBe(200);
    expect((await request.post('/v2/h/auth/logout', { headers: bearer(token) })).status()).toBe(200);
    expect((await request.get('/v2/h/auth/me', { headers: bearer(token) })).status()).toBe(401);
  });
});
