/**
 * The world one harness test file runs in: a fresh migrated database with the demo company
 * (30 employees, one login per role), a few pending registrations, pending grants requested
 * by someone other than the superadmin and an OAuth credential (so approve / reject /
 * activate / revoke reach their success paths), and the app on top of it.
 */
import { randomBytes } from 'node:crypto';
import { actorForUser, createCredential, createUser, hashToken, newToken } from '@hr/core/auth';
import { assignGrant } from '@hr/core/permissions';
import { createServices, type Services } from '@hr/core/services';
import { ensureReferenceData, seedDemo } from '@hr/core/seed';
import { register } from '@hr/core/registration';
import { requirePermission, type PermissionKey, ROLE_KEYS, ROLES, type RoleKey } from '@hr/core/access';
import { createTestDb, type TestDb } from '@hr/core/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { lineSink } from '../rest/test-harness';

/** Fixed default seed; HARNESS_SEED overrides it (the failure message prints the one used). */
export const HARNESS_SEED = intFromEnv('HARNESS_SEED', 20261122);
/** HARNESS_RUNS, when set: fast-check runs per procedure and per kind of input (valid-ish, broken). */
const RUNS_FROM_ENV = process.env.HARNESS_RUNS ? intFromEnv('HARNESS_RUNS', 25) : null;
/** Runs of each kind over the whole router by default: keeps the harness near its time budget (~90 s on 2 cores). */
const RUN_BUDGET = 1200;

/**
 * Runs per procedure and kind of input: HARNESS_RUNS when set; else 25, scaled down on a big
 * router so the total stays near RUN_BUDGET, never below 6. The runs are split over the doors.
 */
