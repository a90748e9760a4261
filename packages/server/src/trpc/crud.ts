import type { Ctx } from '@hr/core/shared';
import type { Actor, Grant, PermissionKey } from '@hr/core/access';
import type { z } from 'zod';
import type { ProcMeta, RestMeta } from './init';
import { returns } from './output';
import { permissionProcedure } from './procedures';

/**
 * One procedure's core call: its input schema, the service function, its output schema. The
 * service receives the call's context, the grant of the procedure's permission and the parsed input.
 */
export interface ServiceCall<K extends PermissionKey, I extends z.ZodType, O extends z.ZodType> {
  input: I;
  /** The service function; a pure one (a formula check) may answer without a promise. */
  run: (ctx: Ctx, grant: Grant<K>, input: z.output<I>) => Promise<z.output<O>> | z.output<O>;
  output: O;
}

/** `{ input, run, output }` in the order a router reads them: what comes in, what is called, what goes out. */
export const call = <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(
  input: I,
  run: ServiceCall<K, I, O>['run'],
  output: O,
): ServiceCall<K, I, O> => ({ input, run, output });

/** A service call without input (a lookup, the settings, a template): the service receives the context and the grant. */
export interface InputlessCall<K extends PermissionKey, O extends z.ZodType> {
  run: (ctx: Ctx, grant: Grant<K>) => Promise<z.output<O>>;
  output: O;
}

/**
 * `{ run, output }` of a procedure that takes no input: `view.get(path, message, noInput(getSettings, settingsOutput))`.
 * Typed by the service's own grant parameter, which may accept the grants of several permissions.
 */
export const noInput = <G extends Grant, O extends z.ZodType>(
  run: (ctx: Ctx, grant: G) => Promise<z.output<O>>,
  output: O,
): { run: (ctx: Ctx, grant: G) => Promise<z.output<O>>; output: O } => ({ run, output });

/**
 * A service that takes the signed-in actor where the others take the grant (it answers for the caller
 * themselves): given the grant of the procedure's permission, it receives `grant.actor`.
 */
export const byActor =
  <A extends unknown[], R>(run: (ctx: Ctx, actor: Actor, ...rest: A) => R) =>
  (ctx: Ctx, grant: Grant, ...rest: A): R =>
    run(ctx, grant.actor, ...rest);

/**
 * A service that takes one more argument right after the grant (a kind, a tier), bound here:
 * `withArg(decidePurchaseRequest, 'coo')` is `(ctx, grant, input) => decidePurchaseRequest(ctx, grant, 'coo', input)`.
 */
export const withArg =
  <G extends Grant, A, R extends unknown[], T>(run: (ctx: Ctx, grant: G, arg: A, ...rest: R) => T, arg: A) =>
  (ctx: Ctx, grant: G, ...rest: R): T =>
    run(ctx, grant, arg, ...rest);

/** A service that answers nothing, made to answer `{ ok: true }` (okResult) once it has run. */
export const thenOk =
  <G extends Grant, I>(run: (ctx: Ctx, grant: G, input: I) => Promise<unknown>) =>
  async (ctx: Ctx, grant: G, input: I): Promise<{ ok: boolean }> => {
    await run(ctx, grant, input);
    return { ok: true };
  };

/** What a procedure declares besides its REST meta: the body limit of an upload (see init.ts). */
export type ExtraMeta = Pick<ProcMeta, 'bodyLimit'>;

/** What every single-call procedure declares: its permission, REST meta, input and output parsers. */
const gated = <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(
  key: K,
  rest: RestMeta,
  service: ServiceCall<K, I, O>,
  extra: ExtraMeta = {},
) =>
  permissionProcedure(key)
    .meta({ rest, ...extra })
    .input(service.input)
    .output(returns(service.output));

/**
 * The resolver of a single-call procedure: the service with the call's context and grant. tRPC
 * cannot resolve its parser types over a generic schema; `call` typed the input and output already.
 */
const resolve =
  <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(service: ServiceCall<K, I, O>) =>
  ({ ctx, input }: { ctx: { svc: Ctx; grant: Grant<K> }; input: unknown }) =>
    service.run(ctx.svc, ctx.grant, input as z.output<I>) as Promise<never>;

/**
 * A query gated by the permission `key`, answering at `rest`, that is one service call: the shape of
 * almost every read in the routers (permission, REST meta, input, output, one call into core).
 */
export const query = <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(
  key: K,
  rest: RestMeta,
  service: ServiceCall<K, I, O>,
) => gated(key, rest, service).query(resolve(service));

