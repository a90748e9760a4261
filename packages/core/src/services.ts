import type { Kysely } from 'kysely';
import { type AuthConfig, DEFAULT_AUTH_CONFIG } from './auth/service';
import type { Database } from './db/database';
import { createMailConfig, type MailConfig } from './mail/mailer';
import type { Actor } from './permissions/actor';
import { type Ctx, systemClock } from './shared/context';

/** What the server, the CLI and jobs hold: the database, the clock and configuration. */
export interface Services {
  db: Kysely<Database>;
  clock: () => Date;
  auth: AuthConfig;
  /** How mail is sent (SMTP_URL / MAIL_FROM); without SMTP, mail is kept in the outbox only. */
  mail: MailConfig;
  /** A service context for one request or command. */
  ctx(actor: Actor | null, requestId?: string): Ctx;
}

export function createServices(
  db: Kysely<Database>,
  opts: {
    clock?: () => Date;
    auth?: Partial<AuthConfig>;
    /** A ready mail configuration, or SMTP URL / sender to build one (default: outbox only). */
    mail?: MailConfig | { smtpUrl?: string | undefined; from?: string | undefined };
  } = {},
): Services {
  const clock = opts.clock ?? systemClock;
  const mail = opts.mail && 'transport' in opts.mail ? opts.mail : createMailConfig(opts.mail);
  return {
    db,
    clock,
    auth: { ...DEFAULT_AUTH_CONFIG, ...opts.auth },
    mail,
    ctx: (actor, requestId) => ({ db, actor, clock, ...(requestId ? { requestId } : {}) }),
  };
}
