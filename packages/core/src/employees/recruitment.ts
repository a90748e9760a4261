import { type Insertable, type Selectable, sql } from 'kysely';
import { audit } from '../audit/index';
import type { Database } from '../db/database';
import { type Grant, requirePermission } from '../access/index';
import { transition } from '../access/index';
import { pageOffset } from '../shared/page';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite, taken } from '../shared/db-errors';
import { AppError, type FieldIssue, invalid, notFound } from '../shared/errors';
import { employeeNameOf, userName } from '../shared/employee-sql';
import { likePattern } from '../shared/sql';
import type { Page, In } from '../shared/zod';
import { decodeUpload } from './files';
import { createEmployee } from './history';
import {
  type ApplicantDetail,
  type ApplicantNote,
  type ApplicantRow,
  addApplicantNoteInput,
  applicantFromRegistrationInput,
  applicantIdInput,
  CV_MAX_BYTES,
  type CvFileInput,
  createApplicantInput,
  hireApplicantInput,
  listApplicantsInput,
  OPEN_RECRUITMENT_STAGES,
  RECRUITMENT_STAGE_LABELS,
  type RecruitmentStage,
  setApplicantStageInput,
  uploadApplicantCvInput,
} from './recruitment-schema';
import type { EmployeeFileDownload } from './signature-schema';
import { fileDownload } from '../shared/file-download';

type Manage = Grant<'employee.recruitment.manage'>;

const applicantNotFound = () => notFound('Applicant');
const OPEN = [...OPEN_RECRUITMENT_STAGES];

/** Decodes and checks a CV (PDF or DOCX, 1 byte to 700 KB, checked by its first bytes). */
const decodeCv = (file: CvFileInput, param: string) => decodeUpload(file, { param, maxBytes: CV_MAX_BYTES, what: 'CV file' });

/** Refuses an office or job position that does not exist (names the field). */
async function checkApplication(db: Db, input: { companyOfficeId: number; jobPositionId?: number | null }) {
  const r = await db
    .selectNoFrom([
      sql<boolean>`exists(select 1 from company_offices where id = ${input.companyOfficeId})`.as('office'),
      sql<boolean>`${input.jobPositionId ?? null}::int is null
        or exists(select 1 from job_positions where id = ${input.jobPositionId ?? null}::int)`.as('position'),
    ])
    .executeTakeFirstOrThrow();
  const fields: FieldIssue[] = [];
  if (!r.office) fields.push({ param: 'companyOfficeId', msg: 'is not a known company office' });
  if (!r.position) fields.push({ param: 'jobPositionId', msg: 'is not a known job position' });
  if (fields.length) throw invalid(fields);
}

const openEmailTaken = () => taken('email', 'This person already has an open application');
const applicantUnique = {
  recruitment_applicants_open_email_uq: openEmailTaken,
  recruitment_applicants_registration_id_key: () =>
    taken('registrationId', 'This registration has already been moved into recruitment'),
};

function applicantsQuery(db: Db) {
  return db
    .selectFrom('recruitment_applicants as a')
    .innerJoin('company_offices as o', 'o.id', 'a.company_office_id')
    .leftJoin('job_positions as p', 'p.id', 'a.job_position_id')
    .leftJoin('employees as e', 'e.id', 'a.employee_id')
    .select([
      'a.id',
      'a.source',
      'a.registration_id as registrationId',
      employeeNameOf('a').as('name'),
      'a.given_name as givenName',
      'a.surname',
      'a.email',
      'a.phone',
      'a.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'a.job_position_id as jobPositionId',
      'p.name as jobPosition',
      'a.position_applied as positionApplied',
      'a.stage',
      'a.cv_file_name as cvFileName',
      'a.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      sql<string>`to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
    ]);
}

