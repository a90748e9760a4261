import { describe, expect, it } from 'vitest';
import { bpToPercent, formatRupiah, percentToBp } from './reference-fields';

describe('reference field conversions', () => {
  it('percent ↔ basis points without float arithmetic', () => {
    expect(percentToBp('5')).toBe(500);
    expect(percentToBp('2.5')).toBe(250);
    expect(percentToBp('12,75')).toBe(1275);
    expect(percentToBp('0.07')).toBe(7);
    expect(percentToBp('')).toBeUndefined();
    expect(percentToBp('abc')).toBe('abc');
    expect(bpToPercent(250)).toBe('2.5');
    expect(bpToPercent(3500)).toBe('35');
    expect(bpToPercent(7)).toBe('0.07');
  });

  it('rupiah amounts of any size are shown exactly', () => {
    expect(formatRupiah('54000000')).toBe('Rp 54.000.000');
    expect(formatRupiah('5000000000000')).toBe('Rp 5.000.000.000.000');
    expect(formatRupiah(null)).toBe('');
  });
});
