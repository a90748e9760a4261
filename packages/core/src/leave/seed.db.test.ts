import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../db/testing';
import { seedDemo } from '../seed/demo';
import { createServices } from '../testing/fixtures';

// A Friday afternoon in Jakarta.
const NOW = new Date('2026-11-20T08:00:00Z');
let tdb: TestDb;

beforeAll(async () => {
  tdb = await createTestDb();
  await seedDemo(createServices(tdb.db, { clock: () => NOW }).ctx(null), { employees: 60 });
});
afterAll(() => tdb.destroy());

describe('leave demo seed', () => {
  it('creates the leave types and requests in every status, with consistent balances and timesheets', async () => {
    const types = await tdb.db.selectFrom('leave_types').select('code').orderBy('id').execute();
    expect(types.map((t) => t.code)).toEqual(['AL', 'SL', 'ML', 'MAT', 'BRV', 'UL']);
    const byStatus = await tdb.db
      .selectFrom('leave_requests')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(byStatus.map((r) => r.status)).toEqual([1, 2, 3, 4]);
    // Every balance row matches its requests: used = approved annual days, reserved = pending ones.
    const mismatched = await sql<{ employee_id: number }>`
      select b.employee_id from leave_balances b
      where b.used <> (select coalesce(sum(r.days), 0) from leave_requests r
          where r.employee_id = b.employee_id and r.counts_annual and r.status = 1)
        or b.reserved <> (select coalesce(sum(r.days), 0) from leave_requests r
          where r.employee_id = b.employee_id and r.counts_annual and r.status = 3)`.execute(tdb.db);
    expect(mismatched.rows).toEqual([]);
    const leaveDays = await tdb.db.selectFrom('timesheets').select('employee_id').where('day_type', '=', 'leave').execute();
    expect(leaveDays.length).toBeGreaterThan(0);
  });
});
