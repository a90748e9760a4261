import type { Kysely } from 'kysely';
import { type AuthConfig, DEFAULT_AUTH_CONFIG } from './auth/service';
import type { Database } from './db/database';
import type { Actor } from './permissions/actor';
import { type Ctx, systemClock } from './shared/context';

/** What the server, the CLI and jobs hold: the database, the clock and configuration. */
export interface Services {
  db: Kysely<Database>;
  clock: () => Date;
  auth: AuthConfig;
  /** A service context for one request or command. */
  ctx(actor: Actor | null, requestId?: string): Ctx;
}

export function createServices(db: Kysely<Database>, opts: { clock?: () => Date; auth?: Partial<AuthConfig> } = {}): Services {
  const clock = opts.clock ?? systemClock;
  return {
    db,
    clock,
    auth: { ...DEFAULT_AUTH_CONFIG, ...opts.auth },
    ctx: (actor, requestId) => ({ db, actor, clock, ...(requestId ? { requestId } : {}) }),
  };
}
