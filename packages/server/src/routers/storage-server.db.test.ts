import { createUser } from '@hr/core/auth';
import type { RoleKey } from '@hr/core/access';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp } from './test-app';

const t = useTestApp({ employees: 5 });

const S = '/v2/h/server';

let admin: Headers;
let owner: Headers;
let other: Headers;
let plain: Headers;
let ownerEmployee: number;

async function userFor(roles: RoleKey[], n: number, grantServer = false): Promise<Headers> {
  const emp = { id: await t.employeeId(n) };
  const who = { email: `srv${n}@test.co.id`, password: 'server-pass-123' };
  const u = await createUser(t.services.ctx(null), { ...who, roles, employeeId: emp.id });
  if (grantServer)
    // An approved per-employee grant of server.manage (spec §6: permissions per employee).
    await t.grantPermission(emp.id, 'server.manage', u.id);
  if (n === 2) ownerEmployee = emp.id;
  return t.bearer(who);
}

beforeAll(async () => {
  admin = await userFor(['human-capital'], 1);
  owner = await userFor(['employee'], 2, true);
  other = await userFor(['employee'], 3, true);
  plain = await userFor(['employee'], 4);
});

const call = t.call;

describe('storage servers over REST', () => {
  let body: Record<string, unknown>;
  let id: number;

  it('statics for type and category; owners list; a user without server.manage is refused', async () => {
    const types = (await call('GET', `${S}/static/type`, owner)).json().results;
    const cats = (await call('GET', `${S}/static/category`, owner)).json().results;
    expect(types.map((x: { name: string }) => x.name)).toEqual([
      'NAS',
      'SAN',
      'File server',
      'Object storage',
      'Backup appliance',
    ]);
    body = {
      name: 'nas-hq',
      typeId: types[0].id,
      categoryId: cats[0].id,
      location: 'HQ',
      address: 'Jl. Thamrin 2',
      capacityGb: 1000,
      usageGb: '250.25',
      status: 'active',
    };
    expect((await call('GET', '/v2/h/employee/server/management', owner)).json().results).toEqual([
      { id: ownerEmployee, employeeNumber: 'JKT-00002', name: 'Person002 Test' },
    ]);
    expect((await call('GET', '/v2/h/employee/server/management?search=Person00', admin)).json().results.length).toBe(5);
    const denied = await call('GET', S, plain);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('PM0001');
  });

  it('create, usage > capacity refused with the field, update, and owner scope', async () => {
    const created = await call('POST', S, owner, body);
    expect(created.json()).toMatchObject({
      success: 'Storage server added',
      result: { ownerEmployeeId: ownerEmployee, usageGb: '250.25', usagePercent: 25 },
    });
    id = created.json().result.id;
    const over = await call('POST', S, owner, { ...body, name: 'x', usageGb: '1000.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].attributes).toEqual([{ param: 'usageGb', msg: 'must not exceed the capacity' }]);
    const updated = await call('PUT', `${S}/${id}`, owner, { ...body, status: 'maintenance' });
    expect(updated.json().result.statusLabel).toBe('Maintenance');
    for (const [method, url] of [
      ['GET', `${S}/${id}`],
      ['PUT', `${S}/${id}`],
      ['DELETE', `${S}/${id}`],
    ] as const) {
      const res = await call(method, url, other, method === 'PUT' ? body : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call('GET', S, other)).json().results.total).toBe(0);
    expect((await call('GET', `${S}?search=nas`, admin)).json().results.rows.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('delete by id', async () => {
    const del = await call('DELETE', `${S}/${id}`, owner);
    expect(del.json()).toMatchObject({ success: 'Storage server deleted', result: { id } });
    expect((await call('GET', `${S}/${id}`, admin)).statusCode).toBe(404);
  });
});
