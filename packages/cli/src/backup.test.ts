import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hr, tempDir } from './testing/run-hr';

// Refusals of `hr db backup` / `hr db restore` that need no running database.

describe('hr db backup and restore refuse without touching anything', () => {
  let dir: string;
  let pgDump: string;
  let tarball: string;
  beforeAll(() => {
    dir = tempDir();
    pgDump = path.join(dir, 'nightly.dump');
    tarball = path.join(dir, 'nightly.tar.gz');
    writeFileSync(pgDump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(64)]));
    writeFileSync(tarball, gzipSync('not really a data folder'));
  });
  // Nothing listens here: a refusal must come before any connection.
  const deadUrl = 'postgres://nobody@127.0.0.1:9/nowhere';

  it('refuses a backup of the other kind (naming what it is and where it belongs) and a missing file', async () => {
    const [intoEmbedded, intoPostgres, missing] = await Promise.all([
      hr(['db', 'restore', pgDump, '--yes'], { DATA_DIR: path.join(dir, 'data') }),
      hr(['db', 'restore', tarball, '--yes'], { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: deadUrl }),
      hr(['db', 'restore', path.join(dir, 'missing.tar.gz')], { DATABASE_URL: deadUrl }),
    ]);
    expect(intoEmbedded.code).toBe(1);
    expect(intoEmbedded.stderr).toBe(
      `${pgDump} is a PostgreSQL backup (pg_dump custom format); it cannot be restored into the embedded database. Set DATABASE_URL to restore it into PostgreSQL.\n`,
    );
    expect(intoPostgres.code).toBe(1);
    expect(intoPostgres.stderr).toBe(
      `${tarball} is an embedded-database backup (PGlite data folder, tar.gz); it cannot be restored into PostgreSQL. Unset DATABASE_URL to restore it into the embedded database in DATA_DIR.\n`,
    );
    expect(existsSync(path.join(dir, 'data', 'pgdata'))).toBe(false);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`Backup file ${path.join(dir, 'missing.tar.gz')} not found.\n`);
  });

  it('says which package provides pg_dump and pg_restore when they are missing', async () => {
    const env = { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: deadUrl, PATH: path.join(dir, 'no-tools-here') };
    const [backup, restore] = await Promise.all([
      hr(['db', 'backup', path.join(dir, 'out.dump')], env),
      hr(['db', 'restore', pgDump, '--yes'], env),
    ]);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/^pg_dump was not found on PATH\. .*install the package postgresql-client .*\n$/);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/^pg_restore was not found on PATH\. .*postgresql-client/);
    expect(readdirSync(dir).filter((f) => f.includes('out.dump'))).toEqual([]);
  });
});

describe('backup and restore of the embedded database wait for its owner', () => {
  let holder: ChildProcess;
  const dataDir = tempDir();
  const files = tempDir();
  const file = path.join(files, 'nightly.tar.gz');
  const input = path.join(files, 'in.tar.gz');

  beforeAll(() => {
    holder = spawn('sleep', ['120'], { stdio: 'ignore' });
    mkdirSync(path.join(dataDir, 'pgdata'));
    writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17');
    writeFileSync(
      path.join(dataDir, 'owner.lock'),
      JSON.stringify({ pid: holder.pid, owner: 'server', port: 3999, since: new Date().toISOString() }),
    );
  });
  afterAll(() => {
    holder.kill();
  });

  it('refuses backup and restore --yes while a server owns DATA_DIR, with exit code 2', async () => {
    const refusal = `The embedded database in ${dataDir} is in use by a running server (pid ${holder.pid}, port 3999). Stop it first, or set DATABASE_URL to use PostgreSQL.\n`;
    writeFileSync(input, gzipSync('x'));
    const [backup, restore] = await Promise.all([
      hr(['db', 'backup', file], { DATA_DIR: dataDir }),
      hr(['db', 'restore', input, '--yes'], { DATA_DIR: dataDir }),
    ]);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toBe(refusal);
    expect(backup.stdout).toBe('');
    expect(existsSync(file)).toBe(false);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toBe(refusal);
    expect(readdirSync(dataDir).sort()).toEqual(['owner.lock', 'pgdata']);
    expect(readFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('17');
  });
});
