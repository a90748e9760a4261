import type { Command } from 'commander';
import type { CliConfig } from '../config';
import type { Io } from '../runtime';

/** `hr import employees FILE` (issue 3): filled by the employee-import work. */
export function registerImportEmployeesCommand(_program: Command, _cfg: CliConfig, _io: Io): void {}
