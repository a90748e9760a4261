import { Command, CommanderError } from 'commander';
import { registerBackupCommands } from './commands/backup';
import { registerBankCommands } from './commands/bank';
import { registerCalcCommands } from './commands/calc';
import { registerDbCommands } from './commands/db';
import { registerImportEmployeesCommand } from './commands/import-employees';
import { registerImportPunchesCommand } from './commands/import-punches';
import { registerPayrollCommands } from './commands/payroll';
import { registerTaxCommands } from './commands/tax';
import { registerUserCommands } from './commands/user';
import { loadCliConfig } from './config';
import { describeError, EXIT } from './errors';
import type { Io } from './runtime';

const stdio: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The `hr` command tree. */
export function buildProgram(env: NodeJS.ProcessEnv = process.env, io: Io = stdio): Command {
  const cfg = loadCliConfig(env);
  const program = new Command('hr')
    .description(
      'HR system administration. Uses DATABASE_URL (PostgreSQL) when set, otherwise the embedded database in DATA_DIR (default ./data).',
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
    });
  registerDbCommands(program, cfg, io);
  registerBackupCommands(program, cfg, io);
  registerUserCommands(program, cfg, io);
  registerImportPunchesCommand(program, cfg, io);
  registerImportEmployeesCommand(program, cfg, io);
  registerCalcCommands(program, io);
  registerPayrollCommands(program, cfg, io);
  registerTaxCommands(program, cfg, io);
  registerBankCommands(program, cfg, io);
  return program;
}

/** Runs `hr` with the arguments after the script name; returns the exit code. */
export async function run(args: string[], env: NodeJS.ProcessEnv = process.env, io: Io = stdio): Promise<number> {
  try {
    await buildProgram(env, io).parseAsync(args, { from: 'user' });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError && (e.code === 'commander.helpDisplayed' || e.code === 'commander.version')) return EXIT.ok;
    const { lines, exitCode } = describeError(e);
    for (const line of lines) io.err(line);
    return exitCode;
  }
}
