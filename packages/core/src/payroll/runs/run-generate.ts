import type { Kysely } from 'kysely';
import { audit } from '../../audit/index';
import type { Database } from '../../db/database';
import { isEmbeddedDatabase } from '../../db/embedded-gate';
import { type Ctx, inTransaction } from '../../shared/context';
import { dbWrite } from '../../shared/db-errors';
import { AppError } from '../../shared/errors';
import type { In } from '../../shared/zod';
import { previousPeriod } from './compute';
import type { RowsFormat, SlipTotals } from './engine-batch';
import { insertPayslipRows, queryFinalisedNets } from './queries';
import { type DryRunResult, type GenerateResult, generateRunInput } from './schema';

import type { AttendanceSource } from '../ports';
import { type PayslipBatch, payslipRowsOf, streamPayrollRun } from './run-compute';
import { lockPeriod, refuseUnconfirmedFuturePeriod, requireCompanyScope, type Update, type View } from './access';
import { anyId } from '../../shared/sql';

/* Generating a run (draft, persisted in chunks), and the dry run that writes nothing. */

const total = (slips: readonly SlipTotals[], f: (s: SlipTotals) => number) =>
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
    /** A month that has not started yet is generated only with this (issue 19 item 17). */
    confirmFuturePeriod?: boolean | undefined;
    attendance?: AttendanceSource;
    onProgress?: (done: number, total: number) => void;
    /** Worker threads for the engine; default: one per core from 4,000 employees (engine-pool.ts). */
    engineThreads?: number;
    /** The engine threads' code (tests pass one that fails). */
    engineScript?: URL;
  },
): Promise<
  GenerateResult & {
    timings: {
      loadSeconds: number;
      engineSeconds: number;
      engineCpuSeconds: number | null;
      persistSeconds: number;
      engineThreads: number;
      engineThreadFailure: string | null;
    };
  }
> {
  refuseUnconfirmedFuturePeriod(ctx, opts);
  // The inputs are read on a connection of their own beside the run's transaction (PostgreSQL; PGlite has one
  // connection), so the database reads the next chunk while it writes the last one (issue 22).
  const embedded = await isEmbeddedDatabase(ctx.db as Kysely<Database>);
  const readDb = ctx.db.isTransaction || embedded ? undefined : ctx.db;
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
    // Persist each batch while the engine computes the next ones (PostgreSQL works in its own process meanwhile).
    let persistMs = 0;
    let pending: Promise<void> = Promise.resolve();
    const wait = async () => {
      const w = performance.now();
      await pending;
      persistMs += performance.now() - w;
    };
    const sums = { employees: 0, gross: 0n, tax: 0n, net: 0n };
    // PostgreSQL takes the payslips by COPY (db/client.ts), PGlite as one JSON document per batch.
    const rowsFormat: RowsFormat = embedded ? { kind: 'json' } : { kind: 'copy', runId: row.id, period: opts.period };
    const onBatch = async (batch: PayslipBatch) => {
      for (const s of batch.totals) {
        sums.gross += BigInt(s.gross);
        sums.tax += BigInt(s.pph21);
        sums.net += BigInt(s.net);
      }
      sums.employees += batch.totals.length;
      await wait();
      const w = performance.now();
      const write = insertPayslipRows(trx, rowsFormat, payslipRowsOf(batch, rowsFormat), { runId: row.id, period: opts.period });
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
      const r = await streamPayrollRun({ ...ctx, db: trx }, { ...opts, onBatch, readDb, rowsFormat });
      await wait();
      return r;
    }, uniqueRefusal);
    const t0 = performance.now();
    const [gross, tax, net] = [sums.gross.toString(), sums.tax.toString(), sums.net.toString()];
    await trx
      .updateTable('payroll_runs')
      .set({ employees: sums.employees, gross, tax, net, skipped: JSON.stringify(run.skipped) })
      .where('id', '=', row.id)
      .execute();
    if (run.queueIds.length)
      await trx.updateTable('salary_queue').set({ applied_run_id: row.id }).where(anyId('id', run.queueIds)).execute();
    await audit(ctx, trx, {
      action: 'generate',
      entity: 'payroll_run',
      entityId: row.id,
      after: {
        period: opts.period,
        companyOfficeId: office,
        employees: sums.employees,
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
      employees: sums.employees,
      gross,
      tax,
      net,
      skipped: run.skipped,
      replacedRunId: same?.id ?? null,
      timings: {
        loadSeconds: run.loadSeconds,
        engineSeconds: run.engineSeconds,
        engineCpuSeconds: run.engineCpuSeconds,
        persistSeconds,
        engineThreads: run.engineThreads,
        engineThreadFailure: run.engineThreadFailure,
      },
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
  const slips: SlipTotals[] = [];
  const run = await streamPayrollRun(ctx, {
    ...input,
    ...opts,
    onBatch: async (b) => {
      slips.push(...b.totals);
    },
  });
  const prev = previousPeriod(input.period);
  const nets = await queryFinalisedNets(
    ctx.db,
    slips.map((s) => s.employeeId),
    prev,
  );
  const byId = new Map(run.employees.map((e) => [e.id, e]));
  return {
    period: input.period,
    previousPeriod: prev,
    employees: slips.length,
    gross: total(slips, (s) => s.gross),
    tax: total(slips, (s) => s.pph21),
    net: total(slips, (s) => s.net),
    skipped: run.skipped,
    rows: slips.map((s) => {
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