export function runsPerProcedure(procedures: number): number {
  if (RUNS_FROM_ENV !== null) return RUNS_FROM_ENV;
  return Math.max(6, Math.min(25, Math.floor(RUN_BUDGET / Math.max(1, procedures))));
}

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, got ${raw}`);
  return n;
}

/** A 32-bit seed for one property, derived from the harness seed and the property's name (FNV-1a). */
export function seedFor(...parts: string[]): number {
  let h = 0x811c9dc5 ^ HARNESS_SEED;
  for (const ch of parts.join('|')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

export type Counts = Record<string, number>;

export interface SignedIn {
  userId: number;
  token: string;
}

export interface HarnessEnv {
  app: FastifyInstance;
  services: Services;
  /** admin@demo.co.id (superadmin), signed in through REST login. */
  admin: SignedIn;
  /** employee@demo.co.id (role employee), signed in through REST login. */
  employee: SignedIn;
  /** A session for a user, written straight to the database (no login, no password hash). */
  mintSession(userId: number, opts?: { expired?: boolean; revoked?: boolean }): Promise<string>;
  /** A new active login holding exactly these roles. */
  makeUser(roles: readonly RoleKey[], label: string): Promise<number>;
  /**
   * Row count of every table in schema public (listed from information_schema), as kept by
   * statement triggers the harness installs (installRowCounters): one small read per snapshot.
   */
  counts(): Promise<Counts>;
  /** The same counts by count(*) on every table (checks the triggers' bookkeeping). */
  exactCounts(): Promise<Counts>;
  /** The counts before a call: the last snapshot when nothing can have written since, else a fresh one. */
  countsBefore(): Promise<Counts>;
  /**
   * After a call: for a refusal (4xx), the tables whose row count changed (minus `allowed`);
   * nothing to check for other answers.
   */
  countsAfter(before: Counts, status: number, allowed?: readonly string[]): Promise<string[]>;
  /** Milliseconds spent counting rows, for the summary. */
  readonly countMs: { total: number };
  /** Server error log lines of one request (x-request-id), stack included. */
  logsFor(requestId: string): string[];
  nextRequestId(): string;
  /** A client address not used before (login's per-address rate limit never trips). */
  nextAddress(): string;
  close(): Promise<void>;
}

/** Starts the app on a fresh database with the dataset above. */
export async function startHarness(): Promise<HarnessEnv> {
  const tdb: TestDb = await createTestDb();
  await ensureReferenceData(tdb.db);
  const services = createServices(tdb.db);
  await seedDemo(services.ctx(null), { employees: 30 });
  await seedExtras(services);

  const { lines, stream } = lineSink();
  const app = await buildApp({
    services,
    config: loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'error' }),
    logger: { level: 'error', stream },
  });
  await app.ready();

  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(tdb.db)
  ).rows.map((r) => r.table_name);
  const exactQuery = sql.raw(
    `select ${tables.map((t, i) => `(select count(*) from public.${ident(t)})::int as c${i}`).join(', ')}`,
  );
  await installRowCounters(tdb.db, tables);

  let cached: Counts | null = null;
  const countMs = { total: 0 };
  let request = 0;
  let address = 0;
  const login = async (email: string, password: string): Promise<SignedIn> => {
    const res = await app.inject({ method: 'POST', url: '/v2/h/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`harness login ${email} failed: ${res.statusCode} ${res.body}`);
    const r = res.json() as { result: { token: string; user: { userId: number } } };
    return { userId: r.result.user.userId, token: r.result.token };
  };

  const env: HarnessEnv = {
    app,
    services,
    admin: await login('admin@demo.co.id', 'admin12345'),
    employee: await login('employee@demo.co.id', 'demo12345'),
    async mintSession(userId, opts = {}) {
      cached = null;
      const token = newToken();
      const now = Date.now();
      await tdb.db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          expires_at: new Date(opts.expired ? now - 60_000 : now + 3600_000),
          revoked_at: opts.revoked ? new Date(now - 1000) : null,
          ip: null,
          user_agent: 'harness',
        })
        .execute();
      return token;
    },
    async makeUser(roles, label) {
      cached = null;
      const email = `harness.${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.${randomBytes(3).toString('hex')}@test.co.id`;
      const u = await createUser(services.ctx(null), { email, password: randomBytes(12).toString('hex'), roles: [...roles] });
      return u.id;
    },
    async counts() {
      const t0 = performance.now();
      const rows = (
        await sql<{ t: string; n: number }>`select table_name as t, n::int as n from harness.row_counts`.execute(tdb.db)
      ).rows;
      countMs.total += performance.now() - t0;
      return Object.fromEntries(rows.map((r) => [r.t, r.n]));
    },
    async exactCounts() {
      const row = (await exactQuery.execute(tdb.db)).rows[0] as Record<string, number>;
      return Object.fromEntries(tables.map((t, i) => [t, row[`c${i}`]!]));
    },
    countMs,
    async countsBefore() {
      cached ??= await env.counts();
      return cached;
    },
    async countsAfter(before, status, allowed = []) {
      cached = null;
      if (status < 400 || status >= 500) return [];
      const after = await env.counts();
      cached = after;
      return countChanges(before, after, allowed);
    },
    logsFor(requestId) {
      return lines.filter((l) => l.includes(`"${requestId}"`));
    },
    nextRequestId: () => `harness-${++request}`,
    nextAddress() {
      address++;
      return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    },
    async close() {
      await app.close();
      await tdb.destroy();
    },
  };
  return env;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Keeps the row count of every public table in harness.row_counts (a schema of the test
 * database only), maintained by statement-level triggers on insert, delete and truncate in the
 * same transaction as the write: a rolled-back write leaves it as it was, exactly like
 * count(*). Reading one small table per snapshot instead of count(*) on every table keeps the
 * "a refusal writes nothing" check cheap on a router of hundreds of procedures.
 */
async function installRowCounters(db: TestDb['db'], tables: string[]): Promise<void> {
  await sql`create schema harness`.execute(db);
  await sql`create table harness.row_counts (table_name text primary key, n bigint not null)`.execute(db);
  await sql
    .raw(`create function harness.count_rows() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' then
    update harness.row_counts set n = n + (select count(*) from harness_new) where table_name = tg_table_name;
  elsif tg_op = 'DELETE' then
    update harness.row_counts set n = n - (select count(*) from harness_old) where table_name = tg_table_name;
  else
    update harness.row_counts set n = 0 where table_name = tg_table_name;
  end if;
  return null;
end
$fn$`)
    .execute(db);
  for (const t of tables) {
    const q = `public.${ident(t)}`;
    for (const statement of [
      `create trigger harness_rows_ins after insert on ${q} referencing new table as harness_new for each statement execute function harness.count_rows()`,
      `create trigger harness_rows_del after delete on ${q} referencing old table as harness_old for each statement execute function harness.count_rows()`,
      `create trigger harness_rows_trunc after truncate on ${q} for each statement execute function harness.count_rows()`,
      `insert into harness.row_counts select '${t.replace(/'/g, "''")}', count(*) from ${q}`,
    ])
      await sql.raw(statement).execute(db);
  }
}

