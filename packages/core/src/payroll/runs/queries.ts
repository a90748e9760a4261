import { sql } from 'kysely';
import type { Db } from '../../shared/context';
import { employeeName } from '../../shared/employee-sql';
import { Dec } from '../money';
import type { ComponentInput, ComputedPayslip, EarlierMonth } from './compute';
import { PAYSLIP_COPY_COLUMNS, type PayslipRows, payslipRowsText, type RowsFormat } from './engine-batch';
import type { PayrollSettings } from './schema';

/* SQL only (Kysely). Set-based: every query of a run loads all employees of the run at once. */

export async function querySettings(db: Db): Promise<PayrollSettings> {
  const r = await db.selectFrom('payroll_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    cutOffDay: r.cut_off_day,
    payDay: r.pay_day,
    jkkRatePercent: new Dec(r.jkk_rate_percent).toString(),
    terRounding: r.ter_rounding,
    componentRounding: r.component_rounding,
    workWeek: r.work_week === 6 ? 6 : 5,
    bpjsEnabled: r.bpjs_enabled,
    absenceCutBasis: r.absence_cut_basis,
    absenceCutDivisor: r.absence_cut_divisor,
    absenceCutFixedAllowances: r.absence_cut_fixed_allowances,
    prorationBasis: r.proration_basis,
    taxBorneBy: r.tax_borne_by,
    pph21DtpEligible: r.pph21_dtp_eligible,
    pph21DtpKlu: r.pph21_dtp_klu,
    minimumWageRegion: r.minimum_wage_region,
    companyName: r.company_name,
  };
}

/** Employees whose own payroll option says who bears PPh 21 (others follow the company setting). */
export async function queryTaxBorneBy(db: Db, employeeIds: readonly number[]): Promise<Map<number, 'employee' | 'employer'>> {
  if (!employeeIds.length) return new Map();
  const rows = await db
    .selectFrom('employee_payroll_options')
    .select(['employee_id', 'tax_borne_by'])
    .where('employee_id', '=', sql<number>`any(${sql.val(employeeIds)}::int[])`)
    .where('tax_borne_by', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.employee_id, r.tax_borne_by!]));
}

/** A previous employer's net income and withheld PPh 21 of a tax year, per employee (1721-A1 lines 13 and 18). */
export async function queryPreviousIncome(
  db: Db,
  employeeIds: readonly number[],
  taxYear: number,
): Promise<Map<number, { netIncome: string; taxWithheld: string }>> {
  if (!employeeIds.length) return new Map();
  const rows = await db
    .selectFrom('employee_previous_income')
    .select(['employee_id', 'net_income', 'tax_withheld'])
    .where('employee_id', '=', sql<number>`any(${sql.val(employeeIds)}::int[])`)
    .where('tax_year', '=', taxYear)
    .execute();
  return new Map(rows.map((r) => [r.employee_id, { netIncome: String(r.net_income), taxWithheld: String(r.tax_withheld) }]));
}

export interface RunEmployee {
  id: number;
  employeeNumber: string;
  name: string;
  companyOfficeId: number;
  ptkp: string | null;
  jobLevel: number;
  joinDate: string;
  /** The employee record's entry date (a joiner when inside the period). */
  entryDate: string;
  /** The approved resignation's last working day when it falls in the period (a leaver), else null. */
  lastWorkingDay: string | null;
  /** Contract type of the employee record (spec §3: training 1, internship 2, Freelance 3, Contracted 4, Permanent 5). */
  contractType: number | null;
}

/** employee_resignations.status of an approved resignation (spec §3 approval status: Approved 1). */
const RESIGNATION_APPROVED = 1;

/**
 * Employees of a run (one office or the whole company): entry date ≤ the period's end, and either still
 * working (not resigned, no approved resignation ending before the period) or leaving inside the period
 * (an approved resignation whose last working day is in the period, whether or not they are marked resigned yet).
 */
