/**
 * Category 4: segregation of duties (issue 16; docs/security.md), for every decision procedure
 * the router walk finds. A decision procedure is a mutation whose name is a decision verb
 * (approve, disapprove, reject, decide, activate, bulkApprove, approveManagerial, …). Each must
 * have a probe here, which files a pending request of its flow as a given user, or an exemption
 * with its reason: a decision procedure added later without either fails the walk test, so the
 * rules cannot be forgotten on a new flow.
 *
 * For every probed procedure, through both doors:
 * - own request: the superadmin (who holds every permission, so only the duty rule can stop it)
 *   files a request and decides it: 403 PM0001 with a reason (not the permission gate's
 *   message), and nothing written;
 * - one person, one step (flows with several steps): another person files, the superadmin
 *   decides step 1 (accepted), then step 2: 403 with a reason, nothing written.
 */
import { sql } from 'kysely';
import { callDoor } from './doors';
import type { HarnessEnv, SignedIn } from './fixture';
import type { ProcInfo } from './walk';

/** The last segment of a procedure path that makes it a decision on someone's request. */
export const DECISION_VERB = /^(approve|disapprove|reject|decide|activate|bulkApprove|bulkDisapprove|approve[A-Z]\w*)$/;

/** Decision-verb procedures that are not a decision on a person's request, with the reason. */
export const NOT_A_REQUEST_DECISION: Readonly<Record<string, string>> = {
  'employee.manager.activate': 'turns a manager relation back on; it decides no request (the route rule covers its effect)',
  'employee.registration.activate':
    'the registrant has no login and no employee record until activated, so the decider can never be the requester; one step',
  'employee.registration.reject': 'as employee.registration.activate',
};

/** Mutations of the router whose name is a decision verb. */
export function decisionProcedures(procs: ProcInfo[]): ProcInfo[] {
  return procs.filter((p) => p.type === 'mutation' && DECISION_VERB.test(p.path.split('.').pop() ?? ''));
}

export interface DutyContext {
  env: HarnessEnv;
  /** Calls a procedure over tRPC as `who` and returns its data; throws with the answer otherwise. */
  call(path: string, input: unknown, who: SignedIn): Promise<unknown>;
  /** A login (and its employee) by demo e-mail, signed in. */
  user(email: string): Promise<SignedIn & { employeeId: number }>;
  /** A fresh working day (Mon–Fri) for a request, never the same twice in one run. */
  nextWorkday(kind: 'past' | 'future'): string;
}

/** Files a request through `path` as `filer` and returns the new request's id. */
async function filed(d: DutyContext, path: string, input: unknown, filer: SignedIn): Promise<number> {
  return ((await d.call(path, input, filer)) as { id: number }).id;
}

/**
 * One flow's way to file a pending request as `filer` and to turn its id into the input of each
 * of its decision procedures.
 */
export interface Flow {
  name: string;
  procedures: Readonly<Record<string, (id: number) => unknown>>;
  file(d: DutyContext, filer: SignedIn & { employeeId: number }): Promise<number>;
  /**
   * Flows with several steps: makes the next request need two steps, and the procedures that
   * decide step 1 and step 2 (the superadmin qualifies for both). Undefined for one-step flows.
   */
  twoSteps?: {
    prepare(d: DutyContext): Promise<void>;
    filer: string;
    first: string;
    second: string;
  };
}

const one = (id: number) => ({ id });
const many = (id: number) => ({ ids: [id] });

async function firstId(env: HarnessEnv, query: ReturnType<typeof sql<{ id: number }>>): Promise<number> {
  const r = await query.execute(env.services.db);
  const id = r.rows[0]?.id;
  if (id === undefined) throw new Error(`harness duties: no row for ${query.compile(env.services.db).sql}`);
  return id;
}

const latest = async (env: HarnessEnv, table: string): Promise<number> =>
  firstId(env, sql<{ id: number }>`select max(id) as id from ${sql.table(table)}`);

