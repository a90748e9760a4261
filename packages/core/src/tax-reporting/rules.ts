import { DAILY_TER, Dec, dailyPph21, PTKP_STATUSES } from '../payroll/index';
import { nikProblem, npwp16, type TaxReportKind } from './schema';

/*
 * Pure rules of the Coretax e-Bupot PPh 21 files (issue 18 §1; docs/coretax.md): which file a finalised
 * payslip belongs to, and the row it becomes, field for field in the order of the files' XSDs (xsd/*.xsd).
 * Nothing here recomputes tax: the rate is the one on the payslip's PPh 21 line, the 1721-A1 figures are the
 * product's own 1721-A1 summary (payroll/income-tax getIncomeTax).
 */

/** A payslip line as stored: `{ code, name, kind, amount, trace }` (payroll/runs). */
export interface SlipLine {
  code: string;
  amount: number | string;
  trace?: { rule?: string; formula?: string; inputs?: Record<string, unknown> } | undefined;
}

/** A finalised payslip of the period with the employee data its row needs. */
export interface SlipSource {
  payslipId: number;
  runId: number;
  employeeId: number;
  employeeNumber: string;
  name: string;
  period: string;
  ptkpStatus: string;
  taxableGross: string;
  pph21: string;
  lines: readonly SlipLine[];
  nationalId: string | null;
  taxId: string | null;
  position: string | null;
  companyOfficeId: number;
  companyOffice: string;
  /** Contract type in force at the period's end (spec §3), null = none (permanent). */
  contractType: number | null;
}

/** An XML row: element names and values in the XSD's order; null is written `xsi:nil="true"`. */
export type XmlRow = readonly (readonly [string, string | null])[];

/**
 * Tax object codes (kode objek pajak) of PER-11/PJ/2025 Lampiran, as listed in DJP's BP21 converter
 * ("BP21 Excel to XML v.4.xlsx", sheet REF; xsd/bp21.xsd): deemed share of gross (%) and rate kind.
 */
export const TAX_OBJECT = {
  /** Penghasilan pegawai tetap (BPMP and BPA1). */
  permanent: '21-100-01',
  /** Upah pegawai tidak tetap dibayarkan secara bulanan: deemed 100, monthly TER. */
  nonPermanentMonthly: '21-100-35',
  /** Upah pegawai tidak tetap harian … sampai dengan Rp2.500.000 sehari: deemed 100, daily TER. */
  dailyUpTo2_5M: '21-100-24',
  /** … lebih dari Rp2.500.000 sehari: deemed 50, Pasal 17 rates. */
  dailyAbove2_5M: '21-100-30',
} as const;

/** The file a finalised payslip belongs to, from how the payroll engine taxed it (its PPh 21 line's rule). */
export type SlipForm =
  | { kind: 'bpmp'; taxObjectCode: string; rate: Dec | null }
  | { kind: 'bp21'; taxObjectCode: string; deemed: Dec; rate: Dec | null }
  | { kind: 'bpa1'; taxObjectCode: string };

const pph21Line = (s: SlipSource) => s.lines.find((l) => l.code === 'pph21');

/** Contract types 1 (training) and 2 (internship) are non-permanent workers paid monthly (payroll runs/compute.ts). */
const NON_PERMANENT_MONTHLY = new Set([1, 2]);

/**
 * Which file: the payroll engine's own decision, read from the payslip's PPh 21 line (runs/compute.ts):
 * - "PPh 21 last tax period": a permanent employee's December or leaving month → BPA1 only (PMK 168/2023
 *   Pasal 15(1)b; Coretax refuses a BPMP where the BPA1 of that period exists, PER-11/PJ/2025);
 * - "PPh 21 daily worker": daily TER (PP 58/2023 Lampiran D) → BP21 21-100-24, or above Rp2,500,000 a day
 *   Pasal 17 on 50% of gross → BP21 21-100-30;
 * - monthly TER: training and internship contracts → BP21 21-100-35; everyone else → BPMP 21-100-01.
 */
