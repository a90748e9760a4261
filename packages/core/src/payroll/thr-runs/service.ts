import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../../audit/index';
import type { Grant, Scope } from '../../access/index';
import { employeeInScope } from '../../access/index';
import { type Ctx, type Db, inTransaction } from '../../shared/context';
import { dbWrite } from '../../shared/db-errors';
import { AppError, invalid, notFound } from '../../shared/errors';
import { countedPage } from '../../shared/page';
import { addHeaderSheet, xlsxDownload } from '../../shared/xlsx';
import type { Page, In } from '../../shared/zod';
import { wholeRupiah } from '../money';
import { querySettings } from '../runs/queries';
import {
  type FinalisedThr,
  insertThrLines,
  queryDoublePaid,
  queryFinalisedThr,
  queryHolidayDate,
  queryThrCandidates,
} from './queries';
import { thrLineFor, thrPayDateFor } from './rules';
import {
  generateThrInput,
  listThrRunsInput,
  type ThrDryRunResult,
  type ThrGenerateResult,
  type ThrHoliday,
  type ThrLine,
  type ThrLineRow,
  type ThrRunDetail,
  type ThrRunRow,
  thrHolidayName,
  thrRunDetailInput,
  thrRunIdInput,
  type ThrDates,
  thrDatesInput,
} from './schema';
import { employeeRefColumns } from '../employee-columns';
import { draftTransition, requireCompanyScope, type Update, type View } from '../runs/access';
import { anyId } from '../../shared/sql';
import { todayOf } from '../../shared/date-ranges';

/** A THR run covers employees the caller may not see unless the caller's scope is the whole company. */
const requireThrScope = (grant: Grant) => requireCompanyScope(grant, 'THR runs');

const sumOf = (lines: readonly ThrLine[], f: (l: ThrLine) => string | null) =>
  lines.reduce((acc, l) => acc + BigInt(f(l) ?? 0), 0n).toString();

interface ComputedThr {
  holiday: ThrHoliday;
  year: number;
  lines: ThrLine[];
  employees: number;
  notEligible: number;
  total: string;
  pph21Estimate: string;
}

/** Loads every input (set-based) and computes each employee's line. Writes nothing. */
async function computeThrRun(
  db: Db,
  input: z.output<typeof generateThrInput>,
  onProgress?: (done: number, total: number) => void,
): Promise<ComputedThr> {
  const [settings, candidates] = await Promise.all([querySettings(db), queryThrCandidates(db, input)]);
  onProgress?.(0, candidates.length);
  const lines = candidates.map((c, i) => {
    if (i && i % 500 === 0) onProgress?.(i, candidates.length);
    return thrLineFor(c, {
      holiday: input.holiday,
      holidayDate: input.holidayDate,
      payOtherReligions: input.payOtherReligions,
      monthCounting: input.monthCounting,
      terRounding: settings.terRounding,
    });
  });
  onProgress?.(candidates.length, candidates.length);
  const paid = lines.filter((l) => l.eligible);
  return {
    holiday: input.holiday,
    year: Number(input.holidayDate.slice(0, 4)),
    lines,
    employees: paid.length,
    notEligible: lines.length - paid.length,
    total: sumOf(paid, (l) => l.amount),
    pph21Estimate: sumOf(paid, (l) => l.pph21Estimate),
  };
}

async function checkOffice(db: Db, office: number | null): Promise<void> {
  if (office === null) return;
  const exists = await db.selectFrom('company_offices').select('id').where('id', '=', office).executeTakeFirst();
  if (!exists) throw invalid([{ param: 'companyOfficeId', msg: 'does not exist' }]);
}

/**
 * Generates (or re-generates) the draft THR run of a holiday and year for one office or the whole company, in
 * one transaction under a per-holiday-and-year advisory lock: it completes entirely or writes nothing. A draft
 * of the same scope is replaced; a finalised overlapping run locks the holiday's year; an overlapping draft of
 * another scope must be cancelled first.
 */
