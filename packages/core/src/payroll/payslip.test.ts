import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateMonthlyPayslip, enteredAmountTrace } from './payslip';
import { PTKP_STATUSES } from './schema';

const earning = (code: string, amount: number, fixed = false, taxable = true) => ({
  code,
  name: code,
  amount,
  fixed,
  taxable,
  trace: enteredAmountTrace(code, amount),
});

describe('monthly payslip', () => {
  it('adds taxable employer BPJS premiums to PPh 21 gross, deducts employee shares and tax, and traces every line', () => {
    const slip = calculateMonthlyPayslip({
      payDate: '2026-04-25',
      ptkpStatus: 'K/1',
      earnings: [earning('basic', 8_000_000, true), earning('position-allowance', 2_000_000, true), earning('meal', 500_000)],
      deductions: [
        {
          code: 'cooperative',
          name: 'Cooperative instalment',
          amount: 250_000,
          trace: enteredAmountTrace('cooperative', 250_000, 'cooperative module'),
        },
      ],
      bpjs: { jkkRatePercent: 0.24 },
    });
    // Wage base 10,000,000: Kes 400,000/100,000; JHT 370,000/200,000; JP 200,000/100,000; JKK 24,000; JKM 30,000.
    // PPh 21 gross = 10,500,000 + 400,000 + 24,000 + 30,000 = 10,954,000 → K/1 category B 2% = 219,080.
    expect(slip).toMatchObject({ gross: 10_500_000, taxableGross: 10_954_000, pph21: 219_080, annualDeductions: 300_000 });
    expect(slip.totalDeductions).toBe(100_000 + 200_000 + 100_000 + 219_080 + 250_000);
    expect(slip.net).toBe(10_500_000 - slip.totalDeductions);
    expect(slip.lines.filter((l) => l.kind === 'employer').map((l) => [l.code, l.amount])).toEqual([
      ['bpjs-kes-employer', 400_000],
      ['bpjs-jht-employer', 370_000],
      ['bpjs-jp-employer', 200_000],
      ['bpjs-jkk', 24_000],
      ['bpjs-jkm', 30_000],
    ]);
    for (const l of slip.lines) expect(l.trace.source).not.toBe('');
  });

  it('net = gross − deductions exactly, for any pay (property)', () => {
    const amt = fc.integer({ min: 0, max: 500_000_000 });
    fc.assert(
      fc.property(
        fc.constantFrom(...PTKP_STATUSES),
        amt,
        amt,
        amt,
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 4 }),
        fc.boolean(),
        (status, basic, fixed, nonFixed, cuts, withBpjs) => {
          const slip = calculateMonthlyPayslip({
            payDate: '2026-06-25',
            ptkpStatus: status,
            earnings: [earning('basic', basic, true), earning('fixed', fixed, true), earning('bonus', nonFixed)],
            deductions: cuts.map((c, i) => ({ code: `cut-${i}`, name: 'cut', amount: c, trace: enteredAmountTrace('cut', c) })),
            bpjs: withBpjs ? { jkkRatePercent: 0.54 } : null,
          });
          const deductions = slip.lines.filter((l) => l.kind === 'deduction').reduce((s, l) => s + l.amount, 0);
          return (
            slip.gross === basic + fixed + nonFixed &&
            slip.totalDeductions === deductions &&
            slip.net === slip.gross - slip.totalDeductions &&
            slip.pph21 >= 0
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
