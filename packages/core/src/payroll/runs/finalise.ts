import { sql } from 'kysely';
import { audit } from '../../audit/index';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { AppError, notFound } from '../../shared/errors';
import type { In } from '../../shared/zod';
import { salaryIdInput, type RunRow } from './schema';

import { markLegalValuesUsed } from '../../legal-tables/index';
import { periodDates } from './compute';
import { bookExternalDeductions } from './deductions';
import { querySettings } from './queries';
import { payrollFeedsOf } from './run-compute';
import { draftTransition, lockPeriod, requireCompanyScope, type Update } from './access';

/* Finalising (books the fed deductions) and cancelling a draft run, serialised per period. */

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
      .set(draftTransition(ctx, to))
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
    if (to === 'finalised') {
      await bookExternalDeductions(trx, payrollFeedsOf(ctx).deductions, id, res.period);
      // The legal values the run used can no longer be deleted (legal-tables, issue 18 §4).
      const { payDate } = periodDates(res.period, (await querySettings(trx)).payDay);
      await markLegalValuesUsed(trx, payDate, `payroll run #${id} (${res.period})`);
    }
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
