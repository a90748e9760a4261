import Decimal from 'decimal.js';
import jsep from 'jsep';
import { Dec, type RupiahRounding, toRupiah } from './money';
import { type Trace, trace } from './trace';

/*
 * The formula language for custom salary components (issue 5): expressions such as
 *   basic * 0.1
 *   if(attendanceDays >= 20, 500000, attendanceDays * 25000)
 *   tenureMonths >= 12 && jobLevel <= 3 ? round(basic * 0.05, -3) : 0
 * Parsed by jsep (never eval), evaluated by walking the tree with decimal.js: no JS float takes part,
 * and nothing outside the caller's variables and the functions below can be reached (no members,
 * no globals, no `this`, no assignments).
 */

export interface FormulaIssue {
  message: string;
  /** 0-based character position in the formula text. */
  position: number;
}

/** A formula that cannot be evaluated: refused at save time (issues) or at run time (e.g. division by zero). */
export class FormulaError extends Error {
  readonly issues: FormulaIssue[];
  constructor(message: string, issues: FormulaIssue[] = []) {
    super(message);
    this.name = 'FormulaError';
    this.issues = issues;
  }
}

export type FormulaValue = Dec | boolean | string;
export type FormulaVariableValue = number | bigint | string | boolean | Dec;
export type FormulaVariables = Record<string, FormulaVariableValue>;

/** Functions a formula may call, with their argument counts. */
export const FORMULA_FUNCTIONS = {
  min: { minArgs: 1, maxArgs: 50, help: 'min(a, b, …): the smallest' },
  max: { minArgs: 1, maxArgs: 50, help: 'max(a, b, …): the largest' },
  abs: { minArgs: 1, maxArgs: 1, help: 'abs(x)' },
  round: { minArgs: 1, maxArgs: 2, help: 'round(x, places = 0): half up; places −3 rounds to thousands' },
  floor: { minArgs: 1, maxArgs: 2, help: 'floor(x, places = 0): down' },
  ceil: { minArgs: 1, maxArgs: 2, help: 'ceil(x, places = 0): up' },
  if: { minArgs: 3, maxArgs: 3, help: 'if(condition, then, else)' },
} as const;
export type FormulaFunction = keyof typeof FORMULA_FUNCTIONS;

/** Variables a payroll run supplies to every component formula (a caller may allow more or fewer). */
export const STANDARD_FORMULA_VARIABLES = [
  'basic',
  'fixedAllowances',
  'attendanceDays',
  'workDays',
  'absentDays',
  'lateMinutes',
  'overtimeHours',
  'jobLevel',
  'tenureMonths',
  'dependants',
] as const;

const BINARY_OPS = new Set(['+', '-', '*', '/', '%', '<', '>', '<=', '>=', '==', '!=', '&&', '||']);
const UNARY_OPS = new Set(['-', '+', '!']);
const MAX_LENGTH = 2000;
const MAX_DEPTH = 64;
const OP_HINT: Record<string, string> = {
  '===': 'use ==',
  '!==': 'use !=',
  '&': 'use &&',
  '|': 'use ||',
  '**': 'multiply instead',
  '??': 'use if()',
};

interface Token {
  kind: 'ident' | 'number' | 'string' | 'punct';
  text: string;
  start: number;
}

const PUNCTS = ['>>>', '===', '!==', '**', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '??'];
const isIdStart = (c: string) => /[A-Za-z_$]/.test(c) || c.charCodeAt(0) >= 128;
const isIdPart = (c: string) => isIdStart(c) || /[0-9]/.test(c);

/** Lexes the text the way jsep does, only to find where things are (jsep's tree has no positions). */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "'") {
      const start = i++;
      while (i < text.length && text.charAt(i) !== c) i += text.charAt(i) === '\\' ? 2 : 1;
      i++;
      out.push({ kind: 'string', text: text.slice(start, i), start });
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text.charAt(i + 1)))) {
      const m = /^(?:[0-9]*\.?[0-9]*(?:[eE][+-]?[0-9]+)?)/.exec(text.slice(i));
      const len = Math.max(1, m?.[0].length ?? 1);
      out.push({ kind: 'number', text: text.slice(i, i + len), start: i });
      i += len;
    } else if (isIdStart(c)) {
      const start = i;
      while (i < text.length && isIdPart(text.charAt(i))) i++;
      out.push({ kind: 'ident', text: text.slice(start, i), start });
    } else {
      const p = PUNCTS.find((op) => text.startsWith(op, i)) ?? c;
      out.push({ kind: 'punct', text: p, start: i });
      i += p.length;
    }
  }
  return out;
}

