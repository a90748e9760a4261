import { sql } from 'kysely';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';

/** Advisory-lock namespace (first key of the two-key form) of the attempt counters. */
const LOCK_NAMESPACE = 7101;

/**
 * Serialises attempt counting for one key (an e-mail, an IP address) until the transaction ends,
 * across server processes sharing the database.
 */
export async function lockAttempts(trx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${key}))`.execute(trx);
}

/** Whole minutes until `unlockAt`, at least 1, for the "try again in N minutes" messages. */
export function minutesUntil(ctx: Ctx, unlockAt: Date): number {
  return Math.max(1, Math.ceil((unlockAt.getTime() - ctx.clock().getTime()) / 60_000));
}

export const tryAgainIn = (minutes: number): string => `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export interface AttemptLimit {
  /** What is limited, e.g. 'registration'. Lower-case letters, digits and dashes. */
  action: string;
  /** Who is limited: the client's IP address. No key (a CLI, a job) means no limit. */
  key: string | null;
  /** Attempts allowed within the window; the next one is refused. */
  max: number;
  windowMs: number;
  /** The refusal message, e.g. "Too many registration attempts from your network." (the retry time is appended). */
  message: string;
}

/**
 * Counts one attempt of an action by one key and refuses it (RATE_LIMITED, HTTP 429 AU0004) when
 * more than `max` were made within the window. Every attempt counts, successful or not: for
 * registration, each one tells the client whether an e-mail is registered.
 *
 * Kept in the database so the limit holds across server processes. Storage: rows of
 * `login_attempts` whose `email` is `#<action>` (never a valid e-mail, so login never reads them)
 * and `success` true (so login's per-IP failure count never counts them). The insert and the
 * count run under an advisory lock on the key, so of a burst of concurrent attempts exactly the
 * first `max` pass; a refused attempt rolls back its own row, so hammering a locked action does
 * not extend the lock.
 */
export async function consumeAttempt(ctx: Ctx, limit: AttemptLimit): Promise<void> {
  const key = limit.key;
  if (!key) return;
  const bucket = `#${limit.action}`;
  await inTransaction(ctx, async (trx) => {
    await lockAttempts(trx, `${bucket}:${key}`);
    const now = ctx.clock();
    const since = new Date(now.getTime() - limit.windowMs);
    const own = await trx
      .insertInto('login_attempts')
      .values({ email: bucket, ip: key, success: true, at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const inWindow = trx
      .selectFrom('login_attempts')
      .where(sql`lower(email)`, '=', bucket)
      .where('ip', '=', key)
      .where('at', '>', since);
    const { n } = await inWindow.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    if (n <= limit.max) return;
    // The lock ends when the max-th most recent earlier attempt leaves the window.
    const edge = await inWindow
      .where('id', '!=', own.id)
      .select('at')
      .orderBy('at', 'desc')
      .offset(limit.max - 1)
      .limit(1)
      .executeTakeFirst();
    const unlockAt = new Date((edge ? new Date(edge.at).getTime() : now.getTime()) + limit.windowMs);
    throw new AppError('RATE_LIMITED', `${limit.message} ${tryAgainIn(minutesUntil(ctx, unlockAt))}`);
  });
}
