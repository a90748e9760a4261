import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDb } from '../../db/testing';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import { failure } from '../../testing/expect';
import { finalisedYear } from '../../testing/finalised-year';
import type { Org } from '../../testing/fixtures';
import { transportAllowance } from '../../testing/payroll-fixtures';
import { pdfText } from '../../testing/pdf';
import { calculatePph21 } from '../formulas/pph21';
import { createBonusCut, createEmployeeComponent, createSalaryComponent, getPayslip, getPayrollRun } from '../runs/index';
import {
  downloadIncomeTax,
  downloadIncomeTaxA1,
  downloadReportBonus,
  getIncomeTax,
  getReportBonus,
  incomeTaxSummary,
  listIncomeTax,
  listReportBonus,
} from './index';

let tdb: TestDb;
let org: Org;
let admin: Actor;
let ctx: Ctx;
let hrOwn: Actor; // salary.view, department 0 only
let alice: number; // dept 0, K/1, 10M + taxable transport 1M + non-taxable uniform 500k, taxable bonus 5M in March
let bob: number; // dept 1, TK/0, 15M, non-taxable bonus 1M in March
let carol: number; // dept 0, TK/0, 7M, resigns after June

const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');
const pad = (m: number) => String(m).padStart(2, '0');

const runs = new Map<string, number>();

beforeAll(async () => {
  const year = await finalisedYear([
    { name: 'Alice Taxpayer', dept: 0, ptkp: 'K/1', basicSalary: 10_000_000 },
    { name: 'Bob Taxpayer', dept: 1, ptkp: 'TK/0', basicSalary: 15_000_000 },
    { name: 'Carol Leaver', dept: 0, ptkp: 'TK/0', basicSalary: 7_000_000 },
  ]);
  ({ tdb, org, admin, ctx, scoped: hrOwn } = year);
  [alice, bob, carol] = year.employees as [number, number, number];
  await transportAllowance(ctx, admin, alice, '1000000');
  const uniform = await createSalaryComponent(ctx, upd(), { name: 'Uniform', kind: 'non-fixed-allowance', taxable: false });
  await createEmployeeComponent(ctx, upd(), {
    employeeId: alice,
    componentId: uniform.id,
    amount: '500000',
    startMonth: '2026-01',
  });
  await createBonusCut(ctx, upd(), { employeeId: alice, period: '2026-03', kind: 'cut', name: 'Loan', amount: '100000' });
  await createBonusCut(ctx, upd(), {
    employeeId: alice,
    period: '2026-03',
    kind: 'bonus',
    name: 'Performance bonus',
    amount: '5000000',
  });
  await createBonusCut(ctx, upd(), {
    employeeId: bob,
    period: '2026-03',
    kind: 'bonus',
    name: 'Relocation refund',
    amount: '1000000',
    taxable: false,
  });

  // A full 2026 through the payroll service: Carol resigns after June (runs skip resigned employees).
  for (let m = 1; m <= 12; m++) {
    if (m === 7) await tdb.db.updateTable('employees').set({ resigned: 1 }).where('id', '=', carol).execute();
    runs.set(`2026-${pad(m)}`, await year.payMonth(`2026-${pad(m)}`));
  }
  await year.payMonth('2027-01');
  await year.payMonth('2027-02');
}, 120_000);
afterAll(() => tdb.destroy());

