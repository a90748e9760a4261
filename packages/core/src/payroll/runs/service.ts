import { likePattern } from '../../shared/sql';
import { timesheetAttendanceSource } from './attendance';
import { type FinalisedThr, queryFinalisedThr } from '../thr-runs/queries';
import { thrHolidayName } from '../thr-runs/schema';
import { bookExternalDeductions, queryExternalDeductions } from './deductions';
import { sql } from 'kysely';
import { audit } from '../../audit/service';
import { requirePayPermission } from '../../permissions/duties';
import type { Grant, Scope } from '../../permissions/grant';
import { employeeInScope } from '../../permissions/scope';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { dbWrite } from '../../shared/db-errors';
import { AppError, forbidden, notFound } from '../../shared/errors';
import type { Page, In } from '../../shared/zod';
import { STANDARD_FORMULA_VARIABLES, validateFormula } from '../formula';
import {
  type AttendanceInput,
  type ComputedPayslip,
  computeEmployeePayslip,
  type EmployeeRunInput,
  type EmploymentType,
  type FormulaCache,
  fullMonthAttendance,
  overtimeWageOfMonth,
  PayslipComputeError,
  periodDates,
  previousPeriod,
} from './compute';
import {
  type BasicSalary,
  insertPayslipChunk,
  queryBasicSalaries,
  queryEarlierMonths,
  queryFinalisedNets,
  queryRunBonusCuts,
  queryRunComponents,
  queryRunEmployees,
  querySettings,
  queryPreviousIncome,
  queryRunPieces,
  queryTaxBorneBy,
  type RunEmployee,
} from './queries';
import {
  type BonusCutRow,
  type ComponentRow,
  createBonusCutInput,
  createComponentInput,
  createEmployeeComponentInput,
  createQueueInput,
  type DryRunResult,
  type EmployeeComponentRow,
  type GenerateResult,
  generateRunInput,
  salaryIdInput,
  listBonusCutsInput,
  listEmployeeComponentsInput,
  listQueueInput,
  listRunsInput,
  type PayrollSettings,
  type PayslipDetail,
  type PayslipLineRow,
  type PayslipSummary,
  payslipInput,
  personalSalaryInput,
  type QueueRow,
  type RunRow,
  runDetailInput,
  updateBonusCutInput,
  updateComponentInput,
  updateEmployeeComponentInput,
  updateQueueInput,
  updatePayrollSettingsInput,
  validateFormulaInput,
} from './schema';

type View = Grant<'salary.view'>;
type Update = Grant<'salary.update'>;

const fullName = sql<string>`trim(e.given_name || ' ' || e.surname)`;

// ---------------------------------------------------------------------------------------------
// Scope helpers (spec §6: out-of-scope employees are NOT_FOUND)

async function assertEmployeeVisible(db: Db, scope: Scope, employeeId: number): Promise<void> {
  const row = await db
    .selectFrom('employees as e')
    .select('e.id')
    .where('e.id', '=', employeeId)
    .where((eb) => employeeInScope(eb, scope))
    .executeTakeFirst();
  if (!row) throw notFound('Employee');
}

/** A run covers employees the caller may not see unless the caller's scope is the whole company. */
function requireCompanyScope(grant: Grant): void {
  if (grant.scope.kind !== 'all') throw forbidden('Payroll runs need access to every employee (superadmin or HR wildcard)');
}

function formulaIssues(formula: string | null | undefined, param = 'formula'): void {
  if (!formula) return;
  const issues = validateFormula(formula, STANDARD_FORMULA_VARIABLES);
  if (issues.length) {
    throw new AppError('VALIDATION', `The formula is not valid: ${issues[0]!.message} at position ${issues[0]!.position}`, {
      fields: issues.map((i) => ({ param, msg: `${i.message} at position ${i.position}` })),
      detail: issues,
    });
  }
}

async function assertPeriodOpen(db: Db, employeeId: number, period: string): Promise<void> {
  const locked = await db
    .selectFrom('payslips as s')
    .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
    .select('s.id')
    .where('s.employee_id', '=', employeeId)
    .where('s.period', '=', period)
    .where('r.status', '=', 'finalised')
    .executeTakeFirst();
  if (locked) throw new AppError('CONFLICT', `Payroll for ${period} is finalised and locked`);
}

// ---------------------------------------------------------------------------------------------
// Settings (salary/setting)

export async function getPayrollSettings(ctx: Ctx, _grant: View): Promise<PayrollSettings> {
  return querySettings(ctx.db);
}

export async function updatePayrollSettings(
  ctx: Ctx,
  _grant: Grant<'salary.setting'>,
  raw: In<typeof updatePayrollSettingsInput>,
): Promise<PayrollSettings> {
  const input = updatePayrollSettingsInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await querySettings(trx);
    const set: Record<string, unknown> = { updated_at: ctx.clock() };
    if (input.cutOffDay !== undefined) set.cut_off_day = input.cutOffDay;
    if (input.payDay !== undefined) set.pay_day = input.payDay;
    if (input.jkkRatePercent !== undefined) set.jkk_rate_percent = input.jkkRatePercent;
    if (input.terRounding !== undefined) set.ter_rounding = input.terRounding;
    if (input.componentRounding !== undefined) set.component_rounding = input.componentRounding;
    if (input.workWeek !== undefined) set.work_week = input.workWeek;
    if (input.bpjsEnabled !== undefined) set.bpjs_enabled = input.bpjsEnabled;
    if (input.absenceCutBasis !== undefined) set.absence_cut_basis = input.absenceCutBasis;
    if (input.absenceCutDivisor !== undefined) set.absence_cut_divisor = input.absenceCutDivisor;
    if (input.absenceCutFixedAllowances !== undefined) set.absence_cut_fixed_allowances = input.absenceCutFixedAllowances;
    if (input.prorationBasis !== undefined) set.proration_basis = input.prorationBasis;
    if (input.taxBorneBy !== undefined) set.tax_borne_by = input.taxBorneBy;
    await trx.updateTable('payroll_settings').set(set).where('id', '=', 1).execute();
    const after = await querySettings(trx);
    await audit(ctx, trx, { action: 'update', entity: 'payroll_settings', entityId: 1, before, after });
    return after;
  });
}

