import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JKK_RATES_PERCENT, JKK_RELIEF_RATES_PERCENT } from '../schema';
import { builtInLegalValues } from '../../legal-tables/schema';
import { bpjsContributions, bpjsContributionsOf, calculateBpjs, jkkRatePercent, jpWageCapOn } from './bpjs';

describe('BPJS contributions (payroll-id.md §2)', () => {
  it('computes every share for 15,000,000 paid on 25 April 2026 (caps: Kesehatan 12,000,000, JP 11,086,300)', () => {
    const { output, trace } = calculateBpjs({
      salary: 15_000_000,
      payDate: '2026-04-25',
      jkkRatePercent: 0.24,
      extraFamilyMembers: 0,
    });
    expect(output).toEqual({
      kesehatan: { base: 12_000_000, employer: 480_000, employee: 120_000, extraFamily: 0 },
      jht: { employer: 555_000, employee: 300_000 }, // no cap: 3.7% and 2% of 15,000,000
      jp: { base: 11_086_300, employer: 221_726, employee: 110_863 },
      jkk: { employer: 36_000 },
      jkm: { employer: 45_000 },
      taxableEmployerPremiums: 480_000 + 36_000 + 45_000,
    });
    expect(trace['jp.base']?.inputs).toMatchObject({ wageCap: 11_086_300 });
    expect(trace.taxableEmployerPremiums?.source).toMatch(/Pasal 5\(3\)/);
  });

  it('applies each JP cap from the March contribution: boundary dates', () => {
    expect(jpWageCapOn('2023-03-01').cap).toBe(9_559_600);
    expect(jpWageCapOn('2024-02-29').cap).toBe(9_559_600);
    expect(jpWageCapOn('2024-03-01').cap).toBe(10_042_300);
    expect(jpWageCapOn('2025-02-28').cap).toBe(10_042_300);
    expect(jpWageCapOn('2025-03-01').cap).toBe(10_547_400);
    expect(jpWageCapOn('2026-02-28').cap).toBe(10_547_400);
    expect(jpWageCapOn('2026-03-01').cap).toBe(11_086_300);
    expect(jpWageCapOn('2026-03-01').note).toBeNull();
    expect(jpWageCapOn('2027-03-01')).toMatchObject({ cap: 11_086_300, note: expect.stringMatching(/not on record/) });
    expect(() => jpWageCapOn('2023-02-28')).toThrow(/no JP wage cap/);
    const feb = calculateBpjs({ salary: 20_000_000, payDate: '2026-02-28', jkkRatePercent: 0.24 }).output.jp;
    const mar = calculateBpjs({ salary: 20_000_000, payDate: '2026-03-01', jkkRatePercent: 0.24 }).output.jp;
    expect(feb).toEqual({ base: 10_547_400, employer: 210_948, employee: 105_474 });
    expect(mar).toEqual({ base: 11_086_300, employer: 221_726, employee: 110_863 });
  });

  it('charges 1% per extra family member, raises the Kesehatan base to the minimum wage, stops JP past pension age', () => {
    const o = calculateBpjs({
      salary: 4_000_000,
      payDate: '2026-04-25',
      jkkRatePercent: 0.89,
      extraFamilyMembers: 2,
      minimumWage: 5_396_761,
      jpApplies: false,
    }).output;
    expect(o.kesehatan).toEqual({ base: 5_396_761, employer: 215_870, employee: 53_968, extraFamily: 107_935 });
    expect(o.jp).toEqual({ base: 0, employer: 0, employee: 0 });
    expect(o.jkk.employer).toBe(35_600);
    expect(o.jht).toEqual({ employer: 148_000, employee: 80_000 });
  });

  it('rounds each share half up to whole rupiah', () => {
    const o = calculateBpjs({ salary: 3_333_350, payDate: '2026-04-25', jkkRatePercent: 0.24 }).output;
    expect(o.kesehatan.employee).toBe(33_334); // 33,333.5
    expect(o.jkm.employer).toBe(10_000); // 10,000.05
  });

  it('picks the JKK rate by risk class, with the 50% relief only from Feb 2025 to Jan 2026', () => {
    expect([1, 2, 3, 4, 5].map((c) => jkkRatePercent(c as 1, '2026-04-25'))).toEqual([...JKK_RATES_PERCENT]);
    expect([1, 2, 3, 4, 5].map((c) => jkkRatePercent(c as 1, '2025-06-25', true))).toEqual([...JKK_RELIEF_RATES_PERCENT]);
    expect(jkkRatePercent(3, '2026-02-01', true)).toBe('0.89');
    expect(jkkRatePercent(3, '2025-01-31', true)).toBe('0.89');
  });

  it('never goes above the caps (property)', () => {
    const date = fc
      .integer({ min: 0, max: 1500 })
      .map((d) => new Date(Date.UTC(2023, 2, 1) + d * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), date, fc.integer({ min: 0, max: 5 }), (salary, payDate, extra) => {
        const o = calculateBpjs({ salary, payDate, jkkRatePercent: 1.74, extraFamilyMembers: extra }).output;
        const cap = jpWageCapOn(payDate).cap;
        return (
          o.kesehatan.base <= 12_000_000 &&
          o.kesehatan.employer + o.kesehatan.employee <= 600_000 &&
          o.kesehatan.extraFamily <= 120_000 * extra &&
          o.jp.base <= cap &&
          o.jp.employer <= Math.round(cap * 0.02) + 1 &&
          o.jp.employee <= Math.round(cap * 0.01) + 1 &&
          o.taxableEmployerPremiums === o.kesehatan.employer + o.jkk.employer + o.jkm.employer
        );
      }),
      { numRuns: 300 },
    );
  });

  it('a run remembers contributions per set of figures: any figure that differs gives its own, equal to a fresh calculation', () => {
    const legal = builtInLegalValues('2026-04-25');
    const base = { salary: 15_000_000, payDate: '2026-04-25', jkkRatePercent: '0.24', extraFamilyMembers: 0, jpApplies: true };
    const variants = [
      base,
      { ...base, salary: 9_000_000 },
      { ...base, jkkRatePercent: '0.54' },
      { ...base, extraFamilyMembers: 2 },
      { ...base, jpApplies: false },
      { ...base, minimumWage: 16_000_000 },
      { ...base, payDate: '2026-05-25' },
    ];
    for (const v of [...variants, ...variants]) expect(bpjsContributionsOf(v, legal)).toEqual(bpjsContributions(v, legal));
    const kes = variants.map((v) => bpjsContributionsOf(v, legal).output);
    expect(kes[3]!.kesehatan.extraFamily).toBe(240_000);
    expect(kes[4]!.jp.employer).toBe(0);
    expect(kes[5]!.kesehatan.base).toBe(12_000_000);
    expect(kes[2]!.jkk.employer).toBe(81_000);
  });
});