describe('income tax per employee', () => {
  it('lists the year per employee: PPh 21 per month, totals, tax due and debt; December years reconcile to 0', async () => {
    const list = await listIncomeTax(ctx, view(), { year: 2026, pageSize: 50 });
    expect(list.rows.map((r) => r.employeeId).sort()).toEqual([alice, bob, carol].sort());
    const a = list.rows.find((r) => r.employeeId === alice)!;
    expect(a.basis).toBe('final');
    expect(a.months.every((m) => m !== null)).toBe(true);
    const withheld = a.months.reduce((s, m) => s + BigInt(m!), 0n);
    expect(a.totalWithheld).toBe(withheld.toString());
    expect(a.annualTaxDue).toBe(a.totalWithheld);
    expect(a.debt).toBe('0');
    const c = list.rows.find((r) => r.employeeId === carol)!;
    expect(c.months.slice(6)).toEqual([null, null, null, null, null, null]);
    expect(c).toMatchObject({ basis: 'left', firstMonth: 1, lastMonth: 6 });
    expect(BigInt(c.debt)).toBe(BigInt(c.annualTaxDue) - BigInt(c.totalWithheld));

    const page = await listIncomeTax(ctx, view(), { year: 2026, pageSize: 1, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2 });
    expect(page.rows).toHaveLength(1);
    const search = await listIncomeTax(ctx, view(), { year: 2026, search: 'leaver' });
    expect(search.rows.map((r) => r.employeeId)).toEqual([carol]);
    const july = await listIncomeTax(ctx, view(), { year: 2026, month: 7 });
    expect(july.rows.map((r) => r.employeeId).sort()).toEqual([alice, bob].sort());
    expect(july.rows.find((r) => r.employeeId === alice)!.monthPph21).toBe(a.months[6]);
    expect((await listIncomeTax(ctx, view(), { year: 2026, companyOfficeId: org.officeId })).total).toBe(3);
    expect((await listIncomeTax(ctx, view(), { year: 2025 })).total).toBe(0);
  });

  it('a leaver is reconciled on the actual months; a running year is a labelled projection', async () => {
    const c = (await incomeTaxSummary(ctx, view(), { employeeId: carol, year: 2026 }))!;
    const d = await getIncomeTax(ctx, view(), { id: carol, year: 2026 });
    const expected = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      lastTaxPeriod: 6,
      months: d.months.map((m) => ({
        month: m.month,
        gross: Number(m.taxableGross),
        annualDeductions: Number(m.annualDeductions),
      })),
    }).output.lastPeriod!;
    expect(c.annualTaxDue).toBe(String(expected.pph21Year));
    // TER withholding at 7M a month over-withholds against Article 17 on six months: a refund is owed.
    expect(BigInt(c.debt)).toBeLessThan(0n);

    const p = (await incomeTaxSummary(ctx, view(), { employeeId: alice, year: 2027 }))!;
    expect(p).toMatchObject({ basis: 'projection', firstMonth: 1, lastMonth: 2 });
    const pd = await getIncomeTax(ctx, view(), { id: alice, year: 2027 });
    expect(pd.a1.find((l) => l.no === 19)!.label).toMatch(/proyeksi/);
    expect(await incomeTaxSummary(ctx, view(), { employeeId: alice, year: 2025 })).toBeNull();
  });

  it('the 1721-A1 summary maps payslip lines and reconciles with the December payslip', async () => {
    const d = await getIncomeTax(ctx, view(), { id: alice, year: 2026 });
    const line = (no: number) => BigInt(d.a1.find((l) => l.no === no)!.amount);
    expect(d.a1.map((l) => l.no)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(d.months).toHaveLength(12);
    expect(line(1)).toBe(120_000_000n);
    expect(line(3)).toBe(12_000_000n); // the taxable transport only; the non-taxable uniform is out
    expect(line(7)).toBe(5_000_000n); // the taxable March bonus
    const taxableGross = d.months.reduce((s, m) => s + BigInt(m.taxableGross), 0n);
    expect(line(8)).toBe(taxableGross);
    expect(line(5)).toBe(taxableGross - 137_000_000n);
    expect(line(5)).toBeGreaterThan(0n);
    expect(line(9)).toBe(6_000_000n); // biaya jabatan capped at 6,000,000 a year
    expect(line(10)).toBe(d.months.reduce((s, m) => s + BigInt(m.annualDeductions), 0n));
    expect(line(12)).toBe(line(8) - line(11));
    expect(line(15)).toBe(63_000_000n); // PTKP K/1

    // December's payslip computed the same year: its reconciliation trace is lines 16, 17 and 19/20.
    const decRun = await getPayrollRun(ctx, view(), { id: runs.get('2026-12')! });
    const decSlip = await getPayslip(ctx, view(), { id: decRun.payslips.rows.find((p) => p.employeeId === alice)!.id });
    const trace = decSlip.lines.find((l) => l.code === 'pph21')!.trace as { inputs: Record<string, number> };
    expect(line(16)).toBe(BigInt(trace.inputs.pkp!));
    expect(line(17)).toBe(BigInt(trace.inputs.pph21Year!));
    expect(line(19)).toBe(BigInt(trace.inputs.pph21Year!));
    expect(line(20)).toBe(line(19));
    expect(BigInt(trace.inputs.withheldBefore!) + BigInt(decSlip.pph21)).toBe(line(20));
    expect(d.debt).toBe('0');
  });

  it('renders the 1721-A1 PDF and the annual XLSX', async () => {
    const pdf = await downloadIncomeTaxA1(ctx, view(), { id: alice, year: 2026 });
    expect(pdf.contentType).toBe('application/pdf');
    const text = pdfText(Buffer.from(pdf.base64, 'base64'));
    expect(text).toContain('1721-A1');
    expect(text).toContain('Alice Taxpayer');
    expect(text).toContain('Jumlah penghasilan bruto');
    expect(text).toContain('PPh 21 terutang');

    const x = await downloadIncomeTax(ctx, view(), { year: 2026 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(x.base64, 'base64') as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    const header = ws.getRow(1).values as unknown[];
    expect(header).toContain('Income-tax debt');
    expect(x.fileName).toBe('income-tax_2026.xlsx');
  });

  it('is data-scoped: another department is NOT_FOUND and absent from the list', async () => {
    const own = requirePermission(hrOwn, 'salary.view');
    const list = await listIncomeTax(ctx, own, { year: 2026 });
    expect(list.rows.map((r) => r.employeeId).sort()).toEqual([alice, carol].sort());
    expect((await failure(getIncomeTax(ctx, own, { id: bob, year: 2026 }))).code).toBe('NOT_FOUND');
    expect((await failure(incomeTaxSummary(ctx, own, { employeeId: bob, year: 2026 }))).code).toBe('NOT_FOUND');
    expect((await failure(downloadIncomeTaxA1(ctx, own, { id: bob, year: 2026 }))).code).toBe('NOT_FOUND');
    expect((await failure(getIncomeTax(ctx, view(), { id: alice, year: 2024 }))).code).toBe('NOT_FOUND');
  });
});

describe('report bonus', () => {
  it('groups finalised bonus lines by period with totals; detail lists employee, bonus, taxable and payslip', async () => {
    const list = await listReportBonus(ctx, view(), { year: 2026 });
    expect(list.rows).toEqual([
      { id: 202603, period: '2026-03', employees: 2, lines: 2, total: '6000000', taxableTotal: '5000000' },
    ]);
    const d = await getReportBonus(ctx, view(), { id: 202603 });
    expect(d).toMatchObject({ period: '2026-03', total: '6000000' });
    const marchRun = await getPayrollRun(ctx, view(), { id: runs.get('2026-03')! });
    const slipOf = (e: number) => marchRun.payslips.rows.find((p) => p.employeeId === e)!.id;
    expect(d.lines.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          employeeId: alice,
          bonusName: 'Performance bonus',
          amount: '5000000',
          taxable: true,
          kind: 'bonus',
          payslipId: slipOf(alice),
        }),
        expect.objectContaining({ employeeId: bob, bonusName: 'Relocation refund', taxable: false, payslipId: slipOf(bob) }),
      ]),
    );
    expect((await getReportBonus(ctx, view(), { id: 202604 })).lines.total).toBe(0);
    const own = await listReportBonus(ctx, requirePermission(hrOwn, 'salary.view'), {});
    expect(own.rows[0]).toMatchObject({ employees: 1, total: '5000000' });

    const x = await downloadReportBonus(ctx, view(), { id: 202603 });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(x.base64, 'base64') as never);
    expect(wb.getWorksheet('Bonuses')!.rowCount).toBe(3);
    expect(wb.getWorksheet('Periods')!.getRow(2).values).toEqual([undefined, '2026-03', 2, 2, 6000000, 5000000]);
  });
});
