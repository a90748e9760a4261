import { sql } from 'kysely';
import type { Db } from '../../shared/context';
import type { ComponentInput, ComputedPayslip, EarlierMonth } from './compute';
import type { PayrollSettings } from './schema';

/* SQL only (Kysely). Set-based: every query of a run loads all employees of the run at once. */

export async function querySettings(db: Db): Promise<PayrollSettings> {
  const r = await db.selectFrom('payroll_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    cutOffDay: r.cut_off_day,
    payDay: r.pay_day,
    jkkRatePercent: String(Number(r.jkk_rate_percent)),
    terRounding: r.ter_rounding,
    componentRounding: r.component_rounding,
    workWeek: r.work_week === 6 ? 6 : 5,
    bpjsEnabled: r.bpjs_enabled,
  };
}

export interface RunEmployee {
  id: number;
  employeeNumber: string;
  name: string;
  companyOfficeId: number;
  ptkp: string | null;
  jobLevel: number;
  joinDate: string;
}

/** Active employees (not resigned, joined by the period's end) of one office or the whole company. */
export async function queryRunEmployees(
  db: Db,
  opts: { periodEnd: string; companyOfficeId?: number | undefined; employeeIds?: readonly number[] },
): Promise<RunEmployee[]> {
  let q = db
    .selectFrom('employees as e')
    .leftJoin('ptkp_statuses as p', 'p.id', 'e.ptkp_status_id')
    .leftJoin('job_levels as l', 'l.id', 'e.job_level_id')
    .select([
      'e.id',
      'e.employee_number as employeeNumber',
      sql<string>`trim(e.given_name || ' ' || e.surname)`.as('name'),
      'e.company_office_id as companyOfficeId',
      'p.code as ptkp',
      sql<number>`coalesce(l.rank, 0)`.as('jobLevel'),
      sql<string>`coalesce(e.first_join_date, e.entry_date)::text`.as('joinDate'),
    ])
    .where('e.resigned', '=', 0)
    .where('e.entry_date', '<=', opts.periodEnd);
  if (opts.companyOfficeId) q = q.where('e.company_office_id', '=', opts.companyOfficeId);
  if (opts.employeeIds) q = q.where(sql<boolean>`e.id = any(${sql.val(opts.employeeIds)}::int[])`);
  return q.orderBy('e.id').execute();
}

export interface BasicSalary {
  amount: string;
  source: string;
  /** Queue entry that set it, if any. */
  queueId: number | null;
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
  const contracts = await sql<{ employee_id: number; basic_salary: string; start_date: string; contract_number: string }>`
    select distinct on (employee_id) employee_id, basic_salary::text, start_date::text, contract_number
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
      date: c.start_date,
    });
  for (const q of queue.rows) {
    const c = out.get(q.employee_id);
    if (!c || q.effective_date >= c.date)
      out.set(q.employee_id, {
        amount: q.basic_salary,
        source: `salary queue #${q.id} effective ${q.effective_date}`,
        queueId: q.id,
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
  }>`
    select s.employee_id, s.period, s.taxable_gross::text, s.annual_deductions::text, s.pph21::text
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
  const rows = slips.map((s) => ({
    employee_id: s.employeeId,
    ptkp_status: s.ptkpStatus,
    basic_salary: s.basicSalary,
    gross: s.gross,
    taxable_gross: s.taxableGross,
    total_deductions: s.totalDeductions,
    pph21: s.pph21,
    net: s.net,
    annual_deductions: s.annualDeductions,
    employer_cost: s.employerCost,
    lines: s.lines,
  }));
  await sql`
    insert into payslips (run_id, employee_id, period, ptkp_status, basic_salary, gross, taxable_gross,
      total_deductions, pph21, net, annual_deductions, employer_cost, lines)
    select ${runId}, x.employee_id, ${period}, x.ptkp_status, x.basic_salary, x.gross, x.taxable_gross,
      x.total_deductions, x.pph21, x.net, x.annual_deductions, x.employer_cost, x.lines
    from json_to_recordset(${JSON.stringify(rows)}::json) as x(employee_id int, ptkp_status text,
      basic_salary bigint, gross bigint, taxable_gross bigint, total_deductions bigint, pph21 bigint, net bigint,
      annual_deductions bigint, employer_cost bigint, lines json)`.execute(db);
}

const CHUNK = 1000;

/** Writes the payslips and lines of one run in chunks of 1,000 payslips, one statement per chunk. */
export async function insertPayslips(db: Db, runId: number, period: string, slips: readonly ComputedPayslip[]): Promise<void> {
  for (let i = 0; i < slips.length; i += CHUNK) await insertPayslipChunk(db, runId, period, slips.slice(i, i + CHUNK));
}
