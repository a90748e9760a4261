import ExcelJS from 'exceljs';
import type { Grant } from '../../access/index';
import type { Ctx } from '../../shared/context';
import { notFound } from '../../shared/errors';
import { companyYear } from '../../shared/time-zone';
import { addHeaderSheet, xlsxDownload } from '../../shared/xlsx';
import type { Page, In } from '../../shared/zod';
import { calculatePph21, type Pph21LastPeriodOutput } from '../formulas/pph21';
import { Dec, sum, wholeRupiah } from '../money';
import { queryPreviousIncome } from '../runs/queries';
import { PTKP_STATUSES, type PtkpStatus } from '../schema';
import { a1Lines, payslipA1Parts } from './a1';
import { a1Pdf } from './a1-pdf';
import {
  queryBonusLines,
  queryBonusPeriods,
  queryBonusTaxable,
  queryTaxEmployee,
  queryTaxEmployees,
  queryYearSlips,
  type TaxEmployee,
  type YearSlip,
} from './queries';
import {
  bonusIdOfPeriod,
  type IncomeTaxBasis,
  type IncomeTaxDetail,
  type IncomeTaxRow,
  type IncomeTaxSummary,
  incomeTaxDetailInput,
  incomeTaxDownloadInput,
  incomeTaxListInput,
  incomeTaxSummaryInput,
  periodOfBonusId,
  type ReportBonusLineRow,
  type ReportBonusPeriodRow,
  reportBonusDetailInput,
  reportBonusDownloadInput,
  reportBonusListInput,
} from './schema';
import { pdfDownload } from '../../shared/file-download';

type View = Grant<'salary.view'>;
type Download = { fileName: string; contentType: string; base64: string };

/** Company time zone (ARCHITECTURE.md "Data": default Asia/Jakarta): decides whether a tax year is over. */
const currentYear = (ctx: Ctx): number => companyYear(ctx.clock());

const isPtkp = (s: string): s is PtkpStatus => (PTKP_STATUSES as readonly string[]).includes(s);
const monthOf = (period: string) => Number(period.slice(5, 7));

type Previous = { netIncome: string; taxWithheld: string };

interface Computed {
  summary: IncomeTaxSummary;
  lastPeriod: Pph21LastPeriodOutput;
}

/**
 * The year's figures of one employee from their finalised payslips (at least one). The tax due comes from
 * the PPh 21 engine's last-period calculation (`calculatePph21`, PMK 168/2023 Pasal 15(1)b) on exactly the
 * inputs a December run uses (runs/compute.ts): taxable gross and employee JHT/JP of every month, the
 * PTKP status of the last payslip. So for a year with its December payslip, the tax due equals the
 * December payslip's `pph21Year` and the withheld total equals it too (debt 0).
 */
function computeYear(
  employeeId: number,
  year: number,
  slips: readonly YearSlip[],
  ended: boolean,
  previous?: Previous,
): Computed {
  const last = slips[slips.length - 1]!;
  const lastMonth = monthOf(last.period);
  const basis: IncomeTaxBasis = lastMonth === 12 ? 'final' : ended ? 'left' : 'projection';
  const ptkpStatus = isPtkp(last.ptkpStatus) ? last.ptkpStatus : 'TK/0';
  const r = calculatePph21({
    taxYear: year,
    ptkpStatus,
    employeeType: 'permanent',
    lastTaxPeriod: lastMonth,
    // With a previous employer's slip the year is combined from both employers' actual months (not annualised).
    annualise: basis === 'projection' && !previous,
    ...(previous
      ? { previousEmployer: { netIncome: wholeRupiah(previous.netIncome), taxWithheld: wholeRupiah(previous.taxWithheld) } }
      : {}),
    months: slips.map((s) => ({
      month: monthOf(s.period),
      gross: wholeRupiah(s.taxableGross),
      annualDeductions: wholeRupiah(s.annualDeductions),
    })),
  });
  const lp = r.output.lastPeriod!;
  const withheld = sum(slips.map((s) => s.pph21));
  // Due by this employer: Article 17 on the year minus what the previous employer withheld (1721-A1 line 19).
  const due = new Dec(lp.pph21Year).minus(previous?.taxWithheld ?? 0);
  return {
    lastPeriod: lp,
    summary: {
      employeeId,
      year,
      basis,
      ptkpStatus,
      firstMonth: monthOf(slips[0]!.period),
      lastMonth,
      taxableGross: sum(slips.map((s) => s.taxableGross)).toFixed(0),
      totalWithheld: withheld.toFixed(0),
      annualTaxDue: due.toFixed(0),
      debt: due.minus(withheld).toFixed(0),
    },
  };
}

