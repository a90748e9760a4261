import { describe, expect, it } from 'vitest';
import { calculatePph21 } from '../formulas/pph21';
import { Dec } from '../money';
import { a1Lines, payslipA1Parts } from './a1';

describe('1721-A1 lines from payslip lines', () => {
  const lines = [
    { code: 'basic', amount: 10_000_000 },
    { code: 'component-3', amount: 1_000_000 },
    { code: 'component-4', amount: 500_000 }, // non-taxable: not in taxable gross
    { code: 'overtime-1', amount: 200_000 },
    { code: 'bonus-1', amount: 2_000_000 },
    { code: 'bonus-2', amount: 300_000 }, // non-taxable bonus
    { code: 'thr', amount: 10_000_000 },
    { code: 'bpjs-kes-employer', amount: 400_000 },
    { code: 'bpjs-jht-employer', amount: 370_000 },
    { code: 'bpjs-jkk', amount: 24_000 },
    { code: 'bpjs-jkm', amount: 30_000 },
    { code: 'pph21', amount: 1_500_000 },
  ];
  const taxableGross = 10_000_000 + 1_000_000 + 200_000 + 2_000_000 + 10_000_000 + 400_000 + 24_000 + 30_000;

  it('maps basic → 1, taxable components and overtime → 3, employer premiums → 5, taxable bonus and THR → 7', () => {
    const p = payslipA1Parts(lines, taxableGross, (code) => code !== 'bonus-2');
    expect(p.l1.toNumber()).toBe(10_000_000);
    expect(p.l3.toNumber()).toBe(1_200_000);
    expect(p.l5.toNumber()).toBe(454_000);
    expect(p.l7.toNumber()).toBe(12_000_000);
    expect(p.l1.plus(p.l3).plus(p.l5).plus(p.l7).toNumber()).toBe(taxableGross);
  });

  it('lines 8–20 follow the engine; a projection labels line 19 and uses the full-year Article 17 on line 17', () => {
    const parts = payslipA1Parts(lines, taxableGross, () => true);
    const lp = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      lastTaxPeriod: 3,
      annualise: true,
      months: [1, 2, 3].map((month) => ({
        month,
        gross: month === 1 ? taxableGross - 14_000_000 : 7_000_000,
        annualDeductions: 300_000,
      })),
    }).output.lastPeriod!;
    const a = a1Lines({
      parts,
      annualDeductions: new Dec(900_000),
      withheld: new Dec(1_500_000),
      lastPeriod: lp,
      basis: 'projection',
    });
    const v = (n: number) => Number(a.find((l) => l.no === n)!.amount);
    expect(v(8)).toBe(taxableGross);
    expect(v(11)).toBe(v(9) + v(10));
    expect(v(12)).toBe(v(8) - v(11));
    expect(v(19)).toBe(lp.pph21Year);
    expect(v(17)).toBeGreaterThan(v(19)); // the full year against three months' share
    expect(a.find((l) => l.no === 19)!.label).toMatch(/proyeksi/);
    expect(v(20)).toBe(1_500_000);
  });
});
