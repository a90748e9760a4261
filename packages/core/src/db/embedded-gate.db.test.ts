import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE, DatabaseBusyError, withDatabaseWaitLimit, withoutDatabaseWaitLimit } from './embedded-gate';
import { createTestDb, type TestDb } from './testing';

let tdb: TestDb;
beforeAll(async () => {
  tdb = await createTestDb();
});
afterAll(() => tdb?.destroy());

/** A transaction that holds the database until `release()` is called. */
function longTransaction() {
  let release!: () => void;
  let holding!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const held = new Promise<void>((r) => {
    holding = r;
  });
  const done = tdb.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    holding();
    await released;
    return 'committed';
  });
  return { held, release, done };
}

describe.runIf(!process.env.TEST_DATABASE_URL)('embedded database held by a long transaction (issue 16 item 11)', () => {
  it('a request-side query is refused "busy" while the holder is still running; background work waits', async () => {
    const tx = longTransaction();
    await tx.held;
    const order: string[] = [];
    const request = withDatabaseWaitLimit(() => sql`select 1 as one`.execute(tdb.db), 100).then(
      () => order.push('request served'),
      (e: unknown) => {
        order.push('request refused');
        return e;
      },
    );
    // A job scheduled from a request leaves its wait limit (server jobs/service.ts) and waits too.
    const background = withDatabaseWaitLimit(
      () => withoutDatabaseWaitLimit(() => sql`select 2 as two`.execute(tdb.db)),
      100,
    ).then(() => order.push('background served'));
    const refusal = await request;
    expect(refusal).toBeInstanceOf(DatabaseBusyError);
    expect((refusal as DatabaseBusyError).message).toBe(DATABASE_BUSY_MESSAGE);
    expect((refusal as DatabaseBusyError).code).toBe('57P03');
    expect(order).toEqual(['request refused']);
    tx.release();
    await expect(tx.done).resolves.toBe('committed');
    await background;
    expect(order).toEqual(['request refused', 'background served']);
    // The database is free again: the same request-side query is served.
    await expect(withDatabaseWaitLimit(() => sql`select 1 as one`.execute(tdb.db), 100)).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
  });
});
