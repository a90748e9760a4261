import { AppError } from '@hr/core/shared';
import { CommanderError } from 'commander';
import { ZodError } from 'zod';

/** Exit codes of `hr`: 0 success, 1 a refused or failed command, 2 the embedded database is owned by another process. */
export const EXIT = { ok: 0, failed: 1, locked: 2 } as const;

/** An error meant for the person at the terminal: its message is printed as is. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.failed) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** camelCase input fields back to the option names the user typed (employeeId → employee-id). */
const optionName = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

interface DatabaseErrorLike {
  code: string;
  message: string;
  constraint?: string;
}
const isDatabaseError = (e: unknown): e is DatabaseErrorLike =>
  e instanceof Error && /^[0-9A-Z]{5}$/.test(String((e as unknown as { code?: unknown }).code));

/** PostgreSQL errors a CLI user can cause, in their words (SQLSTATE codes, PostgreSQL appendix A). */
function databaseMessage(e: DatabaseErrorLike): string {
  if (e.code === '42P01') return 'The database is not set up yet: run `hr db migrate` first.';
  if (e.code === '23503' && e.constraint?.includes('employee')) return 'employee-id: no employee has this id';
  if (e.code === '23505' && e.constraint?.includes('employee')) return 'employee-id: this employee already has a login';
  return `Database error: ${e.message}`;
}

/** The lines to print on stderr and the exit code for an error; never a stack trace. */
export function describeError(e: unknown): { lines: string[]; exitCode: number } {
  if (e instanceof CliError) return { lines: [e.message], exitCode: e.exitCode };
  if (e instanceof CommanderError) return { lines: [], exitCode: e.exitCode }; // commander printed it already
  if (e instanceof ZodError) {
    return {
      lines: e.issues.map((i) => `${i.path.length ? i.path.map((p) => optionName(String(p))).join('.') : 'input'}: ${i.message}`),
      exitCode: EXIT.failed,
    };
  }
  if (e instanceof AppError) {
    const fields = e.fields.map((f) => `${optionName(f.param)}: ${f.msg}`);
    // A validation error's message is generic ("Invalid input"); its fields say what is wrong.
    return { lines: e.code === 'VALIDATION' && fields.length ? fields : [e.message, ...fields], exitCode: EXIT.failed };
  }
  if (isDatabaseError(e)) return { lines: [databaseMessage(e)], exitCode: EXIT.failed };
  if (e instanceof Error) return { lines: [e.message || e.name], exitCode: EXIT.failed };
  return { lines: [String(e)], exitCode: EXIT.failed };
}
