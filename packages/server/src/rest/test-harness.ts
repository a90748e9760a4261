import { createServices, type Services } from '@hr/core/services';
import { createUser } from '@hr/core/auth';
import { ensureReferenceData } from '@hr/core/seed';
import { createTestDb, type TestDb } from '@hr/core/testing';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../app';
import { loadConfig } from '../config';

/** Test-only: a migrated database with a small company, two logins and the app on top of it. */
export interface TestApp {
  app: FastifyInstance;
  tdb: TestDb;
  services: Services;
  /** Superadmin: every permission. */
  admin: { email: string; password: string };
  /** Role `employee`: signed in, but no `employee.view`. */
  staff: { email: string; password: string };
  employees: number;
  close(): Promise<void>;
}

export async function startTestApp(
  opts: Partial<Pick<AppOptions, 'logger' | 'trpcAdapter'>> & {
    employees?: number;
    /** The services' clock ("now" of the business rules, e.g. which payroll months have begun); default the system's. */
    clock?: () => Date;
  } = {},
) {
  const tdb = await createTestDb();
  await ensureReferenceData(tdb.db);
  const services = createServices(tdb.db, opts.clock ? { clock: opts.clock } : {});
  const office = await tdb.db
    .insertInto('company_offices')
    .values({ code: 'JKT', name: 'Jakarta', address: null, city: 'Jakarta' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dept = await tdb.db
    .insertInto('departments')
    .values({ company_office_id: office.id, name: 'Human Capital' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const employees = opts.employees ?? 30;
  await tdb.db
    .insertInto('employees')
    .values(
      Array.from({ length: employees }, (_, i) => ({
        employee_number: `JKT-${String(i + 1).padStart(5, '0')}`,
        given_name: `Person${String(i + 1).padStart(3, '0')}`,
        surname: 'Test',
        email: `person${i + 1}@test.co.id`,
        gender: i % 2 ? ('Male' as const) : ('Female' as const),
        birth_date: '1990-01-01',
        religion_id: 1,
        education_level_id: 1,
        marital_status_id: 1,
        ptkp_status_id: null,
        bank_id: null,
        bank_account_number: null,
        phone: null,
        company_office_id: office.id,
        department_id: dept.id,
        division_id: null,
        section_id: null,
        job_position_id: null,
        job_level_id: null,
        contract_type: null,
        first_join_date: null,
        contract_start_date: null,
        annual_leave_date: null,
      })),
    )
    .execute();
  const admin = { email: 'admin@test.co.id', password: 'admin-pass-123' };
  const staff = { email: 'staff@test.co.id', password: 'staff-pass-123' };
  await createUser(services.ctx(null), { ...admin, roles: ['superadmin'] });
  await createUser(services.ctx(null), { ...staff, roles: ['employee'] });
  const app = await buildApp({
    services,
    config: loadConfig({}, { seedDemo: false, webDist: '/nonexistent', logLevel: 'silent' }),
    logger: opts.logger ?? false,
    ...(opts.trpcAdapter ? { trpcAdapter: opts.trpcAdapter } : {}),
  });
  await app.ready();
  return {
    app,
    tdb,
    services,
    admin,
    staff,
    employees,
    close: async () => {
      await app.close();
      await tdb.destroy();
    },
  } satisfies TestApp;
}

/** Logs in over REST and returns the bearer token. */
export async function loginToken(app: FastifyInstance, who: { email: string; password: string }): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v2/h/auth/login', payload: who });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { result: { token: string } }).result.token;
}

/** A log stream that keeps every line written to it, for tests that read the server's log. */
export function lineSink(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, stream };
}

/** The REST error envelope of one error that names no field (`msg` and `message` say the same). */
export const errorEnvelope = (code: string, message: string, internalMsg = '') => ({
  status: 'error',
  errors: [{ code, msg: message, message, internalMsg, attributes: [] }],
});
