import { assignInput, listGrantsInput } from '@hr/core/permissions';
import { listEmployeesInput } from '@hr/core/employees';
import { loginInput } from '@hr/core/auth';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  arbitraryFromJsonSchema,
  brokenFromJsonSchema,
  HOSTILE_VALUES,
  type JsonSchema,
  mutate,
  pathsOf,
  preview,
} from './json-schema-arbitrary';

const jsonSchemaOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
const SEED = 4242;

/** Every generated value passes the zod schema it came from (schemas the JSON Schema expresses fully). */
function expectAllValid(name: string, schema: z.ZodType, numRuns = 150) {
  fc.assert(
    fc.property(arbitraryFromJsonSchema(jsonSchemaOf(schema)), (v) => {
      const r = schema.safeParse(v);
      if (!r.success) throw new Error(`${name}: ${preview(v)} → ${r.error.message}`);
    }),
    { seed: SEED, numRuns },
  );
}

describe('JSON Schema → fast-check: valid values', () => {
  const cases: [string, z.ZodType][] = [
    ['string min/max', z.object({ s: z.string().min(3).max(7) })],
    ['string pattern', z.object({ s: z.string().regex(/^[A-Z]{2}-\d{3}$/) })],
    [
      'string no control characters, max 100',
      z.object({
        s: z
          .string()
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the shape of core's text() pattern
          .regex(/^[^\u0000-\u001f]*$/)
          .max(100),
      }),
    ],
    ['email format', z.object({ e: z.email() })],
    ['uuid format', z.object({ u: z.uuid() })],
    ['date format', z.object({ d: z.iso.date() })],
    ['datetime format', z.object({ d: z.iso.datetime() })],
    ['integer bounds', z.object({ n: z.number().int().min(-3).max(9) })],
    ['integer exclusive minimum, 32-bit max', z.object({ n: z.number().int().positive().max(2_147_483_647) })],
    ['safe integers', z.object({ n: z.number().int() })],
    ['number bounds', z.object({ x: z.number().gt(0).lt(1) })],
    ['number multipleOf', z.object({ x: z.number().multipleOf(5).min(0).max(100) })],
    ['enum', z.object({ e: z.enum(['a', 'b', 'c']) })],
    ['literal', z.object({ l: z.literal('client_credentials'), n: z.literal(7) })],
    ['union', z.object({ u: z.union([z.string().max(3), z.number().int().min(0)]) })],
    [
      'discriminated union',
      z.object({
        g: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('a'), x: z.number() }),
          z.object({ kind: z.literal('b'), y: z.string() }),
        ]),
      }),
    ],
    ['array with bounds', z.object({ a: z.array(z.number().int()).min(1).max(4) })],
    ['tuple', z.object({ t: z.tuple([z.string(), z.boolean()]) })],
    ['optional', z.object({ o: z.string().optional(), r: z.boolean() })],
    ['nullable', z.object({ n: z.number().nullable() })],
    ['default', z.object({ page: z.number().int().min(1).default(1) })],
    ['nested objects', z.object({ a: z.object({ b: z.object({ c: z.string().min(1) }) }) })],
    ['record', z.record(z.string(), z.number())],
    ['intersection', z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }))],
    [
      'recursive ($ref)',
      z.object({
        get children() {
          return z.array(z.object({ name: z.string() })).max(2);
        },
      }),
    ],
    ['core: listEmployeesInput', listEmployeesInput],
    ['core: listGrantsInput', listGrantsInput],
    ['core: assignInput', assignInput],
  ];
  for (const [name, schema] of cases) it(name, () => expectAllValid(name, schema));

  it('valid-ish e-mails: a property named e-mail gets addresses zod accepts even without a format (zod pipe)', () => {
    const values = fc.sample(arbitraryFromJsonSchema(jsonSchemaOf(loginInput)), { seed: SEED, numRuns: 200 });
    const accepted = values.filter((v) => loginInput.safeParse(v).success).length;
    expect(accepted).toBeGreaterThan(40);
  });

  it('valid strings include hostile payloads and boundary lengths', () => {
    const values = fc.sample(arbitraryFromJsonSchema({ type: 'string', maxLength: 100 }), { seed: SEED, numRuns: 600 });
    expect(values).toContain("' or 1=1 --");
    expect(values).toContain('<script>alert(1)</script>');
    expect(values).toContain('a'.repeat(100));
  });

  it('objects come with only their required keys now and then (an update with nothing to set)', () => {
    const schema = jsonSchemaOf(z.object({ id: z.number().int(), a: z.string().optional(), b: z.number().optional() }));
    const values = fc.sample(arbitraryFromJsonSchema(schema), { seed: SEED, numRuns: 200 });
    expect(values.filter((v) => Object.keys(v as object).join() === 'id').length).toBeGreaterThan(20);
  });

  it('small ids are frequent, so generated ids hit existing rows', () => {
    const id = jsonSchemaOf(z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }));
    const ids = fc.sample(arbitraryFromJsonSchema(id), { seed: SEED, numRuns: 200 }).map((v) => (v as { id: number }).id);
    expect(ids.filter((n) => n <= 60).length).toBeGreaterThan(60);
  });
});

