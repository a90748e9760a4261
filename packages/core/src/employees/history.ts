import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import type { Database } from '../db/database';
import { nextEmployeeNumber } from '../org/index';
import { employmentTypeOf } from '../payroll/index';
import { requirePayPermission } from '../access/index';
import { refuseOwn } from '../access/index';
import type { Grant } from '../access/index';
import {
  confirmNewPlacement,
  guardPlacementChange,
  type PlacementChange,
  renewSessionsAfterPlacement,
} from '../permissions/index';
import { pageOffset } from '../shared/page';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite, taken } from '../shared/db-errors';
import { AppError, type FieldIssue, notFound } from '../shared/errors';
import type { Page } from '../shared/zod';
import { dateIssues, todayWib } from './date-rules';
import { checkPlacement, checkRefs, scopedEmployeeId } from './detail';
import { decodeUpload } from './files';
import {
  CONTRACT_FILE_MAX_BYTES,
  type ContractRow,
  createContractInput,
  createSecondContractInput,
  type SecondContractRow,
  updateSecondContractInput,
  uploadContractFileInput,
  createEmployeeInput,
  createRecordInput,
  historyIdInput,
  listByEmployeeInput,
  type RecordRow,
  updateContractInput,
} from './history-schema';

type View = Grant<'employee.view'>;
type Update = Grant<'employee.update'>;

const today = (ctx: Ctx) => ctx.clock().toISOString().slice(0, 10);
const invalid = (fields: FieldIssue[], message = 'Invalid input') => new AppError('VALIDATION', message, { fields });

// ---------------------------------------------------------------------------------------------
// A new employee.

/** Creates an employee with the next number of the office's ID index (`POST /v2/h/employee`). */
export async function createEmployee(
  ctx: Ctx,
  grant: Grant<'employee.create'>,
  raw: z.input<typeof createEmployeeInput>,
): Promise<{ id: number; employeeNumber: string }> {
  const input = createEmployeeInput.parse(raw);
  const dateFields = dateIssues(todayWib(ctx.clock()), [
    ['birthDate', 'birth', input.birthDate],
    ['firstJoinDate', 'employment', input.firstJoinDate],
    ['annualLeaveDate', 'employment', input.annualLeaveDate],
  ]);
  if (dateFields.length) throw invalid(dateFields);
  return inTransaction(ctx, async (trx) => {
    await checkRefs(trx, [
      ['religionId', 'religions', input.religionId],
      ['educationLevelId', 'education_levels', input.educationLevelId],
      ['maritalStatusId', 'marital_statuses', input.maritalStatusId],
      ['companyOfficeId', 'company_offices', input.companyOfficeId],
      ['jobLevelId', 'job_levels', input.jobLevelId],
    ]);
    await checkPlacement(trx, {
      officeId: input.companyOfficeId,
      departmentId: input.departmentId ?? null,
      divisionId: input.divisionId ?? null,
      sectionId: input.sectionId ?? null,
      jobPositionId: input.jobPositionId ?? null,
    });
    // A new employee placed in a position with grants gets them: four-eyes as for any placement.
    const permissionsAdded = await guardPlacementChange(trx, grant.actor, {
      employeeId: null,
      name: `${input.givenName} ${input.surname}`.trim(),
      before: null,
      after: { jobPositionId: input.jobPositionId ?? null, sectionId: input.sectionId ?? null },
      loginRoles: [],
    });
    const employeeNumber = await nextEmployeeNumber(trx, input.companyOfficeId);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('employees')
          .values({
            employee_number: employeeNumber,
            given_name: input.givenName,
            surname: input.surname,
            email: input.email,
            gender: input.gender,
            birth_date: input.birthDate,
            religion_id: input.religionId,
            education_level_id: input.educationLevelId,
            marital_status_id: input.maritalStatusId,
            ptkp_status_id: null,
            bank_id: null,
            bank_account_number: null,
            phone: null,
            company_office_id: input.companyOfficeId,
            department_id: input.departmentId ?? null,
            division_id: input.divisionId ?? null,
            section_id: input.sectionId ?? null,
            job_position_id: input.jobPositionId ?? null,
            job_level_id: input.jobLevelId ?? null,
            contract_type: input.contractType,
            entry_date: today(ctx),
            first_join_date: input.firstJoinDate,
            contract_start_date: null,
            annual_leave_date: input.annualLeaveDate ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { employees_email_uq: () => taken('email', 'Another employee already uses this e-mail address') } },
    );
    const placed = { jobPositionId: input.jobPositionId ?? null, sectionId: input.sectionId ?? null };
    await confirmNewPlacement(trx, grant.actor, row.id, placed, permissionsAdded);
    await audit(ctx, trx, {
      action: 'employee.create',
      entity: 'employee',
      entityId: row.id,
      after: { ...input, employeeNumber, ...(permissionsAdded.length ? { permissionsAdded } : {}) },
    });
    return { id: row.id, employeeNumber };
  });
}

