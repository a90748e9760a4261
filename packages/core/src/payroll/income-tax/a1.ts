import { article17Tax, type Pph21LastPeriodOutput } from '../formulas/pph21';
import { Dec, sum, toRupiah } from '../money';
import type { A1Line, IncomeTaxBasis } from './schema';

/*
 * The 1721-A1-style annual summary: payslip line codes → form lines, and lines 9–19 from the PPh 21
 * engine's last-period calculation (formulas/pph21.ts; never re-implemented here). Pure.
 */

/**
 * THE mapping of payslip line codes (payroll/runs: `{ code, name, kind, amount, trace }`) to the lines of
 * form 1721-A1. Documented in docs/income-tax.md. Lines 4 and 6 have no payslip code (runs do not pay
 * honoraria or benefits in kind) and stay 0. Line 3 is taken as the payslip's taxable gross
 * minus lines 1, 2, 5 and 7, so it holds the taxable components and overtime and excludes non-taxable
 * components exactly as the payslip did; line 8 therefore always equals Σ taxable gross.
 */
export const A1_CODE_MAP: readonly { code: string; line: number | null; what: string }[] = [
  { code: 'basic', line: 1, what: 'gaji (basic salary)' },
  { code: 'tax-allowance', line: 2, what: 'tunjangan PPh (employer-borne PPh 21, gross-up)' },
  { code: 'component-<id>', line: 3, what: 'tunjangan lainnya (taxable salary components)' },
  { code: 'piece-<n>', line: 3, what: 'upah borongan (piece / unit work)' },
  { code: 'overtime-<n>', line: 3, what: 'uang lembur (overtime pay, PP 35/2021)' },
  { code: 'bpjs-kes-employer', line: 5, what: 'premi asuransi: BPJS Kesehatan employer 4% (PMK 168/2023 Pasal 5(3)e)' },
  { code: 'bpjs-jkk', line: 5, what: 'premi asuransi: JKK employer (Pasal 5(3)d)' },
  { code: 'bpjs-jkm', line: 5, what: 'premi asuransi: JKM employer (Pasal 5(3)d)' },
  { code: 'bonus-<n>', line: 7, what: 'bonus (salary/bonusCut) when taxable; a non-taxable bonus is left out' },
  { code: 'thr…', line: 7, what: 'THR (always taxable, PMK 168/2023 Pasal 5(3)b)' },
  { code: 'bpjs-jht-employee', line: 10, what: 'iuran JHT employee 2% (Pasal 10(1)b)' },
  { code: 'bpjs-jp-employee', line: 10, what: 'iuran JP employee 1% (Pasal 10(1)b)' },
  { code: 'pph21', line: 20, what: 'PPh 21 withheld (TER months and the December reconciliation, refund negative)' },
  { code: 'bpjs-jht-employer, bpjs-jp-employer', line: null, what: 'not income (Pasal 7c)' },
  { code: 'bpjs-kes-employee, cut-<n>, other deductions', line: null, what: 'not deductible / after tax' },
];

const PREMIUM_CODES = new Set(['bpjs-kes-employer', 'bpjs-jkk', 'bpjs-jkm']);

/** The 1721-A1 gross lines of one payslip. `bonusTaxable(code)` says whether a `bonus-<n>` line was taxable. */
export function payslipA1Parts(
  lines: readonly { code: string; amount: number | string }[],
  taxableGross: string | number,
  bonusTaxable: (code: string) => boolean,
): { l1: Dec; l2: Dec; l3: Dec; l5: Dec; l7: Dec } {
  const pick = (f: (code: string) => boolean) => sum(lines.filter((l) => f(l.code)).map((l) => String(l.amount)));
  const l1 = pick((c) => c === 'basic');
  const l2 = pick((c) => c === 'tax-allowance');
  const l5 = pick((c) => PREMIUM_CODES.has(c));
  const l7 = pick((c) => c.startsWith('thr') || (/^bonus-\d+$/.test(c) && bonusTaxable(c)));
  const l3 = new Dec(String(taxableGross)).minus(l1).minus(l2).minus(l5).minus(l7);
  return { l1, l2, l3, l5, l7 };
}