async function rowsFor(ctx: Ctx, employees: readonly TaxEmployee[], year: number, month?: number): Promise<IncomeTaxRow[]> {
  const slips = await queryYearSlips(
    ctx.db,
    employees.map((e) => e.id),
    year,
  );
  const previous = await queryPreviousIncome(
    ctx.db,
    employees.map((e) => e.id),
    year,
  );
  const overYear = year < currentYear(ctx);
  const period = month ? `${year}-${String(month).padStart(2, '0')}` : null;
  return employees.map((e) => {
    const list = slips.get(e.id) ?? [];
    const { summary } = computeYear(e.id, year, list, overYear || e.resigned !== 0, previous.get(e.id));
    const months: (string | null)[] = Array.from({ length: 12 }, () => null);
    for (const s of list) months[monthOf(s.period) - 1] = s.pph21;
    const m = period ? list.find((s) => s.period === period) : undefined;
    return {
      ...summary,
      employeeNumber: e.employeeNumber,
      name: e.name,
      companyOffice: e.companyOffice,
      months,
      monthTaxableGross: m?.taxableGross ?? null,
      monthPph21: m?.pph21 ?? null,
    };
  });
}

/**
 * salary/incomeTax: per employee in the caller's scope with finalised payslips in the year (and month):
 * PPh 21 withheld per month, totals, the tax due and the income-tax debt. Server-paginated.
 */
export async function listIncomeTax(ctx: Ctx, grant: View, raw: In<typeof incomeTaxListInput>): Promise<Page<IncomeTaxRow>> {
  const input = incomeTaxListInput.parse(raw);
  const { rows, total } = await queryTaxEmployees(ctx.db, grant.scope, input, input);
  return { rows: await rowsFor(ctx, rows, input.year, input.month), total, page: input.page, pageSize: input.pageSize };
}

/**
 * One employee's income tax summary of a year (for the salary employee page): null when the employee has
 * no finalised payslip that year. NOT_FOUND outside the caller's scope.
 */
export async function incomeTaxSummary(
  ctx: Ctx,
  grant: View,
  raw: In<typeof incomeTaxSummaryInput>,
): Promise<IncomeTaxSummary | null> {
  const { employeeId, year } = incomeTaxSummaryInput.parse(raw);
  const e = await queryTaxEmployee(ctx.db, grant.scope, employeeId);
  if (!e) throw notFound('Employee');
  const slips = (await queryYearSlips(ctx.db, [employeeId], year)).get(employeeId);
  if (!slips?.length) return null;
  const previous = (await queryPreviousIncome(ctx.db, [employeeId], year)).get(employeeId);
  return computeYear(employeeId, year, slips, year < currentYear(ctx) || e.resigned !== 0, previous).summary;
}

