import { sql } from 'kysely';
import type { Db } from '../../shared/context';
import { queryBasicSalaries, queryRunComponents } from '../runs/queries';
import { dec, toInt } from '../money';
import type { Trace } from '../trace';
import { holidayForReligion, type ThrCandidate } from './rules';
import type { ThrHoliday, ThrLine } from './schema';
import { employeeName } from '../../shared/employee-sql';

/* SQL only (Kysely). Set-based: every query of a THR run loads all its employees at once. */

const APPROVED_RESIGNATION = 1; // employee_resignations.status, REQUEST_STATUS.Approved

/** The previous 12 calendar months before 'yyyy-mm' as [first, last] periods. */
function last12(period: string): [string, string] {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const at = (k: number) => {
    const idx = y * 12 + (m - 1) - k;
    return `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`;
  };
  return [at(12), at(1)];
}

/**
 * Every employee a THR run of `holiday` considers, with all the inputs of the rules: employees of the office
 * (or company) who joined by the holiday date and whose religion celebrates that holiday, plus those whose
 * religion has none of the four; resigned employees are included when their approved resignation's last
 * working day is within the 30 days before the holiday (Permenaker 6/2016 Pasal 7 is about that window).
 */
export async function queryThrCandidates(
  db: Db,
  opts: { holiday: ThrHoliday; holidayDate: string; companyOfficeId?: number | undefined },
): Promise<ThrCandidate[]> {
  const religions = await db.selectFrom('religions').select(['id', 'name']).execute();
  const religionIds = religions
    .filter((r) => {
      const h = holidayForReligion(r.name);
      return h === null || h === opts.holiday;
    })
    .map((r) => r.id);
  if (religionIds.length === 0) return [];
  const rows = await sql<{
    id: number;
    employee_number: string;
    name: string;
    religion: string;
    join_date: string;
    contract_type: number | null;
    ptkp: string | null;
    resigned_on: string | null;
    contract_end: string | null;
  }>`
    select e.id, e.employee_number, ${employeeName} as name, r.name as religion,
      coalesce(e.first_join_date, e.entry_date)::text as join_date, e.contract_type, p.code as ptkp,
      rs.last_working_day::text as resigned_on, c.end_date::text as contract_end
    from employees e
    join religions r on r.id = e.religion_id
    left join ptkp_statuses p on p.id = e.ptkp_status_id
    left join lateral (
      select last_working_day from employee_resignations x
      where x.employee_id = e.id and x.status = ${APPROVED_RESIGNATION}
      order by x.last_working_day desc limit 1) rs on true
    left join lateral (
      select end_date, contract_type from employee_contracts k
      where k.employee_id = e.id and k.start_date <= ${opts.holidayDate}
      order by k.start_date desc, k.id desc limit 1) c on c.contract_type <> 5
    where e.religion_id = any(${sql.val(religionIds)}::int[])
      and coalesce(e.first_join_date, e.entry_date) <= ${opts.holidayDate}
      and (e.resigned = 0 or rs.last_working_day >= ${opts.holidayDate}::date - 30)
      ${opts.companyOfficeId ? sql`and e.company_office_id = ${opts.companyOfficeId}` : sql``}
    order by e.employee_number, e.id`.execute(db);
  const ids = rows.rows.map((r) => r.id);
  const period = opts.holidayDate.slice(0, 7);
  const [y, m] = period.split('-').map(Number) as [number, number];
  const monthEnd = `${period}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const casualIds = rows.rows.filter((r) => r.contract_type === 3).map((r) => r.id);
  const { basics, components, casual, paid } = await loadThrInputs(db, { ids, casualIds, period, monthEnd, year: y });
  return rows.rows.map((r) => {
    const b = basics.get(r.id);
    return {
      employeeId: r.id,
      employeeNumber: r.employee_number,
      employeeName: r.name,
      religion: r.religion,
      joinDate: r.join_date,
      contractType: r.contract_type,
      ptkp: r.ptkp,
      resignedOn: r.resigned_on && r.resigned_on < opts.holidayDate ? r.resigned_on : null,
      contractEndsOn: r.contract_end,
      basic: b ? { amount: b.amount, source: b.source } : null,
      fixedAllowances: (components.get(r.id) ?? [])
        .filter((c) => c.kind === 'fixed-allowance' && c.amount !== null)
        .map((c) => ({ name: c.name, amount: String(c.amount) })),
      casualAverage: casual.get(r.id) ?? null,
      paidByRunId: paid.get(r.id) ?? null,
    };
  });
}

/**
 * The per-employee inputs of a THR run, each read set-based for all `ids` at once (one array parameter
 * per query: a THR run of 100,000 employees stays within PostgreSQL's 65,535 parameters per statement).
 */
export async function loadThrInputs(
  db: Db,
  opts: { ids: readonly number[]; casualIds: readonly number[]; period: string; monthEnd: string; year: number },
) {
  const [basics, components, casual, paid] = await Promise.all([
    queryBasicSalaries(db, opts.ids, opts.monthEnd),
    queryRunComponents(db, opts.ids, opts.period),
    queryCasualAverages(db, opts.casualIds, opts.period),
    queryPaidThisYear(db, opts.ids, opts.year),
  ]);
  return { basics, components, casual, paid };
}

/** Average monthly gross of each casual worker's finalised payslips in the 12 months before `period`. */
async function queryCasualAverages(
  db: Db,
  employeeIds: readonly number[],
  period: string,
): Promise<Map<number, { amount: string; months: number }>> {
  if (employeeIds.length === 0) return new Map();
  const [from, to] = last12(period);
  const rows = await sql<{ employee_id: number; average: string; months: number }>`
    select s.employee_id, round(avg(s.gross))::bigint::text as average, count(*)::int as months
    from payslips s join payroll_runs r on r.id = s.run_id
    where r.status = 'finalised' and s.period between ${from} and ${to}
      and s.employee_id = any(${sql.val(employeeIds)}::int[])
    group by s.employee_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.employee_id, { amount: r.average, months: r.months }]));
}