export async function queryRunEmployees(
  db: Db,
  opts: { periodStart: string; periodEnd: string; companyOfficeId?: number | undefined; employeeIds?: readonly number[] },
): Promise<RunEmployee[]> {
  let q = db
    .selectFrom('employees as e')
    .leftJoin('ptkp_statuses as p', 'p.id', 'e.ptkp_status_id')
    .leftJoin('job_levels as l', 'l.id', 'e.job_level_id')
    .leftJoin(
      db
        .selectFrom('employee_resignations')
        .select(['employee_id', sql<string>`max(last_working_day)`.as('lwd')])
        .where('status', '=', RESIGNATION_APPROVED)
        .groupBy('employee_id')
        .as('r'),
      (join) => join.onRef('r.employee_id', '=', 'e.id'),
    )
    .select([
      'e.id',
      'e.employee_number as employeeNumber',
      employeeName.as('name'),
      'e.company_office_id as companyOfficeId',
      'p.code as ptkp',
      sql<number>`coalesce(l.rank, 0)`.as('jobLevel'),
      sql<string>`coalesce(e.first_join_date, e.entry_date)::text`.as('joinDate'),
      sql<string>`e.entry_date::text`.as('entryDate'),
      sql<string | null>`case when r.lwd <= ${opts.periodEnd}::date then r.lwd::text end`.as('lastWorkingDay'),
      'e.contract_type as contractType',
    ])
    .where('e.entry_date', '<=', opts.periodEnd)
    .where(sql<boolean>`(r.lwd >= ${opts.periodStart}::date or (r.lwd is null and e.resigned = 0))`);
  if (opts.companyOfficeId) q = q.where('e.company_office_id', '=', opts.companyOfficeId);
  if (opts.employeeIds) q = q.where(sql<boolean>`e.id = any(${sql.val(opts.employeeIds)}::int[])`);
  return q.orderBy('e.id').execute();
}

export interface BasicSalary {
  amount: string;
  source: string;
  /** Queue entry that set it, if any. */
  queueId: number | null;
  /** Contract type of the latest contract started by the date (whatever set the amount), null without a contract. */
  contractType: number | null;
}

/**
 * Basic salary in force at `date` per employee: the later of the latest contract (start_date ≤ date) and
 * the latest salary-queue change (effective_date ≤ date); on the same date the queue wins.
 */
export async function queryBasicSalaries(
  db: Db,
  employeeIds: readonly number[],
  date: string,
): Promise<Map<number, BasicSalary>> {
  const ids = sql.val(employeeIds);
  const contracts = await sql<{
    employee_id: number;
    basic_salary: string;
    start_date: string;
    contract_number: string;
    contract_type: number;
  }>`
    select distinct on (employee_id) employee_id, basic_salary::text, start_date::text, contract_number, contract_type
    from employee_contracts where employee_id = any(${ids}::int[]) and start_date <= ${date}
    order by employee_id, start_date desc, id desc`.execute(db);
  const queue = await sql<{ employee_id: number; id: number; basic_salary: string; effective_date: string }>`
    select distinct on (employee_id) employee_id, id, basic_salary::text, effective_date::text
    from salary_queue where employee_id = any(${ids}::int[]) and effective_date <= ${date}
    order by employee_id, effective_date desc, id desc`.execute(db);
  const out = new Map<number, BasicSalary & { date: string }>();
  for (const c of contracts.rows)
    out.set(c.employee_id, {
      amount: c.basic_salary,
      source: `contract ${c.contract_number} from ${c.start_date}`,
      queueId: null,
      contractType: c.contract_type,
      date: c.start_date,
    });
  for (const q of queue.rows) {
    const c = out.get(q.employee_id);
    if (!c || q.effective_date >= c.date)
      out.set(q.employee_id, {
        amount: q.basic_salary,
        source: `salary queue #${q.id} effective ${q.effective_date}`,
        queueId: q.id,
        contractType: c?.contractType ?? null,
        date: q.effective_date,
      });
  }
  return out;
}

