import { sql } from 'kysely';
import { audit } from '../../audit/index';
import { requirePayPermission } from '../../access/index';
import type { Grant } from '../../access/index';
import { type Ctx, inTransaction } from '../../shared/context';
import { notFound } from '../../shared/errors';
import type { In } from '../../shared/zod';
import { assertEmployeeVisible, assertPeriodOpen } from '../runs/access';
import {
  deletePreviousIncomeInput,
  type PreviousIncomeRow,
  previousIncomeListInput,
  savePreviousIncomeInput,
  setTaxBorneByInput,
} from './schema';

/*
 * Per-employee tax data HR enters (issue 5; docs/income-tax.md): a previous employer's slip of the same year
 * (1721-A1 lines 13 and 18, used by the last tax period's reconciliation) and who bears PPh 21 (gross-up
 * override of the company setting `taxBorneBy`). Data-scoped: an employee outside the caller's scope is NOT_FOUND.
 */

const cols = [
  'employee_id as employeeId',
  'tax_year as year',
  'employer_name as employerName',
  'employer_tax_id as employerTaxId',
  sql<string>`net_income::text`.as('netIncome'),
  sql<string>`tax_withheld::text`.as('taxWithheld'),
  'updated_at as updatedAt',
] as const;

/** The previous employers' slips entered for an employee, newest year first. */
export async function listPreviousIncome(
  ctx: Ctx,
  grant: Grant<'salary.view'>,
  raw: In<typeof previousIncomeListInput>,
): Promise<PreviousIncomeRow[]> {
  const { id } = previousIncomeListInput.parse(raw);
  await assertEmployeeVisible(ctx.db, grant.scope, id);
  return ctx.db
    .selectFrom('employee_previous_income')
    .select(cols)
    .where('employee_id', '=', id)
    .orderBy('tax_year', 'desc')
    .execute();
}

/** Enters or replaces the previous employer's slip of one year. */
export async function savePreviousIncome(
  ctx: Ctx,
  grant: Grant<'salary.update'>,
  raw: In<typeof savePreviousIncomeInput>,
): Promise<PreviousIncomeRow> {
  const input = savePreviousIncomeInput.parse(raw);
  await assertEmployeeVisible(ctx.db, grant.scope, input.id);
  requirePayPermission(grant.actor, input.id, 'income tax records');
  return inTransaction(ctx, async (trx) => {
    // Locked once the year's last tax period (a finalised December payslip) has used the figures.
    await assertPeriodOpen(trx, input.id, `${input.year}-12`);
    const values = {
      employer_name: input.employerName,
      employer_tax_id: input.employerTaxId ?? null,
      net_income: input.netIncome,
      tax_withheld: input.taxWithheld,
    };
    const row = await trx
      .insertInto('employee_previous_income')
      .values({ employee_id: input.id, tax_year: input.year, created_by: ctx.actor?.userId ?? null, ...values })
      .onConflict((oc) => oc.constraint('employee_previous_income_year_uq').doUpdateSet({ ...values, updated_at: ctx.clock() }))
      .returning(cols)
      .executeTakeFirstOrThrow();
    await audit(ctx, trx, { action: 'save', entity: 'employee_previous_income', entityId: input.id, after: row });
    return row;
  });
}

export async function deletePreviousIncome(
  ctx: Ctx,
  grant: Grant<'salary.update'>,
  raw: In<typeof deletePreviousIncomeInput>,
): Promise<{ id: number; year: number }> {
  const input = deletePreviousIncomeInput.parse(raw);
  await assertEmployeeVisible(ctx.db, grant.scope, input.id);
  requirePayPermission(grant.actor, input.id, 'income tax records');
  return inTransaction(ctx, async (trx) => {
    await assertPeriodOpen(trx, input.id, `${input.year}-12`);
    const r = await trx
      .deleteFrom('employee_previous_income')
      .where('employee_id', '=', input.id)
      .where('tax_year', '=', input.year)
      .executeTakeFirst();
    if (!r.numDeletedRows) throw notFound(`Previous employer's income of ${input.year}`);
    await audit(ctx, trx, { action: 'delete', entity: 'employee_previous_income', entityId: input.id, before: input });
    return { id: input.id, year: input.year };
  });
}

/** Who bears the employee's PPh 21: 'employer' (tax allowance, gross-up), 'employee', or null = the company setting. */
export async function setTaxBorneBy(
  ctx: Ctx,
  grant: Grant<'salary.update'>,
  raw: In<typeof setTaxBorneByInput>,
): Promise<{ id: number; taxBorneBy: 'employee' | 'employer' | null }> {
  const input = setTaxBorneByInput.parse(raw);
  await assertEmployeeVisible(ctx.db, grant.scope, input.id);
  requirePayPermission(grant.actor, input.id, 'tax status');
  return inTransaction(ctx, async (trx) => {
    await trx
      .insertInto('employee_payroll_options')
      .values({ employee_id: input.id, tax_borne_by: input.taxBorneBy })
      .onConflict((oc) => oc.column('employee_id').doUpdateSet({ tax_borne_by: input.taxBorneBy, updated_at: ctx.clock() }))
      .execute();
    await audit(ctx, trx, { action: 'update', entity: 'employee_payroll_options', entityId: input.id, after: input });
    return { id: input.id, taxBorneBy: input.taxBorneBy };
  });
}
