import { builtInLegalValues, type LegalValues } from '../legal-tables/schema';
import { bpjsContributionsOf } from './formulas/bpjs';
import { monthlyTer, surchargePercent, terCategoryFor } from './formulas/pph21';
import { Dec, type DecInput, dec, sum, toInt, wholeRupiah } from './money';
import type { Pph21EmployeeType, PtkpStatus, TerRounding } from './schema';
import { type Trace, trace } from './trace';

export interface PayslipEarning {
  code: string;
  name: string;
  /** Whole rupiah (already rounded by its own rule). */
  amount: DecInput;
  /** Part of the BPJS wage base (basic wage and fixed allowances). Default false. */
  fixed?: boolean;
  /** Part of PPh 21 gross. Default true (PMK 168/2023 Pasal 5(3): salary, allowances, overtime, bonus, THR…). */
  taxable?: boolean;
  trace: Trace;
}
export interface PayslipDeduction {
  code: string;
  name: string;
  amount: DecInput;
  trace: Trace;
}
export interface PayslipInput {
  payDate: string;
  ptkpStatus: PtkpStatus;
  employeeType?: Pph21EmployeeType;
  earnings: readonly PayslipEarning[];
  /** Other cuts (unpaid leave, cooperative instalments, …), each already computed. */
  deductions?: readonly PayslipDeduction[];
  /** `jkkRatePercent`: the rate itself (a run passes its setting resolved for the pay date, jkkRateOfSetting). */
  bpjs?: { jkkRatePercent: DecInput; extraFamilyMembers?: number; minimumWage?: number; jpApplies?: boolean } | null;
  /** The legal values in force on the pay date (caps, rates; the run resolves them once from the legal table). Default: the built-in rows. */
  legal?: LegalValues;
  tax?: { terRounding?: TerRounding; taxIdValid?: boolean; noTaxIdSurcharge?: boolean };
}
export interface PayslipLine {
  code: string;
  name: string;
  /** earning / deduction: paid or withheld; employer: paid by the employer on top (not in net pay). */
  kind: 'earning' | 'deduction' | 'employer';
  amount: number;
  trace: Trace;
}
export interface Payslip {
  lines: PayslipLine[];
  /** Σ earnings (cash pay before deductions). */
  gross: number;
  /** PPh 21 gross: taxable earnings + taxable employer premiums. */
  taxableGross: number;
  totalDeductions: number;
  /** gross − totalDeductions, exactly. */
  net: number;
  pph21: number;
  /** Employee JHT + JP of the month: deductible only at the last tax period (PMK 168/2023 Pasal 10(1)b). */
  annualDeductions: number;
}

/**
 * One month's payslip for a month before the last tax period: earnings, BPJS (employer and employee shares),
 * PPh 21 by monthly TER on taxable gross incl. taxable employer premiums, other deductions; net = gross − deductions.
 */
export function calculateMonthlyPayslip(input: PayslipInput): Payslip {
  const lines: PayslipLine[] = [];
  for (const e of input.earnings)
    lines.push({ code: e.code, name: e.name, kind: 'earning', amount: toInt(dec(e.amount)), trace: e.trace });
  const gross = sum(input.earnings.map((e) => e.amount));
  const wageBase = sum(input.earnings.filter((e) => e.fixed).map((e) => e.amount));
  let taxableGross = sum(input.earnings.filter((e) => e.taxable !== false).map((e) => e.amount));
  let annualDeductions = new Dec(0);

  if (input.bpjs) {
    const legal = input.legal ?? builtInLegalValues(input.payDate);
    const regionalMinimum = legal.minimumWage ? wholeRupiah(legal.minimumWage.value) : undefined;
    const b = bpjsContributionsOf(
      {
        salary: toInt(wageBase),
        payDate: input.payDate,
        jkkRatePercent: input.bpjs.jkkRatePercent,
        extraFamilyMembers: input.bpjs.extraFamilyMembers ?? 0,
        minimumWage: input.bpjs.minimumWage ?? regionalMinimum,
        jpApplies: input.bpjs.jpApplies ?? true,
      },
      legal,
    );
    const o = b.output;
    const t = b.trace as Record<string, Trace>;
    lines.push(
      {
        code: 'bpjs-kes-employer',
        name: 'BPJS Kesehatan (employer)',
        kind: 'employer',
        amount: o.kesehatan.employer,
        trace: t['kesehatan.employer']!,
      },
      { code: 'bpjs-jht-employer', name: 'JHT (employer)', kind: 'employer', amount: o.jht.employer, trace: t['jht.employer']! },
      { code: 'bpjs-jp-employer', name: 'JP (employer)', kind: 'employer', amount: o.jp.employer, trace: t['jp.employer']! },
      { code: 'bpjs-jkk', name: 'JKK (employer)', kind: 'employer', amount: o.jkk.employer, trace: t['jkk.employer']! },
      { code: 'bpjs-jkm', name: 'JKM (employer)', kind: 'employer', amount: o.jkm.employer, trace: t['jkm.employer']! },
      {
        code: 'bpjs-kes-employee',
        name: 'BPJS Kesehatan',
        kind: 'deduction',
        amount: o.kesehatan.employee,
        trace: t['kesehatan.employee']!,
      },
    );
    if (o.kesehatan.extraFamily > 0) {
      lines.push({
        code: 'bpjs-kes-family',
        name: 'BPJS Kesehatan extra family',
        kind: 'deduction',
        amount: o.kesehatan.extraFamily,
        trace: t['kesehatan.extraFamily']!,
      });
    }
    lines.push(
      { code: 'bpjs-jht-employee', name: 'JHT', kind: 'deduction', amount: o.jht.employee, trace: t['jht.employee']! },
      { code: 'bpjs-jp-employee', name: 'JP', kind: 'deduction', amount: o.jp.employee, trace: t['jp.employee']! },
    );
    taxableGross = taxableGross.plus(o.taxableEmployerPremiums);
    annualDeductions = new Dec(o.jht.employee + o.jp.employee);
  }

  const tax = input.tax ?? {};
  const ter = monthlyTer({
    category: terCategoryFor(input.ptkpStatus),
    gross: taxableGross,
    rounding: tax.terRounding ?? 'floor',
    surchargePercent: surchargePercent({ taxIdValid: tax.taxIdValid ?? true, noTaxIdSurcharge: tax.noTaxIdSurcharge ?? true }),
  });
  lines.push({ code: 'pph21', name: 'PPh 21', kind: 'deduction', amount: toInt(ter.pph21), trace: ter.trace });
  for (const d of input.deductions ?? [])
    lines.push({ code: d.code, name: d.name, kind: 'deduction', amount: toInt(dec(d.amount)), trace: d.trace });

  const totalDeductions = sum(lines.filter((l) => l.kind === 'deduction').map((l) => l.amount));
  const net = gross.minus(totalDeductions);
  return {
    lines,
    gross: toInt(gross),
    taxableGross: toInt(taxableGross),
    totalDeductions: toInt(totalDeductions),
    net: toInt(net),
    pph21: toInt(ter.pph21),
    annualDeductions: toInt(annualDeductions),
  };
}

/** A trace for an amount entered by HR or taken from the employee's salary record. */
export const enteredAmountTrace = (what: string, amount: DecInput, source = 'employee salary record'): Trace =>
  trace(what, 'entered amount', { amount: dec(amount).toString() }, source);
