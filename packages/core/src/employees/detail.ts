import { sql } from 'kysely';
import type { z } from 'zod';
import { assertHoldsPowersOf } from '../auth/index';
import { generatePassword, hashPassword } from '../auth/index';
import { revokeSessionsOfUser } from '../auth/index';
import { audit } from '../audit/index';
import { employmentTypeOf } from '../payroll/index';
import { refuseOwn, refuseOwnLogin, requirePayPermission } from '../access/index';
import { sectionDateIssues, todayWib } from './date-rules';
import type { Grant } from '../access/index';
import type { Update, View } from './grants';
import { guardPlacementChange, type PlacementChange, renewSessionsAfterPlacement } from '../permissions/index';
import { employeeInScope } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite, taken } from '../shared/db-errors';
import { AppError, type FieldIssue, invalid, notFound } from '../shared/errors';
import { placementChainIssues } from '../org/index';
import {
  type EmployeeDetail,
  type EmployeeSection,
  employeeIdInput,
  type Named,
  SECTION_INPUTS,
  SECTION_LABELS,
  type SectionInput,
} from './detail-schema';

type ManageLogin = Grant<'user.manage'>;

const named = (id: number | null, name: string | null): Named | null => (id === null || name === null ? null : { id, name });

/** The employee's id if it exists and is in the grant's data scope (spec §6), else NOT_FOUND. */
export async function scopedEmployeeId(db: Db, grant: Grant, id: number, lock = false): Promise<number> {
  let q = db
    .selectFrom('employees as e')
    .select('e.id')
    .where('e.id', '=', id)
    .where((eb) => employeeInScope(eb as never, grant.scope));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Employee');
  return row.id;
}

/** Every section of one employee (spec §3), for `/employee/list/{id}/detail`. */
export async function getEmployeeDetail(ctx: Ctx, grant: View, raw: z.input<typeof employeeIdInput>): Promise<EmployeeDetail> {
  return readEmployeeDetail(ctx, grant, raw);
}

