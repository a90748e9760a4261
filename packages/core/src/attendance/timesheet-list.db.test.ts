import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeEmployee } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { timesheetPage } from './timesheets';

/*
 * The timesheet list (issue 22): newest day first, then the employees by name. A page within the first 10,000
 * rows is found day by day along the name index; a deeper one by sorting; both give the same order. The count
 * stops at the list's cap and says so.
 */
const t = useOrgTestDb();
const NAMES = ['Wulan Sari', 'Agus Salim', 'Made Wirawan', 'Budi Santoso'];
let ids: number[];

beforeAll(async () => {
  ids = [];
  for (const name of NAMES) ids.push(await makeEmployee(t.db, t.org, { dept: 0 }, name));
  // Status 2 (no clock-in) for the second employee on the 6th only.
  for (const [i, id] of ids.entries())
    for (const date of ['2026-10-05', '2026-10-06', '2026-10-07'])
      await t.db
        .insertInto('timesheets')
        .values({ employee_id: id, work_date: date, day_type: 'workday', status: i === 1 && date === '2026-10-06' ? 2 : 1 })
        .execute();
});

const query = (extra: Partial<Parameters<typeof timesheetPage>[1]> = {}) => ({
  cond: sql<boolean>`e.id = any(${ids})`,
  from: '2026-10-05',
  to: '2026-10-07',
  page: 1,
  pageSize: 100,
  ...extra,
});

describe('timesheet list order and pages', () => {
  it('lists the newest day first and the employees by name, page after page', async () => {
    const all = await timesheetPage(t.db, query());
    const sorted = [...NAMES].sort();
    expect(all.rows.map((r) => `${r.date} ${r.employeeName}`)).toEqual(
      ['2026-10-07', '2026-10-06', '2026-10-05'].flatMap((d) => sorted.map((n) => `${d} ${n}`)),
    );
    expect(all).toMatchObject({ total: 12, totalCapped: false });
    const paged = [];
    for (const page of [1, 2, 3, 4, 5]) paged.push(...(await timesheetPage(t.db, query({ page, pageSize: 3 }))).rows);
    expect(paged).toEqual(all.rows);
    // A page beyond the day-by-day walk (offset + size over 10,000) is sorted instead, in the same order.
    expect((await timesheetPage(t.db, query({ pageSize: 10_001 }))).rows).toEqual(all.rows);
    // So is a list of a few named employees (a search), without walking the days.
    expect((await timesheetPage(t.db, query({ fewEmployees: true, page: 2, pageSize: 5 }))).rows).toEqual(all.rows.slice(5, 10));
  });

  it('filters by status inside the walk', async () => {
    const failed = await timesheetPage(t.db, query({ statuses: [2, 3, 4, 5] }));
    expect(failed.rows.map((r) => `${r.date} ${r.employeeName}`)).toEqual(['2026-10-06 Agus Salim']);
    expect(failed.total).toBe(1);
  });

  it('stops counting at the cap and says so; within the cap the total is exact', async () => {
    expect(await timesheetPage(t.db, query({ pageSize: 2, totalCap: 5 }))).toMatchObject({ total: 5, totalCapped: true });
    expect(await timesheetPage(t.db, query({ pageSize: 2, totalCap: 12 }))).toMatchObject({ total: 12, totalCapped: false });
  });
});
