import { audit } from '../../audit/index';
import { requirePayPermission } from '../../access/index';
import type { Scope } from '../../access/index';
import { employeeInScope } from '../../access/index';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { dbWrite } from '../../shared/db-errors';
import { AppError, notFound } from '../../shared/errors';
import { countedPage } from '../../shared/page';
import type { Page, In } from '../../shared/zod';
import { STANDARD_FORMULA_VARIABLES, validateFormula } from '../formula';
import {
  type ComponentRow,
  createComponentInput,
  createEmployeeComponentInput,
  type EmployeeComponentRow,
  salaryIdInput,
  listEmployeeComponentsInput,
  updateComponentInput,
  updateEmployeeComponentInput,
  validateFormulaInput,
} from './schema';

import { assertPayEntryAllowed, type Update, type View } from './access';
import { employeeRefColumns } from '../employee-columns';

/* Salary components (salary/formula) and employee components (salary/employeeComponent). */

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

/** A component paid to everyone has no per-employee amount, so it needs a formula. */
function requireFormulaForEveryone(c: { everyone?: boolean; formula?: string | null }): void {
  if (c.everyone && !c.formula)
    throw new AppError('VALIDATION', 'A component for everyone needs a formula', {
      fields: [{ param: 'formula', msg: 'is required when everyone is true' }],
    });
}

/** The component, locked for the rest of the transaction; NOT_FOUND when there is none. */
async function lockComponent(trx: Db, id: number) {
  const row = await trx.selectFrom('salary_components').select(componentCols).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Salary component');
  return row;
}

export async function createSalaryComponent(
  ctx: Ctx,
  _grant: Update,
  raw: In<typeof createComponentInput>,
): Promise<ComponentRow> {
  const input = createComponentInput.parse(raw);
  formulaIssues(input.formula);
  requireFormulaForEveryone(input);
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
    const before = await lockComponent(trx, input.id);
    const next = {
      name: input.name ?? before.name,
      kind: input.kind ?? before.kind,
      taxable: input.taxable ?? before.taxable,
      formula: input.formula === undefined ? before.formula : input.formula,
      everyone: input.everyone ?? before.everyone,
    };
    requireFormulaForEveryone(next);
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
    const before = await lockComponent(trx, id);
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
      ...employeeRefColumns,
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
  return countedPage(q, input, (q) => q.orderBy('e.employee_number').orderBy('c.name').orderBy('ec.id'));
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
    await assertPayEntryAllowed(trx, grant, { employeeId: input.employeeId }, 'salary components');
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
