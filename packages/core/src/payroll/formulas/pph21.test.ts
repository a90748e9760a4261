import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../money';
import { type Pph21Input, PTKP_STATUSES, TER_CATEGORIES, type TerRounding } from '../schema';
import { calculatePph21, calculatePph21Daily, monthlyTer, surchargePercent } from './pph21';

const year = (gross: number, annualDeductions = 0) =>
  Array.from({ length: 12 }, (_, i) => ({ month: i + 1, gross, annualDeductions }));

describe('PPh 21 monthly TER (PMK 168/2023 Pasal 15(1)a)', () => {
  it('withholds TER × gross each month before the last tax period, category from the PTKP status', () => {
    const { output } = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'K/1',
      months: [{ month: 1, gross: 10_000_000, annualDeductions: 100_000 }],
    });
    // K/1 → category B; 10,000,000 is in B row 6 (9,200,000 < g ≤ 10,750,000): 1.5%.
    expect(output).toEqual({
      monthly: [{ month: 1, gross: 10_000_000, terCategory: 'B', terRatePercent: 1.5, pph21: 150_000 }],
      lastPeriod: null,
    });
  });

  it('adds a bonus/THR to the month it is paid, which can move it to a higher bracket (PMK 72/2025 B-6)', () => {
    const { output } = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      months: [
        { month: 2, gross: 8_000_000 },
        { month: 3, gross: 16_000_000 },
      ],
    });
    expect(output.monthly.map((m) => [m.terRatePercent, m.pph21])).toEqual([
      [1.5, 120_000],
      [7, 1_120_000],
    ]);
  });

  it('truncates a fractional TER amount by default and rounds half up when the company says so (payroll-id.md §1.9)', () => {
    const months = [{ month: 1, gross: 5_400_201 }]; // 0.25% → 13,500.5025
    expect(calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months }).output.monthly[0]?.pph21).toBe(13_500);
    expect(calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months, terRounding: 'half-up' }).output.monthly[0]?.pph21).toBe(
      13_501,
    );
  });

  it('withholds 120% without a valid tax ID, unless the company switch is off (UU PPh Pasal 21(5a))', () => {
    const base: Pph21Input = { taxYear: 2026, ptkpStatus: 'K/1', months: [{ month: 1, gross: 10_000_000 }] };
    expect(calculatePph21({ ...base, taxIdValid: false }).output.monthly[0]?.pph21).toBe(180_000);
    expect(calculatePph21({ ...base, taxIdValid: false, noTaxIdSurcharge: false }).output.monthly[0]?.pph21).toBe(150_000);
    expect(calculatePph21({ ...base, taxIdValid: true }).output.monthly[0]?.pph21).toBe(150_000);
  });
});