export const FLOWS: Flow[] = [
  {
    name: 'leave',
    procedures: { 'leave.approve': one, 'leave.disapprove': one, 'leave.bulkApprove': many, 'leave.bulkDisapprove': many },
    async file(d, filer) {
      const leaveTypeId = await firstId(
        d.env,
        sql<{ id: number }>`select id from leave_types where active and not needs_attachment and not counts_annual
          order by id limit 1`,
      );
      const day = d.nextWorkday('future');
      return filed(d, 'leave.personal.create', { leaveTypeId, startDate: day, endDate: day, reason: 'harness duties' }, filer);
    },
    twoSteps: {
      // Manager then HR for the leave type filed above (more specific than the demo's company-wide rule,
      // manager only); the superadmin becomes the filer's manager before it is filed.
      async prepare(d) {
        const admin = await d.user('admin@demo.co.id');
        const filer = await d.user('employee@demo.co.id');
        const leaveTypeId = await firstId(
          d.env,
          sql<{ id: number }>`select id from leave_types where active and not needs_attachment and not counts_annual
            order by id limit 1`,
        );
        await d.call('leave.approvalRule.create', { leaveTypeId, steps: [{ kind: 'manager' }, { kind: 'hr' }] }, admin);
        await d.call('employee.manager.create', { managerEmployeeId: admin.employeeId, employeeIds: [filer.employeeId] }, admin);
      },
      filer: 'employee@demo.co.id',
      first: 'leave.approve',
      second: 'leave.approve',
    },
  },
  {
    name: 'overtime',
    procedures: {
      'attendanceRequest.overtime.approve': one,
      'attendanceRequest.overtime.disapprove': one,
      'attendanceRequest.overtime.bulkApprove': many,
      'attendanceRequest.overtime.bulkDisapprove': many,
    },
    file: (d, filer) =>
      filed(
        d,
        'attendanceRequest.overtime.request',
        { date: d.nextWorkday('past'), startTime: '18:00', endTime: '20:00', reason: 'harness duties' },
        filer,
      ),
  },
  {
    name: 'correction',
    procedures: {
      'attendanceRequest.correction.approve': one,
      'attendanceRequest.correction.disapprove': one,
      'attendanceRequest.correction.bulkApprove': many,
      'attendanceRequest.correction.bulkDisapprove': many,
    },
    file: (d, filer) =>
      filed(
        d,
        'attendanceRequest.correction.create',
        { date: d.nextWorkday('past'), type: 4, startTime: '08:00', endTime: '17:00', reason: 'harness duties' },
        filer,
      ),
  },
  {
    name: 'data update request',
    procedures: { 'employee.updateRequest.approve': one, 'employee.updateRequest.disapprove': one },
    file: (d, filer) => filed(d, 'employee.updateRequest.submit', { section: 'contact', changes: { city: 'Bandung' } }, filer),
  },
  {
    name: 'resignation',
    procedures: { 'employee.resignation.approve': one, 'employee.resignation.disapprove': one },
    file: (d, filer) =>
      filed(d, 'employee.resignation.request', { lastWorkingDay: d.nextWorkday('future'), reason: 'harness duties' }, filer),
  },
  {
    name: 'withdrawal',
    procedures: { 'cooperative.withdrawal.approve': one, 'cooperative.withdrawal.disapprove': one },
    // The filer becomes a member with a voluntary saving, then asks for part of it.
    async file(d, filer) {
      const db = d.env.services.db;
      await sql`insert into cooperative_members (employee_id, join_date, status) values (${filer.employeeId}, '2025-01-02', 1)
        on conflict do nothing`.execute(db);
      const memberId = await firstId(
        d.env,
        sql<{ id: number }>`select id from cooperative_members where employee_id = ${filer.employeeId}`,
      );
      await sql`insert into cooperative_ledger (member_id, product, kind, amount, entry_date, note)
        values (${memberId}, 'voluntary', 'deposit', 1000000, '2026-01-05', 'harness duties')`.execute(db);
      return filed(d, 'cooperative.withdrawal.create', { amount: '10000', reason: 'harness duties' }, filer);
    },
    twoSteps: {
      async prepare(d) {
        await sql`update cooperative_settings set approval_steps = 2`.execute(d.env.services.db);
      },
      filer: 'employee@demo.co.id',
      first: 'cooperative.withdrawal.approve',
      second: 'cooperative.withdrawal.approve',
    },
  },
  ...(['employee', 'jobPosition', 'sectionDepartment'] as const).map(
    (kind): Flow => ({
      name: `${kind} grant`,
      procedures: { [`permission.${kind}.approve`]: one },
      // The filer assigns a grant to someone else; nobody approves what they assigned.
      async file(d, filer) {
        const subjectId =
          kind === 'employee'
            ? (await d.user('employee@demo.co.id')).employeeId
            : await firstId(
                d.env,
                sql<{
                  id: number;
                }>`select min(id) as id from ${sql.table(kind === 'jobPosition' ? 'job_positions' : 'sections')}`,
              );
        await d.call(`permission.${kind}.assign`, { subjectId, grant: { kind: 'role', key: 'supervisor' } }, filer);
        return latest(d.env, 'permission_grants');
      },
    }),
  ),
  {
    // The spec's /v2/h/role/employee (issue 20 item 4): the same employee grants, of kind role.
    name: 'employee role',
    procedures: { 'permission.employeeRole.approve': one },
    async file(d, filer) {
      const subjectId = (await d.user('employee@demo.co.id')).employeeId;
      await d.call('permission.employeeRole.assign', { subjectId, role: 'inventory-staff' }, filer);
      return latest(d.env, 'permission_grants');
    },
  },
  {
    name: 'placement confirmation',
    procedures: { 'permission.placement.approve': one, 'permission.placement.reject': one },
    // A fresh job position with an approved salary.update grant (assigned by hc, approved by the
    // superadmin), then the filer moves the port manager (a login lacking it) into it: pending.
    async file(d, filer) {
      const db = d.env.services.db;
      const hc = await d.user('hc@demo.co.id');
      const admin = await d.user('admin@demo.co.id');
      const subject = await db
        .selectFrom('users as u')
        .innerJoin('employees as e', 'e.id', 'u.employee_id')
        .select(['e.id', 'e.company_office_id', 'e.department_id'])
        .where('u.email', '=', 'portmanager@demo.co.id')
        .executeTakeFirstOrThrow();
      const position = await sql<{ id: number }>`insert into job_positions
          (name, company_office_id, department_id, division_id, section_id, job_level_id)
        values (${`Harness duties ${Date.now()}`}, ${subject.company_office_id}, ${subject.department_id}, null, null, null)
        returning id`.execute(db);
      const subjectId = position.rows[0]!.id;
      await d.call('permission.jobPosition.assign', { subjectId, grant: { kind: 'permission', key: 'salary.update' } }, hc);
      await d.call('permission.jobPosition.approve', { id: await latest(d.env, 'permission_grants') }, admin);
      await d.call('org.jobPosition.assign', { id: subjectId, employeeId: subject.id }, filer);
      return latest(d.env, 'placement_confirmations');
    },
  },
  {
    name: 'warehouse request',
    procedures: {
      'inventory.warehouseRequest.decide': (id) => ({ id, decision: 'approve' }),
    },
    async file(d, filer) {
      const warehouseId = await firstId(d.env, sql<{ id: number }>`select min(id) as id from inventory_warehouses`);
      const variantId = await firstId(d.env, sql<{ id: number }>`select min(id) as id from inventory_item_variants`);
      return filed(d, 'inventory.warehouseRequest.create', { warehouseId, lines: [{ variantId, quantity: 1 }] }, filer);
    },
  },
  {
    name: 'purchase request',
    procedures: {
      'inventory.purchaseRequest.approveManagerial': (id) => ({ id, decision: 'approve' }),
      'inventory.purchaseRequest.approveWarehouse': (id) => ({ id, decision: 'approve' }),
      'inventory.purchaseRequest.approveCoo': (id) => ({ id, decision: 'approve' }),
    },
    async file(d, filer) {
      const warehouseId = await firstId(d.env, sql<{ id: number }>`select min(id) as id from inventory_warehouses`);
      const variantId = await firstId(d.env, sql<{ id: number }>`select min(id) as id from inventory_item_variants`);
      const unitId = await firstId(d.env, sql<{ id: number }>`select min(id) as id from inventory_units`);
      return filed(
        d,
        'inventory.purchaseRequest.create',
        {
          warehouseId,
          lines: [
            {
              kind: 'item',
              variantId,
              unitId,
              quantity: 1,
              estimatedPrice: '10000',
              neededBy: d.nextWorkday('future'),
              reason: 'harness duties',
            },
          ],
        },
        filer,
      );
    },
    twoSteps: {
      async prepare() {},
      filer: 'warehouse@demo.co.id',
      first: 'inventory.purchaseRequest.approveManagerial',
      second: 'inventory.purchaseRequest.approveWarehouse',
    },
  },
  {
    name: 'mobile punch outside the fence',
    procedures: { 'mobileAttendance.decide': (id) => ({ id, decision: 'approve' }) },
    async file(d, filer) {
      // Outside-fence punches wait for a manager; a fence at the filer's office, the punch 1 km away.
      const officeId = await firstId(
        d.env,
        sql<{ id: number }>`select company_office_id as id from employees where id = ${filer.employeeId}`,
      );
      await d.call(
        'mobileAttendance.saveSettings',
        { outsidePolicy: 'needs-approval', maxAccuracyM: 150, selfieRetentionDays: 90 },
        filer,
      );
      await d.call(
        'mobileAttendance.geofence.create',
        { companyOfficeId: officeId, name: 'Harness', latitude: -6.2, longitude: 106.8, radiusM: 100 },
        filer,
      );
      await d.call(
        'mobileAttendance.clock',
        {
          clientId: crypto.randomUUID(),
          kind: 'in',
          latitude: -6.19,
          longitude: 106.8,
          accuracyM: 10,
          takenAt: new Date().toISOString(),
          selfie: { contentType: 'image/jpeg', contentBase64: '/9j/4AAQSkZJRg==' },
        },
        filer,
      );
      return latest(d.env, 'mobile_punches');
    },
  },
];

