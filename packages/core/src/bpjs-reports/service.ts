import { getPayrollRun, payslipLinesWithTraces, scopedPayslipQuery } from '../payroll/index';
import type { Ctx } from '../shared/context';
import { conflict } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import { queryBpjsEmployees } from './queries';
import { bpjsFigures, bpjsProblems, bpjsRecap, employmentStatusOf, hasBpjsLines, type SlipLine } from './rules';
import {
  type BpjsEmployeeRow,
  type BpjsRecapRow,
  type BpjsRunHeader,
  bpjsFileInput,
  bpjsRecapInput,
  bpjsReportInput,
} from './schema';
import { edabuWorkbook, ketenagakerjaanWorkbook, recapWorkbook, XLSX_TYPE } from './workbooks';
import type { SalaryView as View } from '../shared/salary-grants';
import { fileDownload } from '../shared/file-download';

/*
 * BPJS reports (issue 18 §3; docs/bpjs-reports.md). Read-only: every figure comes from the lines of FINALISED
 * payslips (through @hr/core/payroll), the numbers from the employee record. Data scope is the payslips' (spec §6):
 * an employee outside the caller's scope is not in any report.
 */

type Download = { fileName: string; contentType: string; base64: string };

/** The run (NOT_FOUND when there is none); CONFLICT unless it is finalised: a draft can still change. */
async function finalisedRun(ctx: Ctx, grant: View, id: number): Promise<BpjsRunHeader> {
  const r = await getPayrollRun(ctx, grant, { id, pageSize: 1 });
  if (r.status !== 'finalised') throw conflict(`Payroll run ${id} is ${r.status}: BPJS reports are made from a finalised run`);
  return { id: r.id, period: r.period, companyOfficeId: r.companyOfficeId, companyOffice: r.companyOffice, status: r.status };
}

/**
 * The BPJS rows of finalised payslips in the caller's scope: of one run, or of every finalised run of a month
 * (optionally the employees of one office). A payslip without any BPJS line (BPJS switched off in the payroll
 * settings) is not a BPJS participant of that month and is left out.
 */
async function bpjsRows(
  ctx: Ctx,
  grant: View,
  f: { runId: number } | { period: string; companyOfficeId?: number | undefined },
): Promise<BpjsEmployeeRow[]> {
  let q = scopedPayslipQuery(ctx.db, grant.scope).where('r.status', '=', 'finalised');
  if ('runId' in f) q = q.where('s.run_id', '=', f.runId);
  else {
    q = q.where('s.period', '=', f.period);
    if (f.companyOfficeId) q = q.where('e.company_office_id', '=', f.companyOfficeId);
  }
  const slips = await q.orderBy('e.employee_number').orderBy('s.id').execute();
  const [lines, employees] = await Promise.all([
    payslipLinesWithTraces(
      ctx.db,
      slips.map((s) => s.id),
    ),
    queryBpjsEmployees(
      ctx.db,
      slips.map((s) => s.employeeId),
    ),
  ]);
  const rows: BpjsEmployeeRow[] = [];
  for (const s of slips) {
    const l: SlipLine[] = lines.get(s.id) ?? [];
    const e = employees.get(s.employeeId);
    if (!e || !hasBpjsLines(l)) continue;
    rows.push({
      payslipId: s.id,
      employeeId: s.employeeId,
      employeeNumber: e.employeeNumber,
      name: e.name,
      nationalId: e.nationalId,
      jknNumber: e.jknNumber,
      kpjNumber: e.kpjNumber,
      jobPosition: e.jobPosition,
      employmentStatus: employmentStatusOf(e.contractType),
      ...bpjsFigures(l),
      problems: bpjsProblems(e),
    });
  }
  return rows;
}

export interface BpjsReport {
  run: BpjsRunHeader;
  /** Employees with BPJS lines on the run, in the caller's scope. */
  employees: number;
  /** Of those, how many have a number BPJS would refuse (listed in `rows` with `problems`). */
  withProblems: number;
  recap: BpjsRecapRow[];
  rows: Page<BpjsEmployeeRow>;
}

