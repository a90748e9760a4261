import type { Kysely } from 'kysely';
import { type AuthConfig, DEFAULT_AUTH_CONFIG } from './auth/index';
import type { Database } from './db/database';
import { createMailConfig, type MailConfig } from './mail/index';
import type { PayrollFeeds } from './payroll/index';
import { defaultPayrollFeeds } from './payroll-wiring';
import type { Actor } from './access/index';
import { type Ctx, systemClock } from './shared/context';
import type { Freshness } from './shared/freshness';

/** What the server, the CLI and jobs hold: the database, the clock and configuration. */
export interface Services {
  db: Kysely<Database>;
  clock: () => Date;
  auth: AuthConfig;
  /** How mail is sent (SMTP_URL / MAIL_FROM); without SMTP, mail is kept in the outbox only. */
  mail: MailConfig;
  /** What feeds a payslip from the feature modules (payroll/ports.ts); every context carries it. */
  payrollFeeds: PayrollFeeds;
  /** A service context for one request or command. */
  ctx(actor: Actor | null, requestId?: string, fresh?: Freshness): Ctx;
}

export function createServices(
  db: Kysely<Database>,
  opts: {
    clock?: () => Date;
    auth?: Partial<AuthConfig>;
    /** A ready mail configuration, or SMTP URL / sender to build one (default: outbox only). */
    mail?: MailConfig | { smtpUrl?: string | undefined; from?: string | undefined };
    /** Replaces the feature modules' payroll feeds (default: `defaultPayrollFeeds()`). */
    payrollFeeds?: PayrollFeeds;
  } = {},
): Services {
  const clock = opts.clock ?? systemClock;
  const mail = opts.mail && 'transport' in opts.mail ? opts.mail : createMailConfig(opts.mail);
  const payrollFeeds = opts.payrollFeeds ?? defaultPayrollFeeds();
  return {
    db,
    clock,
    auth: { ...DEFAULT_AUTH_CONFIG, ...opts.auth },
    mail,
    payrollFeeds,
    ctx: (actor, requestId, fresh) => ({
      db,
      actor,
      clock,
      payrollFeeds,
      ...(requestId ? { requestId } : {}),
      ...(fresh ? { fresh } : {}),
    }),
  };
}
