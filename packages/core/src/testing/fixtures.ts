import type { Kysely } from 'kysely';
import type { Actor } from '../access/actor';
import { actorForUser, createUser } from '../auth/service';
import type { Database } from '../db/database';
import type { RoleKey } from '../access/roles';
import { ensureReferenceData } from '../seed/reference';
import { createServices, type Services } from '../services';

/** A small organisation for tests: one office, two departments each with one division. */
export interface Org {
  officeId: number;
  dept: [number, number];
  div: [number, number];
}

export async function makeOrg(db: Kysely<Database>): Promise<Org> {
  await ensureReferenceData(db);
  const office = await db
    .insertInto('company_offices')
    .values({ code: 'TST', name: 'Test Office', address: null, city: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const d = await db
    .insertInto('departments')
    .values([
      { company_office_id: office.id, name: 'HR' },
      { company_office_id: office.id, name: 'Ops' },
    ])
    .returning('id')
    .execute();
  const v = await db
    .insertInto('divisions')
    .values([
      { company_office_id: office.id, department_id: d[0]!.id, name: 'Payroll' },
      { company_office_id: office.id, department_id: d[1]!.id, name: 'Warehouse' },
    ])
    .returning('id')
    .execute();
  return { officeId: office.id, dept: [d[0]!.id, d[1]!.id], div: [v[0]!.id, v[1]!.id] };
}

let seq = 0;
/** Inserts an employee in the given department/division and returns its id. */
export async function makeEmployee(
  db: Kysely<Database>,
  org: Org,
  where: { dept: 0 | 1 },
  name = `Employee ${++seq}`,
): Promise<number> {
  const [given, ...rest] = name.split(' ');
  const row = await db
    .insertInto('employees')
    .values({
      employee_number: `TST-${String(++seq).padStart(5, '0')}-${Math.random().toString(36).slice(2, 6)}`,
      given_name: given ?? name,
      surname: rest.join(' '),
      email: `${name.toLowerCase().replace(/\s+/g, '.')}.${seq}@test.co.id`,
      gender: 'Female',
      birth_date: '1990-01-01',
      religion_id: 1,
      education_level_id: 1,
      marital_status_id: 5,
      company_office_id: org.officeId,
      department_id: org.dept[where.dept],
      division_id: org.div[where.dept],
      ptkp_status_id: null,
      bank_id: null,
      bank_account_number: null,
      phone: null,
      section_id: null,
      job_position_id: null,
      job_level_id: null,
      contract_type: 5,
      first_join_date: null,
      contract_start_date: null,
      annual_leave_date: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user with roles, optionally linked to a new employee in a department. */
export async function makeUser(
  services: Services,
  org: Org | null,
  roles: RoleKey[],
  opts: { dept?: 0 | 1; password?: string; active?: boolean; email?: string } = {},
): Promise<{ userId: number; email: string; password: string; employeeId: number | null }> {
  const employeeId = org ? await makeEmployee(services.db, org, { dept: opts.dept ?? 0 }) : null;
  const email = opts.email ?? `user${++seq}.${Math.random().toString(36).slice(2, 7)}@test.co.id`;
  const password = opts.password ?? 'correct horse 1';
  const u = await createUser(services.ctx(null), { email, password, roles, employeeId, active: opts.active ?? true });
  return { userId: u.id, email, password, employeeId };
}

/**
 * A contract paying `basicSalary` a month from `start` (default 2025-01-01): open-ended permanent (type 5)
 * unless `type` and `end` say otherwise, numbered `number` (default C-<employee id>).
 */
export async function addContract(
  db: Kysely<Database>,
  employeeId: number,
  basicSalary: number,
  opts: { number?: string; type?: number; start?: string; end?: string | null } = {},
): Promise<void> {
  await db
    .insertInto('employee_contracts')
    .values({
      employee_id: employeeId,
      contract_number: opts.number ?? `C-${employeeId}`,
      contract_type: opts.type ?? 5,
      start_date: opts.start ?? '2025-01-01',
      end_date: opts.end ?? null,
      basic_salary: basicSalary,
      notes: null,
      created_by: null,
    })
    .execute();
}

/** A human-capital user without `hr.all`: sees only the employees of its own department `dept` (spec §6 data scope). */
export async function makeDepartmentHr(services: Services, org: Org, dept: 0 | 1): Promise<Actor> {
  const u = await makeUser(services, org, ['human-capital'], { dept });
  const actor = (await actorForUser(services.db, u.userId, 'user'))!;
  const permissions = new Set(actor.permissions);
  permissions.delete('hr.all');
  return { ...actor, roles: ['human-capital-limited'], permissions };
}

export { createServices };

/** The name screens show for a login: its employee's given name and surname (issue 19: names, not e-mail addresses). */
export async function displayNameOf(db: Kysely<Database>, user: { employeeId: number | null; email: string }): Promise<string> {
  if (user.employeeId === null) return user.email;
  const e = await db
    .selectFrom('employees')
    .select(['given_name', 'surname'])
    .where('id', '=', user.employeeId)
    .executeTakeFirstOrThrow();
  return `${e.given_name} ${e.surname}`.trim();
}