/** `query` for a write: the same single service call, as a tRPC mutation; `extra` for an upload's body limit. */
export const mutation = <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(
  key: K,
  rest: RestMeta,
  service: ServiceCall<K, I, O>,
  extra?: ExtraMeta,
) => gated(key, rest, service, extra).mutation(resolve(service));

/** A query without input (a lookup, a template): the service receives the context and the grant. */
function inputlessQuery<K extends PermissionKey, O extends z.ZodType>(key: K, rest: RestMeta, service: InputlessCall<K, O>) {
  return permissionProcedure(key)
    .meta({ rest })
    .output(returns(service.output))
    .query(({ ctx }) => service.run(ctx.svc, ctx.grant) as Promise<never>);
}

/** How a write answers besides its message: a download, a list under `results`, an upload's body limit. */
export interface WriteOptions extends ExtraMeta {
  download?: true;
  results?: true;
}

/**
 * The single-call procedures a router gates by one permission, by REST verb:
 * `const view = gate('leave.view')`, then `list: view.list(path, 'Leave requests', call(…))`.
 * `list` answers a list under `results`, `file` a download; `get` is a query, the others mutations.
 * A read takes `call(input, run, output)` or, without input, `noInput(run, output)`; a write may
 * take WriteOptions (an upload's body limit, a download, a list).
 */
export function gate<K extends PermissionKey>(key: K) {
  const read = (extra: Pick<RestMeta, 'results' | 'download'>) => {
    function answer<I extends z.ZodType, O extends z.ZodType>(
      path: string,
      message: string,
      service: ServiceCall<K, I, O>,
    ): ReturnType<typeof query<K, I, O>>;
    function answer<O extends z.ZodType>(
      path: string,
      message: string,
      service: InputlessCall<K, O>,
    ): ReturnType<typeof inputlessQuery<K, O>>;
    function answer(path: string, message: string, service: ServiceCall<K, z.ZodType, z.ZodType> | InputlessCall<K, z.ZodType>) {
      const rest: RestMeta = { method: 'GET', path, message, ...extra };
      return 'input' in service ? query(key, rest, service) : inputlessQuery(key, rest, service);
    }
    return answer;
  };
  const write =
    (method: 'POST' | 'PUT' | 'DELETE') =>
    <I extends z.ZodType, O extends z.ZodType>(
      path: string,
      message: string,
      service: ServiceCall<K, I, O>,
      { bodyLimit, ...answer }: WriteOptions = {},
    ) =>
      mutation(key, { method, path, message, ...answer }, service, bodyLimit === undefined ? {} : { bodyLimit });
  return {
    get: read({}),
    list: read({ results: true }),
    file: read({ download: true }),
    post: write('POST'),
    put: write('PUT'),
    del: write('DELETE'),
  };
}

/** A family of the spec's component paths: `<path>` (create), `<path>/{id}/update`, `<path>/{id}/delete`. */
export interface WriteFamily {
  /** The family's base path (e.g. /v2/h/component/department). */
  path: string;
  /** Singular, for the messages ("Department created"). */
  noun: string;
  /** The verb of the update's message: "updated" unless the spec says otherwise ("Leave type saved"). */
  updated?: 'updated' | 'saved';
}

/** A family that also lists at `<path>/list`. */
export interface CrudFamily extends WriteFamily {
  /** Plural, the list's message ("Departments"). */
  plural: string;
}

/**
 * A service call of any input and output that a procedure gated by K can make: the constraint of the
 * family helpers below, which keep each call's own types through QueryOf and MutationOf.
 */
// biome-ignore lint/suspicious/noExplicitAny: the input and output are each call's own, typed again by QueryOf/MutationOf
export type AnyCall<K extends PermissionKey> = ServiceCall<K, any, any>;

/** The procedure `query(key, rest, S)` makes, typed by the service call S's own input and output. */
export type QueryOf<K extends PermissionKey, S> =
  S extends ServiceCall<K, infer I extends z.ZodType, infer O extends z.ZodType> ? ReturnType<typeof query<K, I, O>> : never;

/** The procedure `mutation(key, rest, S)` makes, typed by the service call S's own input and output. */
export type MutationOf<K extends PermissionKey, S> =
  S extends ServiceCall<K, infer I extends z.ZodType, infer O extends z.ZodType> ? ReturnType<typeof mutation<K, I, O>> : never;

/** Where a POST of a family answers, and the envelope's `success` message. */
interface PostRoute {
  path: string;
  message: string;
}

/**
 * One mutation per route, all under `key` and answering POST, each making the call of the same name:
 * the family helpers below are this with the spec's paths and messages. Each keeps its call's types.
 */
