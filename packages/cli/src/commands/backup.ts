import { backupDatabase, RestoreTargetHasData, restoreDatabase } from '@hr/core/db';
import type { Command } from 'commander';
import { type CliConfig, describeDatabase } from '../config';
import { CliError } from '../errors';
import { type Io, lockDataDir } from '../runtime';

/** 1234567 → "1.2 MB" (decimal units, as `df -H` and most download pages show them). */
export function formatBytes(n: number): string {
  const units = ['kB', 'MB', 'GB', 'TB'];
  if (n < 1000) return `${n} B`;
  let value = n;
  let unit = 'B';
  for (const u of units) {
    if (value < 1000) break;
    value /= 1000;
    unit = u;
  }
  return `${value.toFixed(1)} ${unit}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Runs fn under the embedded database's data-dir lock (refused with exit code 2 while a server owns it). */
async function underLock<T>(cfg: CliConfig, fn: () => Promise<T>): Promise<T> {
  const lock = lockDataDir(cfg);
  try {
    return await fn();
  } finally {
    lock?.release();
  }
}

/** `hr db backup FILE` and `hr db restore FILE`, added to the `db` command. */
export function registerBackupCommands(program: Command, cfg: CliConfig, io: Io): void {
  const db = program.commands.find((c) => c.name() === 'db') ?? program.command('db');

  db.command('backup')
    .description(
      'Write a backup of the whole database to FILE, replacing FILE only once the backup is complete ' +
        '(embedded: a tar.gz of the data folder; PostgreSQL: a pg_dump custom-format archive)',
    )
    .argument('<file>', 'the backup file to write')
    .action(async (file: string) => {
      const s = await underLock(cfg, () => backupDatabase(cfg, file));
      io.out(
        `Backed up the ${describeDatabase(cfg)} to ${s.file}: ${formatBytes(s.bytes)}, ${plural(s.tables, 'table')}, ${plural(s.rows, 'row')}.`,
      );
    });

  db.command('restore')
    .description(
      'Replace the whole database with the backup in FILE, then apply pending migrations (needs --yes when the database has data)',
    )
    .argument('<file>', 'a file written by `hr db backup` for the same kind of database')
    .option('--yes', 'confirm that the data in the database is to be replaced')
    .action(async (file: string, opts: { yes?: boolean }) => {
      const s = await underLock(cfg, () =>
        restoreDatabase(cfg, file, { replace: opts.yes === true }).catch((e: unknown) => {
          if (!(e instanceof RestoreTargetHasData)) throw e;
          throw new CliError(
            `Refusing to restore into the ${describeDatabase(cfg)} without --yes: ` +
              (e.rows < 0
                ? 'it already holds a database (which could not be read), and the restore replaces it.'
                : `it already has data (${plural(e.rows, 'row')} in ${plural(e.tables, 'table')}), and the restore replaces all of it.`),
          );
        }),
      );
      const migrated = s.migrations.length
        ? `; applied ${plural(s.migrations.length, 'migration')}: ${s.migrations.join(', ')}`
        : '';
      io.out(
        `Restored ${s.file} (${formatBytes(s.bytes)}) into the ${describeDatabase(cfg)}: ${plural(s.tables, 'table')}, ${plural(s.rows, 'row')}${migrated}.`,
      );
    });
}