type Node = jsep.Expression;

function parse(text: string): { ast: Node; tokens: Token[] } | { issues: FormulaIssue[] } {
  if (text.length > MAX_LENGTH) return { issues: [{ message: `is longer than ${MAX_LENGTH} characters`, position: MAX_LENGTH }] };
  if (text.trim() === '') return { issues: [{ message: 'is empty', position: 0 }] };
  try {
    return { ast: jsep(text), tokens: tokenize(text) };
  } catch (e) {
    const err = e as Error & { index?: number; description?: string };
    return { issues: [{ message: err.description ?? err.message, position: typeof err.index === 'number' ? err.index : 0 }] };
  }
}

/** The static checks: allowed node kinds and operators, known variables and functions, argument counts. */
function check(ast: Node, tokens: Token[], allowed: ReadonlySet<string>): FormulaIssue[] {
  const issues: FormulaIssue[] = [];
  const seen = new Set<string>();
  const identPos = (name: string, callee: boolean) => {
    const i = tokens.findIndex((t, k) => t.kind === 'ident' && t.text === name && (tokens[k + 1]?.text === '(') === callee);
    return tokens[i]?.start ?? tokens.find((t) => t.kind === 'ident' && t.text === name)?.start ?? 0;
  };
  const puncPos = (p: string) => tokens.find((t) => t.kind === 'punct' && t.text === p)?.start ?? 0;
  const add = (key: string, message: string, position: number) => {
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ message, position });
  };
  const walk = (n: Node, depth: number): void => {
    if (depth > MAX_DEPTH) {
      add('depth', `is nested more than ${MAX_DEPTH} levels deep`, 0);
      return;
    }
    switch (n.type) {
      case 'Literal': {
        const v = (n as jsep.Literal).value;
        if (v === null) add('null', 'null is not allowed', identPos('null', false));
        return;
      }
      case 'Identifier': {
        const name = (n as jsep.Identifier).name;
        if (Object.hasOwn(FORMULA_FUNCTIONS, name))
          add(
            `fn-bare:${name}`,
            `${name} is a function: call it as ${FORMULA_FUNCTIONS[name as FormulaFunction].help}`,
            identPos(name, false),
          );
        else if (!allowed.has(name)) add(`var:${name}`, `unknown variable ${name}`, identPos(name, false));
        return;
      }
      case 'BinaryExpression': {
        const b = n as jsep.BinaryExpression;
        if (!BINARY_OPS.has(b.operator))
          add(
            `op:${b.operator}`,
            `operator ${b.operator} is not allowed${OP_HINT[b.operator] ? `: ${OP_HINT[b.operator]}` : ''}`,
            puncPos(b.operator),
          );
        walk(b.left, depth + 1);
        walk(b.right, depth + 1);
        return;
      }
      case 'UnaryExpression': {
        const u = n as jsep.UnaryExpression;
        if (!UNARY_OPS.has(u.operator)) add(`op:${u.operator}`, `operator ${u.operator} is not allowed`, puncPos(u.operator));
        walk(u.argument, depth + 1);
        return;
      }
      case 'ConditionalExpression': {
        const c = n as jsep.ConditionalExpression;
        walk(c.test, depth + 1);
        walk(c.consequent, depth + 1);
        walk(c.alternate, depth + 1);
        return;
      }
      case 'CallExpression': {
        const c = n as jsep.CallExpression;
        if (c.callee.type !== 'Identifier') {
          add('callee', 'only the functions min, max, abs, round, floor, ceil and if can be called', puncPos('('));
        } else {
          const name = (c.callee as jsep.Identifier).name;
          const fn = Object.hasOwn(FORMULA_FUNCTIONS, name) ? FORMULA_FUNCTIONS[name as FormulaFunction] : undefined;
          if (!fn)
            add(
              `fn:${name}`,
              `unknown function ${name} (allowed: ${Object.keys(FORMULA_FUNCTIONS).join(', ')})`,
              identPos(name, true),
            );
          else if (c.arguments.length < fn.minArgs || c.arguments.length > fn.maxArgs)
            add(
              `arity:${name}`,
              `${name} takes ${fn.minArgs === fn.maxArgs ? fn.minArgs : `${fn.minArgs}–${fn.maxArgs}`} argument(s): ${fn.help}`,
              identPos(name, true),
            );
        }
        for (const a of c.arguments) walk(a, depth + 1);
        return;
      }
      case 'MemberExpression':
        add(
          'member',
          'property access (. or [ ]) is not allowed',
          tokens.find((t) => t.kind === 'punct' && (t.text === '.' || t.text === '['))?.start ?? 0,
        );
        return;
      case 'ThisExpression':
        add('this', 'this is not allowed', identPos('this', false));
        return;
      case 'ArrayExpression':
        add('array', 'lists [ ] are not allowed', puncPos('['));
        return;
      default:
        add(
          `node:${n.type}`,
          'only one expression is allowed (no ; or , between expressions)',
          tokens.find((t) => t.text === ';' || t.text === ',')?.start ?? 0,
        );
    }
  };
  walk(ast, 0);
  return issues.sort((a, b) => a.position - b.position);
}

