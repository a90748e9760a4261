/**
 * `pnpm bench load [--users 300] [--duration 60] [--employees 20000] [--processes 1|2] [--rate 1] [--ramp-up S]`:
 * the 08:00 rush (issue 22).
 *
 * On a PostgreSQL database of its own on DATABASE_URL (dropped afterwards): migrates, seeds the
 * demo company (`seedDemo`, 200 employees with schedules, punches and timesheets) and grows it to
 * `--employees` with plain rows, then gives `--users` of them a login: 70 % ordinary employees,
 * 15 % HR (human-capital), 10 % managers, 5 % warehouse. It starts `--processes` real server
 * processes (`packages/server/src/main.ts`, NODE_ENV=production) on that database; with 2 or more
 * it puts HAProxy (Debian's package: `apt-get install -y haproxy`) in front of them, round robin,
 * so nothing process-local (sessions, rate limits, jobs) can hide.
 *
 * The virtual users arrive one after another over `--ramp-up` seconds (default half the run, at most
 * 60 s: people do not all sign in in the same second) and then work until `--duration` seconds have
 * passed, each on its own connection at `--rate` requests a second (default 1; 0 = no pause), doing
 * what their role does at 08:00 (bench/lib/morning.ts): sign in (a real login, once), the home
 * dashboard, their own timesheet, and their work (leave requests, employee search, approvals
 * awaiting them, approving leave, warehouse requests). The load generator is autocannon, one
 * instance per user, in a child process (bench/lib/morning-child.ts).
 *
 * Target (issue 22): 300 concurrent users, p95 ≤ 250 ms, 0 errors. Any non-2xx answer or
 * connection error counts as an error; the first kinds are printed on stderr.
 *
 * Last line: {"users","requests","rps","p50Ms","p95Ms","p99Ms","errors", "logins","loginP95Ms","ratePerUser",
 * "rampUpSeconds"}: the percentiles are over every answer, sign-ins included; loginP95Ms is the sign-ins' own.
 * Progress goes to stderr.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '@hr/core/auth';
import { seedDemo } from '@hr/core/seed';
import { createServices } from '@hr/core/services';
import { sql } from 'kysely';
import type { MorningPlan, MorningRole, VirtualUser } from './lib/morning';
import { type BenchDb, withScratchDatabase } from './lib/scratch-db';
import { freePort, startServer, waitFor } from './lib/server-process';

process.env.NODE_ENV ??= 'production';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string' },
    duration: { type: 'string' },
    employees: { type: 'string' },
    processes: { type: 'string' },
    rate: { type: 'string' },
    'ramp-up': { type: 'string' },
  },
});
const whole = (v: string | undefined, fallback: number, min: number, max: number, name: string): number => {
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
};
const USERS = whole(args.users ?? process.env.BENCH_USERS, 300, 4, 5000, 'users');
const DURATION = whole(args.duration ?? process.env.BENCH_DURATION, 60, 1, 3600, 'duration');
const EMPLOYEES = whole(args.employees ?? process.env.BENCH_EMPLOYEES, 20_000, 200, 200_000, 'employees');
const PROCESSES = whole(args.processes ?? process.env.BENCH_PROCESSES, 1, 1, 8, 'processes');
/**
 * Requests per second of each user once signed in: a person opening pages, each page a few requests, about
 * once a second is a busy morning (0: no pause at all, every user as fast as the server answers, a stress test
 * rather than a morning: 30 such users keep a 2-core server busy).
 */
const RATE = whole(args.rate ?? process.env.BENCH_RATE, 1, 0, 100, 'rate');
/**
 * The users arrive one after another over this many seconds (default: half the run, at most 60 s), then all of
 * them keep working. Each arrival is a real sign-in: argon2id at OWASP's parameters costs about 0.1 s of one
 * core, so a 2-core server signs in at most ~10–20 people a second whatever else it does.
 */
const RAMP_UP = whole(args['ramp-up'] ?? process.env.BENCH_RAMP_UP, Math.min(60, Math.floor(DURATION / 2)), 0, 3600, 'ramp-up');
const DEMO_EMPLOYEES = 200;
const PASSWORD = 'morning-rush-1';
const ROOT = path.resolve(import.meta.dirname, '..');

const log = (...a: unknown[]) => console.error('[bench load]', ...a);
const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

/** Roles of the virtual users: 70 % employees, 15 % HR, 10 % managers, the rest warehouse. */
function roleOf(i: number, n: number): MorningRole {
  const share = i / n;
  return share < 0.7 ? 'employee' : share < 0.85 ? 'hr' : share < 0.95 ? 'manager' : 'warehouse';
}
const ACCOUNT_ROLE: Record<MorningRole, string> = {
  employee: 'employee',
  hr: 'human-capital',
  manager: 'manager',
  warehouse: 'warehouse-manager',
};