/** salary/incomeTax/{id}/detail: the monthly table and the 1721-A1-style summary of one employee and year. */
export async function getIncomeTax(ctx: Ctx, grant: View, raw: In<typeof incomeTaxDetailInput>): Promise<IncomeTaxDetail> {
  const { id, year } = incomeTaxDetailInput.parse(raw);
  const e = await queryTaxEmployee(ctx.db, grant.scope, id);
  if (!e) throw notFound('Employee');
  const slips = (await queryYearSlips(ctx.db, [id], year, true)).get(id);
  if (!slips?.length) throw notFound(`Finalised payslips of ${year} for this employee`);
  const previous = (await queryPreviousIncome(ctx.db, [id], year)).get(id);
  const { summary, lastPeriod } = computeYear(id, year, slips, year < currentYear(ctx) || e.resigned !== 0, previous);
  const taxable = await queryBonusTaxable(ctx.db, [id], year);
  const parts = slips.map((s) =>
    payslipA1Parts(s.lines ?? [], s.taxableGross, (code) => taxable.get(`${id}:${s.period}:${code}`) ?? true),
  );
  const total = (k: 'l1' | 'l2' | 'l3' | 'l5' | 'l7') => sum(parts.map((p) => p[k]));
  return {
    ...summary,
    employeeNumber: e.employeeNumber,
    name: e.name,
    companyOffice: e.companyOffice,
    taxId: e.taxId,
    nationalId: e.nationalId,
    months: slips.map((s) => ({
      month: monthOf(s.period),
      period: s.period,
      payslipId: s.id,
      runId: s.runId,
      ptkpStatus: s.ptkpStatus,
      taxableGross: s.taxableGross,
      annualDeductions: s.annualDeductions,
      pph21: s.pph21,
    })),
    a1: a1Lines({
      parts: { l1: total('l1'), l2: total('l2'), l3: total('l3'), l5: total('l5'), l7: total('l7') },
      previous: previous && { netIncome: new Dec(previous.netIncome), taxWithheld: new Dec(previous.taxWithheld) },
      annualDeductions: sum(slips.map((s) => s.annualDeductions)),
      withheld: new Dec(summary.totalWithheld),
      lastPeriod,
      basis: summary.basis,
    }),
  };
}

/** salary/incomeTax/{id}/a1: the 1721-A1-style summary as a PDF. */
export async function downloadIncomeTaxA1(ctx: Ctx, grant: View, raw: In<typeof incomeTaxDetailInput>): Promise<Download> {
  const detail = await getIncomeTax(ctx, grant, raw);
  const pdf = await a1Pdf(detail);
  return pdfDownload(`1721-A1_${detail.year}_${detail.employeeNumber}.pdf`, pdf);
}

const BASIS_LABEL: Record<IncomeTaxBasis, string> = {
  final: 'Final (December)',
  left: 'Final (last month worked)',
  projection: 'Projection (year to date)',
};
export { BASIS_LABEL as INCOME_TAX_BASIS_LABEL };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** salary/incomeTax/download: the annual list (same filter, every page) as XLSX. */
export async function downloadIncomeTax(ctx: Ctx, grant: View, raw: In<typeof incomeTaxDownloadInput>): Promise<Download> {
  const input = incomeTaxDownloadInput.parse(raw);
  const { rows: employees } = await queryTaxEmployees(ctx.db, grant.scope, input);
  const rows = await rowsFor(ctx, employees, input.year, input.month);
  const wb = new ExcelJS.Workbook();
  const ws = addHeaderSheet(wb, `Income tax ${input.year}`, [
    { header: 'Employee No.', key: 'employeeNumber', width: 16 },
    { header: 'Name', key: 'name', width: 28 },
    { header: 'Office', key: 'companyOffice', width: 18 },
    { header: 'PTKP', key: 'ptkpStatus', width: 8 },
    ...MONTHS.map((m, i) => ({ header: `PPh 21 ${m}`, key: `m${i}`, width: 12 })),
    { header: 'Taxable gross', key: 'taxableGross', width: 16 },
    { header: 'Total withheld', key: 'totalWithheld', width: 14 },
    { header: 'Tax due', key: 'annualTaxDue', width: 14 },
    { header: 'Income-tax debt', key: 'debt', width: 14 },
    { header: 'Basis', key: 'basis', width: 24 },
  ]);
  // Whole rupiah fit a double exactly (< 2^53; wholeRupiah refuses more): numeric cells so the spreadsheet can sum them.
  for (const r of rows)
    ws.addRow({
      ...r,
      ...Object.fromEntries(r.months.map((v, i) => [`m${i}`, v === null ? null : wholeRupiah(v)])),
      taxableGross: wholeRupiah(r.taxableGross),
      totalWithheld: wholeRupiah(r.totalWithheld),
      annualTaxDue: wholeRupiah(r.annualTaxDue),
      debt: wholeRupiah(r.debt),
      basis: BASIS_LABEL[r.basis],
    });
  return xlsxDownload(wb, `income-tax_${input.year}${input.month ? `-${String(input.month).padStart(2, '0')}` : ''}.xlsx`);
}

