import { afterAll, beforeAll, expect, it } from 'vitest';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import { requirePermission } from '../access/grant';
import type { Services } from '../services';
import { createServices, makeEmployee, makeOrg, makeUser } from '../testing/fixtures';
import { seedCanteenDemo } from './seed';
import { getCanteenSetting, listMealSchedules, listPresences } from './index';

let tdb: TestDb;
let services: Services;

beforeAll(async () => {
  tdb = await createTestDb();
  services = createServices(tdb.db, { clock: () => new Date('2026-11-24T02:00:00Z') });
});
afterAll(() => tdb.destroy());

it('the demo seed: a canteen per office, a week of schedules, yesterday’s presences; only once', async () => {
  const org = await makeOrg(tdb.db);
  for (let i = 0; i < 17; i++) await makeEmployee(tdb.db, org, { dept: (i % 2) as 0 | 1 });
  const u = await makeUser(services, org, ['superadmin']);
  const actor = (await actorForUser(tdb.db, u.userId, 'user'))!;
  expect(await seedCanteenDemo(services.ctx(null))).toBe(true);
  expect(await seedCanteenDemo(services.ctx(null))).toBe(false);
  const view = requirePermission(actor, 'canteen.view');
  const [c] = await getCanteenSetting(services.ctx(actor), view, {});
  expect(c).toMatchObject({ name: 'Test Office Canteen', terminals: ['CNT-TST-01'] });
  expect(c!.meals.map((m) => m.kind)).toEqual(['breakfast', 'lunch']);
  const today = await listMealSchedules(services.ctx(actor), view, { from: '2026-11-24', to: '2026-11-24' });
  expect(today.rows.map((r) => [r.mealKind, r.scheduled])).toEqual([
    ['breakfast', 5],
    ['lunch', 15],
  ]);
  const yesterday = await listPresences(services.ctx(actor), view, { from: '2026-11-23', to: '2026-11-23' });
  expect(yesterday.total).toBe(13);
  expect(yesterday.rows.some((r) => r.source === 'fingerprint' && r.deviceSerial === 'CNT-TST-01')).toBe(true);
});
