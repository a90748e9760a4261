import { AppError } from '@hr/core/shared';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CliError, describeError, EXIT } from './errors';

/** A driver error as pg and PGlite raise it (SQLSTATE code, constraint name). */
const dbError = (code: string, message: string, constraint?: string) =>
  Object.assign(new Error(message), { code, ...(constraint ? { constraint } : {}) });

describe('how hr reports errors', () => {
  it('prints CLI and application errors as their message, validation errors as field lines', () => {
    expect(describeError(new CliError('in use', EXIT.locked))).toEqual({ lines: ['in use'], exitCode: 2 });
    expect(describeError(new AppError('CONFLICT', 'A user with e-mail a@b.co already exists'))).toEqual({
      lines: ['A user with e-mail a@b.co already exists'],
      exitCode: 1,
    });
    expect(
      describeError(new AppError('VALIDATION', 'Invalid input', { fields: [{ param: 'employeeId', msg: 'is not known' }] })),
    ).toEqual({ lines: ['employee-id: is not known'], exitCode: 1 });
  });

  it('prints zod issues as "field: message" lines with option names', () => {
    const r = z.object({ employeeId: z.number('must be a number'), role: z.string() }).safeParse({ employeeId: 'x', role: 1 });
    expect(describeError(r.error)).toEqual({
      lines: ['employee-id: must be a number', 'role: Invalid input: expected string, received number'],
      exitCode: 1,
    });
  });

  it('turns database errors a user can cause into plain words', () => {
    expect(describeError(dbError('23503', 'insert violates foreign key', 'users_employee_id_fkey')).lines).toEqual([
      'employee-id: no employee has this id',
    ]);
    expect(describeError(dbError('23505', 'duplicate key', 'users_employee_id_key')).lines).toEqual([
      'employee-id: this employee already has a login',
    ]);
    expect(describeError(dbError('42P01', 'relation "users" does not exist')).lines).toEqual([
      'The database is not set up yet: run `hr db migrate` first.',
    ]);
    expect(describeError(dbError('57P01', 'terminating connection')).lines).toEqual(['Database error: terminating connection']);
  });

  it('leaves commander usage errors (already printed) to their exit code and never prints a stack', () => {
    expect(describeError(new CommanderError(1, 'commander.missingMandatoryOptionValue', 'x'))).toEqual({
      lines: [],
      exitCode: 1,
    });
    const r = describeError(new TypeError('boom'));
    expect(r).toEqual({ lines: ['boom'], exitCode: 1 });
  });
});
