import path from 'node:path';
import { importPunches } from '@hr/core/attendance';
import type { Command } from 'commander';
import type { CliConfig } from '../config';
import { CliError } from '../errors';
import { importCommandGroup, readImportFile } from './import-files';
import { type Io, withDatabase } from '../runtime';

/** Largest terminal export read (bytes): a year of a big office is far below it. */
const MAX_FILE_BYTES = 200 * 1024 * 1024;

/**
 * `hr import punches FILE`: a terminal's CSV or XLSX export (columns serial, pin, time[, state]) into
 * the punch table with the device upload's idempotent insert; prints inserted / duplicate / rejected.
 */
export function registerImportPunchesCommand(program: Command, cfg: CliConfig, io: Io): void {
  importCommandGroup(program)
    .command('punches')
    .description(
      'Import fingerprint-terminal punches from a CSV or XLSX file with the columns serial, pin, time (yyyy-mm-dd hh:mm:ss ' +
        'or dd/mm/yyyy hh:mm:ss) and optionally state; punches already stored are counted as duplicates',
    )
    .argument('<file>', 'the .csv or .xlsx file')
    .action(async (file: string) => {
      const content = await readImportFile(file);
      if (content.length > MAX_FILE_BYTES) throw new CliError(`file: larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
      const s = await withDatabase(cfg, (_h, services) =>
        importPunches(services.ctx(null, 'cli:import punches'), content, path.basename(file)),
      );
      io.out(`Imported ${path.basename(file)}: ${s.inserted} inserted, ${s.duplicate} duplicate, ${s.rejected} rejected.`);
      for (const p of s.problems) io.out(`  line ${p.line}: ${p.message}`);
      if (s.rejected > s.problems.length) io.out(`  … and ${s.rejected - s.problems.length} more rejected lines`);
    });
}