export async function generateThr(
  ctx: Ctx,
  grant: Update,
  raw: In<typeof generateThrInput>,
  /** onProgress: employees computed so far of the run's total, for a job's progress bar. */
  opts: { onProgress?: (done: number, total: number) => void } = {},
): Promise<ThrGenerateResult> {
  const input = generateThrInput.parse(raw);
  requireThrScope(grant);
  const year = Number(input.holidayDate.slice(0, 4));
  const label = `THR ${thrHolidayName(input.holiday)} ${year}`;
  return inTransaction(ctx, async (trx) => {
    const office = input.companyOfficeId ?? null;
    await checkOffice(trx, office);
    // Serialise generations of one holiday and year (a second caller waits, then sees the first one's draft).
    await sql`select pg_advisory_xact_lock(hashtext(${`thr:${input.holiday}:${year}`}))`.execute(trx);
    const live = await trx
      .selectFrom('thr_runs')
      .select(['id', 'status', 'company_office_id'])
      .where('holiday', '=', input.holiday)
      .where('year', '=', year)
      .where('status', 'in', ['draft', 'finalised'])
      .execute();
    const overlapping = live.filter((r) => office === null || r.company_office_id === null || r.company_office_id === office);
    if (overlapping.some((r) => r.status === 'finalised')) throw new AppError('CONFLICT', `${label} is finalised and locked`);
    const same = overlapping.find((r) => r.company_office_id === office);
    const other = overlapping.filter((r) => r !== same);
    if (other.length)
      throw new AppError(
        'CONFLICT',
        `Draft THR run #${other[0]!.id} of ${label} covers some of these employees; cancel it first`,
      );
    if (same) await trx.deleteFrom('thr_runs').where('id', '=', same.id).where('status', '=', 'draft').execute();

    const run = await computeThrRun(trx, input, opts.onProgress);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('thr_runs')
          .values({
            holiday: input.holiday,
            year,
            holiday_date: input.holidayDate,
            pay_date: input.payDate,
            company_office_id: office,
            month_counting: input.monthCounting,
            pay_other_religions: input.payOtherReligions,
            status: 'draft',
            employees: run.employees,
            not_eligible: run.notEligible,
            total: run.total,
            pph21_estimate: run.pph21Estimate,
            created_by: ctx.actor?.userId ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { unique: { thr_runs_live_uq: () => new AppError('CONFLICT', `${label} already has a live run for this scope`) } },
    );
    await insertThrLines(trx, row.id, run.lines);
    await audit(ctx, trx, {
      action: 'generate',
      entity: 'thr_run',
      entityId: row.id,
      after: {
        holiday: input.holiday,
        year,
        holidayDate: input.holidayDate,
        payDate: input.payDate,
        companyOfficeId: office,
        employees: run.employees,
        notEligible: run.notEligible,
        total: run.total,
        replaced: same?.id ?? null,
      },
    });
    return {
      runId: row.id,
      holiday: input.holiday,
      year,
      companyOfficeId: office,
      employees: run.employees,
      notEligible: run.notEligible,
      total: run.total,
      pph21Estimate: run.pph21Estimate,
      replacedRunId: same?.id ?? null,
    };
  });
}

/** Computes a THR run without writing: every employee considered, eligible or not with the reason. */
export async function dryRunThr(ctx: Ctx, grant: Update, raw: In<typeof generateThrInput>): Promise<ThrDryRunResult> {
  const input = generateThrInput.parse(raw);
  requireThrScope(grant);
  await checkOffice(ctx.db, input.companyOfficeId ?? null);
  const { holiday, year, lines, employees, notEligible, total, pph21Estimate } = await computeThrRun(ctx.db, input);
  return { holiday, year, lines, employees, notEligible, total, pph21Estimate };
}

function runQuery(db: Db) {
  return db
    .selectFrom('thr_runs as r')
    .leftJoin('company_offices as o', 'o.id', 'r.company_office_id')
    .select([
      'r.id',
      'r.holiday',
      'r.year',
      'r.holiday_date as holidayDate',
      'r.pay_date as payDate',
      'r.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'r.status',
      'r.month_counting as monthCounting',
      'r.pay_other_religions as payOtherReligions',
      'r.created_at as createdAt',
      'r.finalised_at as finalisedAt',
    ]);
}

/** Per run: eligible count, not-eligible count and totals over the lines of employees the caller may see. */
async function runTotals(db: Db, scope: Scope, runIds: readonly number[]) {
  if (runIds.length === 0) return new Map<number, { employees: number; notEligible: number; total: string; tax: string }>();
  const rows = await db
    .selectFrom('thr_run_lines as l')
    .innerJoin('employees as e', 'e.id', 'l.employee_id')
    .where(anyId('l.run_id', runIds))
    .where((eb) => employeeInScope(eb as never, scope))
    .groupBy('l.run_id')
    .select([
      'l.run_id',
      sql<number>`(count(*) filter (where l.eligible))::int`.as('employees'),
      sql<number>`(count(*) filter (where not l.eligible))::int`.as('notEligible'),
      sql<string>`coalesce(sum(l.amount), 0)::text`.as('total'),
      sql<string>`coalesce(sum(l.pph21_estimate), 0)::text`.as('tax'),
    ])
    .execute();
  return new Map(rows.map((r) => [r.run_id, r]));
}

type RunBase = Awaited<ReturnType<ReturnType<typeof runQuery>['executeTakeFirstOrThrow']>>;
function withTotals(
  r: RunBase,
  t: { employees: number; notEligible: number; total: string; tax: string } | undefined,
): ThrRunRow {
  const { monthCounting: _m, payOtherReligions: _p, ...rest } = r;
  return {
    ...rest,
    holiday: r.holiday as ThrHoliday,
    holidayName: thrHolidayName(r.holiday),
    employees: t?.employees ?? 0,
    notEligible: t?.notEligible ?? 0,
    total: t?.total ?? '0',
    pph21Estimate: t?.tax ?? '0',
  };
}

/** THR runs, newest first, with totals over the lines the caller may see. */
export async function listThrRuns(ctx: Ctx, grant: View, raw: In<typeof listThrRunsInput>): Promise<Page<ThrRunRow>> {
  const input = listThrRunsInput.parse(raw);
  let q = runQuery(ctx.db);
  if (input.holiday) q = q.where('r.holiday', '=', input.holiday);
  if (input.year) q = q.where('r.year', '=', input.year);
  if (input.status) q = q.where('r.status', '=', input.status);
  const page = await countedPage(q, input, (q) =>
    q.orderBy('r.year', 'desc').orderBy('r.holiday_date', 'desc').orderBy('r.id', 'desc'),
  );
  const totals = await runTotals(
    ctx.db,
    grant.scope,
    page.rows.map((r) => r.id),
  );
  return { ...page, rows: page.rows.map((r) => withTotals(r, totals.get(r.id))) };
}

function lineQuery(db: Db, scope: Scope) {
  return db
    .selectFrom('thr_run_lines as l')
    .innerJoin('employees as e', 'e.id', 'l.employee_id')
    .where((eb) => employeeInScope(eb as never, scope))
    .select([
      'l.id',
      'l.employee_id as employeeId',
      ...employeeRefColumns,
      'l.religion',
      'l.join_date as joinDate',
      'l.eligible',
      'l.reason',
      sql<string>`(l.months_of_service::float8)::text`.as('monthsOfService'),
      'l.monthly_wage as monthlyWage',
      'l.amount',
      'l.pph21_estimate as pph21Estimate',
      'l.trace',
    ]);
}

const parseLine = (l: ThrLineRow): ThrLineRow => ({
  ...l,
  monthlyWage: l.monthlyWage === null ? null : String(l.monthlyWage),
  amount: String(l.amount),
  pph21Estimate: l.pph21Estimate === null ? null : String(l.pph21Estimate),
  trace: typeof l.trace === 'string' ? JSON.parse(l.trace) : l.trace,
});

async function oneRun(db: Db, id: number) {
  const run = await runQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!run) throw notFound('THR run');
  return run;
}

