import type { Ctx } from '@hr/core/shared';
import type { Grant, PermissionKey } from '@hr/core/access';
import type { z } from 'zod';
import { returns } from './output';
import { permissionProcedure } from './procedures';

/**
 * One procedure's core call: its input schema, the service function, its output schema. The
 * service receives the call's context, the grant of the procedure's permission and the parsed input.
 */
export interface ServiceCall<K extends PermissionKey, I extends z.ZodType, O extends z.ZodType> {
  input: I;
  run: (ctx: Ctx, grant: Grant<K>, input: z.output<I>) => Promise<z.output<O>>;
  output: O;
}

/** `{ input, run, output }` in the order a router reads them: what comes in, what is called, what goes out. */
export const call = <K extends PermissionKey, I extends z.ZodType, O extends z.ZodType>(
  input: I,
  run: (ctx: Ctx, grant: Grant<K>, input: z.output<I>) => Promise<z.output<O>>,
  output: O,
): ServiceCall<K, I, O> => ({ input, run, output });

/** A family of the spec's component paths: `<path>` (create), `<path>/{id}/update`, `<path>/{id}/delete`. */
export interface WriteFamily {
  /** The family's base path (e.g. /v2/h/component/department). */
  path: string;
  /** Singular, for the messages ("Department created"). */
  noun: string;
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
  const { path, noun } = family;
  const { create, update, delete: remove } = calls;
  return {
    create: permissionProcedure(manage)
      .meta({ rest: { method: 'POST', path, message: `${noun} created` } })
      .input(create.input)
      .output(returns(create.output))
      // tRPC cannot resolve its parser types over a generic schema; `call` typed the pair already.
      .mutation(({ ctx, input }) => create.run(ctx.svc, ctx.grant, input as z.output<CI>) as Promise<never>),
    update: permissionProcedure(manage)
      .meta({ rest: { method: 'POST', path: `${path}/{id}/update`, message: `${noun} updated` } })
      .input(update.input)
      .output(returns(update.output))
      .mutation(({ ctx, input }) => update.run(ctx.svc, ctx.grant, input as z.output<UI>) as Promise<never>),
    delete: permissionProcedure(manage)
      .meta({ rest: { method: 'POST', path: `${path}/{id}/delete`, message: `${noun} deleted` } })
      .input(remove.input)
      .output(returns(remove.output))
      .mutation(({ ctx, input }) => remove.run(ctx.svc, ctx.grant, input as z.output<DI>) as Promise<never>),
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
    list: permissionProcedure(permissions.view)
      .meta({ rest: { method: 'GET', path: `${family.path}/list`, message: family.plural, results: true } })
      .input(list.input)
      .output(returns(list.output))
      .query(({ ctx, input }) => list.run(ctx.svc, ctx.grant, input as z.output<LI>) as Promise<never>),
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
  return {
    mapping: permissionProcedure(permissions.view)
      .meta({ rest: { method: 'GET', path: `${path}/{id}/mapping`, message: messages.mapping, results: true } })
      .input(mapping.input)
      .output(returns(mapping.output))
      .query(({ ctx, input }) => mapping.run(ctx.svc, ctx.grant, input as z.output<MI>) as Promise<never>),
    assignation: permissionProcedure(permissions.view)
      .meta({ rest: { method: 'GET', path: `${path}/{id}/assignation`, message: messages.assignation, results: true } })
      .input(assignation.input)
      .output(returns(assignation.output))
      .query(({ ctx, input }) => assignation.run(ctx.svc, ctx.grant, input as z.output<NI>) as Promise<never>),
    assign: permissionProcedure(permissions.manage)
      .meta({ rest: { method: 'POST', path: `${path}/{id}/assign`, message: messages.assign } })
      .input(assign.input)
      .output(returns(assign.output))
      .mutation(({ ctx, input }) => assign.run(ctx.svc, ctx.grant, input as z.output<AI>) as Promise<never>),
    unassign: permissionProcedure(permissions.manage)
      .meta({ rest: { method: 'POST', path: `${path}/{id}/unassign`, message: messages.unassign } })
      .input(unassign.input)
      .output(returns(unassign.output))
      .mutation(({ ctx, input }) => unassign.run(ctx.svc, ctx.grant, input as z.output<UI>) as Promise<never>),
  };
}