describe('broken values', () => {
  const schema = z.object({ name: z.string().min(1).max(20), count: z.number().int().min(0), tags: z.array(z.string()).max(3) });
  const js = jsonSchemaOf(schema);
  const valid = { name: 'ok', count: 1, tags: ['a'] };

  it('root, empty and dropped-field mutations break a strict schema', () => {
    const big = HOSTILE_VALUES.find((h) => h.label.startsWith('100000-char'))!;
    expect(schema.safeParse(mutate(valid, 'root', 0, big, 'x').value).success).toBe(false);
    expect(schema.safeParse(mutate(valid, 'empty', 0, big, 'x').value).success).toBe(false);
    for (let pick = 0; pick < 3; pick++) {
      const b = mutate(valid, 'drop', pick, big, 'x');
      expect(b.how).toMatch(/missing/);
      if (b.how !== 'tags.0 missing') expect(schema.safeParse(b.value).success).toBe(false);
    }
    const replaced = mutate(valid, 'replace', 0, big, 'x');
    expect(replaced.how).toBe('name replaced by 100000-char string');
    expect(schema.safeParse(replaced.value).success).toBe(false);
  });

  it('an extra field is an own property, even __proto__, and leaves the valid value untouched', () => {
    const b = mutate(valid, 'extra', 0, { label: 'null', value: null }, '__proto__');
    expect(Object.hasOwn(b.value as object, '__proto__')).toBe(true);
    expect(JSON.stringify(b.value)).toContain('"__proto__":null');
    expect(valid).toEqual({ name: 'ok', count: 1, tags: ['a'] });
  });

  it('pathsOf lists nested paths and only the head of big arrays', () => {
    expect(pathsOf({ a: { b: [1, 2] } })).toEqual([[], ['a'], ['a', 'b'], ['a', 'b', 0], ['a', 'b', 1]]);
    expect(pathsOf(Array.from({ length: 10_000 }, () => 1))).toHaveLength(6);
  });

  it('the hostile pool covers the categories the harness promises', () => {
    const values = HOSTILE_VALUES.map((h) => h.value);
    const strings = values.filter((v): v is string => typeof v === 'string');
    expect(strings.some((s) => s.length >= 100_000)).toBe(true);
    expect(values.some((v) => Array.isArray(v) && v.length === 10_000)).toBe(true);
    for (const n of [-1, 1e308, 2 ** 53 + 1]) expect(values).toContain(n);
    expect(values.some((v) => Number.isNaN(v))).toBe(true);
    for (const s of [
      'NaN',
      '2023-02-30',
      '0000-00-00',
      '\u0000',
      '\u202eabc\u202c',
      '\ud800',
      "' or 1=1 --",
      '1; drop table employees',
    ])
      expect(strings).toContain(s);
    expect(strings.some((s) => s.includes('<script>'))).toBe(true);
    expect(strings.some((s) => /\p{Extended_Pictographic}/u.test(s))).toBe(true);
  });

  it('most broken values fail the schema; the rest are extra fields or optional drops', () => {
    const broken = fc.sample(brokenFromJsonSchema(js), { seed: SEED, numRuns: 200 });
    const rejected = broken.filter((b) => !schema.safeParse(b.value).success);
    expect(rejected.length / broken.length).toBeGreaterThan(0.6);
    for (const b of broken.filter((x) => schema.safeParse(x.value).success))
      expect(b.mutation === 'extra' || b.how.startsWith('tags.') || b.how.includes('replaced by')).toBe(true);
  });
});

describe('preview', () => {
  it('summarises long strings and arrays', () => {
    expect(preview({ a: 'x'.repeat(100_000), b: [1, 2, 3, 4, 5, 6, 7] })).toBe(
      `{"a": "${'x'.repeat(40)}"…(100000 chars), "b": [1, 2, 3, 4, 5, …(7 items)]}`,
    );
    expect(preview(Number.NaN)).toBe('NaN');
    expect(preview(undefined)).toBe('undefined');
  });
});
