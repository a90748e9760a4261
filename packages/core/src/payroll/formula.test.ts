import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateFormula, evaluateFormulaAmount, FormulaError, STANDARD_FORMULA_VARIABLES, validateFormula } from './formula';
import { Dec } from './money';

const vars = { basic: 5_000_000, attendanceDays: 18, jobLevel: 3, tenureMonths: 30, grade: 'L3' };
const run = (f: string, v: Record<string, number | string | boolean> = vars) => evaluateFormula(f, v).toString();

describe('formula language: evaluation', () => {
  it('computes with exact decimals, never floats', () => {
    expect(run('basic * 0.1')).toBe('500000');
    expect(run('0.1 + 0.2')).toBe('0.3');
    expect(run('basic / 3')).toMatch(/^1666666\.6666666/);
    expect(run('1e3 + .5')).toBe('1000.5');
  });

  it('supports conditions on attendance, job level and tenure', () => {
    expect(run('if(attendanceDays >= 20, 500000, attendanceDays * 25000)')).toBe('450000');
    expect(run('tenureMonths >= 24 && jobLevel <= 3 ? basic * 0.05 : 0')).toBe('250000');
    expect(run('!(jobLevel == 3) || tenureMonths > 100 ? 1 : 2')).toBe('2');
    expect(run('grade == "L3" ? 100 : 0')).toBe('100');
  });

  it('has min, max, abs, round (half up, also to thousands), floor and ceil', () => {
    expect(run('min(basic, 4000000, 4500000)')).toBe('4000000');
    expect(run('max(0, attendanceDays - 20)')).toBe('0');
    expect(run('abs(attendanceDays - 20)')).toBe('2');
    expect(run('round(2.5)')).toBe('3');
    expect(run('round(1234567.891, 2)')).toBe('1234567.89');
    expect(run('round(basic / 7, -3)')).toBe('714000');
    expect(run('floor(basic / 7, -3)')).toBe('714000');
    expect(run('ceil(basic / 7, -3)')).toBe('715000');
    expect(run('floor(-2.5)')).toBe('-3');
  });

  it('short-circuits: the branch not taken is not evaluated', () => {
    expect(run('if(attendanceDays > 0, basic / attendanceDays, basic / 0)')).toBe(new Dec(5_000_000).div(18).toString());
    expect(run('attendanceDays == 0 && basic / attendanceDays > 1 ? 1 : 0')).toBe('0');
  });

  it('refuses run-time errors with a message', () => {
    expect(() => evaluateFormula('basic / (attendanceDays - 18)', vars)).toThrow('division by zero');
    expect(() => evaluateFormula('attendanceDays > 10', vars)).toThrow(/gives true\/false, not a number/);
    expect(() => evaluateFormula('if(basic, 1, 2)', vars)).toThrow(/needs true\/false/);
    expect(() => evaluateFormula('grade + 1', vars)).toThrow(/needs a number, got text/);
    expect(() => evaluateFormula('grade == 3 ? 1 : 0', vars)).toThrow(/compares a text with a number/);
  });

  it('rounds a component amount once to whole rupiah and traces its inputs', () => {
    const r = evaluateFormulaAmount('basic / 3', { basic: 1_000_000, jobLevel: 2 }, { component: 'transport' });
    expect(r.amount.toNumber()).toBe(333_333);
    expect(r.trace).toEqual({
      rule: 'Formula component transport',
      formula: 'half-up(basic / 3)',
      inputs: { basic: 1_000_000 },
      source: 'company setting: salary formula',
    });
  });

  it('adds exactly what decimal arithmetic adds (property)', () => {
    const amount = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }).map((n) => new Dec(n).div(100));
    fc.assert(
      fc.property(amount, amount, (a, b) => evaluateFormula('a + b * 2 - a', { a, b }).eq(b.times(2))),
      { numRuns: 200 },
    );
  });
});

describe('formula language: validation when a formula is saved', () => {
  const allowed = [...STANDARD_FORMULA_VARIABLES];

  it('accepts a valid formula', () => {
    expect(validateFormula('round(basic * 0.1) + if(attendanceDays >= 20, 100000, 0)', allowed)).toEqual([]);
  });

  it('gives the position of a parse error', () => {
    const [e] = validateFormula('basic * (0.1 + ', allowed);
    expect(e?.position).toBe(15);
    expect(validateFormula('basic * * 2', allowed)[0]?.position).toBe(8);
    expect(validateFormula('', allowed)).toEqual([{ message: 'is empty', position: 0 }]);
  });

  it('gives the position of an unknown variable or function', () => {
    expect(validateFormula('basic * 0.1 + bonusx', allowed)).toEqual([{ message: 'unknown variable bonusx', position: 14 }]);
    expect(validateFormula('sqrt(basic)', allowed)).toEqual([
      { message: 'unknown function sqrt (allowed: min, max, abs, round, floor, ceil, if)', position: 0 },
    ]);
    expect(validateFormula('round(1, 2, 3)', allowed)[0]).toEqual({
      message: 'round takes 1–2 argument(s): round(x, places = 0): half up; places −3 rounds to thousands',
      position: 0,
    });
    expect(validateFormula('max + 1', allowed)[0]?.message).toMatch(/max is a function/);
  });

  it('refuses anything that could reach JavaScript: members, this, globals, assignment-like operators', () => {
    expect(validateFormula('basic.constructor', allowed)[0]).toEqual({
      message: 'property access (. or [ ]) is not allowed',
      position: 5,
    });
    expect(validateFormula('basic["constructor"]', allowed)[0]?.message).toMatch(/property access/);
    expect(validateFormula('this', allowed)[0]).toEqual({ message: 'this is not allowed', position: 0 });
    expect(validateFormula('globalThis', allowed)[0]?.message).toBe('unknown variable globalThis');
    expect(validateFormula('constructor', allowed)[0]?.message).toBe('unknown variable constructor');
    expect(validateFormula('__proto__', allowed)[0]?.message).toBe('unknown variable __proto__');
    expect(validateFormula('basic & 1', allowed)[0]).toEqual({ message: 'operator & is not allowed: use &&', position: 6 });
    expect(validateFormula('basic ** 2', allowed)[0]?.message).toMatch(/operator \*\* is not allowed/);
    expect(validateFormula('~basic', allowed)[0]?.message).toBe('operator ~ is not allowed');
    expect(validateFormula('[1, 2]', allowed)[0]?.message).toMatch(/lists/);
    expect(validateFormula('basic, 1', allowed)[0]?.message).toMatch(/only one expression/);
    expect(() => evaluateFormula('toString', { basic: 1 })).toThrow(FormulaError);
    expect(() => evaluateFormula('constructor', {})).toThrow('invalid formula: unknown variable constructor');
  });

  it('reports every problem, in order of position', () => {
    expect(validateFormula('foo + bar * basic', allowed).map((e) => e.position)).toEqual([0, 6]);
  });
});
