import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No money through a JS float (ARCHITECTURE.md "Money"; STYLE.md "No float arithmetic on money"). Money is integer
 * rupiah at the edges and decimal.js in between (money.ts). This test reads every non-test file under payroll/ and
 * lists each `Number(…)`, `parseFloat(…)`, `parseInt(…)`, unary `+…` and `….toNumber()`. Each must be on the
 * allow-list below as a conversion that is not money (counts, calendar parts, rates, hours…), with its reason; and
 * one whose text names money (amount, salary, gross, net, tax, deduction, allowance, wage, pay, income, …) fails even
 * if a pattern allows it. Convert money with the money helpers: `dec()` for arithmetic, `wholeRupiah()` / `toInt()`
 * for an exact integer number.
 */

const MONEY =
  /amount|salar|gross|(^|[^a-z])net|tax|deduct|allowance|wage|income|withheld|debt|price|cost|subsid|bonus|pph|bpjs|thr\b|pay(?!day|date|_day|_date|slip)/i;

interface Finding {
  file: string;
  line: number;
  /** The conversion as written, e.g. `Number(r.amount)`. */
  code: string;
  /** Whether the converted value's text names money. */
  money: boolean;
}

/** The text from `open` (index of an opening parenthesis) to its matching close, inclusive. */
function balanced(text: string, open: number): string {
  let depth = 0;
  for (let k = open; k < text.length; k++) {
    if (text[k] === '(') depth++;
    else if (text[k] === ')' && --depth === 0) return text.slice(open, k + 1);
  }
  return text.slice(open);
}

