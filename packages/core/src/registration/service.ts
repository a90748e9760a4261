import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import { createUser } from '../auth/index';
import { generatePassword } from '../auth/index';
import { dateIssues, registrantColumns, todayWib } from '../employees/index';
import { nextEmployeeNumber, placementChainIssues } from '../org/index';
import type { Decision } from '../access/index';
import type { Grant } from '../access/index';
import { confirmNewPlacement, guardPlacementChange } from '../permissions/index';
import { refusal, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, type FieldIssue, invalid } from '../shared/errors';
import type { Page } from '../shared/zod';
import {
  activateRegistrationInput,
  listRegistrationsInput,
  registrationInput,
  type RegistrationInput,
  type RegistrationRow,
  rejectRegistrationInput,
} from './schema';

async function checkReferences(db: Db, input: { religionId: number; educationLevelId: number; maritalStatusId: number }) {
  const r = await db
    .selectNoFrom([
      sql<boolean>`exists(select 1 from religions where id = ${input.religionId})`.as('religion'),
      sql<boolean>`exists(select 1 from education_levels where id = ${input.educationLevelId})`.as('education'),
      sql<boolean>`exists(select 1 from marital_statuses where id = ${input.maritalStatusId})`.as('marital'),
    ])
    .executeTakeFirstOrThrow();
  const fields: FieldIssue[] = [];
  if (!r.religion) fields.push({ param: 'religionId', msg: 'is not a known religion' });
  if (!r.education) fields.push({ param: 'educationLevelId', msg: 'is not a known education level' });
  if (!r.marital) fields.push({ param: 'maritalStatusId', msg: 'is not a known marital status' });
  if (fields.length) throw invalid(fields);
}

/**
 * The one approval rule (access/duties.ts) for a registration, as the approval kit checks it
 * before the guarded update. A registration is filed by nobody's login and is about no employee
 * yet, so only the rules that need neither apply. Null when it is not there (the update refuses).
 */
async function registrationDecision(db: Db, id: number): Promise<Decision | null> {
  const r = await db.selectFrom('registrations').select('created_at').where('id', '=', id).executeTakeFirst();
  return r ? { what: 'registration', filedAt: r.created_at } : null;
}

/** Why a registration's guarded decision changed nothing: not there (NOT_FOUND), or decided already (CONFLICT). */
const refuseDecided = (db: Db, id: number) =>
  refusal(
    db.selectFrom('registrations').select('status').where('id', '=', id).executeTakeFirst(),
    () => new AppError('NOT_FOUND', 'Registration not found'),
    () => new AppError('CONFLICT', 'This registration has already been decided'),
  );