describe('PPh 21 last tax period (PMK 168/2023 Pasal 15(1)b, payroll-id.md §1.7)', () => {
  it('reconciles December against Article 17 with biaya jabatan capped at 6,000,000 and the employee deductions', () => {
    const { output, trace } = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/1', months: year(10_000_000, 300_000) });
    expect(output.monthly).toHaveLength(11);
    expect(output.lastPeriod).toEqual({
      month: 12,
      grossYear: 120_000_000,
      biayaJabatan: 6_000_000, // 5% = 6,000,000 = cap 12 × 500,000
      deductions: 3_600_000,
      netIncome: 110_400_000,
      ptkp: 63_000_000,
      pkp: 47_400_000,
      pph21Year: 2_370_000, // 5% × 47,400,000
      withheldBefore: 1_650_000, // 11 × 150,000
      pph21: 720_000,
    });
    expect(trace['lastPeriod.pkp']?.source).toMatch(/Pasal 8\(4\)/);
    expect(trace['lastPeriod.biayaJabatan']?.inputs).toMatchObject({ months: 12, capPerMonth: 500_000 });
  });

  it('refunds over-withholding in December: the last-period amount is negative', () => {
    // TK/0, 8,000,000 a month, THR of 8,000,000 in March (TER 7% that month), JHT+JP 240,000 a month.
    const months = year(8_000_000, 240_000).map((m) => (m.month === 3 ? { ...m, gross: 16_000_000 } : m));
    const lp = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months }).output.lastPeriod;
    expect(lp).toMatchObject({
      grossYear: 104_000_000,
      biayaJabatan: 5_200_000,
      deductions: 2_880_000,
      netIncome: 95_920_000,
      pkp: 41_920_000,
      pph21Year: 2_096_000,
      withheldBefore: 10 * 120_000 + 1_120_000,
      pph21: -224_000,
    });
  });

  it('floors PKP to the thousand before Article 17 and never below 0', () => {
    const lp = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months: [{ month: 12, gross: 4_000_000 }] }).output.lastPeriod;
    expect(lp).toMatchObject({
      grossYear: 4_000_000,
      biayaJabatan: 200_000,
      netIncome: 3_800_000,
      pkp: 0,
      pph21Year: 0,
      pph21: 0,
    });
    const lp2 = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months: year(5_000_999) }).output.lastPeriod;
    // 60,011,988 − 3,000,599 (5%, rounded half up) − 54,000,000 = 3,011,389 → PKP 3,011,000.
    expect(lp2).toMatchObject({
      grossYear: 60_011_988,
      biayaJabatan: 3_000_599,
      netIncome: 57_011_389,
      pkp: 3_011_000,
      pph21Year: 150_550,
    });
  });

  it('ends the year at the month of leaving: employment ended 1 September → last period August (example PMK168-B-I.2.2.1)', () => {
    const months = year(10_000_000).filter((m) => m.month <= 8);
    const { output } = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', lastTaxPeriod: 8, months });
    expect(output.monthly.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Not annualised: actual 8 months, biaya jabatan capped at 8 × 500,000.
    expect(output.lastPeriod).toMatchObject({
      month: 8,
      grossYear: 80_000_000,
      biayaJabatan: 4_000_000,
      netIncome: 76_000_000,
      pkp: 22_000_000,
      pph21Year: 1_100_000,
      withheldBefore: 7 * 200_000,
      pph21: -300_000,
    });
  });

  it('does not reconcile when the months do not reach the last tax period', () => {
    const { output } = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months: year(10_000_000).slice(0, 11) });
    expect(output.lastPeriod).toBeNull();
    expect(output.monthly).toHaveLength(11);
  });

  it('annualises only when tax residency starts within the year (PMK 168/2023 Pasal 15(3))', () => {
    // An expatriate arriving in April: 9 months of 20,000,000, K/0 (category A, 9%).
    const months = year(20_000_000).filter((m) => m.month >= 4);
    const annualised = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/0', annualise: true, months }).output.lastPeriod;
    expect(annualised).toEqual({
      month: 12,
      grossYear: 180_000_000,
      biayaJabatan: 4_500_000, // min(9,000,000, 9 × 500,000)
      deductions: 0,
      netIncome: 234_000_000, // 175,500,000 × 12 / 9
      ptkp: 58_500_000,
      pkp: 175_500_000,
      pph21Year: 15_243_750, // (3,000,000 + 115,500,000 × 15%) × 9/12
      withheldBefore: 8 * 1_800_000,
      pph21: 843_750,
    });
    const actual = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/0', months }).output.lastPeriod;
    expect(actual).toMatchObject({ netIncome: 175_500_000, pkp: 117_000_000, pph21Year: 11_550_000, pph21: -2_850_000 });
  });

  it('caps part-year biaya jabatan in aggregate by default, or month by month as the alternative (payroll-id.md §5)', () => {
    const months = [
      { month: 1, gross: 4_000_000 },
      { month: 2, gross: 16_000_000 },
    ];
    const agg = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', lastTaxPeriod: 2, months }).output.lastPeriod;
    expect(agg?.biayaJabatan).toBe(1_000_000); // min(5% × 20,000,000, 2 × 500,000)
    const perMonth = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', lastTaxPeriod: 2, months, biayaJabatanCap: 'per-month' })
      .output.lastPeriod;
    expect(perMonth?.biayaJabatan).toBe(700_000); // 200,000 + min(800,000, 500,000)
  });

  it('uses biaya pensiun (5%, max 200,000 a month) for pensioners', () => {
    const lp = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', employeeType: 'pensioner', months: year(5_000_000) }).output
      .lastPeriod;
    expect(lp).toMatchObject({
      grossYear: 60_000_000,
      biayaJabatan: 2_400_000,
      netIncome: 57_600_000,
      pkp: 3_600_000,
      pph21Year: 180_000,
      withheldBefore: 0,
      pph21: 180_000,
    });
  });

  it('withholds TER every month for non-permanent monthly workers, with no reconciliation (example PMK168-B-IV.2)', () => {
    const { output } = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      employeeType: 'non-permanent-monthly',
      months: year(10_000_000),
    });
    expect(output.lastPeriod).toBeNull();
    expect(output.monthly).toHaveLength(12);
    expect(output.monthly.every((m) => m.pph21 === 200_000)).toBe(true);
  });

  it('applies the no-tax-ID surcharge to the year tax too', () => {
    const lp = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/1', months: year(10_000_000, 300_000), taxIdValid: false }).output
      .lastPeriod;
    expect(lp).toMatchObject({ pph21Year: 2_844_000, withheldBefore: 11 * 180_000, pph21: 864_000 });
  });
});