/**
 * Checks a formula when it is saved: returns every problem with its character position (empty = valid).
 * A parse error, an unknown variable or function, a wrong argument count and any construct outside the
 * language (member access, `this`, assignments, bit operators…) are refused.
 */
export function validateFormula(text: string, allowedVariables: readonly string[]): FormulaIssue[] {
  const p = parse(text);
  if ('issues' in p) return p.issues;
  return check(p.ast, p.tokens, new Set(allowedVariables));
}

function toValue(v: FormulaVariableValue): FormulaValue {
  if (v instanceof Dec) return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new FormulaError('a variable is not a finite number');
    return new Dec(String(v));
  }
  if (typeof v === 'bigint') return new Dec(v.toString());
  return v;
}

const kind = (v: FormulaValue) => (v instanceof Dec ? 'number' : typeof v === 'boolean' ? 'true/false' : 'text');

function num(v: FormulaValue, what: string): Dec {
  if (!(v instanceof Dec)) throw new FormulaError(`${what} needs a number, got ${kind(v)}`);
  return v;
}
function bool(v: FormulaValue, what: string): boolean {
  if (typeof v !== 'boolean') throw new FormulaError(`${what} needs true/false (a comparison), got ${kind(v)}`);
  return v;
}

function roundTo(x: Dec, places: Dec, mode: Decimal.Rounding): Dec {
  if (!places.isInteger() || places.abs().gt(12))
    throw new FormulaError('the number of decimal places must be a whole number from -12 to 12');
  const p = places.toNumber();
  if (p >= 0) return x.toDecimalPlaces(p, mode);
  const f = new Dec(10).pow(-p);
  return x.div(f).toDecimalPlaces(0, mode).times(f);
}