export const A1_LABELS: Record<number, string> = {
  1: 'Gaji/pensiun atau THT/JHT',
  2: 'Tunjangan PPh',
  3: 'Tunjangan lainnya, uang lembur dan sebagainya',
  4: 'Honorarium dan imbalan lain sejenisnya',
  5: 'Premi asuransi yang dibayar pemberi kerja',
  6: 'Penerimaan dalam bentuk natura dan kenikmatan lainnya',
  7: 'Tantiem, bonus, gratifikasi, jasa produksi dan THR',
  8: 'Jumlah penghasilan bruto (1 s.d. 7)',
  9: 'Biaya jabatan/biaya pensiun',
  10: 'Iuran pensiun atau iuran THT/JHT',
  11: 'Jumlah pengurangan (9 s.d. 10)',
  12: 'Jumlah penghasilan neto (8 - 11)',
  13: 'Penghasilan neto masa sebelumnya',
  14: 'Jumlah penghasilan neto untuk penghitungan PPh 21 (setahun/disetahunkan)',
  15: 'Penghasilan tidak kena pajak (PTKP)',
  16: 'Penghasilan kena pajak setahun/disetahunkan',
  17: 'PPh 21 atas penghasilan kena pajak setahun/disetahunkan',
  18: 'PPh 21 yang telah dipotong masa sebelumnya',
  19: 'PPh 21 terutang',
  20: 'PPh 21 dan PPh 26 yang telah dipotong dan dilunasi',
};

/**
 * Lines 1–20. `lastPeriod` is the engine's last-period output for the months (annualised when the basis is
 * a projection, then line 19 is the year-to-date share `line 17 × n/12`). Lines 13 and 18 are the previous
 * employer's slip of the year when HR entered one (PMK 168 example I.2.2.2b; the engine's net income
 * already includes it, so line 14 = 12 + 13), else 0.
 */
export function a1Lines(args: {
  parts: { l1: Dec; l2: Dec; l3: Dec; l5: Dec; l7: Dec };
  previous?: { netIncome: Dec; taxWithheld: Dec } | undefined;
  annualDeductions: Dec;
  withheld: Dec;
  lastPeriod: Pph21LastPeriodOutput;
  basis: IncomeTaxBasis;
}): A1Line[] {
  const { parts, lastPeriod: lp } = args;
  const v = new Map<number, Dec>();
  v.set(1, parts.l1).set(2, parts.l2).set(3, parts.l3).set(4, new Dec(0)).set(5, parts.l5).set(6, new Dec(0)).set(7, parts.l7);
  v.set(8, sum([1, 2, 3, 4, 5, 6, 7].map((n) => v.get(n)!)));
  v.set(9, new Dec(lp.biayaJabatan)).set(10, args.annualDeductions);
  v.set(11, v.get(9)!.plus(v.get(10)!));
  v.set(12, v.get(8)!.minus(v.get(11)!));
  v.set(13, args.previous?.netIncome ?? new Dec(0));
  v.set(14, new Dec(lp.netIncome));
  v.set(15, new Dec(lp.ptkp)).set(16, new Dec(lp.pkp));
  // Full-year Article 17 tax on line 16 (same function and half-up rounding as the engine's pph21Year).
  v.set(17, args.basis === 'projection' ? toRupiah(article17Tax(lp.pkp).tax) : new Dec(lp.pph21Year));
  v.set(18, args.previous?.taxWithheld ?? new Dec(0));
  v.set(19, new Dec(lp.pph21Year).minus(v.get(18)!));
  v.set(20, args.withheld);
  return [...v.entries()].map(([no, amount]) => ({
    no,
    label: no === 19 && args.basis === 'projection' ? `${A1_LABELS[19]} (proyeksi s.d. bulan ini: 17 × n/12)` : A1_LABELS[no]!,
    amount: amount.toFixed(0),
  }));
}
