import { type Kysely, type RawBuilder, sql } from 'kysely';

/*
 * The floor of a batch benchmark (issue 22): how long PostgreSQL itself takes, in the same run on the same
 * machine, to write the same number of result rows of the same width with one INSERT … SELECT over
 * generate_series, into a copy of the result table (`like <table> including all`: the same columns, defaults,
 * checks and indexes). A benchmark reports its time and this floor, so the ratio holds between machines
 * whose absolute seconds differ up to 3×.
 */

/**
 * Times `insert into bench_floor (<columns>) <select>` into a fresh copy of `table`, then drops the copy.
 * `select` must produce the rows from generate_series; it may join a small sample table it prepared.
 */
export async function floorSeconds(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
  select: RawBuilder<unknown>,
): Promise<number> {
  await sql`drop table if exists bench_floor`.execute(db);
  await sql`create table bench_floor (like ${sql.table(table)} including all)`.execute(db);
  try {
    const t0 = performance.now();
    await sql`insert into bench_floor (${sql.join(columns.map((c) => sql.id(c)))}) ${select}`.execute(db);
    return Math.round(performance.now() - t0) / 1000;
  } finally {
    await sql`drop table if exists bench_floor`.execute(db);
  }
}

/** The largest resident set this process has had, in MB (getrusage's maxrss). */
export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
