import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_AUTH_CONFIG, login } from '../auth/index';
import { createTestDb, type TestDb } from '../db/testing';
import { ROLE_KEYS } from '../access/index';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import { computePayrollRun } from '../payroll/runs/index';
import { defaultPayrollFeeds } from '../payroll-wiring';
import { DEMO_USERS, isDemoSeeded, type SeedSummary, seedDemo } from './demo';
import { DEMO_WAGE_FLOOR } from './salaries';
import { DEMO_GEOFENCES } from './mobile-attendance';
import { clockMobile, myMobileStatus } from '../mobile-attendance/index';
import { actorForUser } from '../auth/index';
import { requirePermission } from '../access/index';

const clock = () => new Date('2026-11-22T03:00:00Z');
const ctxOf = (t: TestDb): Ctx => ({ db: t.db, actor: null, clock, payrollFeeds: defaultPayrollFeeds() });

/** The seeded people, in a backend-independent shape, for comparing two seeds. */
const people = (t: TestDb) =>
  t.db
    .selectFrom('employees as e')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .leftJoin('job_positions as p', 'p.id', 'e.job_position_id')
    .select([
      'e.employee_number',
      'e.given_name',
      'e.surname',
      'e.email',
      'e.gender',
      'e.birth_date',
      'e.marital_status_id',
      'e.bank_account_number',
      'e.phone',
      'e.contract_type',
      'e.first_join_date',
      'o.code',
      'd.name as department',
      'p.name as position',
    ])
    .orderBy('e.employee_number')
    .execute();

