import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { RoleKey } from '../access/roles';
import { failure } from '../testing/expect';
import { auditActions } from '../testing/audit';
import { useOrgTestDb } from '../testing/org-fixtures';
import {
  createStorageServer,
  deleteStorageServer,
  getStorageServer,
  listStorageServerCategories,
  listStorageServerOwners,
  listStorageServers,
  listStorageServerTypes,
  updateStorageServer,
} from './service';

const t = useOrgTestDb();
/** human-capital: server.manage with hr.all (an admin: every server). */
let admin: Actor;
/** Employees granted server.manage (no hr.all): their own servers only. */
let owner: Actor;
let other: Actor;
let typeId: number;
let categoryId: number;

const ctx = (a: Actor) => t.services.ctx(a);
const manage = (a: Actor) => requirePermission(a, 'server.manage');

async function actorOf(roles: RoleKey[], dept: 0 | 1, extra = false): Promise<Actor> {
  const a = await t.newActor(roles, { dept });
  return extra ? { ...a, permissions: new Set([...a.permissions, 'server.manage']) } : a;
}

const server = (name: string, extra = {}) => ({
  name,
  typeId,
  categoryId,
  location: 'Jakarta DC, rack 4',
  address: 'Jl. Sudirman 1, Jakarta',
  capacityGb: '2048',
  usageGb: '512.5',
  status: 'active' as const,
  ...extra,
});

beforeAll(async () => {
  admin = await actorOf(['human-capital'], 0);
  owner = await actorOf(['employee'], 0, true);
  other = await actorOf(['employee'], 0, true);
  typeId = (await listStorageServerTypes(ctx(admin), manage(admin)))[0]!.id;
  categoryId = (await listStorageServerCategories(ctx(admin), manage(admin)))[1]!.id;
});

describe('storage servers', () => {
  it('type and category lists come from the server', async () => {
    expect((await listStorageServerTypes(ctx(owner), manage(owner))).map((x) => x.name)).toContain('NAS');
    expect((await listStorageServerCategories(ctx(owner), manage(owner))).map((c) => c.name)).toContain('Backup');
  });

  it('an owner registers their own server; usage and percentage are exact', async () => {
    const s = await createStorageServer(ctx(owner), manage(owner), server('nas-01'));
    expect(s).toMatchObject({
      name: 'nas-01',
      ownerEmployeeId: owner.employeeId,
      capacityGb: '2048',
      usageGb: '512.5',
      usagePercent: 25,
      status: 'active',
      statusLabel: 'Active',
      typeName: 'NAS',
      categoryName: 'Backup',
    });
    const e = await failure(
      createStorageServer(ctx(owner), manage(owner), server('nas-02', { ownerEmployeeId: other.employeeId })),
    );
    expect(e.fields[0]).toEqual({ param: 'ownerEmployeeId', msg: 'must be yourself' });
  });

  it('usage above capacity is refused, on create and on update', async () => {
    const e = await createStorageServer(ctx(owner), manage(owner), server('big', { usageGb: '2048.01' })).catch((x) => x);
    expect(e.issues?.[0]).toMatchObject({ path: ['usageGb'], message: 'must not exceed the capacity' });
    const s = await createStorageServer(ctx(owner), manage(owner), server('edge', { usageGb: '2048' }));
    expect(s.usagePercent).toBe(100);
    const u = await updateStorageServer(ctx(owner), manage(owner), { ...server('edge', { capacityGb: '100' }), id: s.id }).catch(
      (x) => x,
    );
    expect(u.issues?.[0]?.path).toEqual(['usageGb']);
    expect((await getStorageServer(ctx(owner), manage(owner), { id: s.id })).capacityGb).toBe('2048');
    const zero = await createStorageServer(ctx(owner), manage(owner), server('zero', { capacityGb: '0', usageGb: '0' })).catch(
      (x) => x,
    );
    expect(zero.issues?.[0]?.path).toEqual(['capacityGb']);
  });

  it("another owner's server is NOT_FOUND for get, update and delete; the list shows own servers only", async () => {
    const mine = await createStorageServer(ctx(owner), manage(owner), server('private-01'));
    // One call at a time: a promise created before the previous one is awaited could reject unobserved.
    for (const attempt of [
      () => getStorageServer(ctx(other), manage(other), { id: mine.id }),
      () => updateStorageServer(ctx(other), manage(other), { ...server('stolen'), id: mine.id }),
      () => deleteStorageServer(ctx(other), manage(other), { id: mine.id }),
    ])
      expect((await failure(attempt())).code).toBe('NOT_FOUND');
    expect((await listStorageServers(ctx(other), manage(other), {})).total).toBe(0);
    const own = await listStorageServers(ctx(owner), manage(owner), {});
    expect(own.rows.every((r) => r.ownerEmployeeId === owner.employeeId)).toBe(true);
    expect((await getStorageServer(ctx(owner), manage(owner), { id: mine.id })).name).toBe('private-01');
  });

  it('an admin sees every server, may assign any owner, and names are unique', async () => {
    const s = await createStorageServer(ctx(admin), manage(admin), server('san-01', { ownerEmployeeId: other.employeeId }));
    expect(s.ownerEmployeeId).toBe(other.employeeId);
    const all = await listStorageServers(ctx(admin), manage(admin), { pageSize: 100 });
    expect(all.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['nas-01', 'private-01', 'san-01']));
    expect((await listStorageServers(ctx(other), manage(other), {})).rows.map((r) => r.name)).toEqual(['san-01']);
    const dup = await failure(createStorageServer(ctx(admin), manage(admin), server('SAN-01')));
    expect(dup.fields[0]).toEqual({ param: 'name', msg: 'is already used' });
    const filtered = await listStorageServers(ctx(admin), manage(admin), { search: 'san', status: 'active' });
    expect(filtered.rows.map((r) => r.name)).toEqual(['san-01']);
    const owners = await listStorageServerOwners(ctx(admin), manage(admin), {});
    expect(owners.length).toBeGreaterThanOrEqual(3);
    expect((await listStorageServerOwners(ctx(owner), manage(owner), {})).map((o) => o.id)).toEqual([owner.employeeId]);
  });

  it('update and delete by the owner', async () => {
    const s = await createStorageServer(ctx(owner), manage(owner), server('tmp-01'));
    const u = await updateStorageServer(ctx(owner), manage(owner), {
      ...server('tmp-01b', { status: 'maintenance', usageGb: 1000 }),
      id: s.id,
    });
    expect(u).toMatchObject({ name: 'tmp-01b', status: 'maintenance', statusLabel: 'Maintenance', usageGb: '1000' });
    expect(await deleteStorageServer(ctx(owner), manage(owner), { id: s.id })).toEqual({ id: s.id });
    expect((await failure(getStorageServer(ctx(owner), manage(owner), { id: s.id }))).code).toBe('NOT_FOUND');
    expect(await auditActions(t.db, 'storage_servers', s.id)).toEqual([
      'storageServer.create',
      'storageServer.update',
      'storageServer.delete',
    ]);
  });
});
