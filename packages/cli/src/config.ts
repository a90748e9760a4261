import path from 'node:path';

/** Where the CLI's database is: read from the environment exactly as the server does (packages/server/src/config.ts). */
export interface CliConfig {
  /** Embedded database folder (PGlite lives in `<dataDir>/pgdata`); DATA_DIR, default ./data. */
  dataDir: string;
  /** DATABASE_URL (postgres://…); when set, PostgreSQL is used and DATA_DIR is not. */
  databaseUrl: string | undefined;
}

export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  return {
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
  };
}

/** A human description of the database, without credentials. */
export function describeDatabase(cfg: CliConfig): string {
  if (!cfg.databaseUrl) return `embedded database in ${cfg.dataDir}`;
  try {
    const u = new URL(cfg.databaseUrl);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}
