import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import type { Database } from '../db/database';
import { nextEmployeeNumber } from '../org/index';
import { employmentTypeOf } from '../payroll/index';
import { requirePayPermission } from '../access/index';
import { refuseOwn } from '../access/index';
import type { Grant } from '../access/index';
import type { Update, View } from './grants';
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
  updateRecordInput,
} from './history-schema';
import { userNameOf } from '../shared/employee-sql';
import { fileDownload } from '../shared/file-download';

/** Today in the company's calendar (WIB): between 00:00 and 07:00 WIB the UTC date is still yesterday. */
const today = (ctx: Ctx) => todayWib(ctx.clock());
const invalid = (fields: FieldIssue[], message = 'Invalid input') => new AppError('VALIDATION', message, { fields });

// ---------------------------------------------------------------------------------------------
// A new employee.

/**
 * The columns of a new employee row that a create input sets, by hand or from an import row: who
 * the person is, where they are placed and on what contract.
 */
export function newEmployeeColumns(input: z.output<typeof createEmployeeInput>) {
  return {
    given_name: input.givenName,
    surname: input.surname,
    email: input.email,
    gender: input.gender,
    birth_date: input.birthDate,
    religion_id: input.religionId,
    education_level_id: input.educationLevelId,
    marital_status_id: input.maritalStatusId,
    company_office_id: input.companyOfficeId,
    department_id: input.departmentId ?? null,
    division_id: input.divisionId ?? null,
    section_id: input.sectionId ?? null,
    job_position_id: input.jobPositionId ?? null,
    job_level_id: input.jobLevelId ?? null,
    contract_type: input.contractType,
    first_join_date: input.firstJoinDate,
    contract_start_date: null,
  };
}

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
            ...newEmployeeColumns(input),
            ptkp_status_id: null,
            bank_id: null,
            bank_account_number: null,
            phone: null,
            entry_date: today(ctx),
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