/** Components in effect in `period` per employee: own entries, then "everyone" components without an own entry. */
export async function queryRunComponents(
  db: Db,
  employeeIds: readonly number[],
  period: string,
): Promise<Map<number, ComponentInput[]>> {
  const ids = sql.val(employeeIds);
  const own = await sql<{
    employee_id: number;
    component_id: number;
    name: string;
    kind: ComponentInput['kind'];
    taxable: boolean;
    amount: string | null;
    formula: string | null;
  }>`
    select ec.employee_id, c.id as component_id, c.name, c.kind, c.taxable, ec.amount::text as amount,
           case when ec.amount is null then coalesce(ec.formula, c.formula) end as formula
    from employee_salary_components ec join salary_components c on c.id = ec.component_id
    where ec.employee_id = any(${ids}::int[]) and ec.start_month <= ${period}
      and (ec.end_month is null or ec.end_month >= ${period})
    order by ec.employee_id, c.id, ec.id`.execute(db);
  const everyone = await db
    .selectFrom('salary_components')
    .select(['id', 'name', 'kind', 'taxable', 'formula'])
    .where('everyone', '=', true)
    .orderBy('id')
    .execute();
  const out = new Map<number, ComponentInput[]>();
  const has = new Set<string>();
  for (const r of own.rows) {
    const list = out.get(r.employee_id) ?? [];
    list.push({
      code: `component-${r.component_id}`,
      name: r.name,
      kind: r.kind,
      taxable: r.taxable,
      amount: r.amount,
      formula: r.formula,
    });
    out.set(r.employee_id, list);
    has.add(`${r.employee_id}:${r.component_id}`);
  }
  if (everyone.length) {
    for (const id of employeeIds) {
      for (const c of everyone) {
        if (has.has(`${id}:${c.id}`)) continue;
        const list = out.get(id) ?? [];
        list.push({
          code: `component-${c.id}`,
          name: c.name,
          kind: c.kind,
          taxable: c.taxable,
          amount: null,
          formula: c.formula,
        });
        out.set(id, list);
      }
    }
  }
  return out;
}

export async function queryRunBonusCuts(db: Db, employeeIds: readonly number[], period: string) {
  const rows = await db
    .selectFrom('salary_bonus_cuts')
    .select(['employee_id', 'kind', 'name', 'amount', 'taxable'])
    .where('period', '=', period)
    .where(sql<boolean>`employee_id = any(${sql.val(employeeIds)}::int[])`)
    .orderBy('id')
    .execute();
  const out = new Map<number, { name: string; kind: 'bonus' | 'cut'; amount: string; taxable: boolean }[]>();
  for (const r of rows) {
    const list = out.get(r.employee_id) ?? [];
    list.push({ name: r.name, kind: r.kind, amount: String(r.amount), taxable: r.taxable });
    out.set(r.employee_id, list);
  }
  return out;
}

/** The period's piece entries per employee, in entry order (one statement for the whole run). */
export async function queryRunPieces(
  db: Db,
  employeeIds: readonly number[],
  period: string,
): Promise<Map<number, { description: string; units: string; rate: string }[]>> {
  const out = new Map<number, { description: string; units: string; rate: string }[]>();
  if (!employeeIds.length) return out;
  const rows = await db
    .selectFrom('salary_piece_entries')
    .select(['employee_id', 'description', sql<string>`units::text`.as('units'), sql<string>`rate::text`.as('rate')])
    .where('period', '=', period)
    .where(sql<boolean>`employee_id = any(${sql.val(employeeIds)}::int[])`)
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.employee_id, [...(out.get(r.employee_id) ?? []), r]);
  return out;
}

/** Finalised payslips of the year before `period`'s month (December reconciliation). */
export async function queryEarlierMonths(
  db: Db,
  employeeIds: readonly number[],
  period: string,
): Promise<Map<number, EarlierMonth[]>> {
  const year = period.slice(0, 4);
  const rows = await sql<{
    employee_id: number;
    period: string;
    taxable_gross: string;
    annual_deductions: string;
    pph21: string;
    dtp: string;
  }>`
    select s.employee_id, s.period, s.taxable_gross::text, s.annual_deductions::text, s.pph21::text,
      coalesce((select sum((l->>'amount')::bigint) from jsonb_array_elements(s.lines::jsonb) l
                where l->>'code' = 'pph21-dtp'), 0)::text as dtp
    from payslips s join payroll_runs r on r.id = s.run_id
    where r.status = 'finalised' and s.period >= ${`${year}-01`} and s.period < ${period}
      and s.employee_id = any(${sql.val(employeeIds)}::int[])`.execute(db);
  const out = new Map<number, EarlierMonth[]>();
  for (const r of rows.rows) {
    const list = out.get(r.employee_id) ?? [];
    list.push({
      month: Number(r.period.slice(5, 7)),
      taxableGross: r.taxable_gross,
      annualDeductions: r.annual_deductions,
      pph21: r.pph21,
      dtp: r.dtp,
    });
    out.set(r.employee_id, list);
  }
  return out;
}