// ---------------------------------------------------------------------------------------------
// Contracts.

/**
 * Main contracts (`employee_contracts`, which payroll reads) and second contracts with a second
 * company (`employee_second_contracts`) share their columns and rules; each kind keeps its own
 * periods free of overlaps, and only main contracts set the employee's contract type and start.
 */
type Kind = 'main' | 'second';
const KINDS = {
  main: { table: 'employee_contracts', what: 'Contract', audit: 'employee.contract', uq: 'employee_contracts_number_uq' },
  second: {
    table: 'employee_second_contracts',
    what: 'Second contract',
    audit: 'employee.secondContract',
    uq: 'employee_second_contracts_number_uq',
  },
} as const;
/** Both tables have the columns used here; the type of the main one stands for both. */
const tableOf = (kind: Kind) => KINDS[kind].table as 'employee_contracts';

const contractColumns = (eb: ExpressionBuilder<Database & { k: Database['employee_contracts'] }, 'k'>, kind: Kind) => [
  'k.id',
  'k.employee_id as employeeId',
  'k.contract_number as contractNumber',
  'k.contract_type as contractType',
  'k.start_date as startDate',
  'k.end_date as endDate',
  sql<string>`k.basic_salary::text`.as('basicSalary'),
  sql<
    string | null
  >`(k.basic_salary - lag(k.basic_salary) over (partition by k.employee_id order by k.start_date, k.id))::text`.as(
    'salaryChange',
  ),
  'k.notes',
  'k.file_name as fileName',
  'k.file_size as fileSize',
  ...(kind === 'second'
    ? [
        sql<number>`k.second_company_id`.as('secondCompanyId'),
        sql<string>`(select name from second_companies where id = k.second_company_id)`.as('secondCompany'),
      ]
    : []),
  eb.selectFrom('users as u').select('u.email').whereRef('u.id', '=', 'k.created_by').as('createdBy'),
  sql<string>`to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
];

function contractsOf<R>(db: Db, kind: Kind, employeeId: number): Promise<R[]> {
  return db
    .selectFrom(`${tableOf(kind)} as k`)
    .select((eb) => contractColumns(eb as never, kind) as never)
    .where('k.employee_id', '=', employeeId)
    .orderBy('k.start_date', 'desc')
    .orderBy('k.id', 'desc')
    .execute() as unknown as Promise<R[]>;
}

async function listContractsOf<R>(ctx: Ctx, grant: View, kind: Kind, raw: z.input<typeof listByEmployeeInput>): Promise<Page<R>> {
  const input = listByEmployeeInput.parse(raw);
  await scopedEmployeeId(ctx.db, grant, input.employeeId);
  const all = await contractsOf<R>(ctx.db, kind, input.employeeId);
  const rows = all.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
  return { rows, total: all.length, page: input.page, pageSize: input.pageSize };
}

/** The employee of a contract, locked when asked, or NOT_FOUND (also when out of the caller's scope). */
async function contractEmployee(db: Db, grant: Grant, kind: Kind, id: number, lock = false): Promise<number> {
  const k = await db.selectFrom(tableOf(kind)).select('employee_id').where('id', '=', id).executeTakeFirst();
  if (!k) throw notFound(KINDS[kind].what);
  return scopedEmployeeId(db, grant, k.employee_id, lock).catch(() => {
    throw notFound(KINDS[kind].what);
  });
}

async function getContractOf<R extends { id: number }>(ctx: Ctx, grant: View, kind: Kind, raw: z.input<typeof historyIdInput>) {
  const { id } = historyIdInput.parse(raw);
  const employeeId = await contractEmployee(ctx.db, grant, kind, id);
  return (await contractsOf<R>(ctx.db, kind, employeeId)).find((r) => r.id === id)!;
}

/** An employee's contracts, newest first, each with its salary change against the one before. */
export const listContracts = (ctx: Ctx, grant: View, raw: z.input<typeof listByEmployeeInput>) =>
  listContractsOf<ContractRow>(ctx, grant, 'main', raw);
/** One contract (NOT_FOUND when its employee is outside the caller's scope). */
export const getContract = (ctx: Ctx, grant: View, raw: z.input<typeof historyIdInput>) =>
  getContractOf<ContractRow>(ctx, grant, 'main', raw);
/** An employee's second contracts (with second companies), newest first. */
export const listSecondContracts = (ctx: Ctx, grant: View, raw: z.input<typeof listByEmployeeInput>) =>
  listContractsOf<SecondContractRow>(ctx, grant, 'second', raw);
export const getSecondContract = (ctx: Ctx, grant: View, raw: z.input<typeof historyIdInput>) =>
  getContractOf<SecondContractRow>(ctx, grant, 'second', raw);

/** Refuses a period that overlaps another contract of the same kind of the same employee. */
async function refuseOverlap(trx: Db, kind: Kind, employeeId: number, start: string, end: string | null, exceptId?: number) {
  let q = trx
    .selectFrom(tableOf(kind))
    .select(['contract_number', 'start_date', 'end_date'])
    .where('employee_id', '=', employeeId)
    .where('start_date', '<=', end ?? '9999-12-31')
    .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', start)]));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const other = await q.executeTakeFirst();
  if (other) {
    throw new AppError('CONFLICT', `The period overlaps contract ${other.contract_number}`, {
      fields: [{ param: 'startDate', msg: `overlaps contract ${other.contract_number}` }],
    });
  }
}

/** The employee's contract type and contract start date follow their latest (main) contract. */
async function syncLatestContract(trx: Db, kind: Kind, employeeId: number) {
  if (kind !== 'main') return;
  await sql`
    update employees e set contract_type = k.contract_type, contract_start_date = k.start_date, updated_at = now()
    from (select contract_type, start_date from employee_contracts where employee_id = ${employeeId}
          order by start_date desc, id desc limit 1) k
    where e.id = ${employeeId}`.execute(trx);
}

const contractUnique = (kind: Kind) => ({
  [KINDS[kind].uq]: () => taken('contractNumber', 'Another contract already has this number'),
});

async function checkSecondCompany(trx: Db, secondCompanyId: number | undefined) {
  if (secondCompanyId === undefined) return;
  const c = await trx.selectFrom('second_companies').select('id').where('id', '=', secondCompanyId).executeTakeFirst();
  if (!c) throw invalid([{ param: 'secondCompanyId', msg: 'is not a known second company' }]);
}

/**
 * Segregation of duties on contracts (issue 16 items 1–2; docs/security.md): nobody changes their own
 * contract, and a contract's pay (its basic salary, or a contract type that switches between daily and
 * monthly pay, which multiplies or divides what the basic salary pays) changes only with
 * `salary.update`, never one's own. `payChanged` says whether this write changes pay.
 */
function refuseContractChange(grant: Update, kind: Kind, employeeId: number, payChanged: boolean) {
  const what = kind === 'main' ? 'contract' : 'second contract';
  if (payChanged) requirePayPermission(grant.actor, employeeId, 'salary');
  refuseOwn(grant.actor, employeeId, what);
}

/** Daily or monthly pay differs between two contract types (payroll's employment types). */
const dailyPayChanges = (a: number | null | undefined, b: number | null | undefined) =>
  (employmentTypeOf(a) === 'daily') !== (employmentTypeOf(b) === 'daily');

async function createContractOf(
  ctx: Ctx,
  grant: Update,
  kind: Kind,
  input: z.output<typeof createContractInput> & { secondCompanyId?: number },
): Promise<{ id: number }> {
  return inTransaction(ctx, async (trx) => {
    await scopedEmployeeId(trx, grant, input.employeeId, true);
    // Without a basic salary the new contract carries the salary of the latest earlier one of its kind
    // (a renewal without a pay change, which needs no salary.update), or 0 for a first contract.
    const previous = await trx
      .selectFrom(tableOf(kind))
      .select(['basic_salary', 'contract_type'])
      .where('employee_id', '=', input.employeeId)
      .where('start_date', '<=', input.startDate)
      .orderBy('start_date', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const carried = previous ? String(previous.basic_salary) : '0';
    const payChanged =
      input.basicSalary !== undefined ||
      (previous !== undefined && carried !== '0' && dailyPayChanges(previous.contract_type, input.contractType));
    refuseContractChange(grant, kind, input.employeeId, payChanged);
    await checkSecondCompany(trx, input.secondCompanyId);
    await refuseOverlap(trx, kind, input.employeeId, input.startDate, input.endDate);
    const row = await dbWrite(
      () =>
        trx
          .insertInto(tableOf(kind))
          .values({
            employee_id: input.employeeId,
            ...(kind === 'second' ? { second_company_id: input.secondCompanyId } : {}),
            contract_number: input.contractNumber,
            contract_type: input.contractType,
            start_date: input.startDate,
            end_date: input.endDate,
            basic_salary: input.basicSalary === undefined ? carried : String(input.basicSalary),
            notes: input.notes ?? null,
            created_by: grant.actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: contractUnique(kind) },
    );
    await syncLatestContract(trx, kind, input.employeeId);
    await audit(ctx, trx, { action: `${KINDS[kind].audit}.create`, entity: tableOf(kind), entityId: row.id, after: input });
    return { id: row.id };
  });
}

async function updateContractOf(
  ctx: Ctx,
  grant: Update,
  kind: Kind,
  input: z.output<typeof updateContractInput> & { secondCompanyId?: number },
): Promise<{ id: number }> {
  return inTransaction(ctx, async (trx) => {
    await contractEmployee(trx, grant, kind, input.id, true);
    const { file_content: _bytes, ...before } = await trx
      .selectFrom(tableOf(kind))
      .selectAll()
      .where('id', '=', input.id)
      .executeTakeFirstOrThrow();
    const salaryChanged = input.basicSalary !== undefined && BigInt(input.basicSalary) !== BigInt(before.basic_salary);
    const typeChanged = input.contractType !== undefined && dailyPayChanges(before.contract_type, input.contractType);
    refuseContractChange(grant, kind, before.employee_id, salaryChanged || typeChanged);
    await checkSecondCompany(trx, input.secondCompanyId);
    const next = {
      contract_number: input.contractNumber ?? before.contract_number,
      contract_type: input.contractType ?? before.contract_type,
      start_date: input.startDate ?? before.start_date,
      end_date: input.endDate === undefined ? before.end_date : input.endDate,
      basic_salary: input.basicSalary === undefined ? before.basic_salary : String(input.basicSalary),
      notes: input.notes === undefined ? before.notes : input.notes,
      ...(input.secondCompanyId === undefined ? {} : { second_company_id: input.secondCompanyId }),
    };
    if (next.end_date && next.end_date < next.start_date)
      throw invalid([{ param: 'endDate', msg: 'must not be before the start date' }]);
    if (next.end_date === null && next.contract_type !== 5) {
      throw invalid([{ param: 'endDate', msg: 'is required unless the contract is permanent' }]);
    }
    await refuseOverlap(trx, kind, before.employee_id, next.start_date, next.end_date, input.id);
    await dbWrite(
      () =>
        trx
          .updateTable(tableOf(kind))
          .set({ ...next, updated_at: sql`now()` } as never)
          .where('id', '=', input.id)
          .execute(),
      { unique: contractUnique(kind) },
    );
    await syncLatestContract(trx, kind, before.employee_id);
    await audit(ctx, trx, {
      action: `${KINDS[kind].audit}.update`,
      entity: tableOf(kind),
      entityId: input.id,
      before,
      after: next,
    });
    return { id: input.id };
  });
}

export const createContract = async (ctx: Ctx, grant: Update, raw: z.input<typeof createContractInput>) =>
  createContractOf(ctx, grant, 'main', createContractInput.parse(raw));
export const updateContract = async (ctx: Ctx, grant: Update, raw: z.input<typeof updateContractInput>) =>
  updateContractOf(ctx, grant, 'main', updateContractInput.parse(raw));
/** `POST /v2/h/employee/secondContract`: a contract with a second company alongside the main one. */
export const createSecondContract = async (ctx: Ctx, grant: Update, raw: z.input<typeof createSecondContractInput>) =>
  createContractOf(ctx, grant, 'second', createSecondContractInput.parse(raw));
export const updateSecondContract = async (ctx: Ctx, grant: Update, raw: z.input<typeof updateSecondContractInput>) =>
  updateContractOf(ctx, grant, 'second', updateSecondContractInput.parse(raw));

async function uploadContractFileOf(ctx: Ctx, grant: Update, kind: Kind, raw: z.input<typeof uploadContractFileInput>) {
  const input = uploadContractFileInput.parse(raw);
  const bytes = decodeUpload(input, { param: 'contentBase64', maxBytes: CONTRACT_FILE_MAX_BYTES, what: 'contract file' });
  return inTransaction(ctx, async (trx) => {
    const employeeId = await contractEmployee(trx, grant, kind, input.id, true);
    refuseContractChange(grant, kind, employeeId, false);
    await trx
      .updateTable(tableOf(kind))
      .set({
        file_name: input.fileName,
        file_content_type: input.contentType,
        file_size: bytes.length,
        file_content: bytes,
        file_uploaded_at: ctx.clock(),
      })
      .where('id', '=', input.id)
      .execute();
    await audit(ctx, trx, {
      action: `${KINDS[kind].audit}.file`,
      entity: tableOf(kind),
      entityId: input.id,
      after: { fileName: input.fileName, contentType: input.contentType, size: bytes.length },
    });
    return { id: input.id, fileName: input.fileName, fileSize: bytes.length };
  });
}

async function downloadContractFileOf(ctx: Ctx, grant: View, kind: Kind, raw: z.input<typeof historyIdInput>) {
  const { id } = historyIdInput.parse(raw);
  await contractEmployee(ctx.db, grant, kind, id);
  const f = await ctx.db
    .selectFrom(tableOf(kind))
    .select(['file_name', 'file_content_type', 'file_content'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (!f.file_content || !f.file_name || !f.file_content_type) throw notFound('Contract file');
  return { fileName: f.file_name, contentType: f.file_content_type, base64: Buffer.from(f.file_content).toString('base64') };
}

/** `POST /v2/h/employee/contract/{id}/file`: attach (or replace) the signed contract, PDF/PNG/JPG ≤ 700 KB, checked by content. */
export const uploadContractFile = (ctx: Ctx, grant: Update, raw: z.input<typeof uploadContractFileInput>) =>
  uploadContractFileOf(ctx, grant, 'main', raw);
/** `GET /v2/h/employee/contract/{id}/file`: the attached file (REST sends it as an attachment). */
export const downloadContractFile = (ctx: Ctx, grant: View, raw: z.input<typeof historyIdInput>) =>
  downloadContractFileOf(ctx, grant, 'main', raw);
export const uploadSecondContractFile = (ctx: Ctx, grant: Update, raw: z.input<typeof uploadContractFileInput>) =>
  uploadContractFileOf(ctx, grant, 'second', raw);
export const downloadSecondContractFile = (ctx: Ctx, grant: View, raw: z.input<typeof historyIdInput>) =>
  downloadContractFileOf(ctx, grant, 'second', raw);

// ---------------------------------------------------------------------------------------------
// Employment records.

function recordsQuery(db: Db) {
  const side = (p: 'from' | 'to') =>
    sql<RecordRow['from']>`json_build_object(
      'companyOffice', (select name from company_offices where id = r.${sql.raw(`${p}_company_office_id`)}),
      'department', (select name from departments where id = r.${sql.raw(`${p}_department_id`)}),
      'division', (select name from divisions where id = r.${sql.raw(`${p}_division_id`)}),
      'section', (select name from sections where id = r.${sql.raw(`${p}_section_id`)}),
      'jobPosition', (select name from job_positions where id = r.${sql.raw(`${p}_job_position_id`)}),
      'jobLevel', (select name from job_levels where id = r.${sql.raw(`${p}_job_level_id`)}))`;
  return db
    .selectFrom('employee_records as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.employee_id as employeeId',
      'r.change_type as changeType',
      'r.effective_date as effectiveDate',
      side('from').as('from'),
      side('to').as('to'),
      'r.reason',
      'u.email as createdBy',
      sql<string>`to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
    ]);
}