describe('employer gross-up (payroll-id.md §1.11)', () => {
  it('grosses each month up so that gross − tax is the agreed pay, and December covers its own tax', () => {
    const { output } = calculatePph21({ taxYear: 2026, ptkpStatus: 'K/1', grossUp: true, months: year(10_000_000, 300_000) });
    expect(output.monthly[0]).toEqual({ month: 1, gross: 10_152_284, terCategory: 'B', terRatePercent: 1.5, pph21: 152_284 });
    expect(output.lastPeriod).toMatchObject({
      grossYear: 122_494_700,
      pkp: 49_894_000,
      pph21Year: 2_494_700,
      withheldBefore: 11 * 152_284,
      pph21: 819_576,
    });
    // December gross = 10,000,000 + its tax allowance 819,576.
    expect(output.lastPeriod?.grossYear).toBe(11 * 10_152_284 + 10_000_000 + 819_576);
  });

  it('handles a bracket change during the gross-up', () => {
    // 5,640,000 at 0.25% grosses up past 5,650,000 into the 0.5% row.
    const m = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', grossUp: true, months: [{ month: 1, gross: 5_640_000 }] })
      .output.monthly[0];
    expect(m).toEqual({ month: 1, gross: 5_668_341, terCategory: 'A', terRatePercent: 0.5, pph21: 28_341 });
  });
});

describe('PPh 21 daily workers (PP 58/2023 Lampiran D, payroll-id.md §1.6)', () => {
  it('matches the official examples: 500,000 → 2,500; 450,000 → 0; 3,000,000 in a day → 75,000', () => {
    expect(calculatePph21Daily({ taxYear: 2026, dailyGross: [500_000, 450_000, 3_000_000] }).output).toEqual({
      days: [
        { gross: 500_000, ratePercent: 0.5, pph21: 2_500 },
        { gross: 450_000, ratePercent: 0, pph21: 0 },
        { gross: 3_000_000, ratePercent: 2.5, pph21: 75_000 },
      ],
      total: 77_500,
    });
  });

  it('uses the 0.5% band up to 2,500,000 and 50% × Article 17 above it', () => {
    const { days } = calculatePph21Daily({ taxYear: 2026, dailyGross: [2_500_000, 2_500_001, 450_001] }).output;
    expect(days.map((d) => d.pph21)).toEqual([12_500, 62_500, 2_250]); // 2,500,001 × 50% × 5% = 62,500.025 → 62,500
  });
});

