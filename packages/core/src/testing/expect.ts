import { expect } from 'vitest';
import { AppError } from '../shared/errors';

/** The AppError a promise rejects with (fails the test when it resolves or rejects otherwise). */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
