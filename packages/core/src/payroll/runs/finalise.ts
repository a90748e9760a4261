import { sql } from 'kysely';
import { audit } from '../../audit/index';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { AppError, notFound } from '../../shared/errors';
import type { In } from '../../shared/zod';
import { reopenRunInput, salaryIdInput, type RunRow } from './schema';
import { ddmmyyyy, todayOf, todayWib } from '../../shared/date-ranges';

import { markLegalValuesUsed } from '../../legal-tables/index';
import { periodDates } from './compute';
import { bookExternalDeductions } from './deductions';
import { querySettings } from './queries';
import { payrollFeedsOf } from './run-compute';
import { draftTransition, finaliseOpensOn, lockPeriod, mmyyyy, requireCompanyScope, type Update } from './access';

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
      .select(['period', 'company_office_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!run) throw notFound('Payroll run');
    // A regeneration of the period replaces the draft: wait for it rather than race it.
    await lockPeriod(trx, run.period);
    if (to === 'finalised' && run.status === 'draft') {
      // Not before the month's pay is nearly due (issue 19 item 17): a December run is not finalised in November.
      const { payDate } = periodDates(run.period, (await querySettings(trx)).payDay);
      const opens = finaliseOpensOn(run.period, payDate);
      const today = todayOf(ctx);
      if (today < opens)
        throw new AppError(
          'CONFLICT',
          `Payroll for ${mmyyyy(run.period)} cannot be finalised before ${ddmmyyyy(opens)}, a week before its pay date ${ddmmyyyy(payDate)} (today is ${ddmmyyyy(today)})`,
        );
    }
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

/**
 * HR reopens a finalised run (issue 19 item 17): finalised → draft, one guarded UPDATE under the period's lock (of two
 * concurrent reopens exactly one changes the row), with the reason in the audit log. The month is then open again for
 * corrections, overtime and leave decisions; regenerating replaces the draft and finalising books only what was not
 * booked before (the fed deductions are booked once per period). Refused once a bank transfer file was exported for
 * the run: that pay has left the company.
 */
export async function reopenPayroll(ctx: Ctx, grant: Update, raw: In<typeof reopenRunInput>): Promise<RunRow> {
  const { id, reason } = reopenRunInput.parse(raw);
  requireCompanyScope(grant);
  await inTransaction(ctx, async (trx) => {
    const run = await trx.selectFrom('payroll_runs').select(['period', 'status']).where('id', '=', id).executeTakeFirst();
    if (!run) throw notFound('Payroll run');
    await lockPeriod(trx, run.period);
    const exported = await trx
      .selectFrom('bank_transfer_exports')
      .select('created_at')
      .where('run_id', '=', id)
      .orderBy('created_at')
      .executeTakeFirst();
    if (exported)
      throw new AppError(
        'CONFLICT',
        `Payroll for ${mmyyyy(run.period)} cannot be reopened: its bank transfer file was exported on ${ddmmyyyy(todayWib(exported.created_at))}`,
      );
    const res = await trx
      .updateTable('payroll_runs')
      .set({ status: 'draft', finalised_at: null, finalised_by: null })
      .where('id', '=', id)
      .where('status', '=', 'finalised')
      .returning('id')
      .executeTakeFirst();
    if (!res) {
      const cur = await trx.selectFrom('payroll_runs').select('status').where('id', '=', id).executeTakeFirst();
      throw new AppError(
        'CONFLICT',
        cur?.status === 'draft'
          ? `Payroll for ${mmyyyy(run.period)} was reopened meanwhile`
          : `This payroll run is ${cur?.status ?? 'gone'}; only a finalised run can be reopened`,
      );
    }
    await audit(ctx, trx, {
      action: 'reopen',
      entity: 'payroll_run',
      entityId: id,
      before: { status: 'finalised' },
      after: { status: 'draft', reason },
    });
  });
  return getRunRow(ctx.db, id);
}

/** One run as the list shows it. */
async function getRunRow(db: Db, id: number): Promise<RunRow> {
  const r = await db
    .selectFrom('payroll_runs as r')
    .leftJoin('company_offices as o', 'o.id', 'r.company_office_id')
    .select([
      'r.id',
      'r.period',
      'r.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'r.status',
      'r.employees',
      'r.gross',
      'r.tax',
      'r.net',
      'r.created_at as createdAt',
      'r.finalised_at as finalisedAt',
    ])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
  return r;
}
