import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirHeldByServer, hr, tempDir } from './testing/run-hr';

describe('hr refuses bad input before touching the database', () => {
  it('rejects an unknown role, a bad e-mail and a short password, one line per field', async () => {
    const dataDir = tempDir();
    const r = await hr(['user', 'add', '--email', 'not-an-email', '--password', 'short', '--role', 'boss'], {
      DATA_DIR: dataDir,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([
      'email: must be a valid e-mail address',
      'password: must be at least 8 characters',
      `role: must be one of superadmin, human-capital, human-capital-staff, human-capital-intern, manager, port-manager, department-head, supervisor, warehouse-manager, inventory-staff, managerial, c-level, employee`,
    ]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });

  it('refuses db reset without --yes', async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, 'pgdata'));
    writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17');
    const r = await hr(['db', 'reset'], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `Refusing to reset the embedded database in ${dataDir} without --yes: this deletes every table and all data.\n`,
    );
    expect(readFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17');
  });
});

describe('the embedded database has one owner', () => {
  // A live process that "owns" DATA_DIR, recorded the way packages/core/src/db/lock.ts does.
  const held = dataDirHeldByServer();
  const { dataDir } = held;

  const refusal = () =>
    `The embedded database in ${dataDir} is in use by a running server (pid ${held.pid}, port 3999). Stop it first, or set DATABASE_URL to use PostgreSQL.\n`;

  it('refuses to migrate while a server owns DATA_DIR, with exit code 2, without creating the database', async () => {
    const r = await hr(['db', 'migrate'], { DATA_DIR: dataDir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(refusal());
    expect(r.stdout).toBe('');
    expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  });

  it('refuses reset --yes and user add too, leaving the data dir as it was', async () => {
    mkdirSync(path.join(dataDir, 'pgdata'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17');
    const reset = await hr(['db', 'reset', '--yes'], { DATA_DIR: dataDir });
    expect(reset.code).toBe(2);
    expect(reset.stderr).toBe(refusal());
    const add = await hr(['user', 'add', '--email', 'a@example.co.id', '--password', 'kopi-susu-2026', '--role', 'employee'], {
      DATA_DIR: dataDir,
    });
    expect(add.code).toBe(2);
    expect(add.stderr).toBe(refusal());
    expect(readFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17');
    expect(JSON.parse(readFileSync(path.join(dataDir, 'owner.lock'), 'utf8')).pid).toBe(held.pid);
  });
});
