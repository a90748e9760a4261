/**
 * fast-check arbitraries from JSON Schema (the subset `z.toJSONSchema(schema, { io: 'input' })`
 * emits for our inputs), and the hostile values the harness breaks valid inputs with.
 *
 * Supported: object (properties, required, additionalProperties), string (minLength,
 * maxLength, format, pattern), number / integer (minimum, maximum, exclusive bounds,
 * multipleOf), boolean, null, enum, const, anyOf / oneOf (unions, nullable), allOf of
 * objects, array (items, prefixItems, minItems, maxItems, uniqueItems), optional (not in
 * `required`), default (an optional key), local $ref. Anything else generates any JSON value.
 *
 * Generation is "valid-ish": every value satisfies the JSON Schema, and the strings lean on
 * payloads that are valid yet hostile to what sits behind the schema (SQL, HTML, right-to-left
 * marks, emoji, boundary lengths). Refinements the JSON Schema cannot express (a real calendar
 * date, zod's e-mail pipe) make some of them fail validation; the harness then expects GL0001.
 */
import fc from 'fast-check';

export type JsonSchema = boolean | JsonSchemaObject;

export interface JsonSchemaObject {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: unknown;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
}

export interface ArbitraryOptions {
  /** The property this value sits under; hints e-mail and date generation when the schema has no format. */
  name?: string;
  /** The document $ref points into (defaults to the schema itself). */
  root?: JsonSchemaObject;
  /** Longest generated string, so valid-ish inputs stay small (boundary strings up to maxLength are added apart). */
  maxStringLength?: number;
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const MAX_REF_DEPTH = 3;
/** Longest boundary string generated from maxLength (the hostile pool has 100 kB ones). */
const MAX_BOUNDARY = 100_000;

// ---------------------------------------------------------------------------------------------
// Hostile values

export interface Labelled {
  label: string;
  value: unknown;
}

const HUGE = 100_000;
/** Server-side template injection probe: `{{7*7}}` and a dollar-brace expression. */
const TEMPLATE_PAYLOAD = '{{7*7}}$' + '{7*7}';
const repeat = (s: string, n: number) => s.repeat(n);

/** Strings that are valid for most text fields yet hostile to what is behind them. */
export const HOSTILE_TEXT: readonly string[] = [
  "' or 1=1 --",
  '1; drop table employees',
  "'; drop table employees; --",
  '" or ""="',
  "admin'--",
  '1) or (1=1',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  TEMPLATE_PAYLOAD,
  '\u202eevil\u202c',
  '\u200f\u200eRTL',
  '😀👩‍👩‍👧‍👦🇮🇩',
  'Zâlgơ̵̡͔ t̴͔ë̸́x̷t',
  'ﷺ',
  '2023-02-30',
  '0000-00-00',
  'NaN',
  '-1',
  '1e308',
  '9007199254740993',
  'null',
  'undefined',
  ' ',
  '../../etc/passwd',
];

/** Values of every type that break an input when put where it does not belong. */
export const HOSTILE_VALUES: readonly Labelled[] = [
  // wrong types and empties
  { label: 'null', value: null },
  { label: 'true', value: true },
  { label: 'false', value: false },
  { label: 'empty string', value: '' },
  { label: 'empty object', value: {} },
  { label: 'empty array', value: [] },
  { label: 'object', value: { a: 1 } },
  { label: '__proto__ object', value: JSON.parse('{"__proto__":{"admin":true}}') },
  { label: 'constructor object', value: { constructor: { prototype: { admin: true } } } },
  // numbers
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '1e308', value: 1e308 },
  { label: '-1e308', value: -1e308 },
  { label: '2^53+1', value: 2 ** 53 + 1 },
  { label: '2^31', value: 2 ** 31 },
  { label: '1.5', value: 1.5 },
  { label: '5e-324', value: 5e-324 },
  { label: 'NaN (JSON null)', value: Number.NaN },
  { label: 'Infinity (JSON null)', value: Number.POSITIVE_INFINITY },
  { label: '"NaN"', value: 'NaN' },
  { label: '"Infinity"', value: 'Infinity' },
  { label: '"1e308"', value: '1e308' },
  { label: '"9007199254740993"', value: '9007199254740993' },
  { label: '"-1"', value: '-1' },
  { label: '"0x10"', value: '0x10' },
  { label: '" 1 "', value: ' 1 ' },
  { label: '"1.5"', value: '1.5' },
  // huge
  { label: `${HUGE}-char string`, value: repeat('x', HUGE) },
  { label: `${HUGE / 2} emoji`, value: repeat('😀', HUGE / 2) },
  { label: '10k-item array of numbers', value: Array.from({ length: 10_000 }, (_, i) => i) },
  { label: '10k-item array of strings', value: Array.from({ length: 10_000 }, () => 'x') },
  { label: '10k-item array of objects', value: Array.from({ length: 10_000 }, () => ({})) },
  { label: 'array nested 2000 deep', value: JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`) },
  // impossible dates
  { label: '2023-02-30', value: '2023-02-30' },
  { label: '0000-00-00', value: '0000-00-00' },
  { label: '2023-13-01', value: '2023-13-01' },
  { label: '9999-99-99', value: '9999-99-99' },
  { label: '30/02/2023', value: '30/02/2023' },
  { label: '-000001-01-01', value: '-000001-01-01' },
  // unicode and control characters
  { label: 'NUL', value: '\u0000' },
  { label: 'NUL inside', value: 'a\u0000b' },
  { label: 'control characters', value: '\u0001\u0007\b\u001b[31m\u007f' },
  { label: 'CRLF', value: 'a\r\nb' },
  { label: 'RTL override', value: '\u202eabc\u202c' },
  { label: 'RTL mark', value: '\u200f' },
  { label: 'zero-width', value: '\u200b\ufeff' },
  { label: 'emoji', value: '😀👩‍👩‍👧‍👦🇮🇩' },
  { label: 'lone high surrogate', value: '\ud800' },
  { label: 'lone low surrogate', value: 'a\udfffb' },
  { label: 'reversed surrogates', value: '\udc00\ud800' },
  // injection
  { label: 'SQL or 1=1', value: "' or 1=1 --" },
  { label: 'SQL drop', value: '1; drop table employees' },
  { label: 'SQL quoted drop', value: "'; drop table employees; --" },
  { label: 'SQL like wildcard', value: '%_%' },
  { label: 'HTML script', value: '<script>alert(1)</script>' },
  { label: 'HTML img onerror', value: '<img src=x onerror=alert(1)>' },
  { label: 'template', value: TEMPLATE_PAYLOAD },
  { label: 'path traversal', value: '../../etc/passwd' },
];

/** Keys for extra fields. */
export const HOSTILE_KEYS: readonly string[] = [
  'extra',
  '__proto__',
  'constructor',
  'prototype',
  'id',
  '',
  ' ',
  '😀',
  "'; drop table employees; --",
  repeat('k', 1000),
];

const fromPool = (pool: readonly Labelled[]) => fc.constantFrom(...pool);

/** Any hostile value: the fixed pool, random unicode (lone surrogates included), random JSON. */
export function hostileValue(): fc.Arbitrary<Labelled> {
  return fc.oneof(
    { weight: 6, arbitrary: fromPool(HOSTILE_VALUES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((s) => ({ label: 'random unicode', value: s })) },
    { weight: 1, arbitrary: fc.double().map((d) => ({ label: 'random double', value: d })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => ({ label: 'random JSON', value: v })) },
  );
}

// ---------------------------------------------------------------------------------------------
// Valid values

const isObject = (s: JsonSchema | undefined): s is JsonSchemaObject => typeof s === 'object' && s !== null;

function resolveRef(ref: string, root: JsonSchemaObject): JsonSchema {
  const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (ref === '#') return root;
  if (!m) return true;
  const defs = m[1] === '$defs' ? root.$defs : root.definitions;
  return defs?.[decodeURIComponent(m[2]!.replace(/~1/g, '/').replace(/~0/g, '~'))] ?? true;
}

/** A regex from a JSON Schema pattern (zod writes JS regex sources); null when it does not compile. */
function compile(pattern: string | undefined): RegExp | null {
  if (pattern === undefined) return null;
  try {
    return new RegExp(pattern);
  } catch {
    try {
      return new RegExp(pattern, 'u');
    } catch {
      return null;
    }
  }
}

const lengthOk = (s: string, min: number, max: number) => s.length >= min && s.length <= max;

/** Plain e-mail addresses that zod's e-mail regex accepts, mixed with fast-check's RFC ones. */
const emailArb = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,14}[a-z0-9])?$/),
      fc.stringMatching(/^[a-z0-9]{1,12}$/),
      fc.constantFrom('co.id', 'com', 'id', 'org'),
    )
    .filter(([l]) => !l.includes('..'))
    .map(([l, d, t]) => `${l}@${d}.${t}`),
  fc.emailAddress(),
);

const dateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringArb(s: JsonSchemaObject, opts: ArbitraryOptions): fc.Arbitrary<string> {
  const min = Math.max(0, s.minLength ?? 0);
  const max = Math.max(min, s.maxLength ?? Number.MAX_SAFE_INTEGER);
  const re = compile(s.pattern);
  const ok = (v: string) => lengthOk(v, min, max) && (!re || re.test(v));
  const smallMax = Math.min(max, Math.max(min, opts.maxStringLength ?? 40));
  const hinted: fc.Arbitrary<string>[] = [];
  const options: fc.Arbitrary<string>[] = [];

  const name = opts.name ?? '';
  const looksEmail = s.format === 'email' || (!s.format && /e-?mail/i.test(name));
  const looksDate = s.format === 'date' || (!s.format && re !== null && re.test('2000-01-31') && !re.test('x'));
  if (looksEmail) hinted.push(emailArb);
  if (looksDate) hinted.push(dateArb);
  if (s.format === 'date-time') hinted.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (s.format === 'uuid') hinted.push(fc.uuid());
  if (s.format === 'uri' || s.format === 'url') hinted.push(fc.webUrl());
  if (s.format === 'ipv4') hinted.push(fc.ipV4());
  if (s.format === 'ipv6') hinted.push(fc.ipV6());

  if (re) options.push(fc.stringMatching(re, { size: 'small' }));
  // Free text: only when the pattern (if any) accepts most random strings, else the filter would spin.
  const free = [
    fc.string({ minLength: min, maxLength: smallMax }),
    fc.string({ minLength: min, maxLength: smallMax, unit: 'grapheme' }),
  ];
  const probe = fc.sample(fc.string({ minLength: min, maxLength: smallMax }), { numRuns: 40, seed: 7 });
  if (!re || probe.filter((v) => re.test(v)).length >= 20) options.push(...free);

  // Valid yet hostile payloads, and boundary lengths (varchar(n) shorter than maxLength shows up here).
  const hostile = HOSTILE_TEXT.filter(ok);
  if (hostile.length) options.push(fc.constantFrom(...hostile));
  const boundaries = [min, max]
    .filter((n) => n <= MAX_BOUNDARY && Number.isFinite(n))
    .flatMap((n) => ['a'.repeat(n), n >= 2 ? '😀'.repeat(Math.floor(n / 2)) : 'a'.repeat(n)])
    .filter(ok);
  if (boundaries.length) options.push(fc.constantFrom(...boundaries));

  // A format or a hint is what the field really holds: half of the values.
  const parts: fc.WeightedArbitrary<string>[] = [];
  if (hinted.length) parts.push({ weight: 1, arbitrary: fc.oneof(...hinted) });
  if (options.length) parts.push({ weight: 1, arbitrary: fc.oneof(...options) });
  if (!parts.length) return fc.constant('').filter(ok);
  return fc.oneof(...parts).filter(ok);
}

function integerArb(s: JsonSchemaObject): fc.Arbitrary<number> {
  let lo = s.minimum ?? Number.MIN_SAFE_INTEGER;
  let hi = s.maximum ?? Number.MAX_SAFE_INTEGER;
  if (s.exclusiveMinimum !== undefined) lo = Math.max(lo, Math.floor(s.exclusiveMinimum) + 1);
  if (s.exclusiveMaximum !== undefined) hi = Math.min(hi, Math.ceil(s.exclusiveMaximum) - 1);
  lo = Math.ceil(Math.max(lo, Number.MIN_SAFE_INTEGER));
  hi = Math.floor(Math.min(hi, Number.MAX_SAFE_INTEGER));
  const step = s.multipleOf && Number.isInteger(s.multipleOf) && s.multipleOf > 0 ? s.multipleOf : 1;
  if (step > 1) {
    lo = Math.ceil(lo / step);
    hi = Math.floor(hi / step);
  }
  if (lo > hi) return fc.constant(Number.NaN);
  const full =
    lo >= INT32_MIN && hi <= INT32_MAX
      ? fc.integer({ min: lo, max: hi })
      : fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);
  // Small values hit existing rows (ids, reference lists), so the success paths run too; the ends are boundaries.
  const parts: fc.WeightedArbitrary<number>[] = [
    { weight: 2, arbitrary: full },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
  ];
  const tiny = [Math.max(lo, 1), Math.min(hi, 5)] as const;
  const small = [Math.max(lo, -5), Math.min(hi, 60)] as const;
  if (tiny[0] <= tiny[1]) parts.push({ weight: 6, arbitrary: fc.integer({ min: tiny[0], max: tiny[1] }) });
  if (small[0] <= small[1]) parts.push({ weight: 2, arbitrary: fc.integer({ min: small[0], max: small[1] }) });
  return fc.oneof(...parts).map((n) => n * step);
}

function numberArb(s: JsonSchemaObject): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -Number.MAX_VALUE;
  const max = s.maximum ?? s.exclusiveMaximum ?? Number.MAX_VALUE;
  const d = fc.double({
    min,
    max,
    minExcluded: s.minimum === undefined && s.exclusiveMinimum !== undefined,
    maxExcluded: s.maximum === undefined && s.exclusiveMaximum !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
  const ints = integerArb({
    minimum: Math.ceil(s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 0.5 : min),
    maximum: Math.floor(s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 0.5 : max),
  });
  const inRange = (n: number) =>
    Number.isFinite(n) &&
    (s.minimum === undefined || n >= s.minimum) &&
    (s.maximum === undefined || n <= s.maximum) &&
    (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) &&
    (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum);
  const arb = fc.oneof(d, ints).filter(inRange);
  if (s.multipleOf && s.multipleOf > 0) {
    const m = s.multipleOf;
    return arb.map((n) => Math.round(n / m) * m).filter(inRange);
  }
  return arb;
}

function objectArb(s: JsonSchemaObject, opts: ArbitraryOptions, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) {
    const extra = s.additionalProperties;
    if (extra === false || extra === undefined) return fc.constant({});
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), build(extra, { ...opts, name: '' }, depth + 1), {
      maxKeys: 4,
      noNullPrototype: true,
    });
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of keys) model[k] = build(props[k]!, { ...opts, name: k }, depth + 1);
  const required = (s.required ?? []).filter((k) => Object.hasOwn(props, k));
  const some = fc.record(model, { requiredKeys: required, noNullPrototype: true }) as fc.Arbitrary<Record<string, unknown>>;
  if (required.length === keys.length) return some;
  // The bare minimum (every optional key left out) is a boundary of its own: an update with nothing to set.
  const bare = fc.record(Object.fromEntries(required.map((k) => [k, model[k]!])), { noNullPrototype: true }) as fc.Arbitrary<
    Record<string, unknown>
  >;
  return fc.oneof({ weight: 4, arbitrary: some }, { weight: 1, arbitrary: bare });
}

function arrayArb(s: JsonSchemaObject, opts: ArbitraryOptions, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = s.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 8, minLength + 8));
  if (s.prefixItems?.length) {
    const head = fc.tuple(...s.prefixItems.map((p) => build(p, { ...opts, name: '' }, depth + 1)));
    if (s.items === false || s.items === undefined) return head;
    const rest = fc.array(build(s.items, { ...opts, name: '' }, depth + 1), { maxLength: 3 });
    return fc.tuple(head, rest).map(([h, r]) => [...h, ...r]);
  }
  const item = build(s.items ?? true, { ...opts, name: '' }, depth + 1);
  if (s.uniqueItems) return fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
  return fc.array(item, { minLength, maxLength });
}

function mergeAllOf(parts: JsonSchema[], root: JsonSchemaObject): JsonSchemaObject | null {
  const out: JsonSchemaObject = { type: 'object', properties: {}, required: [] };
  for (const p0 of parts) {
    const p = isObject(p0) && p0.$ref ? resolveRef(p0.$ref, root) : p0;
    if (!isObject(p) || (p.type !== undefined && p.type !== 'object') || !p.properties) return null;
    Object.assign(out.properties!, p.properties);
    out.required!.push(...(p.required ?? []));
  }
  return out;
}

function build(schema: JsonSchema, opts: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  if (schema === true) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) return fc.constant(undefined);
  const root = opts.root ?? schema;
  const o = { ...opts, root };
  if (schema.$ref) {
    if (depth > MAX_REF_DEPTH * 4) return fc.constant(null);
    return build(resolveRef(schema.$ref, root), o, depth + 4);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return schema.enum.length ? fc.constantFrom(...schema.enum) : fc.constant(null);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => build(u, o, depth + 1)));
  if (schema.allOf?.length) {
    const merged = mergeAllOf(schema.allOf, root);
    return merged ? build(merged, o, depth + 1) : build(schema.allOf[0]!, o, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => build({ ...schema, type: t }, o, depth)));
  const type = types[0] ?? (schema.properties ? 'object' : schema.items || schema.prefixItems ? 'array' : undefined);
  switch (type) {
    case 'object':
      return objectArb(schema, o, depth);
    case 'array':
      return arrayArb(schema, o, depth);
    case 'string':
      return stringArb(schema, o);
    case 'integer':
      return integerArb(schema);
    case 'number':
      return numberArb(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An arbitrary of values valid for `schema` (see the module comment for the subset). */
export function arbitraryFromJsonSchema(schema: JsonSchema, opts: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, opts, 0);
}

// ---------------------------------------------------------------------------------------------
// Broken values

export type Mutation = 'replace' | 'drop' | 'extra' | 'root' | 'empty';

export interface Broken {
  value: unknown;
  /** What was done to a valid value, for the counterexample. */
  how: string;
  mutation: Mutation;
}

type Path = (string | number)[];

/** Every path in a JSON value (root first), depth-first; big arrays contribute their first items only. */
export function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    for (let i = 0; i < Math.min(5, value.length); i++) pathsOf(value[i], [...path, i], out);
  } else if (value && typeof value === 'object')
    for (const k of Object.keys(value)) pathsOf((value as Record<string, unknown>)[k], [...path, k], out);
  return out;
}

const clone = (v: unknown): unknown => (v === undefined ? undefined : structuredClone(v));

function setAt(root: unknown, path: Path, fn: (parent: Record<string | number, unknown>, key: string | number) => void) {
  let node = root as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  fn(node, path[path.length - 1]!);
}

const showPath = (p: Path) => (p.length ? p.join('.') : '(input)');

/** Defines an own property (so '__proto__' becomes a key, as JSON.parse would make it). */
function define(obj: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Applies one mutation to a valid value. `pick` chooses the path (modulo the candidates). */
export function mutate(valid: unknown, mutation: Mutation, pick: number, hostile: Labelled, key: string): Broken {
  const value = clone(valid);
  const paths = pathsOf(value);
  if (mutation === 'root' || (mutation === 'replace' && paths.length === 1)) {
    return { value: hostile.value, how: `input replaced by ${hostile.label}`, mutation: 'root' };
  }
  if (mutation === 'empty') return { value: {}, how: 'every field missing ({})', mutation };
  if (mutation === 'replace') {
    const p = paths[1 + (pick % (paths.length - 1))]!;
    setAt(value, p, (parent, k) => define(parent, k, clone(hostile.value)));
    return { value, how: `${showPath(p)} replaced by ${hostile.label}`, mutation };
  }
  if (mutation === 'drop') {
    const candidates = paths.filter((p) => p.length > 0);
    if (!candidates.length) return { value: undefined, how: 'input missing', mutation };
    const p = candidates[pick % candidates.length]!;
    setAt(value, p, (parent, k) => {
      if (Array.isArray(parent)) parent.splice(Number(k), 1);
      else delete parent[k];
    });
    return { value, how: `${showPath(p)} missing`, mutation };
  }
  // extra: a field added to an object of the value (the root when it is the only one).
  const objects = paths.filter((p) => {
    let n: unknown = value;
    for (const k of p) n = (n as Record<string | number, unknown>)[k];
    return n !== null && typeof n === 'object' && !Array.isArray(n);
  });
  if (!objects.length) return { value: hostile.value, how: `input replaced by ${hostile.label}`, mutation: 'root' };
  const p = objects[pick % objects.length]!;
  let target = value as Record<string, unknown>;
  for (const k of p) target = target[k] as Record<string, unknown>;
  define(target, key, clone(hostile.value));
  return { value, how: `extra field ${showPath([...p, key]).slice(0, 60)} = ${hostile.label}`, mutation };
}

/** Broken inputs: a valid value with one field replaced by a hostile value, dropped, or an extra field added, or the whole input replaced. */
export function brokenFromJsonSchema(schema: JsonSchema, opts: ArbitraryOptions = {}): fc.Arbitrary<Broken> {
  const mutation = fc.constantFrom<Mutation>('replace', 'replace', 'replace', 'drop', 'extra', 'root', 'empty');
  return fc
    .tuple(arbitraryFromJsonSchema(schema, opts), mutation, fc.nat(), hostileValue(), fc.constantFrom(...HOSTILE_KEYS))
    .map(([valid, m, pick, hostile, key]) => mutate(valid, m, pick, hostile, key));
}

// ---------------------------------------------------------------------------------------------
// Short previews for counterexamples (a 100 kB string is not printed whole)

/** A one-line preview of a value: long strings and arrays are summarised. */
export function preview(value: unknown, budget = 400): string {
  const seen = (v: unknown, depth: number): string => {
    if (v === undefined) return 'undefined';
    if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : String(v);
    if (typeof v === 'string') {
      const shown = JSON.stringify(v.length > 60 ? v.slice(0, 40) : v);
      return v.length > 60 ? `${shown}…(${v.length} chars)` : shown;
    }
    if (v === null || typeof v !== 'object') return String(v);
    if (depth > 4) return Array.isArray(v) ? '[…]' : '{…}';
    if (Array.isArray(v)) {
      const head = v.slice(0, 5).map((x) => seen(x, depth + 1));
      return `[${head.join(', ')}${v.length > 5 ? `, …(${v.length} items)` : ''}]`;
    }
    const entries = Object.keys(v).map(
      (k) => `${JSON.stringify(k.length > 40 ? `${k.slice(0, 20)}…` : k)}: ${seen((v as Record<string, unknown>)[k], depth + 1)}`,
    );
    return `{${entries.join(', ')}}`;
  };
  const s = seen(value, 0);
  return s.length > budget ? `${s.slice(0, budget)}…` : s;
}