export function slipForm(s: SlipSource): SlipForm {
  const t = pph21Line(s)?.trace;
  if (t?.rule === 'PPh 21 last tax period') return { kind: 'bpa1', taxObjectCode: TAX_OBJECT.permanent };
  if (t?.rule === 'PPh 21 daily worker') {
    const dailyGross = t.inputs?.dailyGross;
    if (typeof dailyGross !== 'string' && typeof dailyGross !== 'number')
      return { kind: 'bp21', taxObjectCode: TAX_OBJECT.dailyUpTo2_5M, deemed: new Dec(100), rate: null };
    // The same function the run used on the same average daily gross (formulas/pph21.ts dailyPph21).
    const day = dailyPph21(new Dec(dailyGross));
    if (new Dec(dailyGross).lte(DAILY_TER.terUpTo))
      return { kind: 'bp21', taxObjectCode: TAX_OBJECT.dailyUpTo2_5M, deemed: new Dec(100), rate: day.ratePercent };
    // dailyPph21's rate is the effective rate on gross; the file states the rate on the deemed 50% share.
    const deemed = new Dec(DAILY_TER.article17SharePercent);
    return {
      kind: 'bp21',
      taxObjectCode: TAX_OBJECT.dailyAbove2_5M,
      deemed,
      rate: day.ratePercent.times(100).div(deemed).toDecimalPlaces(2),
    };
  }
  const ter = t?.inputs?.ratePercent;
  const rate = typeof ter === 'string' || typeof ter === 'number' ? new Dec(ter) : null;
  if (s.contractType !== null && NON_PERMANENT_MONTHLY.has(s.contractType))
    return { kind: 'bp21', taxObjectCode: TAX_OBJECT.nonPermanentMonthly, deemed: new Dec(100), rate };
  return { kind: 'bpmp', taxObjectCode: TAX_OBJECT.permanent, rate };
}

/**
 * The recipient's TIN for Coretax: the NIK (the NPWP of a resident individual since PMK 112/2022 Pasal 2(1)),
 * else the employee's 16-digit NPWP. `problem` says why there is none.
 */
export function counterpartTin(s: Pick<SlipSource, 'nationalId' | 'taxId'>): { tin: string | null; problem: string | null } {
  const nik = nikProblem(s.nationalId);
  if (!nik) return { tin: s.nationalId!.replace(/\D/g, ''), problem: null };
  const npwp = npwp16(s.taxId);
  if (npwp) return { tin: npwp, problem: null };
  return { tin: null, problem: `${nik}${s.taxId ? ' and the NPWP is not 15 or 16 digits' : ' and no NPWP'}` };
}

/** PPh 21 DTP (PMK 10/2025, PMK 105/2025): a payslip is DTP exactly when payroll paid the tax back on a `pph21-dtp` line. */
export const isDtp = (s: Pick<SlipSource, 'lines'>): boolean => s.lines.some((l) => l.code === 'pph21-dtp');

