import { describe, expect, it } from 'vitest';
import { addMonths, allocateDeduction, invoiceTotal, splitInstalments } from './rules';

describe('instalment plan', () => {
  it('splits evenly and puts the rounding remainder on the last instalment', () => {
    const plan = splitInstalments(1_000_000n, 3, '2026-11');
    expect(plan).toEqual([
      { seq: 1, period: '2026-11', amount: 333_333n },
      { seq: 2, period: '2026-12', amount: 333_333n },
      { seq: 3, period: '2027-01', amount: 333_334n },
    ]);
  });

  it('always sums exactly to the total', () => {
    for (const [total, months] of [
      [1n, 1],
      [7n, 7],
      [999_999_999_999_999n, 60],
      [1_234_567n, 11],
      [100n, 3],
    ] as const) {
      const plan = splitInstalments(total, months, '2026-01');
      expect(plan).toHaveLength(months);
      expect(plan.reduce((s, p) => s + p.amount, 0n)).toBe(total);
      const first = plan[0]!.amount;
      expect(plan.slice(0, -1).every((p) => p.amount === first)).toBe(true);
      expect(plan.at(-1)!.amount - first).toBeLessThan(BigInt(months));
    }
  });

  it('walks periods across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', 24)).toBe('2028-01');
    expect(addMonths('2026-05', 0)).toBe('2026-05');
  });

  it('totals lines in whole rupiah', () => {
    expect(
      invoiceTotal([
        { quantity: 3, unitPrice: '333333' },
        { quantity: 1, unitPrice: 1n },
      ]),
    ).toBe(1_000_000n);
  });

  it('allocates a deduction to whole instalments, oldest first, without skipping', () => {
    const due = [
      { id: 1, amount: 100n },
      { id: 2, amount: 300n },
      { id: 3, amount: 50n },
    ];
    expect(allocateDeduction(450n, due)).toEqual({ paid: due, left: 0n });
    expect(allocateDeduction(399n, due)).toEqual({ paid: [due[0]], left: 299n });
    expect(allocateDeduction(99n, due)).toEqual({ paid: [], left: 99n });
  });
});
