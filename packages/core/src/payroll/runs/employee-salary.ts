import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Grant } from '../../access/index';
import { employeeInScope } from '../../access/index';
import { todayWib } from '../../shared/date-ranges';
import { pageOffset } from '../../shared/page';
import type { Ctx, Db } from '../../shared/context';
import { employeeName, employeeSearch } from '../../shared/employee-sql';
import { notFound } from '../../shared/errors';
import { addHeaderSheet, XLSX_TYPE } from '../../shared/xlsx';
import type { Page, In } from '../../shared/zod';
import { wholeRupiah } from '../money';
import { periodDates } from './compute';
import { queryBasicSalaries, querySettings } from './queries';
import {
  type BonusCutRow,
  type EmployeeComponentRow,
  salaryIdInput,
  listSalaryEmployeesInput,
  type PayslipSummary,
  type QueueRow,
  type SalaryEmployeeRow,
  salaryEmployeeInput,
} from './schema';
import { assertEmployeeVisible } from './access';
import { listBonusCuts } from './bonus-cuts';
import { listEmployeeComponents } from './components';
import { linesOf, payslipQuery } from './payslips';
import { listSalaryQueue } from './salary-queue';
import { fileDownload } from '../../shared/file-download';

type View = Grant<'salary.view'>;

/** Today in the company's calendar (WIB): between 00:00 and 07:00 WIB the UTC date is still yesterday. */
const today = (ctx: Ctx) => todayWib(ctx.clock());

