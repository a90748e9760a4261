import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type DbHandle, openDb } from './client';
import type { Database } from './database';
import { migrateToLatest } from './migrate';

/**
 * A fresh, migrated database for one test file, started from a template migrated once per test run
 * (`prepareTestTemplate`, the vitest projects' globalSetup):
 * - with TEST_DATABASE_URL (CI's PostgreSQL run): `create database … template hr_tpl_<hash>`, dropped
 *   afterwards;
 * - otherwise an in-memory PGlite loaded from a dump kept in `.tmp/test-templates/`.
 * The template's name carries a hash of the migration files, so a changed migration builds a new one.
 * Without a template (or if cloning fails) the database is migrated from scratch, as before.
 */
const migrationsDir = path.join(import.meta.dirname, 'migrations');
const templateDir = path.resolve(import.meta.dirname, '../../../../.tmp/test-templates');

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) {
    h.update(f);
    h.update(readFileSync(path.join(migrationsDir, f)));
  }
  return h.digest('hex').slice(0, 12);
}

const pgliteTemplateFile = () => path.join(templateDir, `pglite-${migrationsHash()}.tar`);
const pgTemplateName = () => `hr_tpl_${migrationsHash()}`;

async function buildPgliteTemplate(): Promise<Blob> {
  const h = await openDb({ dataDir: 'memory://' });
  await migrateToLatest(h.db);
  const dump = (await h.pglite!.dumpDataDir('none')) as Blob;
  await h.close();
  return dump;
}

function adminDb(url: string): Kysely<unknown> {
  return new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Builds the migrated template once (idempotent; safe when several processes call it at once):
 * the PGlite dump file, and with TEST_DATABASE_URL the PostgreSQL template database.
 */
export async function prepareTestTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = pgliteTemplateFile();
    if (existsSync(file)) return;
    mkdirSync(templateDir, { recursive: true });
    const dump = await buildPgliteTemplate();
    const tmp = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
    return;
  }
  const name = pgTemplateName();
  const admin = adminDb(url);
  try {
    // One builder at a time (the projects' globalSetups may run side by side).
    await sql`select pg_advisory_lock(727001)`.execute(admin);
    const exists = await sql<{ n: number }>`select 1 as n from pg_database where datname = ${name}`.execute(admin);
    if (exists.rows.length === 0) {
      const building = `${name}_build`;
      await sql`drop database if exists ${sql.id(building)} with (force)`.execute(admin);
      await sql`create database ${sql.id(building)}`.execute(admin);
      const h = await openDb({ databaseUrl: withDatabase(url, building), poolSize: 1 });
      try {
        await migrateToLatest(h.db);
      } finally {
        await h.close();
      }
      await sql`alter database ${sql.id(building)} rename to ${sql.id(name)}`.execute(admin);
    }
    // Templates of older migration sets are dropped when nothing uses them.
    const stale = await sql<{ datname: string }>`select datname from pg_database
      where datname like 'hr\\_tpl\\_%' and datname <> ${name} and datname not like '%\\_build'`.execute(admin);
    for (const r of stale.rows) await sql`drop database if exists ${sql.id(r.datname)}`.execute(admin).catch(() => {});
    await sql`select pg_advisory_unlock(727001)`.execute(admin);
  } finally {
    await admin.destroy();
  }
}

let template: Promise<Blob> | undefined;

async function loadPgliteTemplate(): Promise<Blob> {
  try {
    return new Blob([readFileSync(pgliteTemplateFile())]);
  } catch {
    return buildPgliteTemplate();
  }
}

export interface TestDb extends DbHandle {
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  destroy(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `hr_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = adminDb(url);
    let fromTemplate = true;
    try {
      await sql`create database ${sql.id(name)} template ${sql.id(pgTemplateName())}`.execute(admin);
    } catch {
      fromTemplate = false;
      await sql`create database ${sql.id(name)}`.execute(admin);
    }
    const h = await openDb({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    if (!fromTemplate) await migrateToLatest(h.db);
    return {
      ...h,
      destroy: async () => {
        await h.close();
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
        await admin.destroy();
      },
    };
  }
  template ??= loadPgliteTemplate();
  const h = await openDb({ dataDir: 'memory://', loadDataDir: await template });
  return { ...h, destroy: () => h.close() };
}

export type { Database };
export { pdfPageCount, pdfText } from '../testing/pdf';
export { xlsxBomb, zipOf } from '../testing/zip';
