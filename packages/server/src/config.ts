import path from 'node:path';

/** Server configuration from the environment (README documents every variable). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  sessionTtlHours: number;
  /** Mark the session cookie Secure (set when served over HTTPS). */
  cookieSecure: boolean;
  /** Seed the demo company when the database is empty. */
  seedDemo: boolean;
  webDist: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login and registration limits are per address). */
  trustProxy: boolean;
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@host:587; unset: mail is kept in the outbox only. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail, e.g. `HR <hr@company.co.id>`. */
  mailFrom: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return {
    port: num(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    sessionTtlHours: num(env.SESSION_TTL_HOURS, 12),
    cookieSecure: env.COOKIE_SECURE === '1' || env.COOKIE_SECURE === 'true',
    seedDemo: env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    ...overrides,
  };
}
