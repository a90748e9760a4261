import path from 'node:path';
import { AppError } from '@hr/core/shared';
import { type EmployeeImportError, importEmployeesFile } from '@hr/core/employees';
import type { Command } from 'commander';
import type { CliConfig } from '../config';
import { CliError } from '../errors';
import { importCommandGroup, readImportFile } from './import-files';
import { type Io, withDatabase } from '../runtime';

/** Exit code when the file has invalid rows and nothing was imported. */
const EXIT_INVALID_ROWS = 2;

interface Report {
  rows: number;
  valid: number;
  invalid: number;
  errors: EmployeeImportError[];
}

/**
 * `hr import employees FILE [--dry-run] [--skip-invalid] [--json]` (issue 3): the web app's import
 * from the command line. Prints the row errors (row, column, message); exits 2 when invalid rows
 * stopped the import (or a dry run found some), 0 otherwise. `--json` prints one JSON object: the
 * API's dry-run report, or its import result.
 */
export function registerImportEmployeesCommand(program: Command, cfg: CliConfig, io: Io): void {
  importCommandGroup(program)
    .command('employees')
    .description(
      'Create employees from a CSV or XLSX file laid out as the template (web app: Employee list → Import); ' +
        'nothing is written when any row is invalid, unless --skip-invalid',
    )
    .argument('<file>', 'the .csv or .xlsx file')
    .option('--dry-run', 'check the file and print the report; write nothing')
    .option('--skip-invalid', 'import the valid rows and leave out the invalid ones')
    .option('--json', 'print one JSON object instead of text')
    .action(async (file: string, opts: { dryRun?: boolean; skipInvalid?: boolean; json?: boolean }) => {
      const content = await readImportFile(file);
      const name = path.basename(file);
      const errorLines = (errors: EmployeeImportError[]) => {
        for (const e of errors) io.out(`  row ${e.row}, ${e.column}: ${e.message}`);
      };
      const refuse = (r: Report, what: string) => {
        if (opts.json) io.out(JSON.stringify(r));
        else {
          io.out(`${name}: ${r.rows} rows, ${r.valid} valid, ${r.invalid} invalid.`);
          errorLines(r.errors);
        }
        return new CliError(`${what}: ${r.invalid} of ${r.rows} rows are invalid.`, EXIT_INVALID_ROWS);
      };
      const result = await withDatabase(cfg, async (_h, services) => {
        const ctx = services.ctx(null, 'cli:import employees');
        try {
          return await importEmployeesFile(ctx, content, name, opts);
        } catch (e) {
          // Invalid rows and no --skip-invalid: the error carries the report.
          if (e instanceof AppError && e.code === 'VALIDATION' && e.detail?.startsWith('{')) {
            throw refuse(JSON.parse(e.detail) as Report, 'Nothing was imported (use --skip-invalid to import the valid rows)');
          }
          throw e;
        }
      });
      if ('preview' in result) {
        if (result.invalid > 0) throw refuse(result, 'Dry run, nothing was written');
        if (opts.json) return io.out(JSON.stringify(result));
        io.out(`${name}: ${result.rows} rows, all valid. Nothing was written (dry run).`);
        return;
      }
      if (opts.json) io.out(JSON.stringify(result));
      else {
        io.out(
          `Imported ${result.imported} employee${result.imported === 1 ? '' : 's'} from ${name}` +
            (result.skipped ? `; ${result.skipped} invalid row${result.skipped === 1 ? '' : 's'} skipped:` : '.'),
        );
        errorLines(result.errors);
      }
      if (result.imported === 0 && result.skipped > 0)
        throw new CliError(`Nothing was imported: all ${result.skipped} rows are invalid.`, EXIT_INVALID_ROWS);
    });
}
