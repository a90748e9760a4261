import Decimal from 'decimal.js';

/**
 * Exact money arithmetic for payroll. Every amount is integer rupiah at the edges and a
 * decimal.js value in between: no JS float ever takes part in a calculation.
 * 60 significant digits is far more than any payroll quantity needs (a 16-digit rupiah
 * amount times a rate times 12/n), so intermediate results are exact or exact enough that
 * the one rounding at the end of a rule decides the result.
 */
export const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = InstanceType<typeof Dec>;
export type DecInput = Dec | number | string | bigint;

/** How a rule turns a fractional rupiah amount into whole rupiah. */
export type RupiahRounding = 'half-up' | 'floor' | 'ceil';
export const RUPIAH_ROUNDINGS = ['half-up', 'floor', 'ceil'] as const satisfies readonly RupiahRounding[];

/** A decimal from an integer/decimal input. Numbers must be finite; they are read from their shortest decimal string. */
export function dec(x: DecInput): Dec {
  if (x instanceof Dec) return x;
  if (typeof x === 'number' && !Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  return new Dec(typeof x === 'bigint' ? x.toString() : x);
}

/** Sum of amounts, exactly. */
export function sum(xs: readonly DecInput[]): Dec {
  return xs.reduce<Dec>((acc, x) => acc.plus(dec(x)), new Dec(0));
}

/**
 * Whole rupiah. Default half-up: the project rule for "a rule leaves a fraction"
 * (issue 5, "rounded half up where a rule leaves a fraction, unless the reference says otherwise").
 */
export function toRupiah(x: DecInput, mode: RupiahRounding = 'half-up'): Dec {
  const d = dec(x);
  const rm = mode === 'half-up' ? Decimal.ROUND_HALF_UP : mode === 'floor' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL;
  return d.toDecimalPlaces(0, rm);
}

/** Rounds down to a full thousand rupiah (PKP: PMK 168/2023 Pasal 8(4); payroll-id.md §1.7 step 5, §1.9). */
export function floorThousand(x: DecInput): Dec {
  return dec(x).div(1000).toDecimalPlaces(0, Decimal.ROUND_FLOOR).times(1000);
}

/** `amount × ratePercent / 100`, exact (no rounding). */
export function percentOf(amount: DecInput, ratePercent: DecInput): Dec {
  return dec(amount).times(fractionOf(ratePercent));
}

/*
 * A percent rate as a fraction (rate / 100, an exact decimal shift), kept per rate written as text or a number:
 * payroll applies the same few legal rates to every payslip, and one multiplication is cheaper than a division
 * at 60 digits.
 */
const FRACTIONS = new Map<string | number, Dec>();
function fractionOf(ratePercent: DecInput): Dec {
  if (typeof ratePercent !== 'string' && typeof ratePercent !== 'number') return dec(ratePercent).div(100);
  let f = FRACTIONS.get(ratePercent);
  if (!f) {
    f = dec(ratePercent).div(100);
    if (FRACTIONS.size < 1_000) FRACTIONS.set(ratePercent, f);
  }
  return f;
}

/** Smallest / largest of decimals. */
export function decMin(a: DecInput, b: DecInput): Dec {
  return Dec.min(dec(a), dec(b));
}
export function decMax(a: DecInput, b: DecInput): Dec {
  return Dec.max(dec(a), dec(b));
}

/**
 * A whole-rupiah decimal as a JS number for JSON output. Refuses fractions and amounts
 * beyond Number.MAX_SAFE_INTEGER, so a number that leaves the engine is always exact.
 */
export function toInt(x: Dec): number {
  if (!x.isInteger()) throw new RangeError(`not whole rupiah: ${x.toString()}`);
  const n = x.toNumber();
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount out of range: ${x.toString()}`);
  return n;
}

/** A decimal as a plain JS number for display (rates, an unrounded hourly wage). Never fed back into arithmetic. */
export function toDisplayNumber(x: Dec): number {
  return x.toNumber();
}

/**
 * An integer rupiah amount (a `numeric`/`bigint` column read as text, a decimal string) as the engine's JS number,
 * exactly: refuses fractions and amounts beyond Number.MAX_SAFE_INTEGER instead of rounding them through a float.
 * Use it wherever money leaves text for the engine or a spreadsheet cell (never `Number(…)`; no-float-money.test.ts).
 */
export function wholeRupiah(x: DecInput): number {
  return toInt(dec(x));
}

/** Whole rupiah with dots between thousands, as Indonesian documents print it ("-1.250.000"); digits in, no float. */
export function groupedRupiah(v: bigint | string): string {
  const s = v.toString();
  const neg = s.startsWith('-');
  const digits = neg ? s.slice(1) : s;
  return `${neg ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}
