import { readCacheCounters } from '@hr/core/shared';
import { useSecondProcess } from '@hr/core/testing/second-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startTestApp, type TestApp } from './test-harness';

/**
 * `GET /v2/h/employee/all` from the per-process read cache (issue 22, core shared/freshness.ts): the same bytes
 * as a fresh read, and another process's change shown at the next request.
 */
let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await startTestApp({ employees: 12 });
  auth = { authorization: `Bearer ${await loginToken(t.app, t.admin)}` };
});
afterAll(() => t?.close());
const other = useSecondProcess(() => t.tdb.db);

const list = (query = 'pageSize=5&sort=employeeNumber') => t.app.inject({ url: `/v2/h/employee/all?${query}`, headers: auth });

describe('the employee list over REST, served from the read cache', () => {
  it('answers a repeated request from the cache with the very bytes of the first', async () => {
    const first = await list();
    const before = { ...readCacheCounters };
    const again = await list();
    expect(readCacheCounters.hits - before.hits).toBe(1);
    expect(readCacheCounters.loads - before.loads).toBe(0);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    // Another page or order is another entry.
    const second = await list('pageSize=5&page=2&sort=employeeNumber');
    expect(second.json().results.rows[0].employeeNumber).toBe('JKT-00006');
  });

  it("shows another process's change at this process's next request", async () => {
    expect((await list()).json().results.rows[0].name).toBe('Person001 Test');
    await other.db.updateTable('employees').set({ given_name: 'Renamed' }).where('employee_number', '=', 'JKT-00001').execute();
    expect((await list()).json().results.rows[0].name).toBe('Renamed Test');
    await other.db
      .updateTable('employees')
      .set({ employee_number: 'JKT-99999' })
      .where('employee_number', '=', 'JKT-00001')
      .execute();
    expect((await list()).json().results.rows[0].employeeNumber).toBe('JKT-00002');
  });
});
