import { expect } from 'vitest';
import { ZodError } from 'zod';
import { AppError } from '../shared/errors';

/** What a promise rejects with (null when it resolves). */
const rejection = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

/** The AppError a promise rejects with (fails the test when it resolves or rejects otherwise). */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await rejection(p);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

/**
 * The issues of the ZodError a promise rejects with, i.e. the input its schema refused (the server answers them as
 * GL0001 attributes); fails the test when it resolves or rejects otherwise.
 */
export async function zodIssues(p: Promise<unknown>): Promise<ZodError['issues']> {
  const e = await rejection(p);
  expect(e).toBeInstanceOf(ZodError);
  return (e as ZodError).issues;
}

/** The fields (dotted paths) a promise's input schema refused, as zodIssues. */
export const zodPaths = async (p: Promise<unknown>): Promise<string[]> => (await zodIssues(p)).map((i) => i.path.join('.'));

/** The refusals of a promise's input schema as 'path: message', as zodIssues. */
export const zodMessages = async (p: Promise<unknown>): Promise<string[]> =>
  (await zodIssues(p)).map((i) => `${i.path.join('.')}: ${i.message}`);