/** A THR run with the lines (paginated, eligible first) of the employees the caller may see. */
export async function getThrRun(ctx: Ctx, grant: View, raw: In<typeof thrRunDetailInput>): Promise<ThrRunDetail> {
  const input = thrRunDetailInput.parse(raw);
  const run = await oneRun(ctx.db, input.id);
  let q = lineQuery(ctx.db, grant.scope).where('l.run_id', '=', input.id);
  if (input.eligible !== 'all') q = q.where('l.eligible', '=', input.eligible === 'eligible');
  const [page, totals] = await Promise.all([
    countedPage(q, input, (q) => q.orderBy('l.eligible', 'desc').orderBy('e.employee_number')),
    runTotals(ctx.db, grant.scope, [input.id]),
  ]);
  return {
    ...withTotals(run, totals.get(input.id)),
    monthCounting: run.monthCounting,
    payOtherReligions: run.payOtherReligions,
    lines: { ...page, rows: page.rows.map(parseLine) },
  };
}

async function transition(ctx: Ctx, grant: Update, id: number, to: 'finalised' | 'cancelled'): Promise<ThrRunRow> {
  requireThrScope(grant);
  return inTransaction(ctx, async (trx) => {
    // Guarded in SQL: of two concurrent calls exactly one sees status = 'draft'.
    const res = await trx
      .updateTable('thr_runs')
      .set(draftTransition(ctx, to))
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .returning(['id', 'holiday', 'year'])
      .executeTakeFirst();
    if (!res) {
      const cur = await trx.selectFrom('thr_runs').select(['status', 'holiday', 'year']).where('id', '=', id).executeTakeFirst();
      if (!cur) throw notFound('THR run');
      throw new AppError(
        'CONFLICT',
        cur.status === 'finalised'
          ? `THR ${thrHolidayName(cur.holiday)} ${cur.year} is finalised and locked`
          : `This THR run is ${cur.status}; only a draft can be ${to}`,
      );
    }
    if (to === 'finalised') {
      // THR is paid once a year: finalisations of one year are serialised, then no employee may be paid twice.
      await sql`select pg_advisory_xact_lock(hashtext(${`thr-pay:${res.year}`}))`.execute(trx);
      const twice = await queryDoublePaid(trx, id);
      if (twice.length)
        throw new AppError(
          'CONFLICT',
          `Employee ${twice[0]!.employeeNumber} was already paid THR for ${res.year} in THR run #${twice[0]!.runId}; generate this run again`,
        );
    }
    await audit(ctx, trx, {
      action: to === 'finalised' ? 'finalise' : 'cancel',
      entity: 'thr_run',
      entityId: id,
      after: { status: to },
    });
    const run = await oneRun(trx, id);
    return withTotals(run, (await runTotals(trx, grant.scope, [id])).get(id));
  });
}