export async function listRecords(ctx: Ctx, grant: View, raw: z.input<typeof listByEmployeeInput>): Promise<Page<RecordRow>> {
  const input = listByEmployeeInput.parse(raw);
  await scopedEmployeeId(ctx.db, grant, input.employeeId);
  const [rows, count] = await Promise.all([
    recordsQuery(ctx.db)
      .where('r.employee_id', '=', input.employeeId)
      .orderBy('r.effective_date', 'desc')
      .orderBy('r.id', 'desc')
      .limit(input.pageSize)
      .offset(pageOffset(input))
      .execute(),
    ctx.db
      .selectFrom('employee_records')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('employee_id', '=', input.employeeId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n, page: input.page, pageSize: input.pageSize };
}

export async function getRecord(ctx: Ctx, grant: View, raw: z.input<typeof historyIdInput>): Promise<RecordRow> {
  const { id } = historyIdInput.parse(raw);
  const row = await recordsQuery(ctx.db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Record');
  await scopedEmployeeId(ctx.db, grant, row.employeeId).catch(() => {
    throw notFound('Record');
  });
  return row;
}

const CHANGE_NAMES: Record<number, string> = { 1: 'A mutation', 2: 'A promotion', 3: 'A demotion', 4: 'A relocation' };

/**
 * Records a mutation (1), promotion (2), demotion (3) or relocation (4) and moves the employee
 * there in the same transaction; where they were is kept on the record. A promotion must raise
 * the job level's rank and a demotion lower it; a relocation changes the office; a mutation
 * changes the department, division, section or position within the office. Future dates are
 * refused: the change applies when it is recorded.
 */
export async function createRecord(ctx: Ctx, grant: Update, raw: z.input<typeof createRecordInput>): Promise<{ id: number }> {
  const input = createRecordInput.parse(raw);
  if (input.effectiveDate > today(ctx)) {
    throw invalid([{ param: 'effectiveDate', msg: 'must not be in the future (record the change when it takes effect)' }]);
  }
  const dateFields = dateIssues(todayWib(ctx.clock()), [['effectiveDate', 'record', input.effectiveDate]]);
  if (dateFields.length) throw invalid(dateFields);
  return inTransaction(ctx, async (trx) => {
    await scopedEmployeeId(trx, grant, input.employeeId, true);
    // A self-made promotion or move is no record (issue 16): someone else records one's career.
    refuseOwn(grant.actor, input.employeeId, 'employment record');
    const e = await trx.selectFrom('employees').selectAll().where('id', '=', input.employeeId).executeTakeFirstOrThrow();
    if (e.first_join_date && input.effectiveDate < e.first_join_date) {
      throw invalid([{ param: 'effectiveDate', msg: 'must not be before the first join date' }]);
    }
    const pick = <T>(v: T | undefined, current: T): T => (v === undefined ? current : v);
    const to = {
      company_office_id: pick(input.companyOfficeId, e.company_office_id),
      department_id: pick(input.departmentId, e.department_id),
      division_id: pick(input.divisionId, e.division_id),
      section_id: pick(input.sectionId, e.section_id),
      job_position_id: pick(input.jobPositionId, e.job_position_id),
      job_level_id: pick(input.jobLevelId, e.job_level_id),
    };
    await checkRefs(trx, [
      ['companyOfficeId', 'company_offices', input.companyOfficeId],
      ['jobLevelId', 'job_levels', input.jobLevelId],
    ]);
    await checkPlacement(trx, {
      officeId: to.company_office_id,
      departmentId: to.department_id,
      divisionId: to.division_id,
      sectionId: to.section_id,
      jobPositionId: to.job_position_id,
    });
    const what = CHANGE_NAMES[input.changeType]!;
    if (input.changeType === 2 || input.changeType === 3) {
      const ranks = await trx
        .selectFrom('job_levels')
        .select(['id', 'rank'])
        .where('id', 'in', [to.job_level_id ?? -1, e.job_level_id ?? -1])
        .execute();
      const rank = (lid: number | null) => ranks.find((r) => r.id === lid)?.rank;
      const from = rank(e.job_level_id);
      const next = rank(to.job_level_id);
      const up = input.changeType === 2;
      if (next === undefined || (from !== undefined && (up ? next <= from : next >= from))) {
        throw invalid(
          [{ param: 'jobLevelId', msg: `must be ${up ? 'above' : 'below'} the current job level` }],
          `${what} changes the job level`,
        );
      }
    }
    if (input.changeType === 4 && to.company_office_id === e.company_office_id) {
      throw invalid(
        [{ param: 'companyOfficeId', msg: 'must be another office' }],
        `${what} moves the employee to another office`,
      );
    }
    if (input.changeType === 1) {
      if (to.company_office_id !== e.company_office_id) {
        throw invalid([{ param: 'companyOfficeId', msg: 'changes only with a relocation' }], `${what} stays within the office`);
      }
      const moved = (['department_id', 'division_id', 'section_id', 'job_position_id'] as const).some((k) => to[k] !== e[k]);
      if (!moved) {
        throw invalid(
          [{ param: 'departmentId', msg: 'must change (department, division, section or job position)' }],
          `${what} changes where the employee works`,
        );
      }
    }
    const placement: PlacementChange = {
      employeeId: e.id,
      name: `${e.given_name} ${e.surname}`.trim(),
      before: { jobPositionId: e.job_position_id, sectionId: e.section_id },
      after: { jobPositionId: to.job_position_id, sectionId: to.section_id },
    };
    const permissionsAdded = await guardPlacementChange(trx, grant.actor, placement);
    const row = await trx
      .insertInto('employee_records')
      .values({
        employee_id: e.id,
        change_type: input.changeType,
        effective_date: input.effectiveDate,
        from_company_office_id: e.company_office_id,
        from_department_id: e.department_id,
        from_division_id: e.division_id,
        from_section_id: e.section_id,
        from_job_position_id: e.job_position_id,
        from_job_level_id: e.job_level_id,
        to_company_office_id: to.company_office_id,
        to_department_id: to.department_id,
        to_division_id: to.division_id,
        to_section_id: to.section_id,
        to_job_position_id: to.job_position_id,
        to_job_level_id: to.job_level_id,
        reason: input.reason ?? null,
        created_by: grant.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('employees')
      .set({ ...to, updated_at: sql`now()` } as never)
      .where('id', '=', e.id)
      .execute();
    await renewSessionsAfterPlacement({ ...ctx, db: trx }, placement);
    await audit(ctx, trx, {
      action: 'employee.record.create',
      entity: 'employee',
      entityId: e.id,
      after: { recordId: row.id, ...input, ...(permissionsAdded.length ? { permissionsAdded } : {}) },
    });
    return { id: row.id };
  });
}