// ---------------------------------------------------------------------------------------------
// Salary components (salary/formula)

const componentCols = ['id', 'name', 'kind', 'taxable', 'formula', 'everyone'] as const;
const componentNameTaken = () =>
  new AppError('CONFLICT', 'A salary component with this name exists', { fields: [{ param: 'name', msg: 'is already used' }] });

export async function listSalaryComponents(ctx: Ctx, _grant: View): Promise<ComponentRow[]> {
  return ctx.db.selectFrom('salary_components').select(componentCols).orderBy('name').execute();
}

/** Checks a formula without saving it: the issues with their positions (empty = valid). */
export function checkSalaryFormula(_ctx: Ctx, _grant: View, raw: In<typeof validateFormulaInput>) {
  const input = validateFormulaInput.parse(raw);
  const issues = validateFormula(input.formula, STANDARD_FORMULA_VARIABLES);
  return { valid: issues.length === 0, issues, variables: [...STANDARD_FORMULA_VARIABLES] };
}

export async function createSalaryComponent(
  ctx: Ctx,
  _grant: Update,
  raw: In<typeof createComponentInput>,
): Promise<ComponentRow> {
  const input = createComponentInput.parse(raw);
  formulaIssues(input.formula);
  if (input.everyone && !input.formula)
    throw new AppError('VALIDATION', 'A component for everyone needs a formula', {
      fields: [{ param: 'formula', msg: 'is required when everyone is true' }],
    });
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('salary_components')
          .values({
            name: input.name,
            kind: input.kind,
            taxable: input.taxable,
            formula: input.formula ?? null,
            everyone: input.everyone,
            updated_at: ctx.clock(),
          })
          .returning(componentCols)
          .executeTakeFirstOrThrow(),
      { unique: { salary_components_name_uq: componentNameTaken } },
    );
    await audit(ctx, trx, { action: 'create', entity: 'salary_component', entityId: row.id, after: row });
    return row;
  });
}

export async function updateSalaryComponent(
  ctx: Ctx,
  _grant: Update,
  raw: In<typeof updateComponentInput>,
): Promise<ComponentRow> {
  const input = updateComponentInput.parse(raw);
  formulaIssues(input.formula);
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('salary_components')
      .select(componentCols)
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Salary component');
    const next = {
      name: input.name ?? before.name,
      kind: input.kind ?? before.kind,
      taxable: input.taxable ?? before.taxable,
      formula: input.formula === undefined ? before.formula : input.formula,
      everyone: input.everyone ?? before.everyone,
    };
    if (next.everyone && !next.formula)
      throw new AppError('VALIDATION', 'A component for everyone needs a formula', {
        fields: [{ param: 'formula', msg: 'is required when everyone is true' }],
      });
    const row = await dbWrite(
      () =>
        trx
          .updateTable('salary_components')
          .set({ ...next, updated_at: ctx.clock() })
          .where('id', '=', input.id)
          .returning(componentCols)
          .executeTakeFirstOrThrow(),
      { unique: { salary_components_name_uq: componentNameTaken } },
    );
    await audit(ctx, trx, { action: 'update', entity: 'salary_component', entityId: row.id, before, after: row });
    return row;
  });
}

export async function deleteSalaryComponent(ctx: Ctx, _grant: Update, raw: In<typeof salaryIdInput>): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx
      .selectFrom('salary_components')
      .select(componentCols)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Salary component');
    const used = await trx
      .selectFrom('employee_salary_components')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('component_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(used.n) > 0)
      throw new AppError(
        'CONFLICT',
        `Salary component ${before.name} is used by ${used.n} employee component${used.n === '1' ? '' : 's'}`,
      );
    await trx.deleteFrom('salary_components').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'delete', entity: 'salary_component', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Employee components (salary/employeeComponent)

function employeeComponentQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('employee_salary_components as ec')
    .innerJoin('employees as e', 'e.id', 'ec.employee_id')
    .innerJoin('salary_components as c', 'c.id', 'ec.component_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      'ec.id',
      'ec.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      fullName.as('employeeName'),
      'ec.component_id as componentId',
      'c.name as component',
      'c.kind',
      'ec.amount',
      'ec.formula',
      'ec.start_month as startMonth',
      'ec.end_month as endMonth',
    ]);
}

export async function listEmployeeComponents(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listEmployeeComponentsInput>,
): Promise<Page<EmployeeComponentRow>> {
  const input = listEmployeeComponentsInput.parse(raw);
  let q = employeeComponentQuery(ctx.db, grant.scope);
  if (input.employeeId) q = q.where('ec.employee_id', '=', input.employeeId);
  if (input.componentId) q = q.where('ec.component_id', '=', input.componentId);
  const [rows, total] = await Promise.all([
    q
      .orderBy('e.employee_number')
      .orderBy('c.name')
      .orderBy('ec.id')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), page: input.page, pageSize: input.pageSize };
}

async function oneEmployeeComponent(db: Db, scope: Scope, id: number): Promise<EmployeeComponentRow> {
  const row = await employeeComponentQuery(db, scope).where('ec.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Employee component');
  return row;
}

async function checkComponentSource(
  db: Db,
  componentId: number,
  amount: string | null | undefined,
  formula: string | null | undefined,
) {
  const c = await db.selectFrom('salary_components').select(['formula']).where('id', '=', componentId).executeTakeFirst();
  if (!c) throw new AppError('VALIDATION', 'Invalid input', { fields: [{ param: 'componentId', msg: 'does not exist' }] });
  if ((amount === null || amount === undefined) && !formula && !c.formula)
    throw new AppError('VALIDATION', 'Give an amount or a formula (the component has none)', {
      fields: [{ param: 'amount', msg: 'is required when neither this entry nor the component has a formula' }],
    });
  if (amount !== null && amount !== undefined && formula)
    throw new AppError('VALIDATION', 'Give an amount or a formula, not both', {
      fields: [{ param: 'formula', msg: 'must be empty when an amount is given' }],
    });
}

