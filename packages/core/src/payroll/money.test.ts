import { describe, expect, it } from 'vitest';
import { Dec, dec, floorThousand, percentOf, sum, toInt, toRupiah } from './money';

describe('exact money helpers', () => {
  it('adds decimals exactly where floats would not (0.1 + 0.2 = 0.3)', () => {
    expect(sum(['0.1', '0.2']).eq('0.3')).toBe(true);
    expect(dec(0.1).plus(dec(0.2)).toString()).toBe('0.3');
  });

  it('rounds half up to whole rupiah by default, and floors or ceils on request', () => {
    expect(toRupiah('2250.5').toString()).toBe('2251');
    expect(toRupiah('2250.4999').toString()).toBe('2250');
    expect(toRupiah('-0.5').toString()).toBe('-1'); // half away from zero, for a refund too
    expect(toRupiah('2250.9', 'floor').toString()).toBe('2250');
    expect(toRupiah('2250.1', 'ceil').toString()).toBe('2251');
  });

  it('floors PKP to a full thousand (PMK 168/2023 Pasal 8(4))', () => {
    expect(floorThousand(47_400_999).toNumber()).toBe(47_400_000);
    expect(floorThousand(47_400_000).toNumber()).toBe(47_400_000);
    expect(floorThousand(999).toNumber()).toBe(0);
  });

  it('takes percentages of amounts exactly', () => {
    expect(percentOf(5_400_201, '0.25').toString()).toBe('13500.5025');
    expect(percentOf(15_000_000, '3.7').toString()).toBe('555000');
  });

  it('turns only whole, safe amounts into JSON numbers', () => {
    expect(toInt(new Dec('123'))).toBe(123);
    expect(() => toInt(new Dec('1.5'))).toThrow(/not whole rupiah/);
    expect(() => toInt(new Dec('1e20'))).toThrow(/out of range/);
    expect(() => dec(Number.NaN)).toThrow(/finite/);
  });
});