/** Finalises a draft THR run (SQL-guarded: of two concurrent calls exactly one wins); it is then locked. */
export async function finaliseThr(ctx: Ctx, grant: Update, raw: In<typeof thrRunIdInput>): Promise<ThrRunRow> {
  return transition(ctx, grant, thrRunIdInput.parse(raw).id, 'finalised');
}

/** Cancels a draft THR run (kept, with its lines, as cancelled); a finalised run cannot be cancelled. */
export async function cancelThr(ctx: Ctx, grant: Update, raw: In<typeof thrRunIdInput>): Promise<ThrRunRow> {
  return transition(ctx, grant, thrRunIdInput.parse(raw).id, 'cancelled');
}

/** The workbook of one THR run: "THR" (one row per employee, with reasons) and "Trace" (every figure's rule). */
export async function downloadThrRun(
  ctx: Ctx,
  grant: View,
  raw: In<typeof thrRunIdInput>,
): Promise<{ fileName: string; contentType: string; base64: string }> {
  const { id } = thrRunIdInput.parse(raw);
  const run = await oneRun(ctx.db, id);
  const lines = (
    await lineQuery(ctx.db, grant.scope)
      .where('l.run_id', '=', id)
      .orderBy('l.eligible', 'desc')
      .orderBy('e.employee_number')
      .execute()
  ).map(parseLine);
  const wb = new ExcelJS.Workbook();
  const ws = addHeaderSheet(wb, 'THR', [
    { header: 'Employee No.', key: 'employeeNumber', width: 16 },
    { header: 'Name', key: 'employeeName', width: 28 },
    { header: 'Religion', key: 'religion', width: 18 },
    { header: 'Join date', key: 'joinDate', width: 12 },
    { header: 'Months of service', key: 'monthsOfService', width: 10 },
    { header: 'Monthly wage', key: 'monthlyWage', width: 14 },
    { header: 'THR', key: 'amount', width: 14 },
    { header: 'PPh 21 estimate', key: 'pph21Estimate', width: 14 },
    { header: 'Eligible', key: 'eligible', width: 9 },
    { header: 'Reason', key: 'reason', width: 48 },
  ]);
  // Whole rupiah fit a double exactly (< 2^53), so the cells hold numbers for the spreadsheet's own sums.
  const num = (s: string | null) => (s === null ? null : wholeRupiah(s));
  for (const l of lines)
    ws.addRow({
      ...l,
      monthsOfService: Number(l.monthsOfService),
      monthlyWage: num(l.monthlyWage),
      amount: num(l.amount),
      pph21Estimate: num(l.pph21Estimate),
      eligible: l.eligible ? 'yes' : 'no',
    });
  const ts = addHeaderSheet(wb, 'Trace', [
    { header: 'Employee No.', key: 'no', width: 16 },
    { header: 'Figure', key: 'figure', width: 16 },
    { header: 'Rule', key: 'rule', width: 32 },
    { header: 'Formula', key: 'formula', width: 56 },
    { header: 'Inputs', key: 'inputs', width: 56 },
    { header: 'Source', key: 'source', width: 48 },
  ]);
  for (const l of lines) {
    for (const [figure, t] of Object.entries(
      (l.trace ?? {}) as Record<string, { rule: string; formula: string; inputs: unknown; source: string }>,
    ))
      ts.addRow({
        no: l.employeeNumber,
        figure,
        rule: t.rule,
        formula: t.formula,
        inputs: JSON.stringify(t.inputs),
        source: t.source,
      });
  }
  const info = wb.addWorksheet('Run');
  info.addRows([
    ['Holiday', `${run.holiday} ${thrHolidayName(run.holiday)}`],
    ['Year', run.year],
    ['Holiday date', run.holidayDate],
    ['Pay date', run.payDate],
    ['Scope', run.companyOffice ?? 'Whole company'],
    ['Status', run.status],
    ['Months counted', run.monthCounting],
  ]);
  return xlsxDownload(wb, `thr_${thrHolidayName(run.holiday).replace(/\s+/g, '-').toLowerCase()}_${run.year}_${id}.xlsx`);
}

