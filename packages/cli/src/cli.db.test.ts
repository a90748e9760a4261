import { existsSync } from 'node:fs';
import path from 'node:path';
import { createServices } from '@hr/core/services';
import { login } from '@hr/core/auth';
import { openDb } from '@hr/core/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hr, hrInProcess, scratchDatabase, tempDir } from './testing/run-hr';

// The database commands end to end. With TEST_DATABASE_URL (CI's PostgreSQL run) they run on
// a PostgreSQL database of their own; otherwise on an embedded database in a temporary DATA_DIR.
// The first command runs the real binary; the rest run in-process (same command tree and exit codes),
// since starting the binary costs seconds per call on a loaded 2-core machine.
const adminUrl = process.env.TEST_DATABASE_URL;

describe('hr db and hr user on a real database', () => {
  const dataDir = tempDir();
  let env: Record<string, string | undefined> = { DATA_DIR: dataDir };
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (!adminUrl) return;
    const scratch = await scratchDatabase(adminUrl, 'test');
    env = { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
    dropDatabase = scratch.drop;
  });
  afterAll(async () => {
    await dropDatabase?.();
  });

  /** Opens the same database the CLI uses (the CLI is not running, so nothing else owns it). */
  const withDb = async <T>(fn: (h: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> => {
    const h = await openDb({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      return await fn(h);
    } finally {
      await h.close();
    }
  };

  it('migrates a new database', async () => {
    const r = await hr(['db', 'migrate'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Applied \d+ migrations?: 20261122T1900_foundation/);
    if (!adminUrl) expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
    // The lock is released when the command ends.
    expect(existsSync(path.join(dataDir, 'owner.lock'))).toBe(false);
  });

  it('adds a user who can then log in with that password and role', async () => {
    const r = await hrInProcess(
      ['user', 'add', '--email', 'Ops.Lead@Example.co.id', '--password', 'correct-horse', '--role', 'manager'],
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Created user #\d+ ops.lead@example.co.id with role manager\.$/m);
    await withDb(async (h) => {
      const services = createServices(h.db);
      const res = await login(
        services.ctx(null),
        services.auth,
        { email: 'ops.lead@example.co.id', password: 'correct-horse' },
        { ip: null, userAgent: null },
      );
      expect(res.user.roles).toEqual(['manager']);
      expect(res.user.permissions).toContain('employee.manager.manage');
      await expect(
        login(
          services.ctx(null),
          services.auth,
          { email: 'ops.lead@example.co.id', password: 'wrong-horse' },
          { ip: null, userAgent: null },
        ),
      ).rejects.toThrow('Incorrect e-mail or password');
    });
  });

  it('refuses a second user with the same e-mail (in any letter case)', async () => {
    const r = await hrInProcess(
      ['user', 'add', '--email', 'OPS.LEAD@example.co.id', '--password', 'another-pass-77', '--role', 'employee'],
      env,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('A user with e-mail ops.lead@example.co.id already exists\n');
  });

  it('seeds the demo company once and prints the demo logins, then refuses to seed again', async () => {
    const r = await hrInProcess(['db', 'seed', '--employees', '20', '--seed', '3'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Seeded the demo company \(seed 3\) in [\d.]+ s: 3 offices, 20 employees\./);
    expect(r.stdout).toMatch(/admin@demo\.co\.id\s+admin12345\s+superadmin/);
    expect(r.stdout).toMatch(/employee@demo\.co\.id\s+demo12345\s+employee/);
    const again = await hrInProcess(['db', 'seed'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /already has company offices, so the demo company was not seeded\. To start over, run `hr db reset --yes`/,
    );
  });

  it('resets the database with --yes: all data gone, schema migrated again', async () => {
    const r = await hrInProcess(['db', 'reset', '--yes'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Applied \d+ migrations?: 20261122T1900_foundation/);
    const counts = await withDb(async (h) => {
      const users = await h.db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const offices = await h.db
        .selectFrom('company_offices')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return { users: users.n, offices: offices.n };
    });
    expect(counts).toEqual({ users: 0, offices: 0 });
  });
});