/** The detail within any grant's data scope (an employee reading their own record for a request). */
export async function readEmployeeDetail(ctx: Ctx, grant: Grant, raw: z.input<typeof employeeIdInput>): Promise<EmployeeDetail> {
  const { id } = employeeIdInput.parse(raw);
  const e = await ctx.db
    .selectFrom('employees as e')
    .innerJoin('religions as r', 'r.id', 'e.religion_id')
    .innerJoin('marital_statuses as m', 'm.id', 'e.marital_status_id')
    .innerJoin('education_levels as ed', 'ed.id', 'e.education_level_id')
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('countries as c', 'c.id', 'e.nationality_country_id')
    .leftJoin('ptkp_statuses as pt', 'pt.id', 'e.ptkp_status_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .leftJoin('divisions as v', 'v.id', 'e.division_id')
    .leftJoin('sections as s', 's.id', 'e.section_id')
    .leftJoin('job_positions as p', 'p.id', 'e.job_position_id')
    .leftJoin('job_levels as l', 'l.id', 'e.job_level_id')
    .leftJoin('banks as b', 'b.id', 'e.bank_id')
    .leftJoin('users as u', 'u.employee_id', 'e.id')
    .selectAll('e')
    .select([
      'r.name as religionName',
      'm.name as maritalName',
      'ed.name as educationName',
      'o.name as officeName',
      'c.name as countryName',
      'pt.name as ptkpName',
      'pt.code as ptkpCode',
      'd.name as departmentName',
      'v.name as divisionName',
      's.name as sectionName',
      'p.name as positionName',
      'l.name as levelName',
      'b.name as bankName',
      'u.id as userId',
      'u.email as userEmail',
      'u.active as userActive',
      'u.last_login_at as lastLoginAt',
      sql<string[]>`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = u.id), '{}')`.as(
        'roles',
      ),
    ])
    .where('e.id', '=', id)
    .where((eb) => employeeInScope(eb as never, grant.scope))
    .executeTakeFirst();
  if (!e) throw notFound('Employee');

  const [contacts, parents, siblings, companies] = await Promise.all([
    ctx.db
      .selectFrom('employee_emergency_contacts')
      .select(['name', 'relationship', 'phone', 'address'])
      .where('employee_id', '=', id)
      .orderBy('position')
      .execute(),
    ctx.db
      .selectFrom('employee_parents')
      .select(['relation', 'name', 'birth_date', 'phone', 'occupation', 'alive'])
      .where('employee_id', '=', id)
      .execute(),
    ctx.db
      .selectFrom('employee_siblings as s')
      .leftJoin('education_levels as ed', 'ed.id', 's.education_level_id')
      .select(['s.name', 's.gender', 's.birth_date', 's.education_level_id', 'ed.name as educationName', 's.occupation'])
      .where('s.employee_id', '=', id)
      .orderBy('s.position')
      .execute(),
    ctx.db
      .selectFrom('employee_previous_companies')
      .select(['company_name', 'job_title', 'start_date', 'end_date', 'reason_for_leaving'])
      .where('employee_id', '=', id)
      .orderBy('position')
      .execute(),
  ]);
  const parent = (rel: 'father' | 'mother') => {
    const p = parents.find((x) => x.relation === rel);
    return p ? { name: p.name, birthDate: p.birth_date, phone: p.phone, occupation: p.occupation, alive: p.alive } : null;
  };

  return {
    id: e.id,
    employeeNumber: e.employee_number,
    name: `${e.given_name} ${e.surname}`.trim(),
    resigned: e.resigned,
    personal: {
      givenName: e.given_name,
      surname: e.surname,
      gender: e.gender,
      birthDate: e.birth_date,
      birthPlace: e.birth_place,
      religion: { id: e.religion_id, name: e.religionName },
      maritalStatus: { id: e.marital_status_id, name: e.maritalName },
      educationLevel: { id: e.education_level_id, name: e.educationName },
      nationalId: e.national_id,
      taxId: e.tax_id,
      nationality: named(e.nationality_country_id, e.countryName),
      ptkpStatus:
        e.ptkp_status_id !== null && e.ptkpName !== null && e.ptkpCode !== null
          ? { id: e.ptkp_status_id, name: e.ptkpName, code: e.ptkpCode }
          : null,
    },
    contact: {
      email: e.email,
      personalEmail: e.personal_email,
      phone: e.phone,
      address: e.address,
      domicileAddress: e.domicile_address,
      city: e.city,
      postalCode: e.postal_code,
      homeOwnership: e.home_ownership,
    },
    employment: {
      companyOffice: { id: e.company_office_id, name: e.officeName },
      department: named(e.department_id, e.departmentName),
      division: named(e.division_id, e.divisionName),
      section: named(e.section_id, e.sectionName),
      jobPosition: named(e.job_position_id, e.positionName),
      jobLevel: named(e.job_level_id, e.levelName),
      contractType: e.contract_type,
      entryDate: e.entry_date,
      firstJoinDate: e.first_join_date,
      contractStartDate: e.contract_start_date,
      annualLeaveDate: e.annual_leave_date,
    },
    emergency: { contacts },
    parents: { father: parent('father'), mother: parent('mother') },
    sibling: {
      siblings: siblings.map((s) => ({
        name: s.name,
        gender: s.gender,
        birthDate: s.birth_date,
        educationLevel: named(s.education_level_id, s.educationName),
        occupation: s.occupation,
      })),
    },
    medical: {
      bloodType: e.blood_type,
      heightCm: e.height_cm,
      weightKg: e.weight_kg,
      allergies: e.allergies,
      medicalNotes: e.medical_notes,
      bpjsKesehatanNumber: e.bpjs_kesehatan_number,
      bpjsKetenagakerjaanNumber: e.bpjs_ketenagakerjaan_number,
    },
    login:
      e.userId !== null && e.userEmail !== null
        ? {
            userId: e.userId,
            email: e.userEmail,
            active: !!e.userActive,
            roles: e.roles,
            lastLoginAt: e.lastLoginAt ? new Date(e.lastLoginAt).toISOString() : null,
          }
        : null,
    bank: { bank: named(e.bank_id, e.bankName), bankAccountNumber: e.bank_account_number, bankAccountName: e.bank_account_name },
    previousCompany: {
      companies: companies.map((c) => ({
        companyName: c.company_name,
        jobTitle: c.job_title,
        startDate: c.start_date,
        endDate: c.end_date,
        reasonForLeaving: c.reason_for_leaving,
      })),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Saving one section.

/** Columns to set from a partial input: only the fields present (undefined = keep). */
function present<T extends Record<string, unknown>>(input: T, map: Partial<Record<keyof T, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(map) as [keyof T, string][]) {
    if (input[field] !== undefined) out[column] = input[field];
  }
  return out;
}

/** Fails with one VALIDATION naming every referenced id that does not exist. */
export async function checkRefs(db: Db, refs: [param: string, table: string, id: number | null | undefined][]): Promise<void> {
  const issues: FieldIssue[] = [];
  for (const [param, table, id] of refs) {
    if (id === null || id === undefined) continue;
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where id = ${id}`.execute(db);
    if (!row.rows[0]?.n) issues.push({ param, msg: 'does not exist' });
  }
  if (issues.length) throw invalid(issues);
}

/**
 * The employment placement must be one branch of the org tree: the department in the office,
 * the division in the department, the section in the division (org placementChainIssues, the rule
 * registrations follow too), the job position in the same department (and division/section when it names them).
 */
export async function checkPlacement(
  db: Db,
  p: {
    officeId: number;
    departmentId: number | null;
    divisionId: number | null;
    sectionId: number | null;
    jobPositionId: number | null;
  },
): Promise<void> {
  const issues = await placementChainIssues(db, p);
  if (p.jobPositionId !== null) {
    const j = await db
      .selectFrom('job_positions')
      .select(['department_id', 'division_id', 'section_id'])
      .where('id', '=', p.jobPositionId)
      .executeTakeFirst();
    if (!j) issues.push({ param: 'jobPositionId', msg: 'does not exist' });
    else if (
      j.department_id !== p.departmentId ||
      (j.division_id !== null && j.division_id !== p.divisionId) ||
      (j.section_id !== null && j.section_id !== p.sectionId)
    )
      issues.push({ param: 'jobPositionId', msg: 'belongs to another department, division or section' });
  }
  if (issues.length)
    throw new AppError('VALIDATION', 'The placement does not match the organisation structure', { fields: issues });
}

type EmployeeRow = Record<string, unknown> & {
  id: number;
  company_office_id: number;
  department_id: number | null;
  division_id: number | null;
  section_id: number | null;
  job_position_id: number | null;
};

async function updateColumns(ctx: Ctx, trx: Db, section: EmployeeSection, before: EmployeeRow, set: Record<string, unknown>) {
  if (Object.keys(set).length === 0) return;
  await dbWrite(
    () =>
      trx
        .updateTable('employees')
        .set({ ...set, updated_at: sql`now()` } as never)
        .where('id', '=', before.id)
        .execute(),
    {
      unique: {
        employees_email_uq: () => taken('email', 'Another employee already uses this e-mail address'),
        employees_national_id_uq: () => taken('nationalId', 'Another employee already has this NIK'),
      },
    },
  );
  const changedBefore: Record<string, unknown> = {};
  for (const k of Object.keys(set)) changedBefore[k] = before[k];
  await audit(ctx, trx, {
    action: `employee.update.${section}`,
    entity: 'employee',
    entityId: before.id,
    before: changedBefore,
    after: set,
  });
}

async function lockedEmployee(trx: Db, grant: Grant, id: number): Promise<EmployeeRow> {
  await scopedEmployeeId(trx, grant, id, true);
  return (await trx.selectFrom('employees').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as unknown as EmployeeRow;
}

/** The employee columns each single-record section writes, by input field; the repeating sections replace child rows. */
const SECTION_COLUMNS: Partial<Record<EmployeeSection, Record<string, string>>> = {
  personal: {
    givenName: 'given_name',
    surname: 'surname',
    gender: 'gender',
    birthDate: 'birth_date',
    birthPlace: 'birth_place',
    religionId: 'religion_id',
    maritalStatusId: 'marital_status_id',
    educationLevelId: 'education_level_id',
    nationalId: 'national_id',
    taxId: 'tax_id',
    nationalityCountryId: 'nationality_country_id',
    ptkpStatusId: 'ptkp_status_id',
  },
  contact: {
    email: 'email',
    personalEmail: 'personal_email',
    phone: 'phone',
    address: 'address',
    domicileAddress: 'domicile_address',
    city: 'city',
    postalCode: 'postal_code',
    homeOwnership: 'home_ownership',
  },
  employment: {
    companyOfficeId: 'company_office_id',
    departmentId: 'department_id',
    divisionId: 'division_id',
    sectionId: 'section_id',
    jobPositionId: 'job_position_id',
    jobLevelId: 'job_level_id',
    contractType: 'contract_type',
    entryDate: 'entry_date',
    firstJoinDate: 'first_join_date',
    contractStartDate: 'contract_start_date',
    annualLeaveDate: 'annual_leave_date',
  },
  medical: {
    bloodType: 'blood_type',
    heightCm: 'height_cm',
    weightKg: 'weight_kg',
    allergies: 'allergies',
    medicalNotes: 'medical_notes',
    bpjsKesehatanNumber: 'bpjs_kesehatan_number',
    bpjsKetenagakerjaanNumber: 'bpjs_ketenagakerjaan_number',
  },
  bank: { bankId: 'bank_id', bankAccountNumber: 'bank_account_number', bankAccountName: 'bank_account_name' },
};

/** Saves one section of an employee record (`POST /v2/h/employee/update/{section}`). */
export async function updateEmployeeSection<S extends Exclude<EmployeeSection, 'login'>>(
  ctx: Ctx,
  grant: Update,
  section: S,
  raw: SectionInput<S>,
): Promise<{ id: number; section: S }> {
  return applyEmployeeSection(ctx, grant, section, raw);
}

/**
 * Saves one section within the grant's data scope; also used by an approved update request,
 * whose approver holds `employee.editRequest.approve` rather than `employee.update`.
 */
export async function applyEmployeeSection<S extends Exclude<EmployeeSection, 'login'>>(
  ctx: Ctx,
  grant: Grant,
  section: S,
  raw: SectionInput<S>,
): Promise<{ id: number; section: S }> {
  const input = SECTION_INPUTS[section].parse(raw) as Record<string, unknown> & { id: number };
  // The same date rule as when a data update request is submitted (date-rules.ts).
  const dateFields = sectionDateIssues(section, input, todayWib(ctx.clock()));
  if (dateFields.length) throw invalid(dateFields);
  await inTransaction(ctx, async (trx) => {
    const before = await lockedEmployee(trx, grant, input.id);
    switch (section) {
      case 'personal': {
        await checkRefs(trx, [
          ['religionId', 'religions', input.religionId as number | undefined],
          ['maritalStatusId', 'marital_statuses', input.maritalStatusId as number | undefined],
          ['educationLevelId', 'education_levels', input.educationLevelId as number | undefined],
          ['nationalityCountryId', 'countries', input.nationalityCountryId as number | null | undefined],
          ['ptkpStatusId', 'ptkp_statuses', input.ptkpStatusId as number | null | undefined],
        ]);
        // The PTKP status sets PPh 21 (TER category and PTKP amount): a pay field (issue 16 item 1).
        if (input.ptkpStatusId !== undefined && input.ptkpStatusId !== before.ptkp_status_id) {
          requirePayPermission(grant.actor, before.id, 'tax status');
        }
        break;
      }
      case 'employment': {
        // One's own employment (placement, dates) is changed by someone else (issue 16).
        refuseOwn(grant.actor, before.id, 'employment details');
        const pick = <T>(field: string, current: T): T => (input[field] === undefined ? current : (input[field] as T));
        const placement = {
          officeId: pick('companyOfficeId', before.company_office_id),
          departmentId: pick('departmentId', before.department_id),
          divisionId: pick('divisionId', before.division_id),
          sectionId: pick('sectionId', before.section_id),
          jobPositionId: pick('jobPositionId', before.job_position_id),
        };
        await checkRefs(trx, [
          ['companyOfficeId', 'company_offices', input.companyOfficeId as number | undefined],
          ['jobLevelId', 'job_levels', input.jobLevelId as number | null | undefined],
        ]);
        await checkPlacement(trx, placement);
        const move: PlacementChange = {
          employeeId: before.id,
          name: `${String(before.given_name)} ${String(before.surname)}`.trim(),
          before: { jobPositionId: before.job_position_id, sectionId: before.section_id },
          after: { jobPositionId: placement.jobPositionId, sectionId: placement.sectionId },
        };
        const permissionsAdded = await guardPlacementChange(trx, grant.actor, move);
        if (permissionsAdded.length) {
          await audit(ctx, trx, {
            action: 'employee.placement.widen',
            entity: 'employee',
            entityId: before.id,
            after: { permissionsAdded },
          });
        }
        await renewSessionsAfterPlacement({ ...ctx, db: trx }, move);
        // Daily or monthly pay follows the contract type (a Freelance basic salary is a daily rate,
        // paid × 21 or × 25 a month): switching between them changes pay (issue 16 item 1).
        const contractType = input.contractType as number | null | undefined;
        if (
          contractType !== undefined &&
          (employmentTypeOf(contractType) === 'daily') !== (employmentTypeOf(before.contract_type as number | null) === 'daily')
        ) {
          requirePayPermission(grant.actor, before.id, 'salary');
        }
        break;
      }
      case 'bank': {
        await checkRefs(trx, [['bankId', 'banks', input.bankId as number | null | undefined]]);
        const bankId = input.bankId === undefined ? (before.bank_id as number | null) : (input.bankId as number | null);
        const account =
          input.bankAccountNumber === undefined ? (before.bank_account_number as string | null) : input.bankAccountNumber;
        if (account && bankId === null) {
          throw invalid([{ param: 'bankId', msg: 'is required with an account number' }]);
        }
        break;
      }
    }
    const columns = SECTION_COLUMNS[section];
    if (columns) await updateColumns(ctx, trx, section, before, present(input, columns));
    else await replaceList(ctx, trx, section, input);
  });
  return { id: input.id, section };
}

type ListTable = 'employee_emergency_contacts' | 'employee_parents' | 'employee_siblings' | 'employee_previous_companies';

/** Replaces an employee's rows of one child table, inside the caller's transaction, with an audit entry. */
async function replaceRows(
  ctx: Ctx,
  trx: Db,
  section: EmployeeSection,
  table: ListTable,
  employeeId: number,
  rows: Record<string, unknown>[],
): Promise<void> {
  const before = await trx.selectFrom(table).selectAll().where('employee_id', '=', employeeId).execute();
  await trx.deleteFrom(table).where('employee_id', '=', employeeId).execute();
  if (rows.length) {
    await trx
      .insertInto(table)
      .values(rows.map((r) => ({ employee_id: employeeId, ...r })) as never)
      .execute();
  }
  await audit(ctx, trx, { action: `employee.update.${section}`, entity: 'employee', entityId: employeeId, before, after: rows });
}

type Contact = { name: string; relationship: 'Family' | 'Friend'; phone: string; address?: string | null };
type Parent = { name: string; birthDate?: string | null; phone?: string | null; occupation?: string | null; alive: boolean };
type Sibling = {
  name: string;
  gender: 'Male' | 'Female';
  birthDate?: string | null;
  educationLevelId?: number | null;
  occupation?: string | null;
};
type PreviousCompany = {
  companyName: string;
  jobTitle?: string | null;
  startDate: string;
  endDate?: string | null;
  reasonForLeaving?: string | null;
};

/** Replaces a repeating section as a whole (rows keep the order they were sent in). */
async function replaceList(ctx: Ctx, trx: Db, section: EmployeeSection, input: Record<string, unknown> & { id: number }) {
  const employeeId = input.id;
  switch (section) {
    case 'emergency':
      return replaceRows(
        ctx,
        trx,
        section,
        'employee_emergency_contacts',
        employeeId,
        (input.contacts as Contact[]).map((c, i) => ({
          position: i + 1,
          name: c.name,
          relationship: c.relationship,
          phone: c.phone,
          address: c.address ?? null,
        })),
      );
    case 'parents': {
      const rows = (['father', 'mother'] as const).flatMap((relation) => {
        const p = input[relation] as Parent | null;
        return p
          ? [
              {
                relation,
                name: p.name,
                birth_date: p.birthDate ?? null,
                phone: p.phone ?? null,
                occupation: p.occupation ?? null,
                alive: p.alive,
              },
            ]
          : [];
      });
      return replaceRows(ctx, trx, section, 'employee_parents', employeeId, rows);
    }
    case 'sibling': {
      const siblings = input.siblings as Sibling[];
      await checkRefs(
        trx,
        siblings.map(
          (s, i) =>
            [`siblings.${i}.educationLevelId`, 'education_levels', s.educationLevelId] as [
              string,
              string,
              number | null | undefined,
            ],
        ),
      );
      return replaceRows(
        ctx,
        trx,
        section,
        'employee_siblings',
        employeeId,
        siblings.map((s, i) => ({
          position: i + 1,
          name: s.name,
          gender: s.gender,
          birth_date: s.birthDate ?? null,
          education_level_id: s.educationLevelId ?? null,
          occupation: s.occupation ?? null,
        })),
      );
    }
    case 'previousCompany':
      return replaceRows(
        ctx,
        trx,
        section,
        'employee_previous_companies',
        employeeId,
        (input.companies as PreviousCompany[]).map((c, i) => ({
          position: i + 1,
          company_name: c.companyName,
          job_title: c.jobTitle ?? null,
          start_date: c.startDate,
          end_date: c.endDate ?? null,
          reason_for_leaving: c.reasonForLeaving ?? null,
        })),
      );
    default:
      throw new AppError('INTERNAL', `Section ${SECTION_LABELS[section]} is not a list`);
  }
}

/** The login of an employee in scope, locked for a change; PRECONDITION_FAILED when there is none yet. */
async function lockedLogin(trx: Db, grant: ManageLogin, employeeId: number) {
  await scopedEmployeeId(trx, grant, employeeId, true);
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'active'])
    .where('employee_id', '=', employeeId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw new AppError('PRECONDITION_FAILED', 'This employee has no login yet');
  return user;
}

/**
 * The login section: activates or deactivates the employee's user account. Deactivating ends
 * every session of that user at once; one cannot change one's own login, nor one that holds
 * powers one does not hold (auth/hierarchy.ts).
 */
export async function updateEmployeeLogin(
  ctx: Ctx,
  grant: ManageLogin,
  raw: SectionInput<'login'>,
): Promise<{ id: number; section: 'login' }> {
  const input = SECTION_INPUTS.login.parse(raw);
  await inTransaction(ctx, async (trx) => {
    const user = await lockedLogin(trx, grant, input.id);
    if (!input.active && user.id === grant.actor.userId) {
      throw new AppError('VALIDATION', 'You cannot deactivate your own login', {
        fields: [{ param: 'active', msg: 'cannot deactivate your own login' }],
      });
    }
    if (user.active === input.active) return;
    // Issue 16 items 2 and 5: not one's own login, and not a login holding powers the actor lacks.
    refuseOwnLogin(grant.actor, user.id, 'login', input.active ? 'activate' : 'deactivate');
    await assertHoldsPowersOf(trx, grant.actor, user.id, input.active ? 'activate' : 'deactivate');
    await trx
      .updateTable('users')
      .set({ active: input.active, updated_at: sql`now()` } as never)
      .where('id', '=', user.id)
      .execute();
    await audit(ctx, trx, {
      action: 'employee.update.login',
      entity: 'user',
      entityId: user.id,
      before: { active: user.active },
      after: { active: input.active },
    });
    if (!input.active) await revokeSessionsOfUser({ ...ctx, db: trx }, user.id);
  });
  return { id: input.id, section: 'login' };
}

/**
 * An administrator's password reset of the employee's login (`user.manage`): a new one-time
 * password, shown once to the administrator, that only lets the person change it at their next
 * sign-in (`must_change_password`; issue 16 item 6). Every session of that login ends. Refused for
 * one's own login (change it on the profile page) and for a login holding powers the administrator
 * lacks (auth/hierarchy.ts).
 */
export async function resetEmployeeLoginPassword(
  ctx: Ctx,
  grant: ManageLogin,
  raw: z.input<typeof employeeIdInput>,
): Promise<{ id: number; email: string; temporaryPassword: string }> {
  const input = employeeIdInput.parse(raw);
  const temporaryPassword = generatePassword();
  const hash = await hashPassword(temporaryPassword);
  return inTransaction(ctx, async (trx) => {
    const user = await lockedLogin(trx, grant, input.id);
    refuseOwnLogin(grant.actor, user.id, 'password', 'reset');
    await assertHoldsPowersOf(trx, grant.actor, user.id, 'reset the password of');
    await trx
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: true, updated_at: sql`now()` } as never)
      .where('id', '=', user.id)
      .execute();
    await revokeSessionsOfUser({ ...ctx, db: trx }, user.id);
    await audit(ctx, trx, { action: 'employee.login.resetPassword', entity: 'user', entityId: user.id });
    return { id: input.id, email: user.email, temporaryPassword };
  });
}

/** A section's current values in the shape of its update input (without the id). */
export function sectionValues(d: EmployeeDetail, section: Exclude<EmployeeSection, 'login'>): Record<string, unknown> {
  switch (section) {
    case 'personal': {
      const p = d.personal;
      return {
        givenName: p.givenName,
        surname: p.surname,
        gender: p.gender,
        birthDate: p.birthDate,
        birthPlace: p.birthPlace,
        religionId: p.religion.id,
        maritalStatusId: p.maritalStatus.id,
        educationLevelId: p.educationLevel.id,
        nationalId: p.nationalId,
        taxId: p.taxId,
        nationalityCountryId: p.nationality?.id ?? null,
        ptkpStatusId: p.ptkpStatus?.id ?? null,
      };
    }
    case 'contact':
      return { ...d.contact };
    case 'employment': {
      const e = d.employment;
      return {
        companyOfficeId: e.companyOffice.id,
        departmentId: e.department?.id ?? null,
        divisionId: e.division?.id ?? null,
        sectionId: e.section?.id ?? null,
        jobPositionId: e.jobPosition?.id ?? null,
        jobLevelId: e.jobLevel?.id ?? null,
        contractType: e.contractType,
        entryDate: e.entryDate,
        firstJoinDate: e.firstJoinDate,
        contractStartDate: e.contractStartDate,
        annualLeaveDate: e.annualLeaveDate,
      };
    }
    case 'emergency':
      return { contacts: d.emergency.contacts };
    case 'parents':
      return { father: d.parents.father, mother: d.parents.mother };
    case 'sibling':
      return {
        siblings: d.sibling.siblings.map(({ educationLevel, ...s }) => ({ ...s, educationLevelId: educationLevel?.id ?? null })),
      };
    case 'medical':
      return { ...d.medical };
    case 'bank':
      return {
        bankId: d.bank.bank?.id ?? null,
        bankAccountNumber: d.bank.bankAccountNumber,
        bankAccountName: d.bank.bankAccountName,
      };
    case 'previousCompany':
      return { companies: d.previousCompany.companies };
  }
}
