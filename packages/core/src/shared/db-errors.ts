import { AppError } from '../shared/errors';

/** SQLSTATE and constraint of a database error (pg and PGlite both expose them). */
function pgError(err: unknown): { code: string | undefined; constraint: string | undefined } {
  if (typeof err !== 'object' || err === null) return { code: undefined, constraint: undefined };
  const e = err as { code?: unknown; constraint?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
  };
}

/**
 * Runs one write and turns the database's refusals into clear errors instead of a 500: a unique
 * violation (23505) into the CONFLICT named for its constraint, a foreign-key violation (23503)
 * into `onForeignKey` (a parent deleted meanwhile, or a child added meanwhile).
 */
export async function dbWrite<T>(
  fn: () => Promise<T>,
  opts: { unique?: Record<string, () => AppError>; onForeignKey?: () => AppError } = {},
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const { code, constraint } = pgError(err);
    if (code === '23505') {
      const make = constraint ? opts.unique?.[constraint] : undefined;
      throw make ? make() : new AppError('CONFLICT', 'This record already exists', { cause: err });
    }
    if (code === '23503') {
      throw opts.onForeignKey?.() ?? new AppError('CONFLICT', 'A related record was changed meanwhile; reload and try again');
    }
    throw err;
  }
}

/** A CONFLICT on one field (the web shows it at the field). */
export function taken(param: string, message: string): AppError {
  return new AppError('CONFLICT', message, { fields: [{ param, msg: 'is already used' }] });
}

/** [count, singular, plural]: one kind of thing that uses a record. */
export type Use = readonly [count: number, one: string, many: string];

/** "12 employees and 3 divisions"; null when nothing uses it. */
export function describeUses(uses: readonly Use[]): string | null {
  const parts = uses.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Refuses to delete (or move) a record that is still in use, naming what uses it and how many:
 * "Department Finance is used by 12 employees and 3 divisions".
 */
export function refuseIfUsed(what: string, uses: readonly Use[], hint = 'Move or delete them first.'): void {
  const list = describeUses(uses);
  if (list) throw new AppError('CONFLICT', `${what} is used by ${list}`, { detail: hint });
}

/** snake_case row → camelCase object (audit entries and results). */
export function camelRow<T extends object>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), v]));
}