// ---------------------------------------------------------------------------------------------
// Report bonus (salary/reportBonus)

/** salary/reportBonus: bonus and THR lines of finalised payslips grouped by period (newest first), in scope. */
export async function listReportBonus(
  ctx: Ctx,
  grant: View,
  raw: In<typeof reportBonusListInput>,
): Promise<Page<ReportBonusPeriodRow>> {
  const input = reportBonusListInput.parse(raw);
  const { rows, total } = await queryBonusPeriods(ctx.db, grant.scope, input, input);
  return {
    rows: rows.map((r) => ({ id: bonusIdOfPeriod(r.period), ...r })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** salary/reportBonus/{id}/detail (id = yyyymm): every bonus/THR line of the period with its payslip. */
export async function getReportBonus(
  ctx: Ctx,
  grant: View,
  raw: In<typeof reportBonusDetailInput>,
): Promise<{ id: number; period: string; total: string; lines: Page<ReportBonusLineRow> }> {
  const input = reportBonusDetailInput.parse(raw);
  const period = periodOfBonusId(input.id);
  const r = await queryBonusLines(ctx.db, grant.scope, { period, search: input.search }, input);
  return {
    id: input.id,
    period,
    total: r.sum,
    lines: { rows: r.rows, total: r.total, page: input.page, pageSize: input.pageSize },
  };
}

/** salary/reportBonus/download: the bonus lines (a year, a period or everything) as XLSX, with a per-period sheet. */
export async function downloadReportBonus(ctx: Ctx, grant: View, raw: In<typeof reportBonusDownloadInput>): Promise<Download> {
  const input = reportBonusDownloadInput.parse(raw);
  const period = input.id ? periodOfBonusId(input.id) : undefined;
  const { rows } = await queryBonusLines(ctx.db, grant.scope, { year: input.year, period });
  const wb = new ExcelJS.Workbook();
  const ps = addHeaderSheet(wb, 'Periods', [
    { header: 'Period', key: 'period', width: 10 },
    { header: 'Employees', key: 'employees', width: 12 },
    { header: 'Lines', key: 'lines', width: 8 },
    { header: 'Total', key: 'total', width: 16 },
    { header: 'Taxable total', key: 'taxableTotal', width: 16 },
  ]);
  const byPeriod = new Map<string, { employees: Set<number>; lines: number; total: bigint; taxable: bigint }>();
  for (const r of rows) {
    const p = byPeriod.get(r.period) ?? { employees: new Set(), lines: 0, total: 0n, taxable: 0n };
    p.employees.add(r.employeeId);
    p.lines++;
    p.total += BigInt(r.amount);
    if (r.taxable) p.taxable += BigInt(r.amount);
    byPeriod.set(r.period, p);
  }
  for (const [p, v] of byPeriod)
    ps.addRow({
      period: p,
      employees: v.employees.size,
      lines: v.lines,
      total: wholeRupiah(v.total),
      taxableTotal: wholeRupiah(v.taxable),
    });
  const ls = addHeaderSheet(wb, 'Bonuses', [
    { header: 'Period', key: 'period', width: 10 },
    { header: 'Employee No.', key: 'employeeNumber', width: 16 },
    { header: 'Name', key: 'name', width: 28 },
    { header: 'Bonus', key: 'bonusName', width: 28 },
    { header: 'Kind', key: 'kind', width: 8 },
    { header: 'Amount', key: 'amount', width: 14 },
    { header: 'Taxable', key: 'taxable', width: 9 },
    { header: 'Payslip', key: 'payslipId', width: 10 },
  ]);
  for (const r of rows) ls.addRow({ ...r, amount: wholeRupiah(r.amount), taxable: r.taxable ? 'yes' : 'no' });
  return xlsxDownload(wb, `report-bonus_${period ?? input.year ?? 'all'}.xlsx`);
}
