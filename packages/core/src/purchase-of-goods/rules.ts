/**
 * Pure rules of purchase of goods (issue 7).
 *
 * Instalment split (a house rule; the spec is silent): every instalment is the total divided by
 * the number of months, rounded down to the whole rupiah; the last instalment takes the rounding
 * remainder, so the instalments always sum exactly to the total.
 * Example: Rp 1.000.000 over 3 months → 333.333 + 333.333 + 333.334.
 */

/** The month `k` months after a 'yyyy-mm' period. */
export function addMonths(period: string, k: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + k;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

export interface PlannedInstalment {
  seq: number;
  period: string;
  amount: bigint;
}

/** The instalment plan of a total over `months` months from `startPeriod` (see the rule above). */
export function splitInstalments(total: bigint, months: number, startPeriod: string): PlannedInstalment[] {
  if (!Number.isInteger(months) || months < 1) throw new RangeError('months must be a positive integer');
  if (total < 0n) throw new RangeError('total must not be negative');
  const base = total / BigInt(months);
  const last = total - base * BigInt(months - 1);
  return Array.from({ length: months }, (_, i) => ({
    seq: i + 1,
    period: addMonths(startPeriod, i),
    amount: i === months - 1 ? last : base,
  }));
}

/** Sum of quantity × unit price over the lines, rupiah. */
export function invoiceTotal(lines: readonly { quantity: number; unitPrice: string | bigint }[]): bigint {
  return lines.reduce((s, l) => s + BigInt(l.quantity) * BigInt(l.unitPrice), 0n);
}

/**
 * Allocates a payroll deduction to due instalments, oldest first, whole instalments only: the
 * allocation stops at the first instalment the remaining amount cannot cover (instalments are
 * never skipped, so arrears are always settled first). Returns the ids paid and what is left.
 */
export function allocateDeduction(
  amount: bigint,
  due: readonly { id: number; amount: bigint }[],
): { paid: { id: number; amount: bigint }[]; left: bigint } {
  let left = amount;
  const paid: { id: number; amount: bigint }[] = [];
  for (const d of due) {
    if (d.amount > left) break;
    paid.push(d);
    left -= d.amount;
  }
  return { paid, left };
}

/** Rupiah with dots as thousands separators (Indonesian style), no prefix. */
export const formatRupiah = (v: bigint | string): string => {
  const s = v.toString();
  const neg = s.startsWith('-');
  const digits = neg ? s.slice(1) : s;
  return `${neg ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
};
