import type { Ctx } from '@hr/core/shared';
import type { Grant, PermissionKey } from '@hr/core/access';
import type { z } from 'zod';
import type { RestMeta } from './init';
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

/** What every single-call procedure declares: its permission, REST meta, input and output parsers. */
const gated = <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(
  key: K,
  rest: RestMeta,
  service: ServiceCall<K, I, O>,
) => permissionProcedure(key).meta({ rest }).input(service.input).output(returns(service.output));

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

/** `query` for a write: the same single service call, as a tRPC mutation. */
export const mutation = <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(
  key: K,
  rest: RestMeta,
  service: ServiceCall<K, I, O>,
) => gated(key, rest, service).mutation(resolve(service));

/**
 * The single-call procedures a router gates by one permission, by REST verb:
 * `const view = gate('leave.view')`, then `list: view.list(path, 'Leave requests', call(…))`.
 * `list` answers a list under `results`, `file` a download; `get` is a query, the others mutations.
 */
export function gate<K extends PermissionKey>(key: K) {
  const read =
    (extra: Pick<RestMeta, 'results' | 'download'>) =>
    <I extends z.ZodType, O extends z.ZodType>(path: string, message: string, service: ServiceCall<K, I, O>) =>
      query(key, { method: 'GET', path, message, ...extra }, service);
  const write =
    (method: 'POST' | 'PUT' | 'DELETE') =>
    <I extends z.ZodType, O extends z.ZodType>(path: string, message: string, service: ServiceCall<K, I, O>) =>
      mutation(key, { method, path, message }, service);
  return {
    get: read({}),
    list: read({ results: true }),
    file: read({ download: true }),
    post: write('POST'),
    put: write('PUT'),
    del: write('DELETE'),
  };
}

/** A query without input (a lookup, a template): the service receives the context and the grant. */
export function inputlessQuery<K extends PermissionKey, O extends z.ZodType>(
  key: K,
  rest: RestMeta,
  run: (ctx: Ctx, grant: Grant<K>) => Promise<z.output<O>>,
  output: O,
) {
  return permissionProcedure(key)
    .meta({ rest })
    .output(returns(output))
    .query(({ ctx }) => run(ctx.svc, ctx.grant) as Promise<never>);
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
 * The three write procedures of a family (create, update, delete), all gated by `manage`, with the
 * spec's paths and messages. The router names the permission where it calls this.
 */
export function writeProcedures<
  M extends PermissionKey,
  CI extends z.ZodType,
  CO extends z.ZodType,
  UI extends z.ZodType,
  UO extends z.ZodType,
  DI extends z.ZodType,
  DO extends z.ZodType,
>(
  manage: M,
  family: WriteFamily,
  calls: { create: ServiceCall<M, CI, CO>; update: ServiceCall<M, UI, UO>; delete: ServiceCall<M, DI, DO> },
) {
  const { path, noun, updated = 'updated' } = family;
  const { create, update, delete: remove } = calls;
  return {
    create: mutation(manage, { method: 'POST', path, message: `${noun} created` }, create),
    update: mutation(manage, { method: 'POST', path: `${path}/{id}/update`, message: `${noun} ${updated}` }, update),
    delete: mutation(manage, { method: 'POST', path: `${path}/{id}/delete`, message: `${noun} deleted` }, remove),
  };
}

/**
 * The four maintenance procedures of a family: the list at `<path>/list` under `view`, and the
 * writes of writeProcedures under `manage`. The router names both permissions where it calls this.
 */
export function crudProcedures<
  V extends PermissionKey,
  M extends PermissionKey,
  LI extends z.ZodType,
  LO extends z.ZodType,
  CI extends z.ZodType,
  CO extends z.ZodType,
  UI extends z.ZodType,
  UO extends z.ZodType,
  DI extends z.ZodType,
  DO extends z.ZodType,
>(
  permissions: { view: V; manage: M },
  family: CrudFamily,
  calls: {
    list: ServiceCall<V, LI, LO>;
    create: ServiceCall<M, CI, CO>;
    update: ServiceCall<M, UI, UO>;
    delete: ServiceCall<M, DI, DO>;
  },
) {
  const { list, ...writes } = calls;
  return {
    list: query(permissions.view, { method: 'GET', path: `${family.path}/list`, message: family.plural, results: true }, list),
    ...writeProcedures(permissions.manage, family, writes),
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
  MI extends z.ZodType,
  MO extends z.ZodType,
  NI extends z.ZodType,
  NO extends z.ZodType,
  AI extends z.ZodType,
  AO extends z.ZodType,
  UI extends z.ZodType,
  UO extends z.ZodType,
>(
  permissions: { view: V; manage: M },
  path: string,
  messages: AssignmentMessages,
  calls: {
    mapping: ServiceCall<V, MI, MO>;
    assignation: ServiceCall<V, NI, NO>;
    assign: ServiceCall<M, AI, AO>;
    unassign: ServiceCall<M, UI, UO>;
  },
) {
  const { mapping, assignation, assign, unassign } = calls;
  const { view, manage } = permissions;
  return {
    mapping: query(view, { method: 'GET', path: `${path}/{id}/mapping`, message: messages.mapping, results: true }, mapping),
    assignation: query(
      view,
      { method: 'GET', path: `${path}/{id}/assignation`, message: messages.assignation, results: true },
      assignation,
    ),
    assign: mutation(manage, { method: 'POST', path: `${path}/{id}/assign`, message: messages.assign }, assign),
    unassign: mutation(manage, { method: 'POST', path: `${path}/{id}/unassign`, message: messages.unassign }, unassign),
  };
}

/**
 * The two decisions on one request, both under `key`: `<path>/{id}/approve` and
 * `<path>/{id}/disapprove`, answering "<noun> approved" and "<noun> disapproved".
 */
export function decisionProcedures<
  K extends PermissionKey,
  AI extends z.ZodType,
  AO extends z.ZodType,
  DI extends z.ZodType,
  DO extends z.ZodType,
>(key: K, path: string, noun: string, calls: { approve: ServiceCall<K, AI, AO>; disapprove: ServiceCall<K, DI, DO> }) {
  return {
    approve: mutation(key, { method: 'POST', path: `${path}/{id}/approve`, message: `${noun} approved` }, calls.approve),
    disapprove: mutation(
      key,
      { method: 'POST', path: `${path}/{id}/disapprove`, message: `${noun} disapproved` },
      calls.disapprove,
    ),
  };
}

/**
 * The same two decisions on several requests at once: `<path>/approve` and `<path>/disapprove`,
 * answering "<plural> approved" and "<plural> disapproved".
 */
export function bulkDecisionProcedures<
  K extends PermissionKey,
  AI extends z.ZodType,
  AO extends z.ZodType,
  DI extends z.ZodType,
  DO extends z.ZodType,
>(key: K, path: string, plural: string, calls: { bulkApprove: ServiceCall<K, AI, AO>; bulkDisapprove: ServiceCall<K, DI, DO> }) {
  return {
    bulkApprove: mutation(key, { method: 'POST', path: `${path}/approve`, message: `${plural} approved` }, calls.bulkApprove),
    bulkDisapprove: mutation(
      key,
      { method: 'POST', path: `${path}/disapprove`, message: `${plural} disapproved` },
      calls.bulkDisapprove,
    ),
  };
}