function postEach<K extends PermissionKey, N extends string, C extends Record<N, AnyCall<K>>>(
  key: K,
  calls: C,
  routes: Record<N, PostRoute>,
): { [P in N]: MutationOf<K, C[P]> } {
  const procedures = Object.entries<PostRoute>(routes).map(([name, route]) => [
    name,
    mutation(key, { method: 'POST', ...route }, calls[name as N]),
  ]);
  return Object.fromEntries(procedures);
}

/** The three calls of a family's writes. */
export interface WriteCalls<M extends PermissionKey> {
  create: AnyCall<M>;
  update: AnyCall<M>;
  delete: AnyCall<M>;
}

/**
 * The three write procedures of a family (create, update, delete), all gated by `manage`, with the
 * spec's paths and messages. The router names the permission where it calls this.
 */
export function writeProcedures<M extends PermissionKey, C extends WriteCalls<M>>(manage: M, family: WriteFamily, calls: C) {
  const { path, noun, updated = 'updated' } = family;
  return postEach(manage, calls, {
    create: { path, message: `${noun} created` },
    update: { path: `${path}/{id}/update`, message: `${noun} ${updated}` },
    delete: { path: `${path}/{id}/delete`, message: `${noun} deleted` },
  });
}

/**
 * The four maintenance procedures of a family: the list at `<path>/list` under `view`, and the
 * writes of writeProcedures under `manage`. The router names both permissions where it calls this.
 */
export function crudProcedures<V extends PermissionKey, M extends PermissionKey, C extends WriteCalls<M> & { list: AnyCall<V> }>(
  permissions: { view: V; manage: M },
  family: CrudFamily,
  calls: C,
) {
  const rest: RestMeta = { method: 'GET', path: `${family.path}/list`, message: family.plural, results: true };
  return {
    list: query(permissions.view, rest, calls.list) as QueryOf<V, C['list']>,
    ...writeProcedures(permissions.manage, family, calls),
  };
}

/** What the four assignment procedures of a family answer (the envelope's `success`). */
export interface AssignmentMessages {
  mapping: string;
  assignation: string;
  assign: string;
  unassign: string;
}

/**
 * The assignment procedures of a family: `<path>/{id}/mapping` (what is assigned) and
 * `<path>/{id}/assignation` (what could be) under `view`, `<path>/{id}/assign` and
 * `<path>/{id}/unassign` under `manage`. The router names both permissions where it calls this.
 */
export function assignmentProcedures<
  V extends PermissionKey,
  M extends PermissionKey,
  C extends { mapping: AnyCall<V>; assignation: AnyCall<V>; assign: AnyCall<M>; unassign: AnyCall<M> },
>(permissions: { view: V; manage: M }, path: string, messages: AssignmentMessages, calls: C) {
  const { view, manage } = permissions;
  const lookup = (segment: 'mapping' | 'assignation'): RestMeta => ({
    method: 'GET',
    path: `${path}/{id}/${segment}`,
    message: messages[segment],
    results: true,
  });
  return {
    mapping: query(view, lookup('mapping'), calls.mapping) as QueryOf<V, C['mapping']>,
    assignation: query(view, lookup('assignation'), calls.assignation) as QueryOf<V, C['assignation']>,
    ...postEach(manage, calls, {
      assign: { path: `${path}/{id}/assign`, message: messages.assign },
      unassign: { path: `${path}/{id}/unassign`, message: messages.unassign },
    }),
  };
}

/**
 * The two decisions on one request, both under `key`: `<path>/{id}/approve` and
 * `<path>/{id}/disapprove`, answering "<noun> approved" and "<noun> disapproved".
 */
export function decisionProcedures<K extends PermissionKey, C extends { approve: AnyCall<K>; disapprove: AnyCall<K> }>(
  key: K,
  path: string,
  noun: string,
  calls: C,
) {
  return postEach(key, calls, {
    approve: { path: `${path}/{id}/approve`, message: `${noun} approved` },
    disapprove: { path: `${path}/{id}/disapprove`, message: `${noun} disapproved` },
  });
}

/**
 * The same two decisions on several requests at once: `<path>/approve` and `<path>/disapprove`,
 * answering "<plural> approved" and "<plural> disapproved".
 */
export function bulkDecisionProcedures<
  K extends PermissionKey,
  C extends { bulkApprove: AnyCall<K>; bulkDisapprove: AnyCall<K> },
>(key: K, path: string, plural: string, calls: C) {
  return postEach(key, calls, {
    bulkApprove: { path: `${path}/approve`, message: `${plural} approved` },
    bulkDisapprove: { path: `${path}/disapprove`, message: `${plural} disapproved` },
  });
}
