/**
 * Test-only: the setup every router REST test file shares. One app (and one database) per test
 * file, started before its first test and closed after its last, plus the logins and request
 * shortcuts the files used to write out each on their own.
 */
import { createUser } from '@hr/core/auth';
import type { PermissionKey, RoleKey } from '@hr/core/access';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { loginToken, startTestApp, type TestApp } from '../rest/test-harness';

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Login {
  email: string;
  password: string;
}
export type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

/** A login made by {@link RouterTestApp.userFor}: its bearer headers, employee and user ids. */
export interface TestLogin {
  headers: Headers;
  employeeId: number;
  userId: number;
}

/** The file's {@link TestApp} (read it inside tests and hooks only) and helpers bound to it. */
export interface RouterTestApp extends TestApp {
  /** Signs in over REST and returns the bearer headers. */
  bearer(who: Login): Promise<Headers>;
  /**
   * Bearer headers of the seeded admin and staff logins, signed in by a `beforeAll` registered by
   * this call (read them inside tests and later hooks).
   */
  seededLogins(): { readonly admin: Headers; readonly staff: Headers };
  /** Bearer headers of several logins, signed in one after another. */
  bearers<const W extends readonly Login[]>(...who: W): Promise<{ -readonly [K in keyof W]: Headers }>;
  /** Id of the test employee number `n` (JKT-0000n). */
  employeeId(n: number): Promise<number>;
  /** Ids of all test employees, by employee number. */
  employeeIds(): Promise<number[]>;
  /** A new login holding `roles` (linked to `employeeId` when given), signed in. */
  signUp(who: Login, roles: RoleKey[], employeeId?: number): Promise<{ headers: Headers; userId: number }>;
  /** A new login holding `roles`, linked to employee JKT-0000n, signed in. */
  userFor(roles: RoleKey[], n: number, who: Login): Promise<TestLogin>;
  /** A new department in the seeded office, with `employeeIds` moved into it; returns its id. */
  addDepartment(name: string, employeeIds?: number[]): Promise<number>;
  /** Job positions of the seeded office in department `departmentId`, created in order; returns their ids. */
  addJobPositions(names: string[], departmentId: number): Promise<number[]>;
  /** Approved grants of permissions to a job position, requested and decided earlier by the seeded admin. */
  grantToPosition(jobPositionId: number, keys: PermissionKey[]): Promise<void>;
  /**
   * Sign-ups of numbered logins: `(roles, n)` creates `<prefix><n>@test.co.id` with `password`,
   * linked to employee JKT-0000n, and returns its bearer headers.
   */
  headersFor(prefix: string, password: string): (roles: RoleKey[], n: number) => Promise<Headers>;
  /** {@link headersFor} answering the whole {@link TestLogin} (headers, employee and user ids). */
  loginsFor(prefix: string, password: string): (roles: RoleKey[], n: number) => Promise<TestLogin>;
  /** Registers a ZK terminal (`name`, `serial`) as `headers` over REST and returns its id. */
  addDevice(headers: Headers, name: string, serial: string): Promise<number>;
  /** POST as `headers`, sending `payload` (`{}` unless given). */
  postAs(url: string, headers: Headers, payload?: unknown): Promise<Reply>;
  /** GET as `headers`. */
  getAs(url: string, headers: Headers): Promise<Reply>;
  /** An approved grant of one permission to an employee (as if its second person had approved it). */
  grantPermission(employeeId: number, key: PermissionKey, requestedBy: number): Promise<void>;
  /**
   * An open-ended contract (type 5) per employee: `basicSalary(i)` rupiah a month from
   * `startDate(i)` (default 2025-01-01).
   */
  addContracts(ids: number[], basicSalary: (i: number) => number, startDate?: (i: number) => string): Promise<void>;
  /** One request; the payload is sent only when given. */
  call(method: Method, url: string, headers: Headers, payload?: unknown): Promise<Reply>;
  /** GET and POST shortcuts that send `defaultHeaders()` unless told otherwise. */
  requests(defaultHeaders: () => Headers): {
    get(url: string, headers?: Headers): Promise<Reply>;
    post(url: string, payload?: Record<string, unknown>, headers?: Headers): Promise<Reply>;
  };
}

/**
 * Starts the app for this test file in a `beforeAll` (hooks registered after this call run after
 * it) and closes it in an `afterAll`.
 */