describe('PPh 21 properties', () => {
  const category = fc.constantFrom(...TER_CATEGORIES);
  const gross = fc.integer({ min: 0, max: 2_000_000_000 });

  it('monthly tax is never negative and never more than 34% (× 120%) of gross', () => {
    fc.assert(
      fc.property(category, gross, fc.boolean(), fc.constantFrom<TerRounding>('floor', 'half-up'), (c, g, noId, rounding) => {
        const sur = surchargePercent({ taxIdValid: !noId, noTaxIdSurcharge: true });
        const t = monthlyTer({ category: c, gross: g, rounding, surchargePercent: sur }).pph21;
        return t.gte(0) && t.lte(new Dec(g).times('0.34').times(sur).div(100).plus(1));
      }),
    );
  });

  it('monthly tax is monotonic in gross within a category', () => {
    fc.assert(
      fc.property(category, gross, gross, (c, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return monthlyTer({ category: c, gross: lo, rounding: 'floor' }).pph21.lte(
          monthlyTer({ category: c, gross: hi, rounding: 'floor' }).pph21,
        );
      }),
    );
  });

  it('no month before the last tax period is ever negative; the year tax is monotonic in December gross', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PTKP_STATUSES),
        fc.array(fc.integer({ min: 0, max: 200_000_000 }), { minLength: 12, maxLength: 12 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.boolean(),
        (status, grosses, extra, grossUp) => {
          const months = grosses.map((g, i) => ({ month: i + 1, gross: g, annualDeductions: Math.floor(g / 50) }));
          const a = calculatePph21({ taxYear: 2026, ptkpStatus: status, months, grossUp }).output;
          const more = months.map((m) => (m.month === 12 ? { ...m, gross: m.gross + extra } : m));
          const b = calculatePph21({ taxYear: 2026, ptkpStatus: status, months: more, grossUp }).output;
          return a.monthly.every((m) => m.pph21 >= 0) && (a.lastPeriod?.pph21Year ?? 0) <= (b.lastPeriod?.pph21Year ?? 0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gross-up is exact: grossed-up gross − tax = agreed pay, every month', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PTKP_STATUSES),
        fc.integer({ min: 0, max: 1_500_000_000 }),
        fc.boolean(),
        (status, g, valid) => {
          const m = calculatePph21({
            taxYear: 2026,
            ptkpStatus: status,
            grossUp: true,
            taxIdValid: valid,
            months: [{ month: 5, gross: g }],
          }).output.monthly[0];
          return m !== undefined && m.gross - m.pph21 === g;
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a previous employer's slip (payroll-id.md §1.7 step 8, 1721-A1 lines 13 and 18)", () => {
  it('adds its net income before PTKP and credits its withheld tax in the last period', () => {
    const months = [7, 8, 9, 10, 11, 12].map((month) => ({ month, gross: 10_000_000, annualDeductions: 300_000 }));
    const own = calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months }).output.lastPeriod!;
    const both = calculatePph21({
      taxYear: 2026,
      ptkpStatus: 'TK/0',
      months,
      previousEmployer: { netIncome: 50_000_000, taxWithheld: 1_000_000 },
    }).output.lastPeriod!;
    // Own: gross 60,000,000 − biaya jabatan 3,000,000 − 1,800,000 = 55,200,000 net, below PTKP 54,000,000 + …
    expect(own.netIncome).toBe(55_200_000);
    expect(both.netIncome).toBe(105_200_000);
    expect(both.pkp).toBe(51_200_000); // 105,200,000 − 54,000,000
    expect(both.pph21Year).toBe(2_560_000); // 5% × 51,200,000
    expect(both.pph21).toBe(both.pph21Year - 1_000_000 - both.withheldBefore);
    expect(() =>
      calculatePph21({ taxYear: 2026, ptkpStatus: 'TK/0', months, previousEmployer: { netIncome: -1, taxWithheld: 0 } as never }),
    ).toThrow();
  });
});