/** The last day of a period 'yyyy-mm': the withholding date of every row (within the tax period, as Coretax requires). */
export function periodEnd(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

const isPtkp = (s: string) => (PTKP_STATUSES as readonly string[]).includes(s);
const rateText = (d: Dec) => d.toString();

/** What every row needs from the company's identity. */
export interface RowIdentity {
  /** The NITKU of the employee's office (IDPlaceOfBusinessActivity), null when the office has none. */
  nitku: string | null;
}

/** A row of a file with what the preview shows and the problems that block the export. */
export interface BuiltRow {
  kind: TaxReportKind;
  taxObjectCode: string;
  counterpartTin: string | null;
  gross: string;
  tax: string;
  rate: string | null;
  certificate: 'N/A' | 'DTP';
  errors: string[];
  xml: XmlRow;
}

function commonProblems(s: SlipSource, id: RowIdentity, tin: ReturnType<typeof counterpartTin>): string[] {
  const errors: string[] = [];
  if (tin.problem) errors.push(tin.problem);
  if (!id.nitku) errors.push(`office ${s.companyOffice} has no NITKU in the company tax identity`);
  if (!isPtkp(s.ptkpStatus)) errors.push(`PTKP status ${s.ptkpStatus} is not one Coretax takes`);
  return errors;
}

/** A BPMP (MmPayroll) or BP21 (Bp21) row of one payslip. */
export function monthlyRow(s: SlipSource, form: Exclude<SlipForm, { kind: 'bpa1' }>, id: RowIdentity): BuiltRow {
  const tin = counterpartTin(s);
  const errors = commonProblems(s, id, tin);
  if (!form.rate) errors.push('the payslip’s PPh 21 line carries no rate');
  const [year, month] = s.period.split('-') as [string, string];
  const date = periodEnd(s.period);
  const certificate = isDtp(s) ? 'DTP' : 'N/A';
  const rate = form.rate ? rateText(form.rate) : null;
  const gross = new Dec(s.taxableGross).toFixed(0);
  const xml: XmlRow =
    form.kind === 'bpmp'
      ? [
          ['TaxPeriodMonth', String(Number(month))],
          ['TaxPeriodYear', year],
          ['CounterpartOpt', 'Resident'],
          ['CounterpartPassport', null],
          ['CounterpartTin', tin.tin],
          ['StatusTaxExemption', s.ptkpStatus],
          ['Position', s.position?.trim() || 'Pegawai'],
          ['TaxCertificate', certificate],
          ['TaxObjectCode', form.taxObjectCode],
          ['Gross', gross],
          ['Rate', rate],
          ['IDPlaceOfBusinessActivity', id.nitku],
          ['WithholdingDate', date],
        ]
      : [
          ['TaxPeriodMonth', String(Number(month))],
          ['TaxPeriodYear', year],
          ['CounterpartTin', tin.tin],
          // The recipient's own place of business: an individual's TIN with branch 000000 (DJP converter example).
          ['IDPlaceOfBusinessActivityOfIncomeRecipient', tin.tin && `${tin.tin}000000`],
          ['StatusTaxExemption', s.ptkpStatus],
          ['TaxCertificate', certificate],
          ['TaxObjectCode', form.taxObjectCode],
          ['Gross', gross],
          ['Deemed', rateText(form.deemed)],
          ['Rate', rate],
          // The withholding rests on the payslip: proof of payment (DocType PaymentProof), numbered by the payslip.
          ['Document', 'PaymentProof'],
          ['DocumentNumber', `PAYSLIP-${s.payslipId}`],
          ['DocumentDate', date],
          ['IDPlaceOfBusinessActivity', id.nitku],
          ['WithholdingDate', date],
        ];
  return {
    kind: form.kind,
    taxObjectCode: form.taxObjectCode,
    counterpartTin: tin.tin,
    gross,
    tax: new Dec(s.pph21).toFixed(0),
    rate,
    certificate,
    errors,
    xml,
  };
}

/** The 1721-A1 figures of the year (payroll/income-tax getIncomeTax): the basis, months and lines 1–20. */
export interface A1Figures {
  basis: 'final' | 'left' | 'projection';
  firstMonth: number;
  lastMonth: number;
  ptkpStatus: string;
  totalWithheld: string;
  a1: readonly { no: number; amount: string }[];
}

/**
 * XML elements of BPA1 ← lines of form 1721-A1 (PER-2/PJ/2024 layout; payroll/income-tax/a1.ts A1_CODE_MAP):
 * the income lines 1–7, the deductible contributions of line 10, and line 20 (PPh 21 withheld and paid by this
 * employer for the year, which equals line 19 once the last tax period has reconciled the year).
 */
export const BPA1_LINES = {
  SalaryPensionJhtTht: 1,
  IncomeTaxBenefit: 2,
  OtherBenefit: 3,
  Honorarium: 4,
  InsurancePaidByEmployer: 5,
  Natura: 6,
  TantiemBonusThr: 7,
  PensionContributionJhtThtFee: 10,
  Article21IncomeTax: 20,
} as const;

/** The BPA1 (A1) row of an employee's last tax period, from the product's 1721-A1 figures. */
export function annualRow(s: SlipSource, a1: A1Figures, id: RowIdentity): BuiltRow {
  const tin = counterpartTin(s);
  const errors = commonProblems(s, id, tin);
  const line = (no: number) => new Dec(a1.a1.find((l) => l.no === no)?.amount ?? '0');
  if (a1.basis === 'projection')
    errors.push('the 1721-A1 is still a projection: record the resignation (employee marked resigned) first');
  for (const [tag, no] of Object.entries(BPA1_LINES))
    if (line(no).isNegative()) errors.push(`1721-A1 line ${no} (${tag}) is negative`);
  const [year] = s.period.split('-') as [string];
  const fullYear = a1.firstMonth === 1 && a1.lastMonth === 12;
  const amount = (no: number) => line(no).toFixed(0);
  const certificate = isDtp(s) ? 'DTP' : 'N/A';
  const xml: XmlRow = [
    ['WorkForSecondEmployer', 'No'],
    ['TaxPeriodMonthStart', String(a1.firstMonth)],
    ['TaxPeriodMonthEnd', String(a1.lastMonth)],
    ['TaxPeriodYear', year],
    ['CounterpartOpt', 'Resident'],
    ['CounterpartPassport', null],
    ['CounterpartTin', tin.tin],
    ['TaxExemptOpt', a1.ptkpStatus],
    // FullYear: January to December with this employer; PartialYear: joined or left during the year.
    ['StatusOfWithholding', fullYear ? 'FullYear' : 'PartialYear'],
    ['CounterpartPosition', s.position?.trim() || 'Pegawai'],
    ['TaxObjectCode', TAX_OBJECT.permanent],
    ['NumberOfMonths', fullYear ? '0' : String(a1.lastMonth - a1.firstMonth + 1)],
    ['SalaryPensionJhtTht', amount(BPA1_LINES.SalaryPensionJhtTht)],
    ['GrossUpOpt', line(BPA1_LINES.IncomeTaxBenefit).gt(0) ? 'Yes' : 'No'],
    ['IncomeTaxBenefit', amount(BPA1_LINES.IncomeTaxBenefit)],
    ['OtherBenefit', amount(BPA1_LINES.OtherBenefit)],
    ['Honorarium', amount(BPA1_LINES.Honorarium)],
    ['InsurancePaidByEmployer', amount(BPA1_LINES.InsurancePaidByEmployer)],
    ['Natura', amount(BPA1_LINES.Natura)],
    ['TantiemBonusThr', amount(BPA1_LINES.TantiemBonusThr)],
    ['PensionContributionJhtThtFee', amount(BPA1_LINES.PensionContributionJhtThtFee)],
    // Zakat through the employer is not recorded by payroll (1721-A1 has no line for it here).
    ['Zakat', '0'],
    ['PrevWhTaxSlip', null],
    ['TaxCertificate', certificate],
    ['Article21IncomeTax', amount(BPA1_LINES.Article21IncomeTax)],
    ['IDPlaceOfBusinessActivity', id.nitku],
    ['WithholdingDate', periodEnd(s.period)],
  ];
  return {
    kind: 'bpa1',
    taxObjectCode: TAX_OBJECT.permanent,
    counterpartTin: tin.tin,
    gross: line(8).toFixed(0),
    tax: amount(BPA1_LINES.Article21IncomeTax),
    rate: null,
    certificate,
    errors,
    xml,
  };
}