/** Employees already paid THR in a finalised run of `year` (THR is paid once a year): employee → run id. */
async function queryPaidThisYear(db: Db, employeeIds: readonly number[], year: number): Promise<Map<number, number>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await sql<{ employee_id: number; run_id: number }>`
    select l.employee_id, min(l.run_id) as run_id from thr_run_lines l join thr_runs t on t.id = l.run_id
    where t.status = 'finalised' and t.year = ${year} and l.eligible
      and l.employee_id = any(${sql.val(employeeIds)}::int[])
    group by l.employee_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.employee_id, r.run_id]));
}

/** Eligible employees of `runId` already paid by another finalised run of the same year. */
export async function queryDoublePaid(db: Db, runId: number): Promise<{ employeeNumber: string; runId: number }[]> {
  const rows = await sql<{ employee_number: string; run_id: number }>`
    select e.employee_number, o.run_id from thr_run_lines l
    join thr_runs t on t.id = l.run_id
    join thr_run_lines o on o.employee_id = l.employee_id and o.run_id <> l.run_id and o.eligible
    join thr_runs ot on ot.id = o.run_id and ot.status = 'finalised' and ot.year = t.year
    join employees e on e.id = l.employee_id
    where l.run_id = ${runId} and l.eligible
    order by e.employee_number limit 5`.execute(db);
  return rows.rows.map((r) => ({ employeeNumber: r.employee_number, runId: r.run_id }));
}

const CHUNK = 1000;

/** Writes the lines of a run, each chunk of 1,000 as ONE statement (json_to_recordset), never one per line. */
export async function insertThrLines(db: Db, runId: number, lines: readonly ThrLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) {
    const rows = lines.slice(i, i + CHUNK).map((l) => ({
      employee_id: l.employeeId,
      religion: l.religion,
      join_date: l.joinDate,
      eligible: l.eligible,
      reason: l.reason,
      months_of_service: l.monthsOfService,
      monthly_wage: l.monthlyWage,
      amount: l.amount,
      pph21_estimate: l.pph21Estimate,
      trace: l.trace,
    }));
    await sql`
      insert into thr_run_lines (run_id, employee_id, religion, join_date, eligible, reason, months_of_service,
        monthly_wage, amount, pph21_estimate, trace)
      select ${runId}, x.employee_id, x.religion, x.join_date, x.eligible, x.reason, x.months_of_service,
        x.monthly_wage, x.amount, x.pph21_estimate, x.trace
      from json_to_recordset(${JSON.stringify(rows)}::json) as x(employee_id int, religion text, join_date date,
        eligible boolean, reason text, months_of_service numeric, monthly_wage bigint, amount bigint,
        pph21_estimate bigint, trace json)`.execute(db);
  }
}

export interface FinalisedThr {
  amount: number;
  holiday: ThrHoliday;
  runId: number;
  /** The THR amount's trace, with the run, holiday, pay date and months of service among its inputs. */
  trace: Trace;
}

/** Finalised THR paid (pay date) in `period` per employee; several runs of a month add up (the latest run's trace). */
export async function queryFinalisedThr(
  db: Db,
  employeeIds: readonly number[],
  period: string,
): Promise<Map<number, FinalisedThr>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await sql<{
    employee_id: number;
    amount: string;
    holiday: number;
    run_id: number;
    pay_date: string;
    months_of_service: string;
    monthly_wage: string | null;
    trace: unknown;
  }>`
    select l.employee_id, l.amount::text, t.holiday, t.id as run_id, t.pay_date::text, l.months_of_service::text,
      l.monthly_wage::text, l.trace
    from thr_run_lines l join thr_runs t on t.id = l.run_id
    where t.status = 'finalised' and to_char(t.pay_date, 'YYYY-MM') = ${period} and l.eligible and l.amount > 0
      and l.employee_id = any(${sql.val(employeeIds)}::int[])
    order by t.id`.execute(db);
  const out = new Map<number, FinalisedThr>();
  for (const r of rows.rows) {
    const traces = (typeof r.trace === 'string' ? JSON.parse(r.trace) : r.trace) as Record<string, Trace>;
    const thr = traces.thr ?? { rule: 'THR amount', formula: '', inputs: {}, source: '' };
    const prev = out.get(r.employee_id);
    const amount = toInt(dec(prev?.amount ?? 0).plus(dec(r.amount)));
    out.set(r.employee_id, {
      amount,
      holiday: r.holiday as ThrHoliday,
      runId: r.run_id,
      trace: {
        ...thr,
        inputs: {
          ...thr.inputs,
          thrRunId: r.run_id,
          holiday: r.holiday,
          payDate: r.pay_date,
          monthsOfService: r.months_of_service,
          monthlyWage: r.monthly_wage,
          amount: r.amount,
          ...(prev ? { earlierThrRunId: prev.runId, earlierAmount: prev.amount } : {}),
        },
      },
    });
  }
  return out;
}

/**
 * The first day of a religious holiday in the holiday calendar (attendance's `holidays`, company-wide or the
 * office's own): in `year`, or else the first on or after `from`. Null when the calendar has none.
 */
export async function queryHolidayDate(
  db: Db,
  q: { holiday: ThrHoliday; year?: number | undefined; from: string; companyOfficeId?: number | undefined },
): Promise<string | null> {
  const when = q.year !== undefined ? sql`extract(year from holiday_date) = ${q.year}` : sql`holiday_date >= ${q.from}::date`;
  const r = await sql<{ d: string | null }>`
    select min(holiday_date)::text as d from holidays
    where religious_holiday = ${q.holiday} and ${when}
      and (company_office_id is null or company_office_id = ${q.companyOfficeId ?? null})`.execute(db);
  return r.rows[0]?.d ?? null;
}
