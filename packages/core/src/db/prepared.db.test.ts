import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from './testing';

// Named prepared statements are a PostgreSQL-pool feature (client.ts); PGlite runs one connection in process. The
// first test holds on both backends; the PostgreSQL-only ones are registered in the PostgreSQL test mode only.
const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ?? false;
const describeOnPostgres = onPostgres ? describe : () => undefined;

let tdb: TestDb;
beforeAll(async () => {
  tdb = await createTestDb();
});
afterAll(() => tdb?.destroy());

describe('statements run again and again (issue 22)', () => {
  it('answer for their own parameters every time, also past the runs after which a plan may be kept', async () => {
    await tdb.db.transaction().execute(async (trx) => {
      await sql`create temporary table prepared_names (name text not null)`.execute(trx);
      await sql`insert into prepared_names select 'name ' || g from generate_series(1, 50) g`.execute(trx);
      const counts: number[] = [];
      for (const pattern of ['name 1%', 'name 2%', 'name 3_', 'name 4%', 'name 5%', '%0', 'name 1%', '%', 'x%']) {
        const r = await sql<{ n: number }>`select count(*)::int as n from prepared_names where name like ${pattern}`.execute(trx);
        counts.push(r.rows[0]!.n);
      }
      expect(counts).toEqual([11, 11, 10, 11, 2, 5, 11, 50, 0]);
    });
  });
});

describeOnPostgres('prepared statements on PostgreSQL', () => {
  it('every connection runs without JIT compilation (a poor row estimate must not cost a compile)', async () => {
    const jit = await Promise.all(
      [1, 2].map(() =>
        tdb.db.transaction().execute(async (trx) => (await sql<{ jit: string }>`show jit`.execute(trx)).rows[0]!.jit),
      ),
    );
    expect(jit).toEqual(['off', 'off']);
  });

  it('a statement with a list of ids is not prepared: it is planned for its list every time', async () => {
    const prepared = await tdb.db.transaction().execute(async (trx) => {
      for (const ids of [[1], [1, 2, 3], Array.from({ length: 5000 }, (_, i) => i)])
        await sql`select count(*) from generate_series(1, 10) g where g = any(${ids}::int[])`.execute(trx);
      return (
        await sql<{ c: number }>`select count(*)::int as c from pg_prepared_statements where statement like '%g = any(%'`.execute(
          trx,
        )
      ).rows[0]!.c;
    });
    expect(prepared).toBe(0);
  });

  it('a parameterised statement is prepared once per connection and answers the same as before', async () => {
    const seen = await tdb.db.transaction().execute(async (trx) => {
      const answers: number[] = [];
      for (const n of [1, 2, 3]) answers.push((await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(trx)).rows[0]!.n);
      const prepared = await sql<{ c: number }>`
        select count(*)::int as c from pg_prepared_statements where statement = 'select $1::int + 1 as n'`.execute(trx);
      return { answers, prepared: prepared.rows[0]!.c };
    });
    expect(seen).toEqual({ answers: [2, 3, 4], prepared: 1 });
  });

  it('a statement whose table changed under it fails once, then runs unprepared', async () => {
    await tdb.db.transaction().execute(async (trx) => {
      await sql`create table prepared_shape (a int)`.execute(trx);
      await sql`insert into prepared_shape values (1)`.execute(trx);
      const read = () => sql<Record<string, number>>`select * from prepared_shape where a = ${1}`.execute(trx);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`alter table prepared_shape add column b int default 7`.execute(trx);
      await sql`savepoint s`.execute(trx);
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      await sql`rollback to savepoint s`.execute(trx);
      expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
      await sql`drop table prepared_shape`.execute(trx);
    });
  });
});