/** Net of each employee's finalised payslip of `period`. */
export async function queryFinalisedNets(db: Db, employeeIds: readonly number[], period: string): Promise<Map<number, string>> {
  const rows = await sql<{ employee_id: number; net: string }>`
    select s.employee_id, s.net::text from payslips s join payroll_runs r on r.id = s.run_id
    where r.status = 'finalised' and s.period = ${period} and s.employee_id = any(${sql.val(employeeIds)}::int[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.employee_id, r.net]));
}

/**
 * Writes a chunk of payslips with their lines (each with its trace) in ONE statement: the chunk travels as
 * one JSON document unnested server-side (json_to_recordset). Never a statement per payslip or line.
 */
export async function insertPayslipChunk(
  db: Db,
  runId: number,
  period: string,
  slips: readonly ComputedPayslip[],
): Promise<void> {
  if (slips.length === 0) return;
  await insertPayslipRows(db, { kind: 'json' }, payslipRowsText(slips, { kind: 'json' }), { runId, period });
}

/**
 * Writes payslips already turned into rows by payslipRowsText (the engine's worker threads send them so): a JSON
 * array unnested by json_to_recordset (PGlite, or any connection), or COPY's binary format, whose rows carry the
 * run's id and period themselves (PostgreSQL connections of db/client.ts, which run `copy … from stdin` with its data).
 */
export async function insertPayslipRows(
  db: Db,
  format: RowsFormat,
  rows: PayslipRows,
  run: { runId: number; period: string },
): Promise<void> {
  if (!rows.length) return;
  if (format.kind === 'copy' || typeof rows !== 'string') {
    await sql`copy payslips (run_id, period, ${sql.join(PAYSLIP_COPY_COLUMNS.map((c) => sql.id(c)))}) from stdin with (format binary) /* ${rows} */`.execute(
      db,
    );
    return;
  }
  await sql`
    insert into payslips (run_id, employee_id, period, ptkp_status, basic_salary, gross, taxable_gross,
      total_deductions, pph21, net, annual_deductions, employer_cost, lines)
    select ${run.runId}, x.employee_id, ${run.period}, x.ptkp_status, x.basic_salary, x.gross, x.taxable_gross,
      x.total_deductions, x.pph21, x.net, x.annual_deductions, x.employer_cost, x.lines
    from json_to_recordset(${rows}::json) as x(employee_id int, ptkp_status text,
      basic_salary bigint, gross bigint, taxable_gross bigint, total_deductions bigint, pph21 bigint, net bigint,
      annual_deductions bigint, employer_cost bigint, lines json)`.execute(db);
}

const CHUNK = 1000;

/** Writes the payslips and lines of one run in chunks of 1,000 payslips, one statement per chunk. */
export async function insertPayslips(db: Db, runId: number, period: string, slips: readonly ComputedPayslip[]): Promise<void> {
  for (let i = 0; i < slips.length; i += CHUNK) await insertPayslipChunk(db, runId, period, slips.slice(i, i + CHUNK));
}

export interface TimesheetFigures {
  employeeId: number;
  /** The employee's days in the period: from max(period start, entry date) to min(period end, approved last working day). */
  from: string;
  to: string;
  /** Timesheet rows of the month (0: attendance not used for this employee). */
  rows: number;
  /** Rows of the month that are scheduled work days (day type workday or leave), and rows on work-week weekdays. */
  scheduledMonth: number;
  weekdayRowsMonth: number;
  /** The same within the employee's days. */
  scheduledEmployed: number;
  weekdayRowsEmployed: number;
  /** Employed days present: a clock-in, a clock-out or status 98 Manual Input, on a day that is not leave. */
  present: number;
  /** Employed workdays (day type workday) not present. Leave and holidays are never absences. */
  absent: number;
  lateMinutes: number;
}

/**
 * The period's timesheet figures of every employee of a run in ONE statement (timesheets: one row per
 * employee and day, attendance module, spec §3 statuses). Counts agree with the attendance report:
 * present = a clock-in or clock-out or manual input on a non-leave day; absent = a workday not present.
 */
export async function queryTimesheetFigures(
  db: Db,
  employeeIds: readonly number[],
  opts: { start: string; end: string; workWeek: 5 | 6 },
): Promise<TimesheetFigures[]> {
  if (employeeIds.length === 0) return [];
  const ids = sql.val(employeeIds);
  let lo = employeeIds[0]!;
  let hi = lo;
  for (const id of employeeIds) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  // Employees employed the whole period (most of a month's run) count their month's rows as they are; only
  // joiners and leavers (a few percent) need their rows matched against their own days. Counting everyone's rows
  // through a join on their days took 190-260 ms per chunk of 5,000 at 100,000 employees; this takes 80-105 ms.
  // A timesheet row (alias t) as the counts read it, and the counts of an employee's rows.
  const dayRow = sql`t.employee_id, t.day_type, t.late_minutes,
    (t.first_in is not null or t.last_out is not null or t.status = 98) and t.day_type <> 'leave' as present,
    extract(isodow from t.work_date) <= ${opts.workWeek} as weekday`;
  const counts = sql`(count(*) filter (where t.day_type in ('workday', 'leave')))::int as scheduled,
    (count(*) filter (where t.weekday))::int as weekday_rows,
    (count(*) filter (where t.present))::int as present,
    (count(*) filter (where t.day_type = 'workday' and not t.present))::int as absent,
    coalesce(sum(t.late_minutes) filter (where t.day_type = 'workday'), 0)::int as late`;
  const r = await sql<TimesheetFigures>`
    with emp as (
      select e.id, greatest(e.entry_date, ${opts.start}::date) as w_from,
        least(coalesce(r.lwd, ${opts.end}::date), ${opts.end}::date) as w_to
      from employees e
      left join (select employee_id, max(last_working_day) as lwd from employee_resignations
                 where status = ${RESIGNATION_APPROVED} group by employee_id) r on r.employee_id = e.id
      where e.id = any(${ids}::int[])
    ),
    emp_days as (
      select m.*, m.w_from > ${opts.start}::date or m.w_to < ${opts.end}::date as partial from emp m
    ),
    -- The period's rows of every employee in the ids' span, counted by hash. timesheets' key is (work_date,
    -- employee_id): one index range per day of the period over the span.
    month as (
      select t.employee_id, count(*)::int as rows, ${counts}
      from (
        select ${dayRow}
        from timesheets t
        where t.work_date = any(array(select generate_series(${opts.start}::date, ${opts.end}::date, interval '1 day')::date))
          and t.employee_id between ${lo} and ${hi}
      ) t
      group by t.employee_id
    ),
    -- Joiners' and leavers' rows within their own days (through the (employee_id, work_date) index).
    own as (
      select t.employee_id, ${counts}
      from (
        select ${dayRow}
        from emp_days m
        join timesheets t on t.employee_id = m.id and t.work_date between m.w_from and m.w_to
        where m.partial
      ) t
      group by t.employee_id
    )
    select m.id as "employeeId", m.w_from::text as "from", m.w_to::text as "to",
      coalesce(a.rows, 0) as rows,
      coalesce(a.scheduled, 0) as "scheduledMonth",
      coalesce(a.weekday_rows, 0) as "weekdayRowsMonth",
      coalesce(case when m.partial then o.scheduled else a.scheduled end, 0) as "scheduledEmployed",
      coalesce(case when m.partial then o.weekday_rows else a.weekday_rows end, 0) as "weekdayRowsEmployed",
      coalesce(case when m.partial then o.present else a.present end, 0) as present,
      coalesce(case when m.partial then o.absent else a.absent end, 0) as absent,
      coalesce(case when m.partial then o.late else a.late end, 0) as "lateMinutes"
    from emp_days m
    left join month a on a.employee_id = m.id
    left join own o on o.employee_id = m.id`.execute(db);
  return r.rows;
}
