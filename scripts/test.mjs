#!/usr/bin/env node
// The README's test command: unit + integration tests (vitest, real database) and the
// end-to-end journeys (Playwright in Debian's Chromium against a real server).
// With TEST_DATABASE_URL set (postgres://…) every database test runs on PostgreSQL,
// and the end-to-end server gets a fresh PostgreSQL database of its own; otherwise PGlite.
// Ends with one plain line "N passed, N failed"; SUMMARY_FILE gets the same counts as JSON.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv[2]; // "unit" | "e2e" | undefined (both)
let passed = 0;
let failed = 0;
let ok = true;

const run = (cmd, args, env = {}, cwd = root) => {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
};

if (only !== 'e2e') {
  const out = path.join(tmp, 'vitest.json');
  rmSync(out, { force: true });
  // TEST_DB_ONLY=1 (CI's second pass, on PostgreSQL) runs only the tests that use a database
  // (`*.db.test.ts`): the others do not depend on the database and already ran in the first pass.
  const filter = process.env.TEST_DB_ONLY === '1' ? ['.db.test.'] : [];
  const good = run('pnpm', [
    'exec',
    'vitest',
    'run',
    ...filter,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests + (good || j.numFailedTests ? 0 : 1);
  } else failed += 1;
  ok &&= good;
}

if (only !== 'unit') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Chromium not found at ${chromium}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    failed += 1;
    ok = false;
  } else {
    // E2E_SKIP_BUILD=1: the web app was just built from the same sources (CI's second pass).
    // Built even when a unit test failed (`ok &&= run(…)` would skip it and every journey would then fail).
    if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(path.join(root, 'packages/web/dist/index.html'))) {
      const built = run('pnpm', ['--filter', '@hr/web', 'build']);
      ok &&= built;
    }
    const out = path.join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    const dataDir = path.join(tmp, `e2e-data-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    const env = { E2E_JSON: out, E2E_DATA_DIR: dataDir };
    let dropDb;
    if (process.env.TEST_DATABASE_URL) {
      const name = `hr_e2e_${Date.now().toString(36)}`;
      const admin = process.env.TEST_DATABASE_URL;
      run(
        'node',
        [
          '-e',
          `const pg=require('pg');const c=new pg.Client(${JSON.stringify(admin)});c.connect().then(()=>c.query('create database ${name}')).then(()=>c.end())`,
        ],
        {},
        path.join(root, 'packages/core'),
      );
      const u = new URL(admin);
      u.pathname = `/${name}`;
      env.E2E_DATABASE_URL = u.toString();
      dropDb = () =>
        run(
          'node',
          [
            '-e',
            `const pg=require('pg');const c=new pg.Client(${JSON.stringify(admin)});c.connect().then(()=>c.query('drop database if exists ${name} with (force)')).then(()=>c.end())`,
          ],
          {},
          path.join(root, 'packages/core'),
        );
    }
    // TEST_DB_ONLY=1 (CI's PostgreSQL pass): the journeys listed in tests/postgres-journeys.txt; all of them ran
    // in the first pass (docs/decisions.md, "CI time on two cores").
    const subset =
      process.env.TEST_DB_ONLY === '1'
        ? readFileSync(path.join(root, 'tests/postgres-journeys.txt'), 'utf8')
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => l && !l.startsWith('#'))
        : [];
    const good = run('pnpm', ['--filter', '@hr/e2e', 'exec', 'playwright', 'test', ...subset], env);
    dropDb?.();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-roles`, { recursive: true, force: true }); // the per-role journeys' server (playwright.config.ts)
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      passed += s.expected + s.flaky;
      failed += s.unexpected + (good || s.unexpected ? 0 : 1);
    } else failed += 1;
    ok &&= good;
  }
}

if (process.env.SUMMARY_FILE) writeFileSync(process.env.SUMMARY_FILE, JSON.stringify({ passed, failed }));
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
