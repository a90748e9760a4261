/**
 * `pnpm bench web`: the web app at 100,000 employees (issue 22: the employee list, the timesheet and a payroll
 * run's detail render their first page in < 1 s with 100,000 rows behind them), measured in a real browser.
 *
 * Creates a database of its own on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; dropped
 * afterwards, BENCH_KEEP=1 keeps it), migrates, and generates with set-based SQL (generate_series, no JS loops):
 * the reference data, 4 offices with 5 departments each, BENCH_EMPLOYEES employees (default 100,000), November
 * 2026's timesheets for all of them (one row per employee and day: ~3 million rows at 100,000), one draft payroll
 * run for 2026-11 with one payslip per employee (with lines), and a superadmin login (sees every office); then
 * `vacuum analyze`.
 *
 * It builds the web app once (`vite build --outDir` a temporary directory; BENCH_WEB_DIST=<dir> uses a build
 * you already have), starts a real server process on that database (`packages/server/src/main.ts`,
 * NODE_ENV=production, WEB_DIST pointing at the build), launches Debian's Chromium through Playwright
 * (CHROMIUM_PATH, default /usr/bin/chromium; Playwright never downloads a browser here), signs in through the
 * login page, and loads each page 4 times, a fresh navigation each time: one warm-up load, then 3 timed ones.
 * A load's time runs from navigation start (the page's `performance.timeOrigin`) to the animation frame in which
 * the first table row with real data (a seeded employee's name) is in the document: the pages are
 * /employee/list, /attendance/timesheet?from=2026-11-01&to=2026-11-30 and /salary/report/<run>/detail.
 * Also logged on stderr per load, to tell server time from browser time: when the HTML document arrived, and when
 * the tRPC request carrying the page's list was sent and answered; and the machine's load average. Then, on stderr
 * only, each page once more opened on a server-side search for one employee by name (`q` in the URL).
 *
 * Last line: {"employees", "timesheetRows", "payslips", "employeeListMs", "timesheetMs", "payrollRunMs"}: each
 * `…Ms` the median of the 3 timed loads. Progress goes to stderr.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '@hr/core/auth';
import { sql } from 'kysely';
import { type BenchDb, withScratchDatabase } from './lib/scratch-db';
import { seedMonthTimesheets, seedOfficesAndDepartments } from './lib/seed';
import { freePort, startServer, waitFor } from './lib/server-process';
import { CHROMIUM_LAUNCH } from '../tests/chromium';

// Playwright is the e2e tests' dependency: loaded from tests/ (createRequire) rather than added to the benchmarks'
// own, with just the part of its API used here typed.
interface Page {
  goto(url: string, opts?: { waitUntil?: 'commit' | 'load' }): Promise<unknown>;
  fill(selector: string, value: string): Promise<void>;
  click(selector: string): Promise<void>;
  waitForURL(match: (u: URL) => boolean): Promise<void>;
  waitForFunction(fn: () => boolean, arg: undefined, opts: { timeout: number; polling: number }): Promise<unknown>;
  evaluate<T>(expression: string): Promise<T>;
}
interface Browser {
  newContext(opts: { baseURL: string; viewport: { width: number; height: number } }): Promise<{
    addInitScript(script: string): Promise<void>;
    newPage(): Promise<Page>;
  }>;
  close(): Promise<void>;
}
interface PlaywrightTest {
  chromium: { launch(opts: { executablePath: string; args: string[] }): Promise<Browser> };
}

process.env.NODE_ENV ??= 'production';
const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 100_000);
if (!Number.isInteger(EMPLOYEES) || EMPLOYEES < 1) throw new Error('BENCH_EMPLOYEES must be a whole number from 1');
const FROM = '2026-11-01';
const TO = '2026-11-30';
const PERIOD = '2026-11';
const EMAIL = 'web-bench@bench.co.id';
const PASSWORD = 'web-bench-12345';
const TIMED_LOADS = 3;
const ROOT = path.resolve(import.meta.dirname, '..');

const log = (...a: unknown[]) => console.error('[bench web]', ...a);
const secondsSince = (t0: number) => Math.round((performance.now() - t0) / 10) / 100;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function seed(db: BenchDb): Promise<number> {
  await seedOfficesAndDepartments(db);
  await sql`insert into employees (employee_number, given_name, surname, email, gender, birth_date, religion_id,
      education_level_id, marital_status_id, company_office_id, department_id, contract_type, entry_date)
    select 'W-' || lpad(i::text, 6, '0'), 'Given' || i, 'Surname' || (i * 7919 % 997), 'e' || i || '@bench.co.id',
      case when i % 2 = 0 then 'Male' else 'Female' end, date '1990-01-01', 1, 1, 1,
      d.company_office_id, d.id, 5, date '2024-01-01'
    from generate_series(1, ${EMPLOYEES}) i
    join (select row_number() over (order by id) - 1 as rn, id, company_office_id from departments) d on d.rn = i % 20`.execute(
    db,
  );
  // November's timesheets as the attendance engine writes them (as bench/payroll.ts): one row per employee and day.
  await seedMonthTimesheets(db, FROM, TO, { workedMinutes: true });
  // One draft run for November, the whole company, one payslip per employee with its lines (as runPayroll writes
  // them: earnings, deductions and employer costs, each with a trace).
  const run = await db
    .insertInto('payroll_runs')
    .values({ period: PERIOD, company_office_id: null, status: 'draft', employees: 0, skipped: '[]', gross: 0, tax: 0, net: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into payslips (run_id, employee_id, period, ptkp_status, basic_salary, gross, taxable_gross, total_deductions,
      pph21, net, annual_deductions, employer_cost, lines)
    select ${run.id}, e.id, ${PERIOD}, 'TK/0', s.basic, s.basic + 500000, s.basic + 500000, s.basic / 25,
      s.basic / 20, s.basic + 500000 - s.basic / 25 - s.basic / 20, 0, s.basic + s.basic / 10,
      json_build_array(
        json_build_object('code', 'BASIC', 'name', 'Basic salary', 'kind', 'earning', 'amount', s.basic,
          'trace', 'Basic salary from contract K-' || e.id),
        json_build_object('code', 'TRANSPORT', 'name', 'Transport', 'kind', 'earning', 'amount', 500000,
          'trace', 'Fixed allowance'),
        json_build_object('code', 'BPJS_KES', 'name', 'BPJS Kesehatan', 'kind', 'deduction', 'amount', s.basic / 100,
          'trace', '1% of ' || s.basic),
        json_build_object('code', 'JHT', 'name', 'JHT', 'kind', 'deduction', 'amount', s.basic / 50,
          'trace', '2% of ' || s.basic),
        json_build_object('code', 'JP', 'name', 'JP', 'kind', 'deduction', 'amount', s.basic / 100,
          'trace', '1% of ' || s.basic),
        json_build_object('code', 'PPH21', 'name', 'PPh 21', 'kind', 'deduction', 'amount', s.basic / 20,
          'trace', 'TER A on ' || (s.basic + 500000)),
        json_build_object('code', 'BPJS_KES_ER', 'name', 'BPJS Kesehatan (employer)', 'kind', 'employer',
          'amount', s.basic / 25, 'trace', '4% of ' || s.basic))
    from employees e cross join lateral (select 4500000 + (e.id % 100) * 355000 as basic) s`.execute(db);
  await sql`
    update payroll_runs r set employees = p.n, gross = p.gross, tax = p.tax, net = p.net
    from (select count(*) as n, sum(gross) as gross, sum(pph21) as tax, sum(net) as net from payslips where run_id = ${run.id}) p
    where r.id = ${run.id}`.execute(db);
  // HR's view of everything: a superadmin login.
  const user = await db
    .insertInto('users')
    .values({ email: EMAIL, password_hash: await hashPassword(PASSWORD), active: true, must_change_password: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_roles')
    .values({ user_id: user.id, role: 'superadmin' as never })
    .execute();
  // What autovacuum does after such a load: statistics and the visibility map.
  await sql`vacuum analyze`.execute(db);
  return run.id;
}

/** The web app's production build: BENCH_WEB_DIST if given, else a fresh `vite build` into a temporary directory. */
function webBuild(): { dir: string; temporary: boolean } {
  if (process.env.BENCH_WEB_DIST) return { dir: path.resolve(process.env.BENCH_WEB_DIST), temporary: false };
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-bench-web-dist-'));
  const t0 = performance.now();
  execFileSync('pnpm', ['--filter', '@hr/web', 'exec', 'vite', 'build', '--outDir', dir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  log(`web app built into ${dir} in ${secondsSince(t0)} s`);
  return { dir, temporary: true };
}

/**
 * Installed before every page's own scripts: notes (in `window.__firstRow`, ms since navigation start) the
 * animation frame in which a table body first holds a row with a seeded employee's name (not "Loading…"; on a
 * search, the searched employee's).
 */
const FIRST_ROW_PROBE = `(() => {
  // On a search (q in the URL, a name), a row of that employee.
  const q = new URLSearchParams(location.search).get('q');
  const real = q ? new RegExp(q + '\\\\b') : /Given\\d/;
  const hasRow = () => {
    for (const tr of document.querySelectorAll('tbody tr')) {
      if (tr.children.length > 1 && real.test(tr.textContent || '')) return true;
    }
    return false;
  };
  let seen = false;
  const check = () => {
    if (seen || !hasRow()) return;
    seen = true;
    requestAnimationFrame(() => { window.__firstRow = performance.now(); });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** One load: the first row's time, and where it went (ms since navigation start). */
interface Load {
  ms: number;
  /** The HTML document's response ended (the server's and network's part of the shell). */
  documentMs: number;
  /** The tRPC batch carrying the page's list procedure: when the app sent it and when its answer ended. */
  dataStartMs: number;
  dataEndMs: number;
}

async function timeLoad(page: Page, url: string, procedure: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (globalThis as { __firstRow?: number }).__firstRow !== undefined, undefined, {
    timeout: 120_000,
    polling: 50,
  });
  const probe = `(() => {
    const entries = performance.getEntriesByType('resource').filter((e) => e.name.includes('/trpc/') && e.name.includes(${JSON.stringify(procedure)}));
    const data = entries[entries.length - 1];
    const doc = performance.getEntriesByType('navigation')[0];
    return {
      ms: Math.round(window.__firstRow),
      documentMs: Math.round(doc ? doc.responseEnd : -1),
      dataStartMs: Math.round(data ? data.startTime : -1),
      dataEndMs: Math.round(data ? data.responseEnd : -1),
    };
  })()`;
  return page.evaluate<Load>(probe);
}

async function main(): Promise<void> {
  await withScratchDatabase('hr_bench_web', log, async (db, databaseUrl) => {
    const t0 = performance.now();
    const runId = await seed(db);
    const count = async (table: 'employees' | 'timesheets' | 'payslips') =>
      Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
    const figures = {
      employees: await count('employees'),
      timesheetRows: await count('timesheets'),
      payslips: await count('payslips'),
    };
    log(
      `seeded ${figures.employees} employees, ${figures.timesheetRows} timesheet rows, ${figures.payslips} payslips (run #${runId}) in ${secondsSince(t0)} s`,
    );

    const build = webBuild();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hr-bench-web-'));
    const port = await freePort();
    const server = startServer(databaseUrl, port, dataDir, { WEB_DIST: build.dir });
    const { chromium } = createRequire(path.join(ROOT, 'tests/package.json'))('@playwright/test') as PlaywrightTest;
    let browser: Browser | undefined;
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/healthz`, server);
      log(`server on ${base}`);
      // As the end-to-end tests launch it.
      browser = await chromium.launch(CHROMIUM_LAUNCH);
      const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 } });
      await context.addInitScript(FIRST_ROW_PROBE);
      const page = await context.newPage();
      // Signs in through the login page, as the e2e tests do (tests/e2e/helpers.ts signIn).
      await page.goto('/login');
      await page.fill('#email', EMAIL);
      await page.fill('#password', PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      log(
        `signed in; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${availableParallelism()} cores`,
      );

      const pages = [
        ['employeeListMs', '/employee/list', 'employee.list'],
        ['timesheetMs', `/attendance/timesheet?from=${FROM}&to=${TO}`, 'attendance.timesheet.list'],
        ['payrollRunMs', `/salary/report/${runId}/detail`, 'salary.report.detail'],
      ] as const;
      const results: Record<string, number> = {};
      const describe = (load: Load, procedure: string) =>
        `first row at ${load.ms} ms (document ${load.documentMs} ms, ${procedure} sent at ${load.dataStartMs} ms, ` +
        `answered at ${load.dataEndMs} ms: ${load.dataEndMs - load.dataStartMs} ms)`;
      for (const [key, url, procedure] of pages) {
        const times: number[] = [];
        for (let i = 0; i <= TIMED_LOADS; i++) {
          const load = await timeLoad(page, url, procedure);
          log(`${url} ${i === 0 ? 'warm-up' : `load ${i}`}: ${describe(load, procedure)}`);
          if (i > 0) times.push(load.ms);
        }
        results[key] = median(times);
      }
      // Not in the last line: the same pages opened on a server-side search for one employee by name (`q` in the URL,
      // as typing in the page's search box leaves it), one load each.
      const searched = `Given${Math.max(1, Math.floor(figures.employees * 0.77))}`;
      for (const [, url, procedure] of pages) {
        const load = await timeLoad(page, `${url}${url.includes('?') ? '&' : '?'}q=${searched}`, procedure);
        log(`${url} searching "${searched}": ${describe(load, procedure)}`);
      }
      log(
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      console.log(JSON.stringify({ ...figures, ...results }));
    } finally {
      await browser?.close().catch(() => undefined);
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(undefined) : server.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
      if (build.temporary) rmSync(build.dir, { recursive: true, force: true });
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
