import type { AnyRouter } from '@trpc/server';
import { z } from 'zod';
import { collectRestRoutes, proceduresOf, type RestRoute } from '../rest/routes';
import type { ProcMeta } from '../trpc/init';
import type { JsonSchema } from './json-schema-arbitrary';

export type Door = 'trpc' | 'rest';

/** One procedure of the router, as the harness drives it. */
export interface ProcInfo {
  /** Dotted tRPC path (`employee.registration.list`). */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  permission: ProcMeta['permission'];
  /** The REST twin (meta.rest), if any. */
  rest: RestRoute | null;
  /** The doors it is served through: always tRPC, and REST when meta.rest exists. */
  doors: Door[];
  /** Input schemas (zod), outermost first; empty when the procedure takes no input. */
  inputs: z.ZodType[];
  /** JSON Schema (io: 'input') of the input; null without input. Several inputs become allOf. */
  jsonSchema: JsonSchema | null;
  /** Top-level property names of the input, for "does the attribute name a field". */
  fields: string[];
}

const toJson = (s: z.ZodType): JsonSchema => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Top-level property names of an input schema, through allOf / anyOf / oneOf (one level). */
function topLevelFields(schema: JsonSchema | null): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const parts = [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [...new Set(parts.flatMap((p) => (typeof p === 'object' ? Object.keys(p.properties ?? {}) : [])))];
}

/**
 * Every procedure of the router, nested routers included, with its REST twin and input
 * schemas. A procedure added later is walked without anyone listing it.
 */
export function walkRouter(router: AnyRouter): ProcInfo[] {
  const rest = new Map(collectRestRoutes(router).map((r) => [r.procedurePath, r]));
  return Object.entries(proceduresOf(router)).map(([path, proc]) => {
    const def = proc._def as { meta?: ProcMeta; type: ProcInfo['type']; inputs?: unknown[] };
    const inputs = (def.inputs ?? []).filter((i): i is z.ZodType => i instanceof z.ZodType);
    if (inputs.length !== (def.inputs ?? []).length) {
      throw new Error(`harness: ${path} has an input parser that is not a zod schema; teach walk.ts about it`);
    }
    const jsonSchema = inputs.length === 0 ? null : inputs.length === 1 ? toJson(inputs[0]!) : { allOf: inputs.map(toJson) };
    const route = rest.get(path) ?? null;
    return {
      path,
      type: def.type,
      permission: def.meta?.permission,
      rest: route,
      doors: route ? ['trpc', 'rest'] : ['trpc'],
      inputs,
      jsonSchema,
      fields: topLevelFields(jsonSchema),
    };
  });
}

/**
 * True when every input schema accepts the value, as the procedure's input middleware would;
 * `{ threw }` when a schema throws instead of reporting an issue (a refinement or transform
 * that crashes on input it did not expect: the server's parse crashes the same way).
 */
export async function acceptsInput(proc: ProcInfo, wire: unknown): Promise<boolean | { threw: string }> {
  try {
    for (const s of proc.inputs) if (!(await s.safeParseAsync(wire)).success) return false;
    return true;
  } catch (err) {
    return { threw: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}

/** acceptsInput for generation (synchronous): false when a schema needs async parsing. */
export function acceptsInputSync(proc: ProcInfo, value: unknown): boolean {
  try {
    return proc.inputs.every((s) => s.safeParse(value).success);
  } catch {
    return false;
  }
}