/** Employees in the caller's scope with their basic salary in force today and their latest finalised net (salary/employee). */
export async function listSalaryEmployees(
  ctx: Ctx,
  grant: View,
  raw: In<typeof listSalaryEmployeesInput>,
): Promise<Page<SalaryEmployeeRow>> {
  const input = listSalaryEmployeesInput.parse(raw);
  let q = ctx.db
    .selectFrom('employees as e')
    .where((eb) => employeeInScope(eb, grant.scope))
    .where('e.resigned', '=', 0);
  if (input.companyOfficeId) q = q.where('e.company_office_id', '=', input.companyOfficeId);
  if (input.search) q = q.where(employeeSearch(input.search));
  const [rows, total] = await Promise.all([
    q
      .select(['e.id', 'e.employee_number as employeeNumber', employeeName.as('name'), 'e.company_office_id as companyOfficeId'])
      .select(
        sql<string | null>`(select s.net::text from payslips s join payroll_runs r on r.id = s.run_id
          where s.employee_id = e.id and r.status = 'finalised' order by s.period desc limit 1)`.as('lastNet'),
      )
      .select(
        sql<string | null>`(select s.period from payslips s join payroll_runs r on r.id = s.run_id
          where s.employee_id = e.id and r.status = 'finalised' order by s.period desc limit 1)`.as('lastPeriod'),
      )
      .orderBy('e.employee_number')
      .limit(input.pageSize)
      .offset(pageOffset(input))
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const basics = await queryBasicSalaries(
    ctx.db,
    rows.map((r) => r.id),
    today(ctx),
  );
  return {
    rows: rows.map((r) => ({ ...r, basicSalary: basics.get(r.id)?.amount ?? null })),
    total: Number(total.n),
    page: input.page,
    pageSize: input.pageSize,
  };
}

export interface SalaryEmployeeDetail {
  id: number;
  employeeNumber: string;
  name: string;
  basicSalary: string | null;
  basicSalarySource: string | null;
  /** Basic salary + fixed-allowance amounts in force this month (formulas are computed in runs). */
  totalSalary: string | null;
  components: EmployeeComponentRow[];
  bonusCuts: BonusCutRow[];
  queue: QueueRow[];
  /** Contracts: the basic-salary history. */
  history: { contractNumber: string; startDate: string; endDate: string | null; basicSalary: string }[];
  payslips: (PayslipSummary & { status: string })[];
  /** The employee's own choice of who bears PPh 21; null = the company setting (`taxBorneBy`). */
  taxBorneBy: 'employee' | 'employer' | null;
  /** Previous employers' slips (1721-A1 lines 13 and 18), newest year first. */
  previousIncome: { year: number; employerName: string; employerTaxId: string | null; netIncome: string; taxWithheld: string }[];
}

/** One employee's salary: basic and total salary, components, bonus/cuts, queue, contract history, payslips. */
export async function getSalaryEmployee(
  ctx: Ctx,
  grant: View,
  raw: In<typeof salaryEmployeeInput>,
): Promise<SalaryEmployeeDetail> {
  const { id } = salaryEmployeeInput.parse(raw);
  await assertEmployeeVisible(ctx.db, grant.scope, id);
  const e = await ctx.db
    .selectFrom('employees as e')
    .select(['e.id', 'e.employee_number as employeeNumber', employeeName.as('name')])
    .where('e.id', '=', id)
    .executeTakeFirstOrThrow();
  const basic = (await queryBasicSalaries(ctx.db, [id], today(ctx))).get(id);
  const month = today(ctx).slice(0, 7);
  const components = (await listEmployeeComponents(ctx, grant, { employeeId: id, pageSize: 500 })).rows;
  const fixed = components
    .filter(
      (c) => c.kind === 'fixed-allowance' && c.amount !== null && c.startMonth <= month && (!c.endMonth || c.endMonth >= month),
    )
    .reduce((s, c) => s + BigInt(c.amount!), 0n);
  const history = await ctx.db
    .selectFrom('employee_contracts')
    .select([
      'contract_number as contractNumber',
      'start_date as startDate',
      'end_date as endDate',
      'basic_salary as basicSalary',
    ])
    .where('employee_id', '=', id)
    .orderBy('start_date', 'desc')
    .execute();
  const payslips = await payslipQuery(ctx.db, grant.scope)
    .where('s.employee_id', '=', id)
    .orderBy('s.period', 'desc')
    .limit(24)
    .execute();
  const option = await ctx.db
    .selectFrom('employee_payroll_options')
    .select('tax_borne_by')
    .where('employee_id', '=', id)
    .executeTakeFirst();
  const previousIncome = await ctx.db
    .selectFrom('employee_previous_income')
    .select([
      'tax_year as year',
      'employer_name as employerName',
      'employer_tax_id as employerTaxId',
      sql<string>`net_income::text`.as('netIncome'),
      sql<string>`tax_withheld::text`.as('taxWithheld'),
    ])
    .where('employee_id', '=', id)
    .orderBy('tax_year', 'desc')
    .execute();
  return {
    ...e,
    taxBorneBy: option?.tax_borne_by ?? null,
    previousIncome,
    basicSalary: basic?.amount ?? null,
    basicSalarySource: basic?.source ?? null,
    totalSalary: basic ? (BigInt(basic.amount) + fixed).toString() : null,
    components,
    bonusCuts: (await listBonusCuts(ctx, grant, { employeeId: id, pageSize: 100 })).rows,
    queue: (await listSalaryQueue(ctx, grant, { employeeId: id, pageSize: 100 })).rows,
    history: history.map((h) => ({ ...h, basicSalary: String(h.basicSalary) })),
    payslips,
  };
}

// ---------------------------------------------------------------------------------------------
// XLSX export (salary/report/{id}/download, `hr payroll export`)

export { XLSX_TYPE };

/** The workbook of one run: a "Payroll" sheet (one row per payslip) and a "Lines" sheet (every line with its rule). */
export async function payrollWorkbook(db: Db, runId: number, scope: Grant['scope']): Promise<{ period: string; buffer: Buffer }> {
  const run = await db.selectFrom('payroll_runs').select(['id', 'period', 'status']).where('id', '=', runId).executeTakeFirst();
  if (!run) throw notFound('Payroll run');
  const slips = await payslipQuery(db, scope).where('s.run_id', '=', runId).orderBy('e.employee_number').execute();
  const lines = await linesOf(
    db,
    slips.map((s) => s.id),
  );
  const settings = await querySettings(db);
  const wb = new ExcelJS.Workbook();
  const ws = addHeaderSheet(wb, 'Payroll', [
    { header: 'Employee No.', key: 'employeeNumber', width: 16 },
    { header: 'Name', key: 'employeeName', width: 28 },
    { header: 'PTKP', key: 'ptkpStatus', width: 8 },
    { header: 'Basic salary', key: 'basicSalary', width: 14 },
    { header: 'Gross', key: 'gross', width: 14 },
    { header: 'Taxable gross', key: 'taxableGross', width: 14 },
    { header: 'PPh 21', key: 'pph21', width: 12 },
    { header: 'Deductions', key: 'totalDeductions', width: 14 },
    { header: 'Net', key: 'net', width: 14 },
    { header: 'Employer cost', key: 'employerCost', width: 14 },
  ]);
  const money = ['basicSalary', 'gross', 'taxableGross', 'pph21', 'totalDeductions', 'net', 'employerCost'] as const;
  // Whole rupiah fit a double exactly (< 2^53), so the cells hold numbers for the spreadsheet's own sums.
  for (const s of slips) ws.addRow({ ...s, ...Object.fromEntries(money.map((k) => [k, wholeRupiah(s[k])])) });
  const ls = addHeaderSheet(wb, 'Lines', [
    { header: 'Employee No.', key: 'no', width: 16 },
    { header: 'Line', key: 'name', width: 32 },
    { header: 'Kind', key: 'kind', width: 10 },
    { header: 'Amount', key: 'amount', width: 14 },
    { header: 'Rule', key: 'rule', width: 32 },
    { header: 'Formula', key: 'formula', width: 48 },
    { header: 'Source', key: 'source', width: 40 },
  ]);
  for (const s of slips) {
    for (const l of lines.get(s.id) ?? []) {
      const t = (l.trace ?? {}) as { rule?: string; formula?: string; source?: string };
      ls.addRow({
        no: s.employeeNumber,
        name: l.name,
        kind: l.kind,
        amount: wholeRupiah(l.amount),
        rule: t.rule,
        formula: t.formula,
        source: t.source,
      });
    }
  }
  const info = wb.addWorksheet('Run');
  info.addRows([
    ['Period', run.period],
    ['Status', run.status],
    ['Pay day', periodDates(run.period, settings.payDay).payDate],
  ]);
  return { period: run.period, buffer: Buffer.from(await wb.xlsx.writeBuffer()) };
}

export async function downloadPayrollRun(
  ctx: Ctx,
  grant: View,
  raw: In<typeof salaryIdInput>,
): Promise<{ fileName: string; contentType: string; base64: string }> {
  const { id } = salaryIdInput.parse(raw);
  const { period, buffer } = await payrollWorkbook(ctx.db, id, grant.scope);
  return fileDownload(`payroll_${period}_${id}.xlsx`, XLSX_TYPE, buffer);
}
