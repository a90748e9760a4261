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

describe('whole rupiah between numbers and decimals (the fast paths)', () => {
  // Values around every word boundary of decimal.js (seven digits a word), signs, and the safe-integer edge.
  const edges = [0, 1, 9, 10, 9_999_999, 10_000_000, 10_000_001, 12_345_678, 99_999_999_999_999, 100_000_000_000_000];
  const samples = [...edges, 2 ** 53 - 1, 1_000_000_000_000_000, 250_000_000_000, 7_000_000_000_000];
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  for (let i = 0; i < 2_000; i++) samples.push(Math.floor((next() / 2 ** 31) * 10 ** (1 + (i % 15))));

  it('builds from a number the same decimal as from its digits', () => {
    for (const v of samples)
      for (const x of v === 0 ? [0] : [v, -v]) {
        const fast = dec(x);
        const slow = new Dec(String(x));
        expect(fast.eq(slow), String(x)).toBe(true);
        expect(fast.toString()).toBe(slow.toString());
        expect(fast.plus(1).minus(slow).toString()).toBe('1');
        expect(fast.times('0.25').toString()).toBe(slow.times('0.25').toString());
      }
  });

  it('reads back the same number from a decimal of whole rupiah, and refuses fractions', () => {
    for (const v of samples)
      for (const x of v === 0 ? [0] : [v, -v]) {
        expect(toInt(new Dec(String(x)))).toBe(x);
        expect(toInt(dec(x).div(1))).toBe(x);
      }
    expect(toInt(new Dec('1234567.0'))).toBe(1_234_567);
    expect(toInt(new Dec('12345670000000'))).toBe(12_345_670_000_000);
    expect(() => toInt(new Dec('12345678.5'))).toThrow(/not whole rupiah/);
    expect(() => toInt(new Dec('0.5'))).toThrow(/not whole rupiah/);
    expect(() => toInt(new Dec('-0.0000001'))).toThrow(/not whole rupiah/);
  });

  it('sums numbers, strings and decimals exactly, past the safe-integer edge', () => {
    expect(sum([2 ** 53 - 1, 2 ** 53 - 1, '0.5']).toString()).toBe('18014398509481982.5');
    expect(sum([1_500_000, -250_000, new Dec('0.25'), '1']).toString()).toBe('1250001.25');
    expect(sum([]).toString()).toBe('0');
  });
});
