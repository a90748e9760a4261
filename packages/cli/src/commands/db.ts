import { rmSync } from 'node:fs';
import path from 'node:path';
import { DEMO_USERS, ensureReferenceData, isDemoSeeded, seedDemo } from '@hr/core/seed';
import { migrateToLatest } from '@hr/core/db';
import type { Command } from 'commander';
import { sql } from 'kysely';
import { z } from 'zod';
import { type CliConfig, describeDatabase } from '../config';
import { CliError } from '../errors';
import { type Io, withDatabase } from '../runtime';

const seedOptions = z.object({
  employees: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(DEMO_USERS.length, `must be at least ${DEMO_USERS.length} (one employee per demo login)`)
    .max(50_000, 'must be at most 50000'),
  seed: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(2_147_483_647, 'must be at most 2147483647'),
});

function reportMigrations(io: Io, applied: string[]): void {
  if (applied.length === 0) io.out('Database is up to date (no pending migrations).');
  else io.out(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`);
}

const table = (rows: string[][]): string[] => {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd(),
  );
};

/** `hr db …`: migrate, seed, reset. */
export function registerDbCommands(program: Command, cfg: CliConfig, io: Io): void {
  const db = program.command('db').description('Database: migrations, demo data, reset');

  db.command('migrate')
    .description('Apply pending migrations')
    .action(async () => {
      await withDatabase(cfg, async (h) => {
        io.out(`Migrating the ${describeDatabase(cfg)}`);
        reportMigrations(io, await migrateToLatest(h.db));
      });
    });

  db.command('seed')
    .description('Migrate, load the reference lists and seed the demo company (only into a database without company offices)')
    .option('--employees <n>', `number of demo employees (${DEMO_USERS.length}–50000)`, '200')
    .option('--seed <s>', 'random seed; the same seed gives the same company', '20261122')
    .action(async (raw: { employees: string; seed: string }) => {
      const opts = seedOptions.parse(raw);
      await withDatabase(cfg, async (h, services) => {
        reportMigrations(io, await migrateToLatest(h.db));
        await ensureReferenceData(h.db);
        const ctx = services.ctx(null, 'cli:db seed');
        if (await isDemoSeeded(ctx)) {
          throw new CliError(
            `The ${describeDatabase(cfg)} already has company offices, so the demo company was not seeded. ` +
              'To start over, run `hr db reset --yes` (deletes all data) and then `hr db seed`.',
          );
        }
        const started = performance.now();
        const summary = await seedDemo(ctx, opts);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        io.out(
          `Seeded the demo company (seed ${opts.seed}) in ${seconds} s: ${summary.offices} offices, ${summary.employees} employees.`,
        );
        io.out('Demo logins:');
        for (const line of table([
          ['email', 'password', 'role', 'employee'],
          ...DEMO_USERS.map((u) => [u.email, u.password, u.role, u.placement]),
        ])) {
          io.out(`  ${line}`);
        }
      });
    });

  db.command('reset')
    .description('Delete every table and all data, then migrate again (needs --yes)')
    .option('--yes', 'confirm that all data is to be deleted')
    .action(async (opts: { yes?: boolean }) => {
      if (!opts.yes) {
        throw new CliError(
          `Refusing to reset the ${describeDatabase(cfg)} without --yes: this deletes every table and all data.`,
        );
      }
      const pgdata = path.join(cfg.dataDir, 'pgdata');
      await withDatabase(
        cfg,
        async (h) => {
          if (h.kind === 'postgres') {
            // Everything the app owns lives in the public schema (tables, migrations, pg_trgm).
            await sql`drop schema if exists public cascade`.execute(h.db);
            await sql`create schema public`.execute(h.db);
          }
          io.out(`Reset the ${describeDatabase(cfg)}.`);
          reportMigrations(io, await migrateToLatest(h.db));
          io.out('Run `hr db seed` to load the demo company.');
        },
        // Embedded: delete the PGlite folder under the lock, before it is opened again.
        { beforeOpen: () => cfg.databaseUrl || rmSync(pgdata, { recursive: true, force: true }) },
      );
    });
}
