import { describe, expect, it } from 'vitest';
import { appRouter } from '../routers/index';
import { resultSchema } from './openapi';
import { collectRestRoutes } from './routes';

/**
 * docs/api.md "Envelope": lists (an array, or a page `{rows, total, …}`) answer under `results`; a single
 * record or an action's outcome under `result` (issue 20 item 10). Walks every REST route of the router.
 */
describe('the envelope shape', () => {
  it('puts every list under results and every single record under result', () => {
    const wrong: string[] = [];
    for (const route of collectRestRoutes(appRouter)) {
      if (route.alias || route.rest.download) continue;
      const schema = resultSchema(route) as { type?: string; properties?: Record<string, unknown> };
      const isList =
        schema.type === 'array' || (schema.type === 'object' && !!schema.properties?.rows && !!schema.properties?.total);
      if (Boolean(route.rest.results) !== isList)
        wrong.push(`${route.method} ${route.path}: ${isList ? 'a list under result' : 'a record under results'}`);
    }
    expect(wrong).toEqual([]);
  });
});