/** The receiver expression that ends just before `end` (identifiers, dots, brackets, calls). */
function receiver(text: string, end: number): string {
  let k = end;
  while (k > 0) {
    const c = text[k - 1]!;
    if (/[\w$.[\]'"?]/.test(c)) k--;
    else if (c === ')') {
      let depth = 0;
      do {
        k--;
        if (text[k] === ')') depth++;
        else if (text[k] === '(') depth--;
      } while (k > 0 && depth > 0);
    } else break;
  }
  return text.slice(k, end);
}

/** Every number conversion of one source file (comments skipped). */
function scanSource(file: string, source: string): Finding[] {
  const out: Finding[] = [];
  source.split('\n').forEach((raw, k) => {
    const text = raw.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(text)) return;
    const add = (code: string, operand: string) => out.push({ file, line: k + 1, code, money: MONEY.test(operand) });
    for (const m of text.matchAll(/\b(Number|parseFloat|parseInt)\(/g)) {
      const args = balanced(text, m.index + m[1]!.length);
      add(`${m[1]}${args}`, args);
    }
    // Unary plus: `+x` where a binary plus cannot stand (after an operator, an opening bracket, a comma or `return`).
    for (const m of text.matchAll(/(^|[=(,:?!&|[{]|\breturn)\s*\+\s*([\w$.[\]'"]+|\()/g)) {
      const start = m.index + m[0].length - m[2]!.length;
      const operand = m[2] === '(' ? balanced(text, start) : m[2]!;
      add(`+${operand}`, operand);
    }
    for (const m of text.matchAll(/\.toNumber\(\)/g)) {
      const r = receiver(text, m.index);
      add(`${r}.toNumber()`, r);
    }
  });
  return out;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sourcesUnder(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Conversions that are not money, by pattern, each with its reason (file relative to payroll/; any file if absent). */
const ALLOWED: readonly { file?: string; code: RegExp; reason: string }[] = [
  {
    file: 'money.ts',
    code: /^x\.toNumber\(\)$/,
    reason: 'the helpers themselves: toInt refuses fractions and unsafe integers; toDisplayNumber is display only',
  },
  { code: /^Number\(\(?[\w?.]+(\s*\?\?\s*\w+\))?\.n( \?\? 0)?\)$/, reason: 'a row count (`count(*)` read as text)' },
  { code: /^Number\(res\.num(Updated|Deleted)Rows\)$/, reason: 'the number of rows a statement changed (bigint)' },
  {
    code: /^Number\([\w.]+\.slice\(\d+, \d+\)\)$/,
    reason: 'a calendar part (year, month or day) of an ISO date or yyyy-mm period',
  },
  { file: 'income-tax/schema.ts', code: /^Number\(p\.replace/, reason: 'the yyyymm id of a period' },
  { file: 'income-tax/queries.ts', code: /^Number\(r\.pos\)$/, reason: 'a line position' },
  { file: 'runs/run-compute.ts', code: /^Number\(e\.jobLevel\)$/, reason: 'the job level (an ordinal)' },
  { file: 'runs/compute.ts', code: /^Number\(ptkpStatus\.split/, reason: 'the number of dependants of a PTKP status' },
  { file: 'thr-runs/service.ts', code: /^Number\(l\.monthsOfService\)$/, reason: 'months of service (4 decimals) for a cell' },
  { file: 'formulas/thr.ts', code: /^months\b.*\.toNumber\(\)$/, reason: 'months of service (counting, output)' },
  { file: 'formulas/overtime.ts', code: /^(m|h)\.toNumber\(\)$/, reason: 'an overtime multiplier or hours (output)' },
  {
    file: 'formulas/pph21.ts',
    code: /^(sur|a\.surcharge|r\.ratePercent)\.toNumber\(\)$/,
    reason: 'a TER rate or the no-NPWP surcharge in percent (PMK 168/2023), for the output and trace',
  },
  { file: 'formula.ts', code: /^places\.toNumber\(\)$/, reason: 'the decimal places of a ROUND() in a formula' },
];

const root = import.meta.dirname;

function findings(): Finding[] {
  return sourcesUnder(root).flatMap((f) => scanSource(path.relative(root, f).split(path.sep).join('/'), readFileSync(f, 'utf8')));
}

describe('no money through a JS float', () => {
  it('the scanner flags money conversions and leaves others alone', () => {
    const flagged = (line: string) =>
      scanSource('x.ts', line)
        .filter((f) => f.money)
        .map((f) => f.code);
    expect(flagged('const a = (prev?.amount ?? 0) + Number(r.amount);')).toEqual(['Number(r.amount)']);
    expect(flagged('gross: parseFloat(row.gross_pay),')).toEqual(['parseFloat(row.gross_pay)']);
    expect(flagged('const s = +row.basicSalary;')).toEqual(['+row.basicSalary']);
    expect(flagged('return { net: x, tax: +(r.taxWithheld) };')).toEqual(['+(r.taxWithheld)']);
    expect(flagged('  wage: hourlyWage.toDecimalPlaces(6).toNumber(),')).toEqual(['hourlyWage.toDecimalPlaces(6).toNumber()']);
    expect(flagged('const wage = monthlyWage.toNumber();')).toEqual(['monthlyWage.toNumber()']);
    expect(flagged('total: Number(total.n), page: input.page')).toEqual([]);
    expect(flagged('const month = Number(period.slice(5, 7));')).toEqual([]);
    expect(flagged('const n = a + b; // Number(r.amount)')).toEqual([]);
    expect(flagged(' * Never Number(r.amount): see money.ts')).toEqual([]);
    // Every conversion is listed (the allow-list decides), money or not.
    expect(scanSource('x.ts', 'const k = Number(row.level) + Number(total.n);').map((f) => f.code)).toEqual([
      'Number(row.level)',
      'Number(total.n)',
    ]);
  });

  it('no payroll source converts money with Number, parseFloat, unary + or toNumber', () => {
    const all = findings();
    const allowedBy = (f: Finding) => ALLOWED.find((a) => (a.file ?? f.file) === f.file && a.code.test(f.code));
    const allowed = (f: Finding) => !f.money && allowedBy(f) !== undefined;
    expect(all.filter((f) => !allowed(f)).map((f) => `${f.file}:${f.line} ${f.code}`)).toEqual([]);
    // Every allow-list entry still matches something: a stale entry would hide nothing and mislead.
    const stale = ALLOWED.filter((a) => !all.some((f) => allowedBy(f) === a));
    expect(stale.map((a) => a.reason)).toEqual([]);
  });
});