/** `GET /v2/h/employee/recruitment`: applicants, newest first, by stage, office and search term. */
export async function listApplicants(ctx: Ctx, _grant: Manage, raw: In<typeof listApplicantsInput>): Promise<Page<ApplicantRow>> {
  const input = listApplicantsInput.parse(raw);
  let q = applicantsQuery(ctx.db);
  let n = ctx.db.selectFrom('recruitment_applicants as a');
  if (input.stage) {
    q = q.where('a.stage', '=', input.stage);
    n = n.where('a.stage', '=', input.stage);
  }
  if (input.companyOfficeId) {
    q = q.where('a.company_office_id', '=', input.companyOfficeId);
    n = n.where('a.company_office_id', '=', input.companyOfficeId);
  }
  if (input.search) {
    const like = likePattern(input.search);
    const match = sql<boolean>`(a.given_name || ' ' || a.surname) ilike ${like} or a.email ilike ${like}
      or coalesce(a.phone, '') ilike ${like} or a.position_applied ilike ${like}`;
    q = q.where(match);
    n = n.where(match);
  }
  const [rows, count] = await Promise.all([
    q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(input.pageSize).offset(pageOffset(input)).execute(),
    n.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ApplicantRow[], total: count.n, page: input.page, pageSize: input.pageSize };
}

/** `GET /v2/h/employee/recruitment/{id}`: one applicant with their notes and stage moves. */
export async function getApplicant(ctx: Ctx, _grant: Manage, raw: In<typeof applicantIdInput>): Promise<ApplicantDetail> {
  const { id } = applicantIdInput.parse(raw);
  const row = await applicantsQuery(ctx.db)
    .select([
      'a.gender',
      'a.birth_date as birthDate',
      'a.religion_id as religionId',
      'a.education_level_id as educationLevelId',
      'a.marital_status_id as maritalStatusId',
      'a.cv_content_type as cvContentType',
      'a.cv_size as cvSize',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) throw applicantNotFound();
  const notes = await ctx.db
    .selectFrom('recruitment_notes as n')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .leftJoin('employees as e', 'e.id', 'u.employee_id')
    .select([
      'n.id',
      'n.stage',
      'n.note',
      userName().$castTo<string | null>().as('createdBy'),
      sql<string>`to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
    ])
    .where('n.applicant_id', '=', id)
    .orderBy('n.id', 'asc')
    .execute();
  return { ...(row as ApplicantDetail), notes: notes as ApplicantNote[] };
}

async function addHistory(db: Db, applicantId: number, userId: number, stage: RecruitmentStage | null, note: string | null) {
  if (stage === null && note === null) return;
  await db.insertInto('recruitment_notes').values({ applicant_id: applicantId, stage, note, created_by: userId }).execute();
}

/** Inserts an applicant at stage Applied with its first history entry; audited. */
async function insertApplicant(
  ctx: Ctx,
  trx: Db,
  grant: Manage,
  values: Omit<Insertable<Database['recruitment_applicants']>, 'created_by'>,
  note: string | null,
  logged: { action: string; after: unknown },
): Promise<{ id: number }> {
  const row = await dbWrite(
    () =>
      trx
        .insertInto('recruitment_applicants')
        .values({ ...values, created_by: grant.actor.userId })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { unique: applicantUnique },
  );
  await addHistory(trx, row.id, grant.actor.userId, 'applied', note);
  await audit(ctx, trx, { action: logged.action, entity: 'recruitment_applicant', entityId: row.id, after: logged.after });
  return row;
}

/** `POST /v2/h/employee/recruitment`: HR enters an applicant (stage Applied), with an optional CV. */
export async function createApplicant(ctx: Ctx, grant: Manage, raw: In<typeof createApplicantInput>): Promise<{ id: number }> {
  const input = createApplicantInput.parse(raw);
  const cv = input.cv ? decodeCv(input.cv, 'cv.contentBase64') : null;
  return inTransaction(ctx, async (trx) => {
    await checkApplication(trx, input);
    const { cv: _cv, ...logged } = input;
    return insertApplicant(
      ctx,
      trx,
      grant,
      {
        source: 'manual',
        given_name: input.givenName,
        surname: input.surname,
        email: input.email,
        phone: input.phone ?? null,
        company_office_id: input.companyOfficeId,
        job_position_id: input.jobPositionId ?? null,
        position_applied: input.positionApplied,
        cv_file_name: input.cv?.fileName ?? null,
        cv_content_type: input.cv?.contentType ?? null,
        cv_size: cv?.length ?? null,
        cv_content: cv,
      },
      input.note ?? null,
      { action: 'recruitment.create', after: { ...logged, cvFileName: input.cv?.fileName ?? null } },
    );
  });
}

/** What a self-registration says about the person, as the columns of an applicant or an employee row. */
export function registrantColumns(reg: Selectable<Database['registrations']>) {
  return {
    given_name: reg.given_name,
    surname: reg.surname,
    email: reg.email,
    gender: reg.gender,
    birth_date: reg.birth_date,
    religion_id: reg.religion_id,
    education_level_id: reg.education_level_id,
    marital_status_id: reg.marital_status_id,
  };
}

/**
 * `POST /v2/h/employee/recruitment/registration`: a pending self-registration becomes an applicant
 * with its personal data. The registration stays pending until the applicant is hired (then it is
 * approved and points at the new employee); each registration enters recruitment at most once.
 */
export async function applicantFromRegistration(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof applicantFromRegistrationInput>,
): Promise<{ id: number }> {
  const input = applicantFromRegistrationInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const reg = await trx
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', input.registrationId)
      .forUpdate()
      .executeTakeFirst();
    if (!reg) throw notFound('Registration');
    if (reg.status !== 3) throw new AppError('CONFLICT', 'This registration has already been decided');
    await checkApplication(trx, input);
    return insertApplicant(
      ctx,
      trx,
      grant,
      {
        source: 'registration',
        registration_id: reg.id,
        ...registrantColumns(reg),
        phone: input.phone ?? null,
        company_office_id: input.companyOfficeId,
        job_position_id: input.jobPositionId ?? null,
        position_applied: input.positionApplied,
      },
      input.note ?? null,
      { action: 'recruitment.fromRegistration', after: input },
    );
  });
}

/** Why an applicant cannot change: not there (NOT_FOUND) or no longer open (CONFLICT). */
async function refuseClosed(db: Db, id: number): Promise<never> {
  const a = await db.selectFrom('recruitment_applicants').select('stage').where('id', '=', id).executeTakeFirst();
  if (!a) throw applicantNotFound();
  throw new AppError('CONFLICT', `This applicant is already ${RECRUITMENT_STAGE_LABELS[a.stage].toLowerCase()}`);
}

/** `POST /v2/h/employee/recruitment/{id}/stage`: an open applicant moves to another open stage or is rejected. */
export async function setApplicantStage(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof setApplicantStageInput>,
): Promise<{ id: number; stage: RecruitmentStage }> {
  const input = setApplicantStageInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('recruitment_applicants')
      .select('stage')
      .where('id', '=', input.id)
      .where('stage', 'in', OPEN)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return refuseClosed(trx, input.id);
    if (before.stage === input.stage) {
      throw new AppError('CONFLICT', `This applicant is already at ${RECRUITMENT_STAGE_LABELS[input.stage]}`);
    }
    await trx
      .updateTable('recruitment_applicants')
      .set({ stage: input.stage, updated_at: sql`now()` } as never)
      .where('id', '=', input.id)
      .where('stage', 'in', OPEN)
      .execute();
    await addHistory(trx, input.id, grant.actor.userId, input.stage, input.note ?? null);
    await audit(ctx, trx, {
      action: 'recruitment.stage',
      entity: 'recruitment_applicant',
      entityId: input.id,
      before: { stage: before.stage },
      after: { stage: input.stage, note: input.note ?? null },
    });
    return { id: input.id, stage: input.stage };
  });
}

/** `POST /v2/h/employee/recruitment/{id}/note`: a note on the applicant's history (any stage). */
export async function addApplicantNote(ctx: Ctx, grant: Manage, raw: In<typeof addApplicantNoteInput>): Promise<{ id: number }> {
  const input = addApplicantNoteInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const a = await trx.selectFrom('recruitment_applicants').select('id').where('id', '=', input.id).executeTakeFirst();
    if (!a) throw applicantNotFound();
    const row = await trx
      .insertInto('recruitment_notes')
      .values({ applicant_id: input.id, stage: null, note: input.note, created_by: grant.actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(ctx, trx, { action: 'recruitment.note', entity: 'recruitment_applicant', entityId: input.id, after: input });
    return row;
  });
}

/** `POST /v2/h/employee/recruitment/{id}/cv`: upload or replace the CV of an open applicant. */
export async function uploadApplicantCv(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof uploadApplicantCvInput>,
): Promise<{ id: number }> {
  const input = uploadApplicantCvInput.parse(raw);
  const bytes = decodeCv(input, 'contentBase64');
  return inTransaction(ctx, async (trx) => {
    const row = await trx
      .updateTable('recruitment_applicants')
      .set({
        cv_file_name: input.fileName,
        cv_content_type: input.contentType,
        cv_size: bytes.length,
        cv_content: bytes,
        updated_at: sql`now()`,
      } as never)
      .where('id', '=', input.id)
      .where('stage', 'in', OPEN)
      .returning('id')
      .executeTakeFirst();
    if (!row) return refuseClosed(trx, input.id);
    await audit(ctx, trx, {
      action: 'recruitment.cv',
      entity: 'recruitment_applicant',
      entityId: input.id,
      after: { fileName: input.fileName, contentType: input.contentType, size: bytes.length, by: grant.actor.userId },
    });
    return row;
  });
}

/** `GET /v2/h/employee/recruitment/{id}/cv`: the CV file (REST sends the bytes as an attachment). */
export async function downloadApplicantCv(
  ctx: Ctx,
  _grant: Manage,
  raw: In<typeof applicantIdInput>,
): Promise<EmployeeFileDownload> {
  const { id } = applicantIdInput.parse(raw);
  const a = await ctx.db
    .selectFrom('recruitment_applicants')
    .select(['cv_file_name', 'cv_content_type', 'cv_content'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!a) throw applicantNotFound();
  if (!a.cv_content || !a.cv_file_name || !a.cv_content_type) throw notFound('CV');
  return fileDownload(a.cv_file_name, a.cv_content_type, a.cv_content);
}

/**
 * `POST /v2/h/employee/recruitment/{id}/hire`: the applicant becomes an employee, in one
 * transaction: the Open→Hired move is made in SQL first (so of two concurrent hires, the second
 * waits on the row and then finds it hired: exactly one employee), then the employee is created
 * by the same service as `POST /v2/h/employee` (number from the office's ID index), and a
 * self-registration the applicant came from is approved and linked to the employee.
 * Needs `employee.create` too.
 */
export async function hireApplicant(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof hireApplicantInput>,
): Promise<{ employeeId: number; employeeNumber: string }> {
  const input = hireApplicantInput.parse(raw);
  const create = requirePermission(grant.actor, 'employee.create');
  return inTransaction(ctx, async (trx) => {
    const now = ctx.clock();
    const a = await transition(trx, 'recruitment_applicants', {
      id: input.id,
      column: 'stage',
      from: OPEN,
      set: { stage: 'hired', hired_at: now, hired_by: grant.actor.userId, updated_at: now },
      refuse: (trx) => refuseClosed(trx, input.id),
    });
    const employee = await createEmployee({ ...ctx, db: trx }, create, {
      givenName: a.given_name,
      surname: a.surname,
      email: a.email,
      gender: (input.gender ?? a.gender ?? undefined) as 'Male' | 'Female',
      birthDate: (input.birthDate ?? a.birth_date ?? undefined) as string,
      religionId: (input.religionId ?? a.religion_id ?? undefined) as number,
      educationLevelId: (input.educationLevelId ?? a.education_level_id ?? undefined) as number,
      maritalStatusId: (input.maritalStatusId ?? a.marital_status_id ?? undefined) as number,
      companyOfficeId: input.companyOfficeId ?? a.company_office_id,
      departmentId: input.departmentId ?? null,
      divisionId: input.divisionId ?? null,
      sectionId: input.sectionId ?? null,
      jobPositionId: input.jobPositionId === undefined ? a.job_position_id : input.jobPositionId,
      jobLevelId: input.jobLevelId ?? null,
      contractType: input.contractType,
      firstJoinDate: input.firstJoinDate,
      annualLeaveDate: input.annualLeaveDate ?? null,
    });
    await trx.updateTable('recruitment_applicants').set({ employee_id: employee.id }).where('id', '=', a.id).execute();
    if (a.registration_id !== null) {
      const filed = await trx
        .selectFrom('registrations')
        .select('created_at')
        .where('id', '=', a.registration_id)
        .executeTakeFirst();
      await transition(trx, 'registrations', {
        id: a.registration_id,
        from: 3,
        set: { status: 1, decided_by: grant.actor.userId, decided_at: now, employee_id: employee.id },
        // Hiring decides the registration: the one approval rule (rolled back with the hire when refused).
        duties: { actor: grant.actor, decisions: filed ? { what: 'registration', filedAt: filed.created_at } : null },
        returning: ['id'],
        refuse: () => new AppError('CONFLICT', 'The self-registration of this applicant has already been decided'),
      });
    }
    await addHistory(trx, a.id, grant.actor.userId, 'hired', `Employee ${employee.employeeNumber}`);
    await audit(ctx, trx, {
      action: 'recruitment.hire',
      entity: 'recruitment_applicant',
      entityId: a.id,
      after: { stage: 'hired', employeeId: employee.id, employeeNumber: employee.employeeNumber },
    });
    return { employeeId: employee.id, employeeNumber: employee.employeeNumber };
  });
}