/**
 * Finalised THR paid in `period` ('yyyy-mm', the month of the run's pay date) per employee, for the monthly
 * payroll to add as a taxable earning line (THR is taxable income of the month it is paid: PMK 168/2023
 * Pasal 5(3)b; payroll-id.md §4 Tax).
 */
export async function finalisedThrFor(db: Db, employeeIds: number[], period: string): Promise<Map<number, FinalisedThr>> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw invalid([{ param: 'period', msg: 'must be a month yyyy-mm' }]);
  return queryFinalisedThr(db, employeeIds, period);
}

/**
 * The holiday date and default pay date of a THR run (issue 19 item 13), the one rule the generate screen and
 * `hr payroll thr` share: the holiday's first day from the holiday calendar (in `year`, or the next one from the
 * company's today), paid 7 days before. Both null when the calendar has no such holiday.
 */
export async function thrDatesFor(db: Db, raw: In<typeof thrDatesInput>, today: string): Promise<ThrDates> {
  const q = thrDatesInput.parse(raw);
  const holidayDate = await queryHolidayDate(db, { ...q, from: today });
  return { holidayDate, payDate: holidayDate ? thrPayDateFor(holidayDate) : null };
}

/** `salary.holidayAllowance.dates`: {@link thrDatesFor} as of the company's today. */
export async function thrDates(ctx: Ctx, _grant: View, raw: In<typeof thrDatesInput>): Promise<ThrDates> {
  return thrDatesFor(ctx.db, raw, todayOf(ctx));
}
