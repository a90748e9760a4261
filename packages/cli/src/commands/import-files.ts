import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { CliError } from '../errors';

/** The `hr import` command group: created by the first import command registered, found by the others. */
export function importCommandGroup(program: Command): Command {
  return program.commands.find((c) => c.name() === 'import') ?? program.command('import').description('Import data from files');
}

/** The CSV or XLSX file an import names, read whole; a wrong extension or an unreadable file is a CliError. */
export async function readImportFile(file: string): Promise<Buffer> {
  if (!/\.(csv|xlsx)$/i.test(file)) throw new CliError('file: must be a .csv or .xlsx file');
  try {
    return await readFile(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new CliError(`file: cannot read ${file}${code === 'ENOENT' ? ' (no such file)' : code ? ` (${code})` : ''}`);
  }
}
