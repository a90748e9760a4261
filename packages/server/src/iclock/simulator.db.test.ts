import { requirePermission } from '@hr/core/access';
import { actorForUser } from '@hr/core/auth';
import { queueDeviceCommand } from '@hr/core/devices';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPushSimulation } from '../../../device-agent/src/simulator/push/cli';
import { PushTerminal } from '../../../device-agent/src/simulator/push/terminal';
import { startTestApp, type TestApp } from '../rest/test-harness';
import { registerPushTerminals } from './test-terminals';

// The project's push-terminal simulator (hr-agent simulate --push) against the real server: several
// terminals at once, with every fault on, end with each punch stored exactly once.

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp({ employees: 2 });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t?.close());

describe('simulate --push against the server', () => {
  it('three terminals with drop-ok, duplicate and slow faults: every punch once, commands carried out', async () => {
    const u = await t.tdb.db.selectFrom('users').select('id').where('email', '=', t.admin.email).executeTakeFirstOrThrow();
    const admin = (await actorForUser(t.tdb.db, u.id, 'user'))!;
    const ctx = t.services.ctx(admin);
    const dev = requirePermission(admin, 'developer.access');
    const serials = ['SIMPUSH1', 'SIMPUSH2', 'SIMPUSH3'];
    const ids = await registerPushTerminals(ctx, dev, serials);
    const terminals = serials.map(
      (serial, i) =>
        new PushTerminal({
          server: base,
          serial,
          records: 900,
          batch: 100,
          users: 20,
          seed: i + 1,
          faults: ['drop-ok', 'duplicate', 'slow'],
          faultEvery: 3,
          errorDelayMs: 20,
        }),
    );
    const stats = await Promise.all(terminals.map((x) => x.run()));
    for (const s of stats) {
      expect(s.droppedOks).toBeGreaterThan(0);
      expect(s.duplicateBatches).toBeGreaterThan(0);
      expect(s.retries).toBeGreaterThanOrEqual(s.droppedOks);
    }
    const r = await sql<{ serial: string; n: number; distinct_keys: number; s255: number }>`
      select device_serial as serial, count(*)::int as n, count(distinct (pin, local_time))::int as distinct_keys,
        (count(*) filter (where state = 255))::int as s255
      from punches where device_serial in (${sql.join(serials)}) group by device_serial order by device_serial`.execute(t.tdb.db);
    expect(r.rows.map((x) => [x.serial, x.n, x.distinct_keys])).toEqual(
      serials.map((s, i) => [s, terminals[i]!.log.length, terminals[i]!.log.length]),
    );
    expect(r.rows.every((x) => x.s255 > 0)).toBe(true);

    // Upload users through the command queue: the terminal fetches DATA UPDATE USERINFO and answers.
    const [e1] = await t.tdb.db.selectFrom('employees').select('id').orderBy('id').limit(1).execute();
    await t.tdb.db.insertInto('attendance_pins').values({ pin: '77', device_serial: 'SIMPUSH1', employee_id: e1!.id }).execute();
    const cmd = await queueDeviceCommand(ctx, dev, { id: ids[0]!, kind: 'upload-users' });
    expect(await terminals[0]!.serveCommands()).toBe(1);
    expect(terminals[0]!.users.find((x) => x.userId === '77')?.name).toBe('Person001 Test');
    const done = await sql<{ status: string }>`select status from device_commands where id = ${cmd.id}`.execute(t.tdb.db);
    expect(done.rows[0]!.status).toBe('done');
  }, 120_000);

  it('the CLI entry (simulate --push URL --serial SN --records N --batch B --faults …) pushes and reports', async () => {
    const stats = await runPushSimulation({
      push: base,
      serial: 'SIMPUSH2',
      records: 120,
      batch: 25,
      users: 5,
      seed: 42,
      faults: 'drop-ok,duplicate',
    });
    expect(stats).toMatchObject({ serial: 'SIMPUSH2', records: 120, batches: 5 });
    expect(stats.droppedOks).toBe(1);
    const r = await sql<{ n: number }>`
      select count(*)::int as n from punches where device_serial = 'SIMPUSH2' and local_time >= '2026-11-20'`.execute(t.tdb.db);
    expect(r.rows[0]!.n).toBeGreaterThan(0);
    await expect(runPushSimulation({ push: base, serial: 'X1', records: 1, users: 1, seed: 1, faults: 'nope' })).rejects.toThrow(
      /unknown fault "nope"/,
    );
    await expect(runPushSimulation({ push: 'ftp://x', serial: 'X1', records: 1, users: 1, seed: 1 })).rejects.toThrow(/http/);
    await expect(runPushSimulation({ push: base, records: 1, users: 1, seed: 1 })).rejects.toThrow(/--serial is required/);
  });
});