/** Pending registrations, grants requested by human capital (not the superadmin), one OAuth credential. */
async function seedExtras(services: Services): Promise<void> {
  const ctx = services.ctx(null);
  for (let i = 1; i <= 8; i++) {
    await register(ctx, {
      email: `applicant${i}@harness.test`,
      givenName: `Applicant${i}`,
      surname: 'Harness',
      gender: i % 2 ? 'Female' : 'Male',
      birthDate: '1995-05-17',
      religionId: 1,
      educationLevelId: 1,
      maritalStatusId: 5,
    });
  }
  const users = await services.db.selectFrom('users').select(['id', 'email']).execute();
  const idOf = (email: string) => users.find((u) => u.email === email)!.id;
  const hc = await actorForUser(services.db, idOf('hc@demo.co.id'), 'user');
  const admin = await actorForUser(services.db, idOf('admin@demo.co.id'), 'user');
  const assign = requirePermission(hc, 'permission.assign');
  const hcCtx = services.ctx(hc);
  for (let id = 1; id <= 4; id++) {
    await assignGrant(hcCtx, assign, 'employee', { subjectId: id, grant: { kind: 'permission', key: 'salary.view' } });
    await assignGrant(hcCtx, assign, 'employee', { subjectId: id, grant: { kind: 'role', key: 'supervisor' } });
    await assignGrant(hcCtx, assign, 'job_position', { subjectId: id, grant: { kind: 'permission', key: 'canteen.view' } });
  }
  await createCredential(services.ctx(admin), requirePermission(admin, 'developer.access'), { name: 'harness agent' });
}

/** Tables whose row count changes are differences between two snapshots, minus the allowed ones. */
export function countChanges(before: Counts, after: Counts, allowed: readonly string[] = []): string[] {
  return Object.keys({ ...before, ...after })
    .filter((t) => !allowed.includes(t) && before[t] !== after[t])
    .map((t) => `${t} ${before[t] ?? 0}→${after[t] ?? 0}`);
}

/**
 * Tables a procedure writes by design even when it refuses the call. auth.login records
 * every attempt in login_attempts: that is how its rate limit counts failures (auth/service.ts).
 */
export const WRITES_ON_REFUSAL: Readonly<Record<string, readonly string[]>> = {
  'auth.login': ['login_attempts'],
  // Every registration attempt counts against its IP address (limitRegistration), refused or not.
  'employee.registration.submit': ['login_attempts'],
  // A refused client secret counts against the client id and the address (issue 16 item 7), as a failed login does.
  'auth.token': ['login_attempts'],
};

/** The server's log of a failed request, trimmed for a failure message. */
export function logExcerpt(env: HarnessEnv, requestId: string): string {
  const lines = env.logsFor(requestId);
  if (!lines.length) return '';
  const text = lines
    .map((l) => {
      try {
        const o = JSON.parse(l) as { msg?: string; err?: { type?: string; message?: string; stack?: string; code?: string } };
        const stack = o.err?.stack?.split('\n').slice(0, 8).join('\n      ') ?? '';
        return `${o.msg ?? ''}: ${o.err?.type ?? ''} ${o.err?.code ?? ''} ${o.err?.message ?? ''}\n      ${stack}`;
      } catch {
        return l.slice(0, 500);
      }
    })
    .join('\n    ');
  return `\n  server log:\n    ${text}`;
}

/** Every role except those that grant `key` (empty when every role grants it). */
export function rolesLacking(key: PermissionKey): RoleKey[] {
  return ROLE_KEYS.filter((r) => !ROLES[r].permissions.includes(key));
}
