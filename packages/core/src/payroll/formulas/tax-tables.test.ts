import { describe, expect, it } from 'vitest';
import { PTKP_STATUSES } from '../schema';
import { article17Tax, ptkpAmount, terCategoryFor, terMonthlyRatePercent } from './pph21';
import { TER_MONTHLY } from './tax-tables';

const rate = (c: 'A' | 'B' | 'C', g: number) => terMonthlyRatePercent(c, g).toNumber();

describe('TER monthly tables (PP 58/2023 Lampiran A–C, payroll-id.md §1.5)', () => {
  it('has 44, 40 and 41 rows with strictly rising limits and rates', () => {
    expect(TER_MONTHLY.A).toHaveLength(44);
    expect(TER_MONTHLY.B).toHaveLength(40);
    expect(TER_MONTHLY.C).toHaveLength(41);
    for (const rows of Object.values(TER_MONTHLY)) {
      for (let i = 1; i < rows.length; i++) {
        const [prevMax, prevRate] = rows[i - 1] as [number, string];
        const [max, r] = rows[i] as [number | null, string];
        if (max !== null) expect(max).toBeGreaterThan(prevMax);
        expect(Number(r)).toBeGreaterThan(Number(prevRate));
      }
      expect(rows[rows.length - 1]?.[0]).toBeNull();
    }
  });

  it('applies a row when gross is above the previous limit and at most its own', () => {
    expect(rate('A', 0)).toBe(0);
    expect(rate('A', 5_400_000)).toBe(0);
    expect(rate('A', 5_400_001)).toBe(0.25);
    expect(rate('A', 10_000_000)).toBe(2);
    expect(rate('A', 1_400_000_000)).toBe(33);
    expect(rate('A', 1_400_000_001)).toBe(34);
    expect(rate('B', 6_200_000)).toBe(0);
    expect(rate('B', 6_200_001)).toBe(0.25);
    expect(rate('B', 1_405_000_000)).toBe(33);
    expect(rate('B', 1_405_000_001)).toBe(34);
    expect(rate('C', 6_600_000)).toBe(0);
    expect(rate('C', 1_419_000_000)).toBe(33);
    expect(rate('C', 1_419_000_001)).toBe(34);
  });

  it('keeps the boundaries that public copies get wrong (payroll-id.md §5)', () => {
    // Category B row 7/8 is 11,250,000 (a Scribd upload says 11,125,000).
    expect(rate('B', 11_200_000)).toBe(2);
    expect(rate('B', 11_250_000)).toBe(2);
    expect(rate('B', 11_250_001)).toBe(2.5);
    // Category C 60,400,000, 66,700,000 and 95,600,000 (a PHP seeder has 61.4M, 68M, 95M).
    expect(rate('C', 60_400_000)).toBe(19);
    expect(rate('C', 60_400_001)).toBe(20);
    expect(rate('C', 66_700_000)).toBe(20);
    expect(rate('C', 66_700_001)).toBe(21);
    expect(rate('C', 95_600_000)).toBe(23);
    expect(rate('C', 95_600_001)).toBe(24);
    // Category A row 35 is 25% (a blog table says 8.5%).
    expect(rate('A', 110_000_000)).toBe(25);
  });

  it('maps PTKP statuses to categories (PP 58/2023 Pasal 2(3)–(4))', () => {
    expect(PTKP_STATUSES.map((s) => `${s}:${terCategoryFor(s)}`)).toEqual([
      'TK/0:A',
      'TK/1:A',
      'TK/2:B',
      'TK/3:B',
      'K/0:A',
      'K/1:B',
      'K/2:B',
      'K/3:C',
    ]);
  });

  it('has the PTKP amounts of PMK 101/2016 (payroll-id.md §1.4)', () => {
    expect(PTKP_STATUSES.map(ptkpAmount)).toEqual([
      54_000_000, 58_500_000, 63_000_000, 67_500_000, 58_500_000, 63_000_000, 67_500_000, 72_000_000,
    ]);
  });
});

describe('Article 17 layers (UU HPP, payroll-id.md §1.8)', () => {
  it('taxes each layer at its own rate', () => {
    expect(article17Tax(0).tax.toNumber()).toBe(0);
    expect(article17Tax(60_000_000).tax.toNumber()).toBe(3_000_000);
    expect(article17Tax(250_000_000).tax.toNumber()).toBe(3_000_000 + 28_500_000);
    expect(article17Tax(500_000_000).tax.toNumber()).toBe(3_000_000 + 28_500_000 + 62_500_000);
    expect(article17Tax(5_000_000_000).tax.toNumber()).toBe(94_000_000 + 1_350_000_000);
    expect(article17Tax(6_000_000_000).tax.toNumber()).toBe(1_444_000_000 + 350_000_000);
    expect(article17Tax(175_500_000).tax.toNumber()).toBe(20_325_000);
  });
});