export async function createEmployeeComponent(
  ctx: Ctx,
  grant: Update,
  raw: In<typeof createEmployeeComponentInput>,
): Promise<EmployeeComponentRow> {
  const input = createEmployeeComponentInput.parse(raw);
  formulaIssues(input.formula);
  return inTransaction(ctx, async (trx) => {
    await assertEmployeeVisible(trx, grant.scope, input.employeeId);
    requirePayPermission(grant.actor, input.employeeId, 'salary components');
    await checkComponentSource(trx, input.componentId, input.amount, input.formula);
    const { id } = await trx
      .insertInto('employee_salary_components')
      .values({
        employee_id: input.employeeId,
        component_id: input.componentId,
        amount: input.amount ?? null,
        formula: input.formula ?? null,
        start_month: input.startMonth,
        end_month: input.endMonth ?? null,
        updated_at: ctx.clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await oneEmployeeComponent(trx, grant.scope, id);
    await audit(ctx, trx, { action: 'create', entity: 'employee_salary_component', entityId: id, after: row });
    return row;
  });
}

export async function updateEmployeeComponent(
  ctx: Ctx,
  grant: Update,
  raw: In<typeof updateEmployeeComponentInput>,
): Promise<EmployeeComponentRow> {
  const input = updateEmployeeComponentInput.parse(raw);
  formulaIssues(input.formula);
  return inTransaction(ctx, async (trx) => {
    const before = await oneEmployeeComponent(trx, grant.scope, input.id);
    requirePayPermission(grant.actor, before.employeeId, 'salary components');
    const amount = input.amount === undefined ? (input.formula ? null : before.amount) : input.amount;
    const formula = input.formula === undefined ? (input.amount ? null : before.formula) : input.formula;
    const startMonth = input.startMonth ?? before.startMonth;
    const endMonth = input.endMonth === undefined ? before.endMonth : input.endMonth;
    if (endMonth && endMonth < startMonth)
      throw new AppError('VALIDATION', 'Invalid input', {
        fields: [{ param: 'endMonth', msg: 'must not be before startMonth' }],
      });
    await checkComponentSource(trx, before.componentId, amount, formula);
    await trx
      .updateTable('employee_salary_components')
      .set({ amount, formula, start_month: startMonth, end_month: endMonth, updated_at: ctx.clock() })
      .where('id', '=', input.id)
      .execute();
    const row = await oneEmployeeComponent(trx, grant.scope, input.id);
    await audit(ctx, trx, { action: 'update', entity: 'employee_salary_component', entityId: input.id, before, after: row });
    return row;
  });
}

export async function deleteEmployeeComponent(ctx: Ctx, grant: Update, raw: In<typeof salaryIdInput>): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneEmployeeComponent(trx, grant.scope, id);
    requirePayPermission(grant.actor, before.employeeId, 'salary components');
    await trx.deleteFrom('employee_salary_components').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'delete', entity: 'employee_salary_component', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Bonus/cuts (salary/bonusCut)

function bonusCutQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('salary_bonus_cuts as b')
    .innerJoin('employees as e', 'e.id', 'b.employee_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      'b.id',
      'b.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      fullName.as('employeeName'),
      'b.period',
      'b.kind',
      'b.name',
      'b.amount',
      'b.taxable',
    ]);
}

export async function listBonusCuts(ctx: Ctx, grant: View, raw: In<typeof listBonusCutsInput>): Promise<Page<BonusCutRow>> {
  const input = listBonusCutsInput.parse(raw);
  let q = bonusCutQuery(ctx.db, grant.scope);
  if (input.employeeId) q = q.where('b.employee_id', '=', input.employeeId);
  if (input.period) q = q.where('b.period', '=', input.period);
  const [rows, total] = await Promise.all([
    q
      .orderBy('b.period', 'desc')
      .orderBy('e.employee_number')
      .orderBy('b.id')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), page: input.page, pageSize: input.pageSize };
}

async function oneBonusCut(db: Db, scope: Scope, id: number): Promise<BonusCutRow> {
  const row = await bonusCutQuery(db, scope).where('b.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Bonus/cut');
  return row;
}

export async function createBonusCut(ctx: Ctx, grant: Update, raw: In<typeof createBonusCutInput>): Promise<BonusCutRow> {
  const input = createBonusCutInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await assertEmployeeVisible(trx, grant.scope, input.employeeId);
    requirePayPermission(grant.actor, input.employeeId, 'bonus/cuts');
    await assertPeriodOpen(trx, input.employeeId, input.period);
    const { id } = await trx
      .insertInto('salary_bonus_cuts')
      .values({
        employee_id: input.employeeId,
        period: input.period,
        kind: input.kind,
        name: input.name,
        amount: input.amount,
        taxable: input.taxable,
        updated_at: ctx.clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await oneBonusCut(trx, grant.scope, id);
    await audit(ctx, trx, { action: 'create', entity: 'salary_bonus_cut', entityId: id, after: row });
    return row;
  });
}

export async function updateBonusCut(ctx: Ctx, grant: Update, raw: In<typeof updateBonusCutInput>): Promise<BonusCutRow> {
  const input = updateBonusCutInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneBonusCut(trx, grant.scope, input.id);
    requirePayPermission(grant.actor, before.employeeId, 'bonus/cuts');
    await assertPeriodOpen(trx, before.employeeId, before.period);
    if (input.period) await assertPeriodOpen(trx, before.employeeId, input.period);
    await trx
      .updateTable('salary_bonus_cuts')
      .set({
        period: input.period ?? before.period,
        kind: input.kind ?? before.kind,
        name: input.name ?? before.name,
        amount: input.amount ?? before.amount,
        taxable: input.taxable ?? before.taxable,
        updated_at: ctx.clock(),
      })
      .where('id', '=', input.id)
      .execute();
    const row = await oneBonusCut(trx, grant.scope, input.id);
    await audit(ctx, trx, { action: 'update', entity: 'salary_bonus_cut', entityId: input.id, before, after: row });
    return row;
  });
}

export async function deleteBonusCut(ctx: Ctx, grant: Update, raw: In<typeof salaryIdInput>): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneBonusCut(trx, grant.scope, id);
    requirePayPermission(grant.actor, before.employeeId, 'bonus/cuts');
    await assertPeriodOpen(trx, before.employeeId, before.period);
    await trx.deleteFrom('salary_bonus_cuts').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'delete', entity: 'salary_bonus_cut', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Salary queue (salary/queue)

function queueQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('salary_queue as q')
    .innerJoin('employees as e', 'e.id', 'q.employee_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      'q.id',
      'q.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      fullName.as('employeeName'),
      'q.effective_date as effectiveDate',
      'q.basic_salary as basicSalary',
      'q.note',
      sql<'pending' | 'applied'>`case when q.applied_run_id is null then 'pending' else 'applied' end`.as('status'),
      'q.applied_run_id as appliedRunId',
    ]);
}

export async function listSalaryQueue(ctx: Ctx, grant: View, raw: In<typeof listQueueInput>): Promise<Page<QueueRow>> {
  const input = listQueueInput.parse(raw);
  let q = queueQuery(ctx.db, grant.scope);
  if (input.employeeId) q = q.where('q.employee_id', '=', input.employeeId);
  if (input.status === 'pending') q = q.where('q.applied_run_id', 'is', null);
  if (input.status === 'applied') q = q.where('q.applied_run_id', 'is not', null);
  const [rows, total] = await Promise.all([
    q
      .orderBy('q.effective_date', 'desc')
      .orderBy('q.id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n), page: input.page, pageSize: input.pageSize };
}

async function oneQueue(db: Db, scope: Scope, id: number): Promise<QueueRow> {
  const row = await queueQuery(db, scope).where('q.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Salary change');
  return row;
}

const appliedRefusal = (r: QueueRow) =>
  new AppError('CONFLICT', `This salary change was applied by payroll run #${r.appliedRunId}; queue a new change instead`);

export async function createSalaryQueue(ctx: Ctx, grant: Update, raw: In<typeof createQueueInput>): Promise<QueueRow> {
  const input = createQueueInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await assertEmployeeVisible(trx, grant.scope, input.employeeId);
    requirePayPermission(grant.actor, input.employeeId, 'salary');
    const { id } = await trx
      .insertInto('salary_queue')
      .values({
        employee_id: input.employeeId,
        effective_date: input.effectiveDate,
        basic_salary: input.basicSalary,
        note: input.note ?? null,
        updated_at: ctx.clock(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await oneQueue(trx, grant.scope, id);
    await audit(ctx, trx, { action: 'create', entity: 'salary_queue', entityId: id, after: row });
    return row;
  });
}

export async function updateSalaryQueue(ctx: Ctx, grant: Update, raw: In<typeof updateQueueInput>): Promise<QueueRow> {
  const input = updateQueueInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneQueue(trx, grant.scope, input.id);
    requirePayPermission(grant.actor, before.employeeId, 'salary');
    const res = await trx
      .updateTable('salary_queue')
      .set({
        effective_date: input.effectiveDate ?? before.effectiveDate,
        basic_salary: input.basicSalary ?? before.basicSalary,
        note: input.note === undefined ? before.note : input.note,
        updated_at: ctx.clock(),
      })
      .where('id', '=', input.id)
      .where('applied_run_id', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw appliedRefusal(before);
    const row = await oneQueue(trx, grant.scope, input.id);
    await audit(ctx, trx, { action: 'update', entity: 'salary_queue', entityId: input.id, before, after: row });
    return row;
  });
}

export async function deleteSalaryQueue(ctx: Ctx, grant: Update, raw: In<typeof salaryIdInput>): Promise<{ id: number }> {
  const { id } = salaryIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await oneQueue(trx, grant.scope, id);
    requirePayPermission(grant.actor, before.employeeId, 'salary');
    const res = await trx.deleteFrom('salary_queue').where('id', '=', id).where('applied_run_id', 'is', null).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw appliedRefusal(before);
    await audit(ctx, trx, { action: 'delete', entity: 'salary_queue', entityId: id, before });
    return { id };
  });
}

// ---------------------------------------------------------------------------------------------
// Payroll runs (salary/report)

/** Supplies attendance figures per employee; the default is a full month plus the approved overtime of the period. */
export type AttendanceSource = (
  employeeIds: readonly number[],
  period: string,
  settings: PayrollSettings,
) => Promise<Map<number, AttendanceInput>>;

export interface ComputedRun {
  period: string;
  settings: PayrollSettings;
  employees: RunEmployee[];
  slips: ComputedPayslip[];
  skipped: { employeeId: number; reason: string }[];
  queueIds: number[];
  /** Seconds spent loading inputs and in the engine. */
  loadSeconds: number;
  engineSeconds: number;
}

function tenureMonths(joinDate: string, periodEnd: string): number {
  const [y1, m1, d1] = joinDate.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = periodEnd.split('-').map(Number) as [number, number, number];
  return Math.max(0, (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0));
}

/**
 * The period's timesheets and unpaid leave (runs/attendance.ts) plus the approved overtime
 * (attendance-requests/payroll-feed.ts). Imported when first needed: payroll-feed builds on this module's exports.
 */
async function defaultAttendanceSource(db: Db): Promise<AttendanceSource> {
  const { attendanceSourceWithOvertime } = await import('../../attendance-requests/payroll-feed');
  return attendanceSourceWithOvertime(db, timesheetAttendanceSource(db));
}

function thrInput(t: FinalisedThr | undefined): EmployeeRunInput['thr'] {
  return t && { amount: String(t.amount), name: `THR ${thrHolidayName(t.holiday)}`, trace: t.trace };
}

/** The run's inputs of one employee that come from the employee row and the basic salary in force. */
type LoadedRunInput = Omit<
  EmployeeRunInput,
  'employeeId' | 'ptkpStatus' | 'basicSalary' | 'basicSource' | 'jobLevel' | 'tenureMonths' | 'employment' | 'contractType'
>;

/** One employee's run input (the run and the overtime pay preview build it alike). */
function runInputOf(e: RunEmployee, basic: BasicSalary, periodEnd: string, loaded: LoadedRunInput): EmployeeRunInput {
  return {
    ...loaded,
    employeeId: e.id,
    ptkpStatus: e.ptkp,
    basicSalary: basic.amount,
    basicSource: basic.source,
    jobLevel: Number(e.jobLevel),
    tenureMonths: tenureMonths(e.joinDate, periodEnd),
    employment: { entryDate: e.entryDate, lastWorkingDay: e.lastWorkingDay },
    contractType: basic.contractType ?? e.contractType,
  };
}

/**
 * The overtime wage description of an employee's month exactly as that month's payslip uses it (contract type,
 * basic salary in force at the period's end, the period's fixed allowances evaluated like the run does), for the
 * overtime pay preview; pass it to calculateOvertime. Formula allowances see a full month of attendance (the
 * month's timesheets are not complete when overtime is planned). Null when the run would skip the employee (not
 * employed in the period, or no basic salary by its end). NOT_FOUND outside the caller's scope.
 */
export async function overtimeWageForPeriod(
  ctx: Ctx,
  grant: View,
  opts: { employeeId: number; period: string },
): Promise<{ employmentType: EmploymentType; basicSalary: number; fixedAllowances: number; workWeek: 5 | 6 } | null> {
  await assertEmployeeVisible(ctx.db, grant.scope, opts.employeeId);
  const settings = await querySettings(ctx.db);
  const dates = periodDates(opts.period, settings.payDay);
  const ids = [opts.employeeId];
  const [employees, basics, components] = await Promise.all([
    queryRunEmployees(ctx.db, { periodStart: dates.start, periodEnd: dates.end, employeeIds: ids }),
    queryBasicSalaries(ctx.db, ids, dates.end),
    queryRunComponents(ctx.db, ids, opts.period),
  ]);
  const e = employees[0];
  const basic = basics.get(opts.employeeId);
  if (!e || !basic) return null;
  const input = runInputOf(e, basic, dates.end, {
    components: components.get(e.id) ?? [],
    bonusCuts: [],
    attendance: fullMonthAttendance(opts.period, settings.workWeek),
    earlier: [],
  });
  try {
    return overtimeWageOfMonth(opts.period, settings, input);
  } catch (err) {
    if (err instanceof PayslipComputeError)
      throw new AppError('PRECONDITION_FAILED', `Employee ${e.employeeNumber} (${e.name}): ${err.message}`);
    throw err;
  }
}

/**
 * Loads every input of a run (set-based) and computes each employee's payslip. Writes nothing.
 * Employees without a basic salary (no contract or queued change by the period's end) are skipped and listed.
 */
export async function computePayrollRun(
  db: Db,
  opts: {
    period: string;
    companyOfficeId?: number | undefined;
    attendance?: AttendanceSource;
    /** Receives the payslips in chunks of 1,000 as they are computed (a run persists while computing the next chunk). */
    sink?: (slips: ComputedPayslip[]) => Promise<void>;
    /** Told how many of the run's employees are computed so far (after each chunk and at the end), for a progress bar. */
    onProgress?: (done: number, total: number) => void;
  },
): Promise<ComputedRun> {
  const t0 = performance.now();
  const settings = await querySettings(db);
  const dates = periodDates(opts.period, settings.payDay);
  const employees = await queryRunEmployees(db, {
    periodStart: dates.start,
    periodEnd: dates.end,
    companyOfficeId: opts.companyOfficeId,
  });
  const ids = employees.map((e) => e.id);
  // The last tax period needs the earlier months: December for everyone, the month of leaving for leavers.
  const lastPeriodIds = dates.month === 12 ? ids : employees.filter((e) => e.lastWorkingDay).map((e) => e.id);
  const [basics, components, bonusCuts, earlier, attendance, external, thr, taxBorneBy, previousIncome, pieces] =
    await Promise.all([
      queryBasicSalaries(db, ids, dates.end),
      queryRunComponents(db, ids, opts.period),
      queryRunBonusCuts(db, ids, opts.period),
      lastPeriodIds.length ? queryEarlierMonths(db, lastPeriodIds, opts.period) : Promise.resolve(new Map()),
      (opts.attendance ?? (await defaultAttendanceSource(db)))(ids, opts.period, settings),
      queryExternalDeductions(db, ids, opts.period, dates),
      queryFinalisedThr(db, ids, opts.period),
      queryTaxBorneBy(db, ids),
      queryPreviousIncome(db, lastPeriodIds, dates.year),
      queryRunPieces(db, ids, opts.period),
    ]);
  const t1 = performance.now();
  const fullMonth = fullMonthAttendance(opts.period, settings.workWeek);
  const slips: ComputedPayslip[] = [];
  const skipped: { employeeId: number; reason: string }[] = [];
  const queueIds: number[] = [];
  const formulaCache: FormulaCache = new Map();
  let engineMs = 0;
  let chunkStart = performance.now();
  let sent = 0;
  const flush = async () => {
    engineMs += performance.now() - chunkStart;
    if (opts.sink && sent < slips.length) await opts.sink(slips.slice(sent));
    sent = slips.length;
    opts.onProgress?.(slips.length + skipped.length, employees.length);
    chunkStart = performance.now();
  };
  for (const e of employees) {
    if (slips.length - sent >= 1000) await flush();
    const basic = basics.get(e.id);
    if (!basic) {
      skipped.push({ employeeId: e.id, reason: `no contract or salary change by ${dates.end}` });
      continue;
    }
    if (basic.queueId) queueIds.push(basic.queueId);
    const input = runInputOf(e, basic, dates.end, {
      components: components.get(e.id) ?? [],
      bonusCuts: bonusCuts.get(e.id) ?? [],
      externalDeductions: external.get(e.id) ?? [],
      thr: thrInput(thr.get(e.id)),
      attendance: attendance.get(e.id) ?? fullMonth,
      earlier: earlier.get(e.id) ?? [],
      taxBorneBy: taxBorneBy.get(e.id),
      previousEmployer: previousIncome.get(e.id),
      pieces: pieces.get(e.id),
    });
    try {
      slips.push(computeEmployeePayslip(opts.period, settings, input, formulaCache));
    } catch (err) {
      // 412 naming the employee (and the component), never a 500 (issue 16 item 12).
      if (err instanceof PayslipComputeError && err.outOfRange)
        throw new AppError(
          'PRECONDITION_FAILED',
          `Component ${err.outOfRange.component} gives ${err.outOfRange.value} for ${e.name} (${e.employeeNumber}): out of range`,
        );
      if (err instanceof PayslipComputeError)
        throw new AppError('PRECONDITION_FAILED', `Employee ${e.employeeNumber} (${e.name}): ${err.message}`);
      if (err instanceof RangeError)
        throw new AppError(
          'PRECONDITION_FAILED',
          `The payslip of ${e.name} (${e.employeeNumber}) is out of range (${err.message}); check the salary and components`,
        );
      throw err;
    }
  }
  await flush();
  return {
    period: opts.period,
    settings,
    employees,
    slips,
    skipped,
    queueIds,
    loadSeconds: (t1 - t0) / 1000,
    engineSeconds: engineMs / 1000,
  };
}

const total = (slips: readonly ComputedPayslip[], f: (s: ComputedPayslip) => number) =>
  slips.reduce((acc, s) => acc + BigInt(f(s)), 0n).toString();

/**
 * Generates (or re-generates) the draft run of a period for one office or the whole company, in one
 * transaction: it completes entirely or writes nothing. A draft of the same scope is replaced; a
 * finalised overlapping run locks the period; an overlapping draft of another scope must be cancelled first.
 */
export async function runPayroll(
  ctx: Ctx,
  opts: {
    period: string;
    companyOfficeId?: number | undefined;
    attendance?: AttendanceSource;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<GenerateResult & { timings: { loadSeconds: number; engineSeconds: number; persistSeconds: number } }> {
  return inTransaction(ctx, async (trx) => {
    const office = opts.companyOfficeId ?? null;
    if (office !== null) {
      const exists = await trx.selectFrom('company_offices').select('id').where('id', '=', office).executeTakeFirst();
      if (!exists)
        throw new AppError('VALIDATION', 'Invalid input', { fields: [{ param: 'companyOfficeId', msg: 'does not exist' }] });
    }
    // Serialise generations of one period (a second caller waits, then sees the first one's draft).
    await lockPeriod(trx, opts.period);
    const live = await trx
      .selectFrom('payroll_runs')
      .select(['id', 'status', 'company_office_id'])
      .where('period', '=', opts.period)
      .where('status', 'in', ['draft', 'finalised'])
      .execute();
    const overlapping = live.filter((r) => office === null || r.company_office_id === null || r.company_office_id === office);
    if (overlapping.some((r) => r.status === 'finalised'))
      throw new AppError('CONFLICT', `Payroll for ${opts.period} is finalised and locked`);
    const same = overlapping.find((r) => r.company_office_id === office);
    const other = overlapping.filter((r) => r !== same);
    if (other.length)
      throw new AppError(
        'CONFLICT',
        `Draft payroll run #${other[0]!.id} of ${opts.period} covers some of these employees; cancel it first`,
      );
    if (same) await trx.deleteFrom('payroll_runs').where('id', '=', same.id).where('status', '=', 'draft').execute();

    const row = await dbWrite(
      () =>
        trx
          .insertInto('payroll_runs')
          .values({
            period: opts.period,
            company_office_id: office,
            status: 'draft',
            employees: 0,
            gross: 0,
            tax: 0,
            net: 0,
            skipped: '[]',
            created_by: ctx.actor?.userId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      // The period lock above makes this unreachable from finalise/cancel/generate; a writer without it gets a CONFLICT.
      {
        unique: {
          payroll_runs_live_uq: () =>
            new AppError(
              'CONFLICT',
              `Another payroll run of ${opts.period} was written meanwhile; reload the list and try again`,
            ),
        },
      },
    );
    // Persist each chunk while the engine computes the next one (PostgreSQL works in its own process meanwhile).
    let persistMs = 0;
    let pending: Promise<void> = Promise.resolve();
    const wait = async () => {
      const w = performance.now();
      await pending;
      persistMs += performance.now() - w;
    };
    const sink = async (chunk: ComputedPayslip[]) => {
      await wait();
      const w = performance.now();
      const write = insertPayslipChunk(trx, row.id, opts.period, chunk);
      write.catch(() => undefined); // awaited in wait(); avoids an unhandled rejection meanwhile
      pending = write;
      persistMs += performance.now() - w; // building and sending the JSON
    };
    const uniqueRefusal = {
      unique: {
        payslips_employee_period_uq: () =>
          new AppError('CONFLICT', `Some employees already have a payslip for ${opts.period} in another run; cancel it first`),
      },
    };
    const run = await dbWrite(async () => {
      const r = await computePayrollRun(trx, { ...opts, sink });
      await wait();
      return r;
    }, uniqueRefusal);
    const t0 = performance.now();
    const gross = total(run.slips, (s) => s.gross);
    const tax = total(run.slips, (s) => s.pph21);
    const net = total(run.slips, (s) => s.net);
    await trx
      .updateTable('payroll_runs')
      .set({ employees: run.slips.length, gross, tax, net, skipped: JSON.stringify(run.skipped) })
      .where('id', '=', row.id)
      .execute();
    if (run.queueIds.length)
      await trx.updateTable('salary_queue').set({ applied_run_id: row.id }).where('id', 'in', run.queueIds).execute();
    await audit(ctx, trx, {
      action: 'generate',
      entity: 'payroll_run',
      entityId: row.id,
      after: {
        period: opts.period,
        companyOfficeId: office,
        employees: run.slips.length,
        gross,
        tax,
        net,
        replaced: same?.id ?? null,
      },
    });
    const persistSeconds = (persistMs + performance.now() - t0) / 1000;
    return {
      runId: row.id,
      period: opts.period,
      companyOfficeId: office,
      employees: run.slips.length,
      gross,
      tax,
      net,
      skipped: run.skipped,
      replacedRunId: same?.id ?? null,
      timings: { loadSeconds: run.loadSeconds, engineSeconds: run.engineSeconds, persistSeconds },
    };
  });
}

export async function generatePayroll(ctx: Ctx, grant: Update, raw: In<typeof generateRunInput>): Promise<GenerateResult> {
  const input = generateRunInput.parse(raw);
  requireCompanyScope(grant);
  const { timings: _t, ...result } = await runPayroll(ctx, input);
  return result;
}

/** Computes a period without writing: per-employee net and the difference against the previous period's finalised payslip. */
export async function dryRunPayroll(
  ctx: Ctx,
  grant: Update | View,
  raw: In<typeof generateRunInput>,
  opts: { attendance?: AttendanceSource } = {},
): Promise<DryRunResult> {
  const input = generateRunInput.parse(raw);
  requireCompanyScope(grant);
  const run = await computePayrollRun(ctx.db, { ...input, ...opts });
  const prev = previousPeriod(input.period);
  const nets = await queryFinalisedNets(
    ctx.db,
    run.slips.map((s) => s.employeeId),
    prev,
  );
  const byId = new Map(run.employees.map((e) => [e.id, e]));
  return {
    period: input.period,
    previousPeriod: prev,
    employees: run.slips.length,
    gross: total(run.slips, (s) => s.gross),
    tax: total(run.slips, (s) => s.pph21),
    net: total(run.slips, (s) => s.net),
    skipped: run.skipped,
    rows: run.slips.map((s) => {
      const e = byId.get(s.employeeId)!;
      const previousNet = nets.get(s.employeeId) ?? null;
      return {
        employeeId: s.employeeId,
        employeeNumber: e.employeeNumber,
        employeeName: e.name,
        gross: String(s.gross),
        pph21: String(s.pph21),
        net: String(s.net),
        previousNet,
        difference: previousNet === null ? null : (BigInt(s.net) - BigInt(previousNet)).toString(),
      };
    }),
  };
}

/** Runs with totals over the payslips the caller may see. */
export async function listPayrollRuns(ctx: Ctx, grant: View, raw: In<typeof listRunsInput>): Promise<Page<RunRow>> {
  const input = listRunsInput.parse(raw);
  let q = ctx.db.selectFrom('payroll_runs as r').leftJoin('company_offices as o', 'o.id', 'r.company_office_id');
  if (input.period) q = q.where('r.period', '=', input.period);
  if (input.status) q = q.where('r.status', '=', input.status);
  if (input.companyOfficeId) {
    const office = input.companyOfficeId;
    q = q.where((eb) => eb.or([eb('r.company_office_id', '=', office), eb('r.company_office_id', 'is', null)]));
  }
  const totalRow = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const runs = await q
    .select([
      'r.id',
      'r.period',
      'r.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'r.status',
      'r.created_at as createdAt',
      'r.finalised_at as finalisedAt',
    ])
    .orderBy('r.period', 'desc')
    .orderBy('r.id', 'desc')
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .execute();
  const ids = runs.map((r) => r.id);
  const sums = ids.length
    ? await ctx.db
        .selectFrom('payslips as s')
        .innerJoin('employees as e', 'e.id', 's.employee_id')
        .where('s.run_id', 'in', ids)
        .where((eb) => employeeInScope(eb as never, grant.scope))
        .groupBy('s.run_id')
        .select([
          's.run_id',
          sql<string>`count(*)::int`.as('n'),
          sql<string>`coalesce(sum(s.gross), 0)::text`.as('gross'),
          sql<string>`coalesce(sum(s.pph21), 0)::text`.as('tax'),
          sql<string>`coalesce(sum(s.net), 0)::text`.as('net'),
        ])
        .execute()
    : [];
  const byRun = new Map(sums.map((s) => [s.run_id, s]));
  return {
    rows: runs.map((r) => {
      const s = byRun.get(r.id);
      return { ...r, employees: Number(s?.n ?? 0), gross: s?.gross ?? '0', tax: s?.tax ?? '0', net: s?.net ?? '0' };
    }),
    total: Number(totalRow.n),
    page: input.page,
    pageSize: input.pageSize,
  };
}

function payslipQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('payslips as s')
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .innerJoin('payroll_runs as r', 'r.id', 's.run_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      's.id',
      's.run_id as runId',
      's.period',
      's.employee_id as employeeId',
      'e.employee_number as employeeNumber',
      fullName.as('employeeName'),
      's.ptkp_status as ptkpStatus',
      's.basic_salary as basicSalary',
      's.gross',
      's.taxable_gross as taxableGross',
      's.total_deductions as totalDeductions',
      's.pph21',
      's.net',
      's.employer_cost as employerCost',
      'r.status',
    ]);
}

async function linesOf(db: Db, payslipIds: readonly number[]): Promise<Map<number, PayslipLineRow[]>> {
  if (payslipIds.length === 0) return new Map();
  const rows = await db.selectFrom('payslips').select(['id', 'lines']).where('id', 'in', payslipIds).execute();
  const out = new Map<number, PayslipLineRow[]>();
  for (const r of rows) {
    const lines = (typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines) as {
      code: string;
      name: string;
      kind: PayslipLineRow['kind'];
      amount: number;
      trace: unknown;
    }[];
    out.set(
      r.id,
      lines.map((l, k) => ({
        position: k + 1,
        code: l.code,
        name: l.name,
        kind: l.kind,
        amount: String(l.amount),
        trace: l.trace,
      })),
    );
  }
  return out;
}

/** A run with the payslips of the employees the caller may see (paginated). */
export async function getPayrollRun(
  ctx: Ctx,
  grant: View,
  raw: In<typeof runDetailInput>,
): Promise<RunRow & { skipped: unknown; payslips: Page<PayslipSummary> }> {
  const input = runDetailInput.parse(raw);
  const run = await ctx.db
    .selectFrom('payroll_runs as r')
    .leftJoin('company_offices as o', 'o.id', 'r.company_office_id')
    .select([
      'r.id',
      'r.period',
      'r.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'r.status',
      'r.created_at as createdAt',
      'r.finalised_at as finalisedAt',
      'r.skipped',
    ])
    .where('r.id', '=', input.id)
    .executeTakeFirst();
  if (!run) throw notFound('Payroll run');
  const q = payslipQuery(ctx.db, grant.scope).where('s.run_id', '=', input.id);
  const term = input.search?.trim();
  const like = term && likePattern(term);
  const page = like ? q.where((eb) => eb.or([eb('e.employee_number', 'ilike', like), eb(fullName, 'ilike', like)])) : q;
  const [rows, agg, matching] = await Promise.all([
    page
      .orderBy('e.employee_number')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q
      .clearSelect()
      .select([
        sql<string>`count(*)::int`.as('n'),
        sql<string>`coalesce(sum(s.gross), 0)::text`.as('gross'),
        sql<string>`coalesce(sum(s.pph21), 0)::text`.as('tax'),
        sql<string>`coalesce(sum(s.net), 0)::text`.as('net'),
      ])
      .executeTakeFirstOrThrow(),
    term ? page.clearSelect().select(sql<string>`count(*)::int`.as('n')).executeTakeFirstOrThrow() : null,
  ]);
  return {
    ...run,
    skipped: typeof run.skipped === 'string' ? JSON.parse(run.skipped) : run.skipped,
    employees: Number(agg.n),
    gross: agg.gross,
    tax: agg.tax,
    net: agg.net,
    payslips: {
      rows: rows.map(({ status: _s, ...r }) => r),
      total: Number((matching ?? agg).n),
      page: input.page,
      pageSize: input.pageSize,
    },
  };
}

/** One payslip with its lines and traces (NOT_FOUND outside the caller's scope). */
export async function getPayslip(ctx: Ctx, grant: View, raw: In<typeof payslipInput>): Promise<PayslipDetail> {
  const { id } = payslipInput.parse(raw);
  const row = await payslipQuery(ctx.db, grant.scope).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Payslip');
  return { ...row, lines: (await linesOf(ctx.db, [id])).get(id) ?? [] };
}

/** The lock that serialises generating, finalising and cancelling runs of one period (issue 16 item 12). */
const lockPeriod = (trx: Db, period: string) => sql`select pg_advisory_xact_lock(hashtext(${`payroll:${period}`}))`.execute(trx);

/** The live (draft or finalised) run of a period and office scope, if any: the run that replaced another. */
const liveRunOf = (db: Db, period: string, office: number | null) =>
  db
    .selectFrom('payroll_runs')
    .select(['id', 'status'])
    .where('period', '=', period)
    .where(sql<boolean>`coalesce(company_office_id, 0) = ${office ?? 0}`)
    .where('status', 'in', ['draft', 'finalised'])
    .executeTakeFirst();

async function transition(ctx: Ctx, id: number, to: 'finalised' | 'cancelled'): Promise<RunRow> {
  return inTransaction(ctx, async (trx) => {
    const run = await trx
      .selectFrom('payroll_runs')
      .select(['period', 'company_office_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!run) throw notFound('Payroll run');
    // A regeneration of the period replaces the draft: wait for it rather than race it.
    await lockPeriod(trx, run.period);
    // Guarded in SQL: of two concurrent calls exactly one sees status = 'draft'.
    const res = await trx
      .updateTable('payroll_runs')
      .set(
        to === 'finalised'
          ? { status: 'finalised', finalised_at: ctx.clock(), finalised_by: ctx.actor?.userId ?? null }
          : { status: 'cancelled', cancelled_at: ctx.clock() },
      )
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .returning([
        'id',
        'period',
        'company_office_id',
        'status',
        'employees',
        'gross',
        'tax',
        'net',
        'created_at',
        'finalised_at',
      ])
      .executeTakeFirst();
    if (!res) {
      const cur = await trx.selectFrom('payroll_runs').select(['status', 'period']).where('id', '=', id).executeTakeFirst();
      if (!cur) {
        const live = await liveRunOf(trx, run.period, run.company_office_id);
        throw new AppError(
          'CONFLICT',
          live
            ? `Payroll run #${id} of ${run.period} was regenerated meanwhile as run #${live.id} (${live.status}); check that one and ${to === 'finalised' ? 'finalise' : 'cancel'} it`
            : `Payroll run #${id} of ${run.period} was replaced meanwhile; reload the list`,
        );
      }
      throw new AppError(
        'CONFLICT',
        cur.status === 'finalised'
          ? `Payroll for ${cur.period} is finalised and locked`
          : `This payroll run is ${cur.status}; only a draft can be ${to}`,
      );
    }
    // What the run deducted for other modules is booked with the finalisation, in the same transaction.
    if (to === 'finalised') await bookExternalDeductions(trx, id, res.period);
    if (to === 'cancelled') {
      await trx.updateTable('salary_queue').set({ applied_run_id: null }).where('applied_run_id', '=', id).execute();
      await trx.deleteFrom('payslips').where('run_id', '=', id).execute();
    }
    await audit(ctx, trx, {
      action: to === 'finalised' ? 'finalise' : 'cancel',
      entity: 'payroll_run',
      entityId: id,
      after: { status: to },
    });
    const office = res.company_office_id
      ? await trx.selectFrom('company_offices').select('name').where('id', '=', res.company_office_id).executeTakeFirst()
      : undefined;
    return {
      id: res.id,
      period: res.period,
      companyOfficeId: res.company_office_id,
      companyOffice: office?.name ?? null,
      status: res.status,
      employees: res.employees,
      gross: res.gross,
      tax: res.tax,
      net: res.net,
      createdAt: res.created_at,
      finalisedAt: res.finalised_at,
    };
  });
}

export async function finalisePayroll(ctx: Ctx, grant: Update, raw: In<typeof salaryIdInput>): Promise<RunRow> {
  const { id } = salaryIdInput.parse(raw);
  requireCompanyScope(grant);
  return transition(ctx, id, 'finalised');
}

export async function cancelPayroll(ctx: Ctx, grant: Update, raw: In<typeof salaryIdInput>): Promise<RunRow> {
  const { id } = salaryIdInput.parse(raw);
  requireCompanyScope(grant);
  return transition(ctx, id, 'cancelled');
}

// ---------------------------------------------------------------------------------------------
// Personal payslips (/personal/salary)

/** The caller's own finalised payslips, newest first, with lines and traces. */
export async function myPayslips(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof personalSalaryInput>,
): Promise<Page<PayslipDetail>> {
  const input = personalSalaryInput.parse(raw);
  const employeeId = grant.actor.employeeId;
  if (!employeeId) throw notFound('Employee record of this login');
  let q = payslipQuery(ctx.db, { kind: 'all' }).where('s.employee_id', '=', employeeId).where('r.status', '=', 'finalised');
  if (input.year) q = q.where('s.period', 'like', `${input.year}-%`);
  const [rows, total] = await Promise.all([
    q
      .orderBy('s.period', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const lines = await linesOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({ ...r, lines: lines.get(r.id) ?? [] })),
    total: Number(total.n),
    page: input.page,
    pageSize: input.pageSize,
  };
}

export {
  payslipQuery as _payslipQuery,
  linesOf as _linesOf,
  assertEmployeeVisible as _assertEmployeeVisible,
  assertPeriodOpen as _assertPeriodOpen,
};
