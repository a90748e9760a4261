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
  if (typeof x === 'number') {
    if (Number.isSafeInteger(x)) return fromSafeInteger(x);
    if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  }
  return new Dec(typeof x === 'bigint' ? x.toString() : x);
}

/*
 * Whole rupiah between JS numbers and decimals without a decimal string in between (issue 22: a payroll run
 * converts every amount of 100,000 payslips both ways, and decimal.js goes through a string for any integer of
 * eight digits or more). decimal.js keeps a value as sign `s`, decimal exponent `e` and digits `d` in words of
 * seven, aligned on the decimal point: the integer part is the words 0 … floor(e / 7), trailing zero words
 * dropped. Both directions are exact for safe integers (below 2^53, every step an exact integer operation);
 * money.test.ts checks them against the string path.
 */
const WORD = 1e7;
type DecFields = { s: number; e: number; d: number[] | null };

function fromSafeInteger(v: number): Dec {
  const x = new Dec(0); // the constructor's own fast path; its fields are replaced below
  if (v === 0) return x;
  let a = v < 0 ? -v : v;
  const words: number[] = [];
  while (a > 0) {
    const low = a % WORD;
    words.unshift(low);
    a = (a - low) / WORD;
  }
  let digits = 0;
  for (let t = words[0]!; t >= 1; t = Math.floor(t / 10)) digits++;
  const e = digits - 1 + 7 * (words.length - 1);
  while (words[words.length - 1] === 0) words.pop();
  const f = x as unknown as DecFields;
  f.s = v < 0 ? -1 : 1;
  f.e = e;
  f.d = words;
  return x;
}

/** `x` as a JS number when it is an integer below 10^15 (exact), else undefined (not whole, or larger). */
function smallInteger(x: Dec): number | undefined {
  const { d, e, s } = x as unknown as DecFields;
  if (!d || e >= 15) return undefined;
  const top = Math.floor(e / 7);
  if (top <= d.length - 2) return undefined; // digits after the decimal point
  let n = 0;
  for (let i = 0; i <= top; i++) n = n * WORD + (d[i] ?? 0);
  return s < 0 ? -n : n;
}

/** Sum of amounts, exactly (whole-rupiah numbers are added as numbers while the total stays safe). */
export function sum(xs: readonly DecInput[]): Dec {
  let whole = 0;
  let acc: Dec | null = null;
  for (const x of xs) {
    if (typeof x === 'number' && Number.isSafeInteger(x) && Number.isSafeInteger(whole + x)) {
      whole += x;
      continue;
    }
    acc = acc ? acc.plus(dec(x)) : dec(x);
  }
  return acc ? acc.plus(dec(whole)) : dec(whole);
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
const ONE_HUNDREDTH = new Dec('0.01');
function fractionOf(ratePercent: DecInput): Dec {
  // rate × 0.01 is the same exact value as rate / 100, without a division at 60 digits.
  if (typeof ratePercent !== 'string' && typeof ratePercent !== 'number') return dec(ratePercent).times(ONE_HUNDREDTH);
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
  const n = smallInteger(x);
  if (n !== undefined) return n;
  if (!x.isInteger()) throw new RangeError(`not whole rupiah: ${x.toString()}`);
  const big = x.toNumber();
  if (!Number.isSafeInteger(big)) throw new RangeError(`amount out of range: ${x.toString()}`);
  return big;
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