/** Public self-registration. The account stays inactive until an administrator activates it. */
export async function register(ctx: Ctx, raw: RegistrationInput): Promise<{ id: number }> {
  const input = registrationInput.parse(raw);
  // The employee record's birth-date rule (age 15 to 100), so an activation never fails on it.
  const fields = dateIssues(todayWib(ctx.clock()), [['birthDate', 'birth', input.birthDate]]);
  if (fields.length) throw invalid(fields);
  return inTransaction(ctx, async (trx) => {
    await checkReferences(trx, input);
    const taken = await trx
      .selectNoFrom([
        sql<boolean>`exists(select 1 from users where lower(email) = ${input.email})
          or exists(select 1 from employees where lower(email) = ${input.email})
          or exists(select 1 from registrations where lower(email) = ${input.email} and status = 3)`.as('taken'),
      ])
      .executeTakeFirstOrThrow();
    if (taken.taken) {
      throw new AppError('CONFLICT', 'This e-mail is already registered', {
        fields: [{ param: 'email', msg: 'is already registered' }],
      });
    }
    const row = await trx
      .insertInto('registrations')
      .values({
        email: input.email,
        given_name: input.givenName,
        surname: input.surname,
        gender: input.gender,
        birth_date: input.birthDate,
        religion_id: input.religionId,
        education_level_id: input.educationLevelId,
        marital_status_id: input.maritalStatusId,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row)
      throw new AppError('CONFLICT', 'This e-mail is already registered', {
        fields: [{ param: 'email', msg: 'is already registered' }],
      });
    await audit(ctx, trx, { action: 'registration.create', entity: 'registration', entityId: row.id, after: input });
    return row;
  });
}

/** Registrations by status (default Pending), newest first. */
export async function listRegistrations(
  ctx: Ctx,
  _grant: Grant<'employee.registration.view'>,
  raw: z.input<typeof listRegistrationsInput>,
): Promise<Page<RegistrationRow>> {
  const input = listRegistrationsInput.parse(raw);
  const base = ctx.db.selectFrom('registrations as r').where('r.status', '=', input.status);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('religions as re', 're.id', 'r.religion_id')
      .innerJoin('education_levels as ed', 'ed.id', 'r.education_level_id')
      .innerJoin('marital_statuses as ms', 'ms.id', 'r.marital_status_id')
      .select([
        'r.id',
        'r.email',
        'r.given_name as givenName',
        'r.surname',
        'r.gender',
        'r.birth_date as birthDate',
        're.name as religion',
        'ed.name as educationLevel',
        'ms.name as maritalStatus',
        'r.status',
        'r.created_at as createdAt',
        'r.decided_at as decidedAt',
        'r.employee_id as employeeId',
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n, page: input.page, pageSize: input.pageSize };
}

/**
 * Activates a pending registration: creates the employee and an active login with a
 * one-time password (shown once to the administrator; changed at first login).
 * The Pending→Approved transition is checked in SQL, so two concurrent activations cannot both succeed.
 */
export async function activateRegistration(
  ctx: Ctx,
  grant: Grant<'employee.registration.decide'>,
  raw: z.input<typeof activateRegistrationInput>,
): Promise<{ employeeId: number; employeeNumber: string; email: string; temporaryPassword: string }> {
  const input = activateRegistrationInput.parse(raw);
  const temporaryPassword = generatePassword();
  return inTransaction(ctx, async (trx) => {
    const reg = await transition(trx, 'registrations', {
      id: input.id,
      from: 3,
      set: { status: 1, decided_by: grant.actor.userId, decided_at: ctx.clock() },
      duties: { actor: grant.actor, decisions: await registrationDecision(trx, input.id) },
      refuse: (trx) => refuseDecided(trx, input.id),
    });
    const fields = await placementChainIssues(trx, {
      officeId: input.companyOfficeId,
      departmentId: input.departmentId ?? null,
      divisionId: input.divisionId ?? null,
      sectionId: null,
    });
    if (input.jobPositionId) {
      const p = await trx.selectFrom('job_positions').select('id').where('id', '=', input.jobPositionId).executeTakeFirst();
      if (!p) fields.push({ param: 'jobPositionId', msg: 'is not a known job position' });
    }
    if (fields.length) throw invalid(fields);
    // The new login (role employee) gets the job position's grants: four-eyes as for any placement.
    const permissionsAdded = await guardPlacementChange(trx, grant.actor, {
      employeeId: null,
      name: `${reg.given_name} ${reg.surname}`.trim(),
      before: null,
      after: { jobPositionId: input.jobPositionId ?? null, sectionId: null },
      loginRoles: ['employee'],
    });
    const emailTaken = await trx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', reg.email.toLowerCase())
      .executeTakeFirst();
    if (emailTaken) throw new AppError('CONFLICT', `A user with e-mail ${reg.email} already exists`);
    const employeeNumber = await nextEmployeeNumber(trx, input.companyOfficeId);
    const today = todayWib(ctx.clock());
    const emp = await trx
      .insertInto('employees')
      .values({
        employee_number: employeeNumber,
        ...registrantColumns(reg),
        company_office_id: input.companyOfficeId,
        department_id: input.departmentId ?? null,
        division_id: input.divisionId ?? null,
        job_position_id: input.jobPositionId ?? null,
        entry_date: today,
        first_join_date: today,
        ptkp_status_id: null,
        bank_id: null,
        bank_account_number: null,
        phone: null,
        section_id: null,
        job_level_id: null,
        contract_type: null,
        contract_start_date: null,
        annual_leave_date: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('registrations').set({ employee_id: emp.id }).where('id', '=', reg.id).execute();
    const placed = { jobPositionId: input.jobPositionId ?? null, sectionId: null };
    await confirmNewPlacement(trx, grant.actor, emp.id, placed, permissionsAdded);
    await createUser(
      { ...ctx, db: trx },
      {
        email: reg.email,
        password: temporaryPassword,
        roles: ['employee'],
        employeeId: emp.id,
        active: true,
        mustChangePassword: true,
      },
    );
    await audit(ctx, trx, {
      action: 'registration.activate',
      entity: 'registration',
      entityId: reg.id,
      before: { status: 3 },
      after: { status: 1, employeeId: emp.id, employeeNumber, ...(permissionsAdded.length ? { permissionsAdded } : {}) },
    });
    return { employeeId: emp.id, employeeNumber, email: reg.email, temporaryPassword };
  });
}

/** Rejects (Disapproved) a pending registration; checked in SQL like activation. */
export async function rejectRegistration(
  ctx: Ctx,
  grant: Grant<'employee.registration.decide'>,
  raw: z.input<typeof rejectRegistrationInput>,
): Promise<void> {
  const input = rejectRegistrationInput.parse(raw);
  await inTransaction(ctx, async (trx) => {
    await transition(trx, 'registrations', {
      id: input.id,
      from: 3,
      set: { status: 2, decided_by: grant.actor.userId, decided_at: ctx.clock(), decision_note: input.note ?? null },
      duties: { actor: grant.actor, decisions: await registrationDecision(trx, input.id) },
      returning: ['id'],
      refuse: (trx) => refuseDecided(trx, input.id),
    });
    await audit(ctx, trx, {
      action: 'registration.reject',
      entity: 'registration',
      entityId: input.id,
      before: { status: 3 },
      after: { status: 2, note: input.note ?? null },
    });
  });
}