function evaluate(n: Node, vars: Readonly<Record<string, FormulaValue>>): FormulaValue {
  switch (n.type) {
    case 'Literal': {
      const l = n as jsep.Literal;
      if (typeof l.value === 'number') return new Dec(l.raw);
      if (typeof l.value === 'boolean' || typeof l.value === 'string') return l.value;
      throw new FormulaError('null is not allowed');
    }
    case 'Identifier': {
      const name = (n as jsep.Identifier).name;
      if (!Object.hasOwn(vars, name)) throw new FormulaError(`unknown variable ${name}`);
      return vars[name] as FormulaValue;
    }
    case 'UnaryExpression': {
      const u = n as jsep.UnaryExpression;
      const a = evaluate(u.argument, vars);
      if (u.operator === '!') return !bool(a, '!');
      if (u.operator === '-') return num(a, 'unary -').neg();
      if (u.operator === '+') return num(a, 'unary +');
      throw new FormulaError(`operator ${u.operator} is not allowed`);
    }
    case 'BinaryExpression': {
      const b = n as jsep.BinaryExpression;
      const op = b.operator;
      if (op === '&&') return bool(evaluate(b.left, vars), '&&') ? bool(evaluate(b.right, vars), '&&') : false;
      if (op === '||') return bool(evaluate(b.left, vars), '||') ? true : bool(evaluate(b.right, vars), '||');
      const l = evaluate(b.left, vars);
      const r = evaluate(b.right, vars);
      if (op === '==' || op === '!=') {
        if (kind(l) !== kind(r)) throw new FormulaError(`${op} compares a ${kind(l)} with a ${kind(r)}`);
        const eq = l instanceof Dec ? l.eq(r as Dec) : l === r;
        return op === '==' ? eq : !eq;
      }
      const x = num(l, op);
      const y = num(r, op);
      switch (op) {
        case '+':
          return x.plus(y);
        case '-':
          return x.minus(y);
        case '*':
          return x.times(y);
        case '/':
          if (y.isZero()) throw new FormulaError('division by zero');
          return x.div(y);
        case '%':
          if (y.isZero()) throw new FormulaError('division by zero');
          return x.mod(y);
        case '<':
          return x.lt(y);
        case '>':
          return x.gt(y);
        case '<=':
          return x.lte(y);
        case '>=':
          return x.gte(y);
      }
      throw new FormulaError(`operator ${op} is not allowed`);
    }
    case 'ConditionalExpression': {
      const c = n as jsep.ConditionalExpression;
      return bool(evaluate(c.test, vars), '? :') ? evaluate(c.consequent, vars) : evaluate(c.alternate, vars);
    }
    case 'CallExpression': {
      const c = n as jsep.CallExpression;
      const name = c.callee.type === 'Identifier' ? (c.callee as jsep.Identifier).name : '';
      const args = c.arguments;
      if (name === 'if') {
        const [cond, a, b] = args as [Node, Node, Node];
        return bool(evaluate(cond, vars), 'if') ? evaluate(a, vars) : evaluate(b, vars);
      }
      const vals = args.map((a) => num(evaluate(a, vars), name));
      const [x = new Dec(0), places = new Dec(0)] = vals;
      switch (name) {
        case 'min':
          return Dec.min(...vals);
        case 'max':
          return Dec.max(...vals);
        case 'abs':
          return x.abs();
        case 'round':
          return roundTo(x, places, Decimal.ROUND_HALF_UP);
        case 'floor':
          return roundTo(x, places, Decimal.ROUND_FLOOR);
        case 'ceil':
          return roundTo(x, places, Decimal.ROUND_CEIL);
      }
      throw new FormulaError(`unknown function ${name}`);
    }
    default:
      throw new FormulaError(`${n.type} is not allowed`);
  }
}

/**
 * Evaluates a formula with the caller's variables (every variable the formula uses must be supplied).
 * Returns an exact decimal; throws FormulaError for an invalid formula (with positions) or a run-time
 * problem (division by zero, a comparison where a number is needed, a non-number result).
 */
export function evaluateFormula(text: string, variables: FormulaVariables): Dec {
  const p = parse(text);
  if ('issues' in p) throw new FormulaError(`invalid formula: ${p.issues[0]?.message}`, p.issues);
  const issues = check(p.ast, p.tokens, new Set(Object.keys(variables)));
  if (issues.length) throw new FormulaError(`invalid formula: ${issues[0]?.message}`, issues);
  const vars: Record<string, FormulaValue> = Object.create(null);
  for (const [k, v] of Object.entries(variables)) vars[k] = toValue(v);
  const result = evaluate(p.ast, vars);
  if (!(result instanceof Dec)) throw new FormulaError(`the formula gives ${kind(result)}, not a number`);
  return result;
}

/** A component amount from a formula: evaluated exactly, rounded once to whole rupiah (half up by default), traced. */
export function evaluateFormulaAmount(
  text: string,
  variables: FormulaVariables,
  opts: { rounding?: RupiahRounding; component?: string; source?: string } = {},
): { amount: Dec; exact: Dec; trace: Trace } {
  const exact = evaluateFormula(text, variables);
  const rounding = opts.rounding ?? 'half-up';
  const amount = toRupiah(exact, rounding);
  const inputs: Record<string, string | number | boolean> = {};
  for (const name of new Set(
    tokenize(text)
      .filter((t) => t.kind === 'ident')
      .map((t) => t.text),
  )) {
    const v = variables[name];
    if (v !== undefined && Object.hasOwn(variables, name))
      inputs[name] = v instanceof Dec || typeof v === 'bigint' ? v.toString() : v;
  }
  return {
    amount,
    exact,
    trace: trace(
      opts.component ? `Formula component ${opts.component}` : 'Formula component',
      `${rounding}(${text})`,
      inputs,
      opts.source ?? 'company setting: salary formula',
    ),
  };
}
