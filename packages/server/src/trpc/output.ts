import { derivedOnce } from '@hr/core/shared';
import { z } from 'zod';

/**
 * A procedure's output parser (`.output(returns(schema))`): checks the result against the schema
 * and hands back the result itself, not zod's parsed copy, so a field the schema does not name is
 * never stripped and key order stays the service's (the JSON clients get is unchanged). The schema
 * rides along for the OpenAPI document (rest/openapi.ts), which types the envelope's `result` with it.
 *
 * A result that does not match is a server fault (500 E004, logged), as with tRPC's own output
 * validation: the schema and the service disagree, and the schema is the published contract.
 */
export interface ResultCheck<T> {
  (value: unknown): T;
  readonly schema: z.ZodType;
}

function resultCheck<T>(schema: z.ZodType): ResultCheck<T> {
  const check = (value: unknown): T => {
    // A cached read served to many requests (frozen: core shared/freshness.ts) is checked once.
    const r = derivedOnce(value, schema, () => schema.safeParse(value));
    // Not the ZodError itself: that would read as the caller's invalid input (GL0001) in describeError.
    if (!r.success) throw new Error(`Output does not match its schema: ${z.prettifyError(r.error)}`);
    return value as T;
  };
  return Object.assign(check, { schema });
}

export function returns<S extends z.ZodType>(schema: S): ResultCheck<z.output<S>> {
  return resultCheck(schema);
}

/**
 * `returns` for a schema picked by a generic parameter (a reference kind): typed by the value the
 * schema describes, which tRPC can compare with a generic service's result where `z.output` cannot.
 */
export function returnsType<T>(schema: z.ZodType<T>): ResultCheck<T> {
  return resultCheck(schema);
}

/** The zod schema of a procedure's output parser, when it has one (`returns(schema)` or a zod schema). */
export function outputSchemaOf(parser: unknown): z.ZodType | null {
  const candidate = typeof parser === 'function' && 'schema' in parser ? (parser as { schema: unknown }).schema : parser;
  // Duck-typed (zod v4 schemas carry `_zod`), so a second copy of zod in the tree still works.
  return typeof candidate === 'object' && candidate !== null && '_zod' in candidate ? (candidate as z.ZodType) : null;
}

/** `{ ok: true }`: the answer of an action that has nothing else to say. */
export const okResult = z.object({ ok: z.boolean() });

/** A background job was queued (docs/jobs.md); `job.get` follows it. */
export const enqueueJobOutput = z.object({ jobId: z.number() });

/**
 * A file download (meta.rest.download): over REST the bytes are the response body, over tRPC the
 * web app receives this object and saves the file.
 */
export const fileResult = z.object({ fileName: z.string(), contentType: z.string(), base64: z.string() });
