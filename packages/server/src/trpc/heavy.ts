import { AppError, isHeavyProcedureName } from '@hr/core/shared';
import { type AnyProcedure, TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TrpcContext } from './context';
import type { ProcMeta } from './init';

/**
 * Heavy work (PDF, spreadsheet, file download, import, generation) costs seconds of CPU and
 * memory per call; one user must not take the server from everyone else with it (issue 16 item 10:
 * one tRPC batch of 100 `attendance.personal.pdf` stalled every user for 8 s). Two limits, in
 * both doors (tRPC batches and single calls, REST):
 *
 * - a tRPC batch holds at most `perBatch` heavy calls; a larger batch is refused as a whole, before
 *   any of its calls runs (400 GL0001 on `batch`); a streaming batch (httpBatchStreamLink) holds none;
 * - a user (or OAuth client, or for anonymous calls an IP address) runs at most `perUser` heavy
 *   calls at a time in this server process; another is refused at once (429 AU0004, Retry-After),
 *   never queued without bound.
 */
export const HEAVY_LIMITS = {
  /** Heavy calls one user may have running at once, per server process. */
  perUser: 2,
  /** Heavy calls one tRPC batch may hold. */
  perBatch: 2,
  /** Seconds a refused client is told to wait (Retry-After). */
  retryAfterSeconds: 5,
} as const;

/**
 * Whether a procedure is heavy: `meta.heavy` when the router says so (true or false), otherwise a
 * file download (`meta.rest.download`) or a name about PDFs, spreadsheets, downloads, imports,
 * exports or generation. Derived, so a new download is covered without anyone remembering to mark it.
 */
export function isHeavyProcedure(path: string, proc: AnyProcedure): boolean {
  const meta = proc._def.meta as ProcMeta | undefined;
  if (meta?.heavy !== undefined) return meta.heavy;
  return meta?.rest?.download === true || isHeavyProcedureName(path);
}

export const HEAVY_BUSY_MESSAGE = `You already have ${HEAVY_LIMITS.perUser} heavy requests running (PDF, spreadsheet, download, import or generation); wait for one to finish and retry`;

export function heavyBatchMessage(count: number): string {
  return `A batch may hold at most ${HEAVY_LIMITS.perBatch} heavy calls (PDF, spreadsheet, download, import or generation); this one holds ${count}. Send them one at a time.`;
}

/** The refusal of a batch with too many heavy calls (400 GL0001 on `batch`). */
export function heavyBatchError(count: number): TRPCError {
  const message = heavyBatchMessage(count);
  const cause = new AppError('VALIDATION', message, {
    fields: [{ param: 'batch', msg: `holds ${count} heavy calls; at most ${HEAVY_LIMITS.perBatch}` }],
  });
  return new TRPCError({ code: 'BAD_REQUEST', message, cause });
}

export function heavyStreamMessage(path: string): string {
  return `${path} is heavy work (PDF, spreadsheet, download, import or generation) and is not served over a streaming batch; call it on its own`;
}

/** The refusal of a heavy call in a streaming batch (400 GL0001 on `batch`); see http.ts. */
export function heavyStreamError(path: string): TRPCError {
  const message = heavyStreamMessage(path);
  const cause = new AppError('VALIDATION', message, { fields: [{ param: 'batch', msg: `holds the heavy call ${path}` }] });
  return new TRPCError({ code: 'BAD_REQUEST', message, cause });
}

/** The refusal of a heavy call over the per-user limit (429 AU0004). */
export function heavyBusyError(): TRPCError {
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: HEAVY_BUSY_MESSAGE,
    cause: new AppError('RATE_LIMITED', HEAVY_BUSY_MESSAGE),
  });
}

/** Counts the heavy calls running per user. */
export class HeavyGate {
  readonly #running = new Map<string, number>();
  readonly #perUser: number;

  constructor(perUser: number = HEAVY_LIMITS.perUser) {
    this.#perUser = perUser;
  }

  /** A slot for `key`, or null when it already has `perUser` heavy calls running. Call the returned release once. */
  tryEnter(key: string): (() => void) | null {
    const n = this.#running.get(key) ?? 0;
    if (n >= this.#perUser) return null;
    this.#running.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#running.get(key) ?? 1) - 1;
      if (left <= 0) this.#running.delete(key);
      else this.#running.set(key, left);
    };
  }

  /** Runs `fn` in a slot of `key`; throws the 429 refusal at once when there is none. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const release = this.tryEnter(key);
    if (!release) throw heavyBusyError();
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

// One gate per server: the tRPC and the REST plugin are separate fastify contexts of one server and
// must share the count (a user alternating doors gets the same limit).
const gates = new WeakMap<object, HeavyGate>();

export function heavyGateOf(app: FastifyInstance): HeavyGate {
  let gate = gates.get(app.server);
  if (!gate) {
    gate = new HeavyGate();
    gates.set(app.server, gate);
  }
  return gate;
}

/** Whose heavy calls these are: the signed-in user, the OAuth client, else the caller's address. */
export function heavyKey(ctx: unknown, req: FastifyRequest): string {
  const actor = (ctx as Partial<TrpcContext> | undefined)?.actor;
  if (actor?.client) return `client:${actor.client.id}`;
  if (actor) return `user:${actor.userId}`;
  return `ip:${req.ip}`;
}