/** Copies the demo employees round robin into `total − demo` more rows (unique columns made unique or empty). */
async function grow(db: BenchDb, total: number): Promise<void> {
  const columns = (
    await sql<{ column_name: string; is_nullable: string }>`
      select column_name, is_nullable from information_schema.columns
      where table_name = 'employees' and table_schema = current_schema()
        and column_name <> 'id' and is_generated = 'NEVER' and column_default is null
      order by ordinal_position`.execute(db)
  ).rows;
  const unique = new Set(
    (
      await sql<{ attname: string }>`
        select a.attname from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = 'employees'::regclass and i.indisunique and not i.indisprimary`.execute(db)
    ).rows.map((r) => r.attname),
  );
  const select = columns.map(({ column_name: c }) => {
    if (c === 'employee_number') return sql`'LD-' || lpad(g::text, 6, '0')`;
    if (c === 'email') return sql`'load' || g || '@bench.co.id'`;
    if (c === 'given_name') return sql`e.given_name || ' ' || g`;
    if (unique.has(c)) return sql`null`;
    return sql.ref(`e.${c}`);
  });
  const base = await db.selectFrom('employees').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const more = total - base.n;
  if (more <= 0) return;
  await sql`
    insert into employees (${sql.join(columns.map((c) => sql.id(c.column_name)))})
    select ${sql.join(select)}
    from generate_series(1, ${more}) g
    join (select row_number() over (order by id) - 1 as rn, * from employees) e on e.rn = g % ${base.n}`.execute(db);
}

/** Logins for the virtual users: demo employees without a login first, then grown ones. */
async function createUsers(db: BenchDb, n: number): Promise<VirtualUser[]> {
  const hash = await hashPassword(PASSWORD);
  const free = await db
    .selectFrom('employees')
    .leftJoin('users', 'users.employee_id', 'employees.id')
    .where('users.id', 'is', null)
    // Working employees only: a login of someone who has left is refused, rightly.
    .where(sql<boolean>`coalesce(employees.resigned, 0) = 0`)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('employee_resignations as r').select('r.id').whereRef('r.employee_id', '=', 'employees.id'))),
    )
    .select('employees.id')
    .orderBy('employees.id')
    .limit(n)
    .execute();
  if (free.length < n) throw new Error(`only ${free.length} employees without a login for ${n} users`);
  const planned = free.map((e, index) => ({ index, employeeId: e.id, role: roleOf(index, n) }));
  const rows = await db
    .insertInto('users')
    .values(
      planned.map((p) => ({
        email: `vu${p.index}@bench.co.id`,
        password_hash: hash,
        employee_id: p.employeeId,
        active: true,
        must_change_password: false,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  await db
    .insertInto('user_roles')
    .values(rows.map((r, i) => ({ user_id: r.id, role: ACCOUNT_ROLE[planned[i]!.role] as never })))
    .execute();
  const hr = planned.filter((p) => p.role === 'hr');
  return planned.map((p) => ({
    index: p.index,
    role: p.role,
    email: `vu${p.index}@bench.co.id`,
    password: PASSWORD,
    ...(p.role === 'hr' ? { approver: { slot: hr.findIndex((h) => h.index === p.index), of: hr.length } } : {}),
  }));
}

/** A one-day leave type that does not count against the annual balance (the users file one per loop). */
async function leaveTypeFor(db: BenchDb): Promise<number> {
  const t = await db
    .selectFrom('leave_types')
    .select('id')
    .where('active', '=', true)
    .where('counts_annual', '=', false)
    .where('needs_attachment', '=', false)
    .orderBy('id')
    .executeTakeFirst();
  if (!t) throw new Error('the demo seed has no active leave type outside the annual balance without an attachment');
  return t.id;
}

/** Monday to Friday of next year (leave requests stay inside one calendar year). */
function weekdaysOf(year: number): string[] {
  const out: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

function haproxyConfig(port: number, backends: number[]): string {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  option http-keep-alive',
    'frontend rush',
    `  bind 127.0.0.1:${port}`,
    '  default_backend hr',
    'backend hr',
    '  balance roundrobin',
    ...backends.map((p, i) => `  server hr${i + 1} 127.0.0.1:${p}`),
    '',
  ].join('\n');
}

function haproxyBinary(): string {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return 'haproxy';
  } catch {
    throw new Error(`--processes ${PROCESSES} puts HAProxy in front of the servers; install it: apt-get install -y haproxy`);
  }
}

interface ChildFigures {
  requests: number;
  seconds: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  logins: number;
  loginP95Ms: number;
  failures: Record<string, number>;
  answers: Record<string, number>;
  p95MsOf: Record<string, number>;
}

function runLoad(baseUrl: string, users: VirtualUser[], plan: MorningPlan): Promise<ChildFigures> {
  const child = path.join(import.meta.dirname, 'lib/morning-child.ts');
  const options = JSON.stringify({ baseUrl, duration: DURATION, rampUp: RAMP_UP, rate: RATE, users, plan });
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', child, options], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ChildFigures);
    });
  });
}