/** The flow of each probed procedure. */
export function flowOf(path: string): Flow | undefined {
  return FLOWS.find((f) => Object.hasOwn(f.procedures, path));
}

/** The DutyContext on a harness env. */
export function dutyContext(env: HarnessEnv, procs: ProcInfo[]): DutyContext {
  const byPath = new Map(procs.map((p) => [p.path, p]));
  const users = new Map<string, SignedIn & { employeeId: number }>();
  let past = 0;
  let future = 0;
  const workday = (base: Date, step: number, n: number): string => {
    const d = new Date(base);
    let k = 0;
    for (;;) {
      d.setUTCDate(d.getUTCDate() + step);
      const wd = d.getUTCDay();
      if (wd === 0 || wd === 6) continue;
      if (++k >= n) return d.toISOString().slice(0, 10);
    }
  };
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const ctx: DutyContext = {
    env,
    async call(path, input, who) {
      const proc = byPath.get(path);
      if (!proc) throw new Error(`harness duties: no procedure ${path}`);
      const res = await callDoor(env.app, proc, 'trpc', input, { token: who.token, requestId: env.nextRequestId() });
      if (res.status !== 200) throw new Error(`harness duties: ${path} answered ${res.status}: ${res.text.slice(0, 400)}`);
      return (res.body as { result: { data: unknown } }).result.data;
    },
    async user(email) {
      const known = users.get(email);
      if (known) return known;
      const u = await env.services.db
        .selectFrom('users')
        .select(['id', 'employee_id'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      if (u.employee_id === null) throw new Error(`harness duties: ${email} has no employee`);
      const signed = { userId: u.id, token: await env.mintSession(u.id), employeeId: u.employee_id };
      users.set(email, signed);
      return signed;
    },
    // Past days walk back from a week ago (corrections and overtime of days worked); future days
    // walk forward from five months ahead, clear of the demo's leave and within the one-year window.
    nextWorkday(kind) {
      if (kind === 'past') return workday(new Date(today.getTime() - 7 * 86400_000), -1, ++past);
      return workday(new Date(today.getTime() + 150 * 86400_000), 1, ++future);
    },
  };
  return ctx;
}