describe('demo seed', () => {
  let t: TestDb;
  let summary: SeedSummary;

  beforeAll(async () => {
    t = await createTestDb();
    summary = await seedDemo(ctxOf(t));
  });
  afterAll(async () => {
    await t?.destroy();
  });

  // How long the seed takes is measured where timings belong (`pnpm bench load` seeds it), not asserted here.
  it('builds a three-office company with 200 employees', async () => {
    expect(summary.offices).toBe(3);
    expect(summary.employees).toBe(200);
    expect(await isDemoSeeded(ctxOf(t))).toBe(true);
    const offices = await t.db.selectFrom('company_offices').select(['code', 'name']).orderBy('code').execute();
    expect(offices.map((o) => o.code)).toEqual(['BTM', 'JKT', 'SBY']);
    const count = (table: 'departments' | 'divisions' | 'sections' | 'job_positions' | 'employees' | 'users') =>
      t.db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n);
    expect(await count('employees')).toBe(200);
    expect(await count('departments')).toBeGreaterThanOrEqual(15);
    expect(await count('divisions')).toBeGreaterThan(await count('departments'));
    expect(await count('sections')).toBeGreaterThan(await count('divisions'));
    expect(await count('job_positions')).toBeGreaterThan(50);
    expect(await count('users')).toBe(DEMO_USERS.length);
    const levels = await t.db.selectFrom('job_levels').select('name').orderBy('rank').execute();
    expect(levels.map((l) => l.name)).toEqual([
      'Staff',
      'Senior Staff',
      'Supervisor',
      'Assistant Manager',
      'Manager',
      'General Manager',
      'Director',
    ]);
  });

  it('numbers employees per office from <code>-00001 without gaps', async () => {
    const rows = await t.db.selectFrom('employees').select(['employee_number']).execute();
    const byOffice = new Map<string, number[]>();
    for (const r of rows) {
      expect(r.employee_number).toMatch(/^(JKT|SBY|BTM)-\d{5}$/);
      const [code, n] = r.employee_number.split('-') as [string, string];
      byOffice.set(code, [...(byOffice.get(code) ?? []), Number(n)]);
    }
    for (const nums of byOffice.values()) {
      nums.sort((a, b) => a - b);
      expect(nums).toEqual(nums.map((_, i) => i + 1));
    }
    expect(byOffice.get('JKT')!.length).toBeGreaterThan(byOffice.get('SBY')!.length);
  });

  it("places every employee's department, division, section and position inside their own office", async () => {
    const bad = await t.db
      .selectFrom('employees as e')
      .innerJoin('departments as d', 'd.id', 'e.department_id')
      .leftJoin('divisions as v', 'v.id', 'e.division_id')
      .leftJoin('sections as s', 's.id', 'e.section_id')
      .innerJoin('job_positions as p', 'p.id', 'e.job_position_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) =>
        eb.or([
          eb('d.company_office_id', '!=', eb.ref('e.company_office_id')),
          eb('v.company_office_id', '!=', eb.ref('e.company_office_id')),
          eb('v.department_id', '!=', eb.ref('e.department_id')),
          eb('s.division_id', '!=', eb.ref('e.division_id')),
          eb('p.company_office_id', '!=', eb.ref('e.company_office_id')),
          eb('p.department_id', '!=', eb.ref('e.department_id')),
          eb('p.job_level_id', '!=', eb.ref('e.job_level_id')),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(bad.n).toBe(0);
    const unplaced = await t.db
      .selectFrom('employees')
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => eb.or([eb('department_id', 'is', null), eb('job_position_id', 'is', null), eb('job_level_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect(unplaced.n).toBe(0);
  });

  it('fills the personal, tax, bank and contract fields consistently', async () => {
    const rows = await t.db
      .selectFrom('employees as e')
      .innerJoin('ptkp_statuses as k', 'k.id', 'e.ptkp_status_id')
      .select([
        'e.gender',
        'e.marital_status_id',
        'k.code as ptkp',
        'e.bank_id',
        'e.bank_account_number',
        'e.phone',
        'e.contract_type',
        'e.birth_date',
        'e.entry_date',
        'e.first_join_date',
        'e.contract_start_date',
        'e.annual_leave_date',
      ])
      .execute();
    expect(rows).toHaveLength(200);
    const genders = new Set(rows.map((r) => r.gender));
    expect(genders).toEqual(new Set(['Male', 'Female']));
    expect(new Set(rows.map((r) => r.marital_status_id)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.contract_type)).size).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      if (r.marital_status_id === 1 || r.marital_status_id === 2) {
        if (r.gender === 'Male') expect(r.ptkp).toMatch(/^K\/[0-3]$/);
        else expect(r.ptkp).toBe('TK/0');
      } else {
        expect(r.ptkp).toMatch(/^TK\/[0-3]$/);
      }
      if (r.marital_status_id === 5) expect(['TK/0', 'TK/1']).toContain(r.ptkp);
      expect(r.bank_id).not.toBeNull();
      expect(r.bank_account_number).toMatch(/^[1-9]\d{9,14}$/);
      expect(r.phone).toMatch(/^08\d{9,10}$/);
      expect(r.first_join_date! > r.birth_date).toBe(true);
      expect(r.first_join_date! <= '2026-11-22').toBe(true);
      expect(r.entry_date >= r.first_join_date!).toBe(true);
      expect(r.contract_start_date! >= r.first_join_date!).toBe(true);
      if (r.contract_type === 4 || r.contract_type === 5) expect(r.annual_leave_date).not.toBeNull();
      else expect(r.annual_leave_date).toBeNull();
    }
  });

  it('creates one login per role, each linked to a sensibly placed employee, and every one can log in', async () => {
    expect(new Set(DEMO_USERS.map((u) => u.role))).toEqual(new Set(ROLE_KEYS));
    expect(summary.users).toContainEqual({ email: 'admin@demo.co.id', password: 'admin12345', role: 'superadmin' });
    for (const u of DEMO_USERS) {
      const res = await login(
        ctxOf(t),
        DEFAULT_AUTH_CONFIG,
        { email: u.email, password: u.password },
        { ip: null, userAgent: null },
      );
      expect(res.user.roles).toEqual([u.role]);
      expect(res.user.employeeId).not.toBeNull();
      expect(res.user.departmentId).not.toBeNull();
    }
    const placed = await t.db
      .selectFrom('users as u')
      .innerJoin('employees as e', 'e.id', 'u.employee_id')
      .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
      .innerJoin('departments as d', 'd.id', 'e.department_id')
      .innerJoin('job_positions as p', 'p.id', 'e.job_position_id')
      .innerJoin('job_levels as l', 'l.id', 'e.job_level_id')
      .select(['u.email', 'o.code', 'd.name as department', 'p.name as position', 'l.name as level', 'e.contract_type'])
      .execute();
    const at = (email: string) => placed.find((p) => p.email === email)!;
    expect(at('depthead@demo.co.id')).toMatchObject({ code: 'JKT', department: 'Finance & Accounting', level: 'Manager' });
    expect(at('portmanager@demo.co.id')).toMatchObject({ code: 'BTM', department: 'Port Operations', position: 'Port Manager' });
    expect(at('warehouse@demo.co.id')).toMatchObject({ department: 'Warehouse', position: 'Warehouse Manager' });
    expect(at('supervisor@demo.co.id')).toMatchObject({ level: 'Supervisor' });
    expect(at('clevel@demo.co.id')).toMatchObject({ level: 'Director', position: 'Chief Operating Officer' });
    expect(at('hcintern@demo.co.id')).toMatchObject({ department: 'Human Capital', contract_type: 2 });
    // Each department head's position is the only Manager-level position of that department.
    const heads = await t.db
      .selectFrom('job_positions as p')
      .innerJoin('job_levels as l', 'l.id', 'p.job_level_id')
      .select(['p.department_id', sql<number>`count(*)::int`.as('n')])
      .where('l.name', '=', 'Manager')
      .groupBy('p.department_id')
      .execute();
    expect(heads.every((h) => h.n === 1)).toBe(true);
  });

  it('gives most employees, the demo logins among them, a contract salary and allowances; other numbers ending in 0 stay unsalaried', async () => {
    const rows = await t.db
      .selectFrom('employees as e')
      .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
      .innerJoin('job_levels as l', 'l.id', 'e.job_level_id')
      .leftJoin('users as u', 'u.employee_id', 'e.id')
      .select(['e.id', 'e.employee_number', 'e.contract_type', 'o.code', 'l.name as level', 'u.email as login'])
      .execute();
    const contracts = await t.db
      .selectFrom('employee_contracts')
      .select(['employee_id', 'contract_type', 'start_date', 'end_date', sql<string>`basic_salary::text`.as('basic')])
      .orderBy('start_date')
      .execute();
    const byEmployee = new Map<number, typeof contracts>();
    for (const c of contracts) byEmployee.set(c.employee_id, [...(byEmployee.get(c.employee_id) ?? []), c]);
    const unsalaried = rows.filter((r) => !byEmployee.has(r.id));
    expect(unsalaried.map((r) => r.employee_number).sort()).toEqual(
      rows
        .filter((r) => r.login === null && r.employee_number.endsWith('0'))
        .map((r) => r.employee_number)
        .sort(),
    );
    expect(unsalaried.length).toBeLessThan(rows.length * 0.25);
    expect(unsalaried.length).toBeGreaterThan(0); // the salary queue has people to pay
    for (const r of rows.filter((x) => byEmployee.has(x.id))) {
      const own = byEmployee.get(r.id)!;
      const current = own[own.length - 1]!;
      // The current contract has the employee's contract type; contracts never overlap.
      expect(current.contract_type).toBe(r.contract_type);
      for (let i = 1; i < own.length; i++) expect(String(own[i - 1]!.end_date) < String(own[i]!.start_date)).toBe(true);
      const basic = Number(current.basic);
      expect(Number.isSafeInteger(basic)).toBe(true);
      const floor = DEMO_WAGE_FLOOR[r.code]!;
      if (r.contract_type === 3)
        expect(basic).toBeLessThan(floor / 10); // Freelance: a daily rate
      else if (r.contract_type !== 2) expect(basic).toBeGreaterThanOrEqual(floor);
      if (r.level === 'Director') expect(basic).toBeGreaterThan(floor * 9);
    }
    const allowances = await t.db.selectFrom('employee_salary_components').select('employee_id').execute();
    expect(new Set(allowances.map((a) => a.employee_id)).size).toBeGreaterThan(rows.length / 2);

    // A payroll dry run of the month pays every working salaried employee and skips only the unsalaried.
    const run = await computePayrollRun(ctxOf(t), { period: '2026-10' });
    expect(run.slips.length).toBeGreaterThan(rows.length * 0.6);
    const skipped = new Set(run.skipped.map((s) => s.employeeId));
    // (someone who joined in November has a contract, but not yet in October)
    for (const id of skipped) expect((byEmployee.get(id) ?? []).filter((c) => String(c.start_date) <= '2026-10-31')).toEqual([]);
    for (const s of run.slips) expect(s.net).toBe(s.gross - s.totalDeductions);
  });

  it('gives every employee but the President Director a manager, managers their own managers, without loops', async () => {
    const rows = await t.db
      .selectFrom('employees as e')
      .innerJoin('job_positions as p', 'p.id', 'e.job_position_id')
      .leftJoin('employee_managers as m', (j) => j.onRef('m.employee_id', '=', 'e.id').on('m.active', '=', true))
      .select(['e.id', 'e.email', 'p.name as position', 'm.manager_employee_id as manager'])
      .execute();
    const managerOf = new Map(rows.map((r) => [r.id, r.manager]));
    expect(rows.filter((r) => r.manager === null).map((r) => r.position)).toEqual(['President Director']);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length); // one manager each
    for (const r of rows) {
      // Walking up reaches the President Director in a few steps (no loops).
      let at: number | null = r.id;
      let steps = 0;
      while (at !== null && steps < 10) {
        at = managerOf.get(at) ?? null;
        steps++;
      }
      expect(at).toBeNull();
    }
    const id = (email: string) => rows.find((r) => r.email === email)!.id;
    expect(managerOf.get(id('employee@demo.co.id'))).toBe(id('managerial@demo.co.id'));
    expect(managerOf.get(id('managerial@demo.co.id'))).toBe(id('clevel@demo.co.id'));
    expect(managerOf.get(id('warehouse2@demo.co.id'))).toBe(id('warehouse@demo.co.id'));
  });

  it('has two warehouse approvers, routes leave to the manager, and lets managerial@ decide it', async () => {
    const approvers = await t.db.selectFrom('user_roles').select('user_id').where('role', '=', 'warehouse-manager').execute();
    expect(approvers).toHaveLength(2);
    const rules = await t.db
      .selectFrom('leave_approval_rules as r')
      .innerJoin('leave_approval_rule_steps as s', 's.rule_id', 'r.id')
      .select(['r.leave_type_id', 'r.company_office_id', 'r.department_id', 's.kind'])
      .execute();
    expect(rules).toEqual([{ leave_type_id: null, company_office_id: null, department_id: null, kind: 'manager' }]);
    const res = await login(
      ctxOf(t),
      DEFAULT_AUTH_CONFIG,
      { email: 'managerial@demo.co.id', password: 'demo12345' },
      { ip: null, userAgent: null },
    );
    expect(res.user.permissions).toEqual(expect.arrayContaining(['attendance.approve', 'inventory.approve.managerial']));
  });

  it('lets employee@ clock in from the phone out of the box: attendance.mobile and an area at their office', async () => {
    const res = await login(
      ctxOf(t),
      DEFAULT_AUTH_CONFIG,
      { email: 'employee@demo.co.id', password: 'demo12345' },
      { ip: null, userAgent: null },
    );
    expect(res.user.permissions).toContain('attendance.mobile');
    const fences = await sql<{ n: number }>`select count(*)::int as n from mobile_geofences where active`.execute(t.db);
    expect(fences.rows[0]!.n).toBe(3);
    const u = await t.db.selectFrom('users').select('id').where('email', '=', 'employee@demo.co.id').executeTakeFirstOrThrow();
    const actor = (await actorForUser(t.db, u.id, 'user'))!;
    const ctx = { ...ctxOf(t), actor };
    const grant = requirePermission(actor, 'attendance.mobile');
    const status = await myMobileStatus(ctx, grant);
    const sby = DEMO_GEOFENCES.find((f) => f.office === 'SBY')!;
    expect(status.fences.map((f) => f.name)).toEqual([sby.name]);
    // At the area's centre the clock-in is accepted.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');
    const done = await clockMobile(ctx, grant, {
      clientId: '6f0c2a4e-1b2c-4d3e-8f4a-5b6c7d8e9f00',
      kind: 'in',
      latitude: sby.latitude,
      longitude: sby.longitude,
      accuracyM: 10,
      takenAt: clock().toISOString(),
      selfie: { contentType: 'image/jpeg', contentBase64: jpeg },
    });
    expect(done).toMatchObject({ status: 'accepted', inside: true, fence: sby.name });
  });

  it("finalises last month's payroll through the run services: every demo login has a payslip", async () => {
    const runs = await t.db.selectFrom('payroll_runs').select(['id', 'period', 'status', 'company_office_id']).execute();
    expect(runs).toMatchObject([{ period: '2026-10', status: 'finalised', company_office_id: null }]);
    const slips = await t.db
      .selectFrom('users as u')
      .leftJoin('payslips as s', (j) => j.onRef('s.employee_id', '=', 'u.employee_id').on('s.period', '=', '2026-10'))
      .select(['u.email', sql<string | null>`s.net::text`.as('net'), 's.run_id'])
      .execute();
    expect(slips).toHaveLength(DEMO_USERS.length);
    for (const s of slips) {
      expect(s.run_id, s.email).toBe(runs[0]!.id);
      expect(Number(s.net), s.email).toBeGreaterThan(0);
    }
    // The payslips are what the engine computes for that month.
    const again = await computePayrollRun(ctxOf(t), { period: '2026-10' });
    const stored = await t.db
      .selectFrom('payslips')
      .select(['employee_id', sql<string>`net::text`.as('net')])
      .where('run_id', '=', runs[0]!.id)
      .execute();
    expect(new Map(stored.map((s) => [s.employee_id, Number(s.net)]))).toEqual(
      new Map(again.slips.map((s) => [s.employeeId, s.net])),
    );
  });

  it('refuses to seed a database that already has a company', async () => {
    await expect(seedDemo(ctxOf(t))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('is deterministic for a seed and differs for another seed', async () => {
    // Small companies: the same rules as the 200-employee one, a fraction of the time.
    const [first, again, other] = await Promise.all([createTestDb(), createTestDb(), createTestDb()]);
    try {
      await seedDemo(ctxOf(first), { employees: 20, seed: 3 });
      await seedDemo(ctxOf(again), { employees: 20, seed: 3 });
      await seedDemo(ctxOf(other), { employees: 20, seed: 7 });
      const a = await people(first);
      expect(a).toHaveLength(20);
      expect(await people(again)).toEqual(a);
      const b = await people(other);
      expect(b).toHaveLength(20);
      expect(b.map((p) => p.email)).not.toEqual(a.map((p) => p.email));
    } finally {
      await Promise.all([first.destroy(), again.destroy(), other.destroy()]);
    }
  });
});

describe('demo seed options', () => {
  it('seeds a smaller company that still has every demo login, and rejects impossible sizes', async () => {
    const t = await createTestDb();
    try {
      await expect(seedDemo(ctxOf(t), { employees: 5 })).rejects.toBeInstanceOf(AppError);
      // A login that already uses a demo e-mail stops the seed before anything is written.
      await createUser(ctxOf(t), { email: 'HC@demo.co.id', password: 'something-else', roles: ['employee'] });
      await expect(seedDemo(ctxOf(t), { employees: 20 })).rejects.toThrow('Demo logins already exist: hc@demo.co.id');
      expect(await isDemoSeeded(ctxOf(t))).toBe(false);
      await t.db.deleteFrom('users').execute();
      const s = await seedDemo(ctxOf(t), { employees: 20, seed: 1 });
      expect(s.employees).toBe(20);
      const users = await t.db.selectFrom('users').select('employee_id').execute();
      expect(users).toHaveLength(DEMO_USERS.length);
      expect(users.every((u) => u.employee_id !== null)).toBe(true);
    } finally {
      await t.destroy();
    }
  });
});
