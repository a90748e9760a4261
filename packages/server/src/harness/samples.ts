import fc from 'fast-check';
import { seedFor } from './fixture';
import { arbitraryFromJsonSchema, brokenFromJsonSchema, preview } from './json-schema-arbitrary';
import { acceptsInput, type ProcInfo } from './walk';

/** One generated input; fast-check prints it through toStringMethod (long values summarised). */
export interface Case {
  value: unknown;
  how: string;
  [fc.toStringMethod](): string;
}

export const caseOf = (value: unknown, how: string): Case => ({
  value,
  how,
  [fc.toStringMethod]: () => `${how}: ${preview(value)}`,
});

/**
 * A deterministic input the procedure's schema accepts (the first of up to 60 generated that
 * passes; generation is valid-ish, see json-schema-arbitrary.ts). Undefined without input.
 */
export async function validSample(proc: ProcInfo, salt: string): Promise<unknown> {
  if (!proc.jsonSchema) return undefined;
  const values = fc.sample(arbitraryFromJsonSchema(proc.jsonSchema), { seed: seedFor(salt, proc.path), numRuns: 60 });
  for (const v of values) if ((await acceptsInput(proc, v)) === true) return v;
  return values[0];
}

/** A deterministic input the schema refuses (a broken valid one). */
export async function brokenSample(proc: ProcInfo, salt: string): Promise<Case> {
  const values = fc.sample(brokenFromJsonSchema(proc.jsonSchema ?? true), { seed: seedFor(salt, proc.path), numRuns: 60 });
  for (const b of values) if ((await acceptsInput(proc, b.value)) === false) return caseOf(b.value, b.how);
  return caseOf(values[0]!.value, values[0]!.how);
}
