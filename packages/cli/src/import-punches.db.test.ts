import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDb } from '@hr/core/db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { cliDatabase, hrInProcess as hr, tempDir } from './testing/run-hr';

// `hr import punches FILE` end to end on a real database: PostgreSQL of its own with
// TEST_DATABASE_URL, otherwise the embedded database in a temporary DATA_DIR, copied from the migrated
// test template. The commands run in-process (the binary's start is covered by cli.test.ts): migrating
// and spawning `hr` in child processes made the setup time out on a loaded 2-core machine.

describe('hr import punches', () => {
  const database = cliDatabase('punch');
  const { dataDir } = database;
  const files = tempDir();

  it('imports a CSV export, counts duplicates on a second run and names the rejected lines', async () => {
    const file = path.join(files, 'terminal-export.csv');
    writeFileSync(
      file,
      [
        'Serial;PIN;Time;State',
        'SN-1;101;2026-10-05 07:58:00;0',
        'SN-1;101;05/10/2026 17:02;1',
        'SN-1;102;2026-10-05 08:01:30;0',
        'SN-1;;2026-10-05 08:03:00;0',
        'SN-1;103;not a time;0',
      ].join('\n'),
    );
    const first = await hr(['import', 'punches', file], database.env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      [
        'Imported terminal-export.csv: 3 inserted, 0 duplicate, 2 rejected.',
        '  line 5: pin: is required',
        '  line 6: localTime: must be a date-time yyyy-mm-ddThh:mm:ss',
        '',
      ].join('\n'),
    );
    const again = await hr(['import', 'punches', file], database.env);
    expect(again.stdout.split('\n')[0]).toBe('Imported terminal-export.csv: 0 inserted, 3 duplicate, 2 rejected.');

    const h = await openDb({ databaseUrl: database.env.DATABASE_URL, dataDir });
    try {
      const rows = await sql<{ pin: string; t: string; source: string; state: number }>`
        select pin, to_char(local_time, 'YYYY-MM-DD HH24:MI:SS') as t, source, state from punches order by local_time`.execute(
        h.db,
      );
      expect(rows.rows).toEqual([
        { pin: '101', t: '2026-10-05 07:58:00', source: 'import', state: 0 },
        { pin: '102', t: '2026-10-05 08:01:30', source: 'import', state: 0 },
        { pin: '101', t: '2026-10-05 17:02:00', source: 'import', state: 1 },
      ]);
    } finally {
      await h.close();
    }
  });

  it('refuses a file without the required columns, and files that are not CSV or XLSX', async () => {
    const file = path.join(files, 'wrong.csv');
    writeFileSync(file, 'pin,when\n101,2026-10-05 07:58:00\n');
    const r = await hr(['import', 'punches', file], database.env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('file: missing column serial, time\n');
    const txt = await hr(['import', 'punches', path.join(files, 'x.txt')], database.env);
    expect(txt.code).toBe(1);
    expect(txt.stderr).toBe('file: must be a .csv or .xlsx file\n');
    const missing = await hr(['import', 'punches', path.join(files, 'nope.csv')], database.env);
    expect(missing.stderr).toBe(`file: cannot read ${path.join(files, 'nope.csv')} (no such file)\n`);
  });

  // The lock guards the embedded database only, so this runs on one in both modes.
  it('refuses while a server owns the embedded data dir (exit code 2)', async () => {
    const locked = tempDir();
    let holder: ChildProcess | undefined;
    try {
      holder = spawn('sleep', ['60'], { stdio: 'ignore' });
      writeFileSync(
        path.join(locked, 'owner.lock'),
        JSON.stringify({ pid: holder.pid, owner: 'server', port: 3999, since: new Date().toISOString() }),
      );
      const file = path.join(files, 'one.csv');
      writeFileSync(file, 'serial,pin,time\nSN-1,101,2026-10-06 07:58:00\n');
      const r = await hr(['import', 'punches', file], { DATA_DIR: locked });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('is in use by a running server');
      expect(r.stdout).toBe('');
    } finally {
      holder?.kill();
    }
  });
});
