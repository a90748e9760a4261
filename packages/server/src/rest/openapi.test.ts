import { describe, expect, it } from 'vitest';
import { appRouter } from '../routers/index';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi';

type Json = Record<string, unknown>;

/**
 * REST routes whose result the OpenAPI document still leaves untyped (`{}`): their procedures
 * declare no `.output(...)` yet. Issue 17 shrinks this list to empty; do not add to it.
 */
const UNTYPED: string[] = [];

const doc = buildOpenApiDocument(appRouter) as unknown as { paths: Record<string, Record<string, Json>> };

/** The result (or results) schema of every JSON (non-download) operation, by `METHOD path`. */
function resultSchemas(): Map<string, Json | undefined> {
  const out = new Map<string, Json | undefined>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path === OPENAPI_PATH) continue;
    for (const [method, op] of Object.entries(ops)) {
      const ok = (op.responses as Record<string, Json>)['200']!;
      const json = (ok.content as Record<string, Json>)['application/json'];
      if (!json) continue; // a file download: the body is the file itself
      const parts = ((json.schema as Json).allOf ?? []) as Json[];
      const props = parts.map((p) => p.properties as Record<string, Json> | undefined).find(Boolean) ?? {};
      out.set(`${method.toUpperCase()} ${path}`, props.result ?? props.results);
    }
  }
  return out;
}

/** `METHOD path` of every JSON operation whose result schema is missing or `{}` (anything). */
function untypedResults(): string[] {
  return [...resultSchemas()]
    .filter(([, schema]) => !schema || Object.keys(schema).length === 0)
    .map(([route]) => route)
    .sort();
}

describe('the OpenAPI document', () => {
  it('types the result of every JSON route (procedures declare .output)', () => {
    expect(untypedResults()).toEqual(UNTYPED);
  });

  it('writes a result date as ISO text and leaves result objects open', () => {
    const closed = [...resultSchemas()]
      .filter(([, schema]) => JSON.stringify(schema ?? {}).includes('"additionalProperties":false'))
      .map(([route]) => route);
    expect(closed).toEqual([]);
    const login = resultSchemas().get('POST /v2/h/auth/login');
    expect(JSON.stringify(login)).toContain('"expiresAt":{"type":"string","format":"date-time"}');
  });
});