export function useTestApp(opts: Parameters<typeof startTestApp>[0] = {}): RouterTestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(opts);
  });
  afterAll(() => started?.close());
  const get = (): TestApp => {
    if (!started) throw new Error('useTestApp: the app starts in beforeAll; read it inside a test or hook');
    return started;
  };
  const bearer = async (who: Login): Promise<Headers> => ({ authorization: `Bearer ${await loginToken(get().app, who)}` });
  const employeeId = async (n: number): Promise<number> =>
    (
      await get()
        .tdb.db.selectFrom('employees')
        .select('id')
        .where('employee_number', '=', `JKT-${String(n).padStart(5, '0')}`)
        .executeTakeFirstOrThrow()
    ).id;
  const signUp = async (who: Login, roles: RoleKey[], employeeId?: number) => {
    const user = await createUser(get().services.ctx(null), {
      ...who,
      roles,
      ...(employeeId !== undefined ? { employeeId } : {}),
    });
    return { headers: await bearer(who), userId: user.id };
  };
  const userFor = async (roles: RoleKey[], n: number, who: Login): Promise<TestLogin> => {
    const id = await employeeId(n);
    return { ...(await signUp(who, roles, id)), employeeId: id };
  };
  const loginsFor = (prefix: string, password: string) => (roles: RoleKey[], n: number) =>
    userFor(roles, n, { email: `${prefix}${n}@test.co.id`, password });
  const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
    get().app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const postAs = (url: string, headers: Headers, payload: unknown = {}) => call('POST', url, headers, payload);
  /** The seeded company office, where the helpers below add departments and job positions. */
  const seededOfficeId = async (): Promise<number> =>
    (await get().tdb.db.selectFrom('company_offices').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  return {
    get app() {
      return get().app;
    },
    get tdb() {
      return get().tdb;
    },
    get services() {
      return get().services;
    },
    get admin() {
      return get().admin;
    },
    get staff() {
      return get().staff;
    },
    get employees() {
      return get().employees;
    },
    close: () => get().close(),
    bearer,
    async bearers<const W extends readonly Login[]>(...who: W) {
      const out: Headers[] = [];
      for (const w of who) out.push(await bearer(w));
      return out as { -readonly [K in keyof W]: Headers };
    },
    seededLogins() {
      const logins = { admin: {}, staff: {} };
      beforeAll(async () => {
        logins.admin = await bearer(get().admin);
        logins.staff = await bearer(get().staff);
      });
      return logins;
    },
    employeeId,
    async employeeIds() {
      const rows = await get().tdb.db.selectFrom('employees').select('id').orderBy('employee_number').execute();
      return rows.map((r) => r.id);
    },
    signUp,
    userFor,
    async addDepartment(name, employeeIds = []) {
      const db = get().tdb.db;
      const { id } = await db
        .insertInto('departments')
        .values({ company_office_id: await seededOfficeId(), name })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (employeeIds.length > 0)
        await db.updateTable('employees').set({ department_id: id }).where('id', 'in', employeeIds).execute();
      return id;
    },
    headersFor(prefix, password) {
      const login = loginsFor(prefix, password);
      return async (roles, n) => (await login(roles, n)).headers;
    },
    loginsFor,
    async addDevice(headers, name, serial) {
      const res = await postAs('/v2/h/fingerspot/device', headers, {
        name,
        driver: 'zk',
        address: '10.1.1.1',
        port: 4370,
        serial,
      });
      expect(res.statusCode).toBe(200);
      return res.json().result.id;
    },
    async addJobPositions(names, departmentId) {
      const db = get().tdb.db;
      const officeId = await seededOfficeId();
      const rows = names.map((name) => ({
        name,
        company_office_id: officeId,
        department_id: departmentId,
        division_id: null,
        section_id: null,
        job_level_id: null,
      }));
      return (await db.insertInto('job_positions').values(rows).returning('id').execute()).map((r) => r.id);
    },
    async grantToPosition(jobPositionId, keys) {
      const db = get().tdb.db;
      const admin = await db.selectFrom('users').select('id').where('email', '=', get().admin.email).executeTakeFirstOrThrow();
      const decided = { status: 1, requested_by: admin.id, decided_by: admin.id, decided_at: new Date() };
      await db
        .insertInto('permission_grants')
        .values(
          keys.map((key) => ({
            subject_type: 'job_position' as const,
            subject_id: jobPositionId,
            grant_kind: 'permission' as const,
            grant_key: key,
            ...decided,
          })),
        )
        .execute();
    },
    async grantPermission(employeeId, key, requestedBy) {
      await get()
        .tdb.db.insertInto('permission_grants')
        .values({
          subject_type: 'employee',
          subject_id: employeeId,
          grant_kind: 'permission',
          grant_key: key,
          status: 1,
          requested_by: requestedBy,
        })
        .execute();
    },
    async addContracts(ids, basicSalary, startDate = () => '2025-01-01') {
      await get()
        .tdb.db.insertInto('employee_contracts')
        .values(
          ids.map((id, i) => ({
            employee_id: id,
            contract_number: `C-${id}`,
            contract_type: 5,
            start_date: startDate(i),
            end_date: null,
            basic_salary: basicSalary(i),
            notes: null,
            created_by: null,
          })),
        )
        .execute();
    },
    call,
    postAs,
    getAs: (url, headers) => call('GET', url, headers),
    requests: (defaultHeaders) => ({
      get: (url, headers = defaultHeaders()) => call('GET', url, headers),
      post: (url, payload = {}, headers = defaultHeaders()) => call('POST', url, headers, payload),
    }),
  };
}

/** A weekday some days back, in WIB ('yyyy-mm-dd'). */
export function pastWeekday(back: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  let d = Date.parse(`${today}T00:00:00Z`) - back * 86_400_000;
  while ([0, 6].includes(new Date(d).getUTCDay())) d -= 86_400_000;
  return new Date(d).toISOString().slice(0, 10);
}

/**
 * Asserts that `reply` refuses the caller's input (400, GL0001) and returns the params its first
 * error names (`errors[0].attributes[].param`), sorted: `expect(refusedParams(r)).toEqual(['from', 'to'])`.
 * `label` names the case in a failure message (a table of cases).
 */
export function refusedParams(reply: Reply, label?: string): string[] {
  expect(reply.statusCode, label).toBe(400);
  const error = reply.json().errors[0] as { code: string; attributes: { param: string }[] };
  expect(error.code).toBe('GL0001');
  return error.attributes.map((a) => a.param).sort();
}

/** One fingerprint punch as the device agent uploads it (check-in state, fingerprint verified). */
export const punch = (pin: string, localTime: string, deviceSerial = 'SN-100') => ({
  deviceSerial,
  pin,
  localTime,
  state: 0,
  verifyType: 1,
});