const contractColumns = (kind: Kind) => [
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
  userNameOf('k.created_by').as('createdBy'),
  sql<string>`to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('createdAt'),
];

function contractsOf<R>(db: Db, kind: Kind, employeeId: number): Promise<R[]> {
  return db
    .selectFrom(`${tableOf(kind)} as k`)
    .select(contractColumns(kind) as never)
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

/** The employee a history row belongs to, locked when asked, or NOT_FOUND `what` (also when out of the caller's scope). */
async function rowEmployee(
  db: Db,
  grant: Grant,
  table: 'employee_contracts' | 'employee_second_contracts' | 'employee_records',
  id: number,
  what: string,
  lock: boolean,
): Promise<number> {
  const k = await db
    .selectFrom(table as 'employee_contracts')
    .select('employee_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!k) throw notFound(what);
  return scopedEmployeeId(db, grant, k.employee_id, lock).catch(() => {
    throw notFound(what);
  });
}

/** The employee of a contract, locked when asked, or NOT_FOUND (also when out of the caller's scope). */
const contractEmployee = (db: Db, grant: Grant, kind: Kind, id: number, lock = false): Promise<number> =>
  rowEmployee(db, grant, tableOf(kind), id, KINDS[kind].what, lock);

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
  return fileDownload(f.file_name, f.file_content_type, f.file_content);
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
  return db.selectFrom('employee_records as r').select([
    'r.id',
    'r.employee_id as employeeId',
    'r.change_type as changeType',
    'r.effective_date as effectiveDate',
    side('from').as('from'),
    side('to').as('to'),
    sql<RecordRow['toIds']>`json_build_object(
        'companyOfficeId', r.to_company_office_id, 'departmentId', r.to_department_id,
        'divisionId', r.to_division_id, 'sectionId', r.to_section_id,
        'jobPositionId', r.to_job_position_id, 'jobLevelId', r.to_job_level_id)`.as('toIds'),
    'r.reason',
    userNameOf('r.created_by').as('createdBy'),
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

const SPOT_KEYS = ['company_office_id', 'department_id', 'division_id', 'section_id', 'job_position_id', 'job_level_id'] as const;
/** Where an employee works, as the employee row and each side of a record store it. */
type Spot = Pick<Selectable<Database['employees']>, (typeof SPOT_KEYS)[number]>;
type RecordDbRow = Selectable<Database['employee_records']>;
const spotOf = (row: Spot): Spot => Object.fromEntries(SPOT_KEYS.map((k) => [k, row[k]])) as unknown as Spot;
const sideOf = (r: RecordDbRow, side: 'from' | 'to'): Spot =>
  Object.fromEntries(SPOT_KEYS.map((k) => [k, r[`${side}_${k}`]])) as unknown as Spot;
const sameSpot = (a: Spot, b: Spot) => SPOT_KEYS.every((k) => a[k] === b[k]);

/** The record's date: not in the future (a change applies when it is recorded), plausible, not before joining. */
function checkRecordDate(ctx: Ctx, effectiveDate: string, firstJoinDate: string | null) {
  if (effectiveDate > today(ctx)) {
    throw invalid([{ param: 'effectiveDate', msg: 'must not be in the future (record the change when it takes effect)' }]);
  }
  const dateFields = dateIssues(todayWib(ctx.clock()), [['effectiveDate', 'record', effectiveDate]]);
  if (dateFields.length) throw invalid(dateFields);
  if (firstJoinDate && effectiveDate < firstJoinDate) {
    throw invalid([{ param: 'effectiveDate', msg: 'must not be before the first join date' }]);
  }
}

/**
 * The rules of a record's change from `from` to `to` (create and update apply the same): the ids
 * exist and fit together; a promotion raises the job level's rank and a demotion lowers it; a
 * relocation changes the office; a mutation changes the department, division, section or position
 * within the office.
 */
async function checkRecordChange(
  trx: Db,
  changeType: number,
  given: { companyOfficeId?: number | undefined; jobLevelId?: number | null | undefined },
  from: Spot,
  to: Spot,
) {
  await checkRefs(trx, [
    ['companyOfficeId', 'company_offices', given.companyOfficeId],
    ['jobLevelId', 'job_levels', given.jobLevelId],
  ]);
  await checkPlacement(trx, {
    officeId: to.company_office_id,
    departmentId: to.department_id,
    divisionId: to.division_id,
    sectionId: to.section_id,
    jobPositionId: to.job_position_id,
  });
  const what = CHANGE_NAMES[changeType]!;
  if (changeType === 2 || changeType === 3) {
    const ranks = await trx
      .selectFrom('job_levels')
      .select(['id', 'rank'])
      .where('id', 'in', [to.job_level_id ?? -1, from.job_level_id ?? -1])
      .execute();
    const rank = (lid: number | null) => ranks.find((r) => r.id === lid)?.rank;
    const was = rank(from.job_level_id);
    const next = rank(to.job_level_id);
    const up = changeType === 2;
    if (next === undefined || (was !== undefined && (up ? next <= was : next >= was))) {
      throw invalid(
        [{ param: 'jobLevelId', msg: `must be ${up ? 'above' : 'below'} the current job level` }],
        `${what} changes the job level`,
      );
    }
  }
  if (changeType === 4 && to.company_office_id === from.company_office_id) {
    throw invalid([{ param: 'companyOfficeId', msg: 'must be another office' }], `${what} moves the employee to another office`);
  }
  if (changeType === 1) {
    if (to.company_office_id !== from.company_office_id) {
      throw invalid([{ param: 'companyOfficeId', msg: 'changes only with a relocation' }], `${what} stays within the office`);
    }
    const moved = (['department_id', 'division_id', 'section_id', 'job_position_id'] as const).some((k) => to[k] !== from[k]);
    if (!moved) {
      throw invalid(
        [{ param: 'departmentId', msg: 'must change (department, division, section or job position)' }],
        `${what} changes where the employee works`,
      );
    }
  }
}

type EmployeeDbRow = Selectable<Database['employees']>;

/** Where a record leads: the fields given, and `base` for those left out. */
function destination(
  input: Partial<
    Record<'companyOfficeId' | 'departmentId' | 'divisionId' | 'sectionId' | 'jobPositionId' | 'jobLevelId', number | null>
  >,
  base: Spot,
): Spot {
  const pick = <T>(v: T | undefined, current: T): T => (v === undefined ? current : v);
  return {
    company_office_id: pick(input.companyOfficeId ?? undefined, base.company_office_id),
    department_id: pick(input.departmentId, base.department_id),
    division_id: pick(input.divisionId, base.division_id),
    section_id: pick(input.sectionId, base.section_id),
    job_position_id: pick(input.jobPositionId, base.job_position_id),
    job_level_id: pick(input.jobLevelId, base.job_level_id),
  };
}

/**
 * Moves the employee to `to` inside the caller's transaction, by the placement rule every path that
 * moves someone follows (permissions/placement.ts): nobody moves themselves, a move that widens
 * the employee's permissions waits for a second person, and their sessions are renewed. Returns the
 * permissions the move adds.
 */
async function moveEmployee(ctx: Ctx, trx: Db, grant: Update, e: EmployeeDbRow, to: Spot) {
  const placement: PlacementChange = {
    employeeId: e.id,
    name: `${e.given_name} ${e.surname}`.trim(),
    before: { jobPositionId: e.job_position_id, sectionId: e.section_id },
    after: { jobPositionId: to.job_position_id, sectionId: to.section_id },
  };
  const permissionsAdded = await guardPlacementChange(trx, grant.actor, placement);
  await trx
    .updateTable('employees')
    .set({ ...to, updated_at: sql`now()` } as never)
    .where('id', '=', e.id)
    .execute();
  await renewSessionsAfterPlacement({ ...ctx, db: trx }, placement);
  return permissionsAdded;
}

/**
 * Records a mutation (1), promotion (2), demotion (3) or relocation (4) and moves the employee
 * there in the same transaction; where they were is kept on the record. Future dates are refused:
 * the change applies when it is recorded.
 */
export async function createRecord(ctx: Ctx, grant: Update, raw: z.input<typeof createRecordInput>): Promise<{ id: number }> {
  const input = createRecordInput.parse(raw);
  checkRecordDate(ctx, input.effectiveDate, null);
  return inTransaction(ctx, async (trx) => {
    await scopedEmployeeId(trx, grant, input.employeeId, true);
    // A self-made promotion or move is no record (issue 16): someone else records one's career.
    refuseOwn(grant.actor, input.employeeId, 'employment record');
    const e = await trx.selectFrom('employees').selectAll().where('id', '=', input.employeeId).executeTakeFirstOrThrow();
    checkRecordDate(ctx, input.effectiveDate, e.first_join_date);
    const from = spotOf(e);
    const to = destination(input, from);
    await checkRecordChange(trx, input.changeType, input, from, to);
    const row = await trx
      .insertInto('employee_records')
      .values({
        employee_id: e.id,
        change_type: input.changeType,
        effective_date: input.effectiveDate,
        ...sideValues('from', from),
        ...sideValues('to', to),
        reason: input.reason ?? null,
        created_by: grant.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const permissionsAdded = await moveEmployee(ctx, trx, grant, e, to);
    await audit(ctx, trx, {
      action: 'employee.record.create',
      entity: 'employee',
      entityId: e.id,
      after: { recordId: row.id, ...input, ...(permissionsAdded.length ? { permissionsAdded } : {}) },
    });
    return { id: row.id };
  });
}

/** `{ from_company_office_id: …, … }` (or `to_…`): one side of a record as its columns. */
const sideValues = <S extends 'from' | 'to'>(side: S, p: Spot) =>
  Object.fromEntries(SPOT_KEYS.map((k) => [`${side}_${k}`, p[k]])) as {
    [K in keyof Spot as `${S}_${K}`]: Spot[K];
  };

/**
 * A record to correct, with its employee: NOT_FOUND when either is gone or the employee is outside
 * the caller's scope; one's own record is refused (as on create). The employee row is locked first
 * (as every write of their records and placement does), then the record is read again under the
 * lock, so of two corrections at once the second works on what the first left, never on stale data.
 */
async function recordToCorrect(trx: Db, grant: Update, id: number): Promise<{ record: RecordDbRow; e: EmployeeDbRow }> {
  const employeeId = await rowEmployee(trx, grant, 'employee_records', id, 'Record', true);
  const record = await trx.selectFrom('employee_records').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!record || record.employee_id !== employeeId) throw notFound('Record');
  refuseOwn(grant.actor, employeeId, 'employment record');
  const e = await trx.selectFrom('employees').selectAll().where('id', '=', employeeId).executeTakeFirstOrThrow();
  return { record, e };
}

/** The employee's latest effective record (latest effective date, then the latest recorded). */
const latestRecord = (trx: Db, employeeId: number) =>
  trx
    .selectFrom('employee_records')
    .selectAll()
    .where('employee_id', '=', employeeId)
    .orderBy('effective_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();

/**
 * After a correction: the employee's current placement follows their records again. The latest
 * effective record wins; when none is left, the placement from before the deleted record (its
 * `from`, as create stored it) comes back. Only a correction that changes what the latest record
 * says moves the employee: correcting an older record (or only a reason) leaves the placement, and
 * any later change made on the employment section, alone. Returns the move for the audit entry.
 */
async function followRecords(
  ctx: Ctx,
  trx: Db,
  grant: Update,
  e: EmployeeDbRow,
  latestBefore: RecordDbRow | undefined,
  restore: Spot,
) {
  const latest = await latestRecord(trx, e.id);
  const target = latest ? sideOf(latest, 'to') : restore;
  const unchanged = latest && latestBefore && latest.id === latestBefore.id && sameSpot(sideOf(latestBefore, 'to'), target);
  const current = spotOf(e);
  if (unchanged || sameSpot(current, target)) return {};
  const permissionsAdded = await moveEmployee(ctx, trx, grant, e, target);
  return { placement: { before: current, after: target }, ...(permissionsAdded.length ? { permissionsAdded } : {}) };
}

/**
 * `POST /v2/h/employee/record/{id}/update`: corrects a record (its type, date, destination or
 * reason; a field left out keeps its value). It is checked as on create, against where the record
 * says the employee came from (its `from`, which stays as recorded); the employee's placement then
 * follows the records ({@link followRecords}). The audit entry keeps the record before and after.
 */
export async function updateEmploymentRecord(
  ctx: Ctx,
  grant: Update,
  raw: z.input<typeof updateRecordInput>,
): Promise<{ id: number }> {
  const input = updateRecordInput.parse(raw);
  if (input.effectiveDate !== undefined) checkRecordDate(ctx, input.effectiveDate, null);
  return inTransaction(ctx, async (trx) => {
    const { record: before, e } = await recordToCorrect(trx, grant, input.id);
    const effectiveDate = input.effectiveDate ?? before.effective_date;
    if (input.effectiveDate !== undefined) checkRecordDate(ctx, effectiveDate, e.first_join_date);
    const changeType = input.changeType ?? before.change_type;
    const to = destination(input, sideOf(before, 'to'));
    await checkRecordChange(trx, changeType, input, sideOf(before, 'from'), to);
    const latestBefore = await latestRecord(trx, e.id);
    const next = {
      change_type: changeType,
      effective_date: effectiveDate,
      ...sideValues('to', to),
      reason: input.reason === undefined ? before.reason : input.reason,
    };
    await trx.updateTable('employee_records').set(next).where('id', '=', input.id).execute();
    const moved = await followRecords(ctx, trx, grant, e, latestBefore, sideOf(before, 'from'));
    await audit(ctx, trx, {
      action: 'employee.record.update',
      entity: 'employee',
      entityId: e.id,
      before: { recordId: input.id, ...before },
      after: { recordId: input.id, ...next, ...moved },
    });
    return { id: input.id };
  });
}

/**
 * `POST /v2/h/employee/record/{id}/delete`: removes a record entered by mistake; the employee's
 * placement then follows the remaining records, or goes back to where the record says they came
 * from when it was the only one ({@link followRecords}). The audit entry keeps the record.
 */
export async function deleteEmploymentRecord(
  ctx: Ctx,
  grant: Update,
  raw: z.input<typeof historyIdInput>,
): Promise<{ ok: true }> {
  const { id } = historyIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const { record: before, e } = await recordToCorrect(trx, grant, id);
    const latestBefore = await latestRecord(trx, e.id);
    await trx.deleteFrom('employee_records').where('id', '=', id).execute();
    const moved = await followRecords(ctx, trx, grant, e, latestBefore, sideOf(before, 'from'));
    await audit(ctx, trx, {
      action: 'employee.record.delete',
      entity: 'employee',
      entityId: e.id,
      before: { recordId: id, ...before },
      after: moved,
    });
    return { ok: true as const };
  });
}
