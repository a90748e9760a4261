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
  /** True for a route from `meta.rest.aliases` (the procedure's first route is its primary path). */
  alias: boolean;
  permission: ProcMeta['permission'];
  /** The procedure's input schemas (zod), outermost first. */
  inputs: unknown[];
  /** `meta.bodyLimit`: a larger request body limit for a file upload. */
  bodyLimit: number | undefined;
  /** The procedure's output parser (`.output(...)`), if it declares one. */
  output: unknown;
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
    const def = procedure._def as { meta?: ProcMeta; type: RestRoute['type']; inputs?: unknown[]; output?: unknown };
    const rest = def.meta?.rest;
    if (!rest) continue;
    // The primary path first: the harness and the OpenAPI operation id use the first route of a procedure.
    for (const path of [rest.path, ...(rest.aliases ?? [])]) {
      if (!path.startsWith('/') || /[:*?#\s]/.test(path)) {
        throw new Error(`Procedure ${procedurePath}: REST path "${path}" must start with / and use {param} placeholders`);
      }
      const key = `${rest.method} ${path.replace(PARAM, '{}')}`;
      const other = seen.get(key);
      if (other) throw new Error(`Procedures ${other} and ${procedurePath} both declare ${rest.method} ${path}`);
      seen.set(key, procedurePath);
      routes.push({
        procedurePath,
        procedure,
        type: def.type,
        method: rest.method,
        path,
        fastifyPath: path.replace(PARAM, ':$1'),
        params: [...path.matchAll(PARAM)].map((m) => m[1]!),
        rest,
        alias: path !== rest.path,
        permission: def.meta?.permission,
        inputs: def.inputs ?? [],
        bodyLimit: def.meta?.bodyLimit,
        output: def.output,
      });
    }
  }
  return routes;
}