async function main(): Promise<void> {
  await withScratchDatabase('hr_bench_load', log, async (db, databaseUrl) => {
    const t0 = Date.now();
    const services = createServices(db);
    await seedDemo(services.ctx(null), { employees: DEMO_EMPLOYEES });
    await grow(db, EMPLOYEES);
    const users = await createUsers(db, USERS);
    const leaveTypeId = await leaveTypeFor(db);
    await sql`analyze`.execute(db);
    const names = await db.selectFrom('employees').select('surname').where('surname', 'is not', null).limit(50).execute();
    const today = new Date();
    const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)).toISOString().slice(0, 10);
    const plan: MorningPlan = {
      leaveTypeId,
      leaveDates: weekdaysOf(today.getUTCFullYear() + 1),
      from: monthStart,
      to: today.toISOString().slice(0, 10),
      searchTerms: [...new Set(names.map((n) => n.surname!).filter((s) => s.length >= 3))],
    };
    const counts: Record<string, number> = {};
    for (const u of users) counts[u.role] = (counts[u.role] ?? 0) + 1;
    log(
      `seeded ${EMPLOYEES} employees and ${USERS} logins (${JSON.stringify(counts)}) in ${round((Date.now() - t0) / 1000, 1)} s`,
    );

    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-load-'));
    const children: ChildProcess[] = [];
    try {
      const ports = await Promise.all(Array.from({ length: PROCESSES }, freePort));
      for (const [i, port] of ports.entries()) {
        const dir = path.join(dataDir, `server${i + 1}`);
        children.push(startServer(databaseUrl, port, dir, { TRUST_PROXY: PROCESSES > 1 ? '1' : '0' }));
      }
      for (const [i, port] of ports.entries()) {
        await waitFor(`http://127.0.0.1:${port}/healthz`, children[i]!, `server ${i + 1}`);
      }
      let baseUrl = `http://127.0.0.1:${ports[0]}`;
      if (PROCESSES > 1) {
        const bin = haproxyBinary();
        const port = await freePort();
        const cfg = path.join(dataDir, 'haproxy.cfg');
        writeFileSync(cfg, haproxyConfig(port, ports));
        const proxy = spawn(bin, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
        children.push(proxy);
        baseUrl = `http://127.0.0.1:${port}`;
        await waitFor(`${baseUrl}/healthz`, proxy, 'haproxy');
        log(`${PROCESSES} server processes behind HAProxy on ${baseUrl}`);
      }
      log(
        `${USERS} virtual users arriving over ${RAMP_UP} s, ${RATE ? `${RATE} request/s each` : 'no pause between requests'}, for ${DURATION} s against ${baseUrl}`,
      );
      const r = await runLoad(baseUrl, users, plan);
      for (const [what, n] of Object.entries(r.answers)) log(`answered: ${what} ×${n}, p95 ${r.p95MsOf[what] ?? '?'} ms`);
      for (const [what, n] of Object.entries(r.failures)) log(`failed: ${what} ×${n}`);
      const figures = {
        users: USERS,
        requests: r.requests,
        rps: round(r.requests / r.seconds),
        p50Ms: r.p50Ms,
        p95Ms: r.p95Ms,
        p99Ms: r.p99Ms,
        errors: r.errors,
        logins: r.logins,
        loginP95Ms: r.loginP95Ms,
        ratePerUser: RATE,
        rampUpSeconds: RAMP_UP,
      };
      log(`target: p95 ≤ 250 ms and 0 errors at 300 users (${PROCESSES} process${PROCESSES > 1 ? 'es' : ''})`);
      console.log(JSON.stringify(figures));
    } finally {
      for (const c of children.reverse()) c.kill('SIGTERM');
      await Promise.all(children.map((c) => (c.exitCode !== null ? undefined : new Promise((r) => c.once('exit', r)))));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