/**
 * salary/bpjsReport/{id}/detail: the preview of a finalised run's two files: per employee the numbers, the wage
 * and every contribution, the problems (missing or malformed NIK / JKN / KPJ), and the recap per programme.
 */
export async function getBpjsReport(ctx: Ctx, grant: View, raw: In<typeof bpjsReportInput>): Promise<BpjsReport> {
  const input = bpjsReportInput.parse(raw);
  const run = await finalisedRun(ctx, grant, input.id);
  const all = await bpjsRows(ctx, grant, { runId: run.id });
  const withProblems = all.filter((r) => r.problems.length > 0);
  const listed = input.problemsOnly ? withProblems : all;
  const from = (input.page - 1) * input.pageSize;
  return {
    run,
    employees: all.length,
    withProblems: withProblems.length,
    recap: bpjsRecap(all),
    rows: { rows: listed.slice(from, from + input.pageSize), total: listed.length, page: input.page, pageSize: input.pageSize },
  };
}

const fileOf = (fileName: string, buffer: Buffer): Download => fileDownload(fileName, XLSX_TYPE, buffer);

/**
 * salary/bpjsReport/{id}/kesehatan: the e-Dabu upload ("Formulir Upload Data Peserta", sheet Mutasi) of a
 * finalised run. An employee without a JKN card number or NIK is still listed, with that cell empty, and shown
 * with the problem in the preview: the file never silently drops a participant.
 */
export async function downloadBpjsKesehatan(ctx: Ctx, grant: View, raw: In<typeof bpjsFileInput>): Promise<Download> {
  const { id } = bpjsFileInput.parse(raw);
  const run = await finalisedRun(ctx, grant, id);
  const rows = await bpjsRows(ctx, grant, { runId: id });
  return fileOf(`bpjs-kesehatan_edabu_${run.period}_run-${id}.xlsx`, await edabuWorkbook(rows));
}

/** salary/bpjsReport/{id}/ketenagakerjaan: the BPJS Ketenagakerjaan wage report of a finalised run, with totals. */
export async function downloadBpjsKetenagakerjaan(ctx: Ctx, grant: View, raw: In<typeof bpjsFileInput>): Promise<Download> {
  const { id } = bpjsFileInput.parse(raw);
  const run = await finalisedRun(ctx, grant, id);
  const rows = await bpjsRows(ctx, grant, { runId: id });
  return fileOf(`bpjs-ketenagakerjaan_${run.period}_run-${id}.xlsx`, await ketenagakerjaanWorkbook(rows));
}

export interface BpjsRecap {
  period: string;
  companyOfficeId: number | null;
  employees: number;
  rows: BpjsRecapRow[];
}

/**
 * salary/bpjsReport/recap: company and employee contributions per programme over every finalised run of a month,
 * in the caller's scope, optionally the employees of one office.
 */
export async function getBpjsRecap(ctx: Ctx, grant: View, raw: In<typeof bpjsRecapInput>): Promise<BpjsRecap> {
  const input = bpjsRecapInput.parse(raw);
  const rows = await bpjsRows(ctx, grant, input);
  return { period: input.period, companyOfficeId: input.companyOfficeId ?? null, employees: rows.length, rows: bpjsRecap(rows) };
}

/** salary/bpjsReport/recap/download: the recap as XLSX. */
export async function downloadBpjsRecap(ctx: Ctx, grant: View, raw: In<typeof bpjsRecapInput>): Promise<Download> {
  const recap = await getBpjsRecap(ctx, grant, raw);
  const office = recap.companyOfficeId ? `_office-${recap.companyOfficeId}` : '';
  return fileOf(`bpjs-recap_${recap.period}${office}.xlsx`, await recapWorkbook(recap.period, recap.rows));
}
