import type { Actor } from '@hr/core/access';
import type { Services } from '@hr/core/services';
import type { Freshness } from '@hr/core/shared';

/** Per-request context. The actor is resolved from the bearer token or the session cookie. */
export interface TrpcContext {
  services: Services;
  actor: Actor | null;
  /**
   * The session's login still has its one-time password (core `resolveSession`): every procedure
   * but those with `meta.duringPasswordChange` is refused with PASSWORD_CHANGE_REQUIRED (procedures.ts).
   * Unset (false) for contexts without a session, and for OAuth client tokens.
   */
  passwordChangeRequired?: boolean;
  /** What the session check read after the request arrived (core shared/freshness.ts), for cached reads. */
  fresh?: Freshness;
  /** The raw session token of this request, for logout. */
  token: string | null;
  requestId: string;
  /** Which door the call came through: the web app's tRPC or a REST client. */
  transport: 'trpc' | 'rest';
  ip: string | null;
  userAgent: string | null;
  /** Browser session cookie control (HttpOnly). */
  session: {
    set(token: string, expiresAt: Date): void;
    clear(): void;
  };
}
