import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { HttpMethod, ProcMeta, RestMeta } from '../trpc/init';

/** One REST route derived from a procedure's `meta.rest`. */
export interface RestRoute {
  /** The procedure's dotted tRPC path (`employee.list`). */
  procedurePath: string;
  procedure: AnyProcedure;
  type: 'query' | 'mutation' | 'subscription';
  method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders, as written in the meta. */
  path: string;
  /** The same path in fastify syntax (`:param`). */
  fastifyPath: string;
  /** Placeholder names in order of appearance. */
  params: string[];
  rest: RestMeta;
  permission: ProcMeta['permission'];
  /** The procedure's input schemas (zod), outermost first. */
  inputs: unknown[];
}

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The flat record of procedures of a router, keyed by dotted path. */
export function proceduresOf(router: AnyRouter): Record<string, AnyProcedure> {
  return router._def.procedures as Record<string, AnyProcedure>;
}

/**
 * Every procedure with `meta.rest`, in router order. Throws at startup on a malformed path or a
 * method+path declared twice, so a typo in a router never ships as a silently missing route.
 */
export function collectRestRoutes(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  const seen = new Map<string, string>();
  for (const [procedurePath, procedure] of Object.entries(proceduresOf(router))) {
    const def = procedure._def as { meta?: ProcMeta; type: RestRoute['type']; inputs?: unknown[] };
    const rest = def.meta?.rest;
    if (!rest) continue;
    if (!rest.path.startsWith('/') || /[:*?#\s]/.test(rest.path)) {
      throw new Error(`Procedure ${procedurePath}: REST path "${rest.path}" must start with / and use {param} placeholders`);
    }
    const key = `${rest.method} ${rest.path.replace(PARAM, '{}')}`;
    const other = seen.get(key);
    if (other) throw new Error(`Procedures ${other} and ${procedurePath} both declare ${rest.method} ${rest.path}`);
    seen.set(key, procedurePath);
    routes.push({
      procedurePath,
      procedure,
      type: def.type,
      method: rest.method,
      path: rest.path,
      fastifyPath: rest.path.replace(PARAM, ':$1'),
      params: [...rest.path.matchAll(PARAM)].map((m) => m[1]!),
      rest,
      permission: def.meta?.permission,
      inputs: def.inputs ?? [],
    });
  }
  return routes;
}
