import type { Grant } from '@hr/core/access';
import {
  approveEmployeeRole,
  assignEmployeeRole,
  assignEmployeeRoleInput,
  cancelEmployeeRole,
  listEmployeeRoles,
  listEmployeeRolesInput,
  unassignEmployeeRole,
  approveGrant,
  assignGrant,
  assignInput,
  cancelGrant,
  createGrantSet,
  createGrantSetInput,
  decidePlacementInput,
  deleteGrantSet,
  deleteGrantSetInput,
  explainInput,
  explainPermission,
  grantIdInput,
  listGrants,
  listGrantsInput,
  listPlacementConfirmations,
  listPlacementConfirmationsInput,
  approvePlacement,
  rejectPlacement,
  unassignGrant,
} from '@hr/core/permissions';
import type { Ctx } from '@hr/core/shared';
import type { z } from 'zod';
import { permissionProcedure, router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import {
  assignGrantOutput,
  createGrantSetOutput,
  deleteGrantSetOutput,
  explainPermissionOutput,
  listGrantsOutput,
  listPlacementConfirmationsOutput,
} from '@hr/core/permissions';
import { okResult, returns } from '../trpc/output';

type GrantOps<LI extends z.ZodType, AI extends z.ZodType> = {
  listInput: LI;
  list: (ctx: Ctx, grant: Grant<'permission.view'>, input: z.output<LI>) => Promise<z.output<typeof listGrantsOutput>>;
  assignInput: AI;
  assign: (ctx: Ctx, grant: Grant<'permission.assign'>, input: z.output<AI>) => Promise<{ id: number }>;
  unassign: (ctx: Ctx, grant: Grant<'permission.assign'>, input: { id: number }) => Promise<void>;
  approve: (ctx: Ctx, grant: Grant<'permission.approve'>, input: { id: number }) => Promise<void>;
  cancel: (ctx: Ctx, grant: Grant<'permission.assign'>, input: { id: number }) => Promise<void>;
};

/** The grant procedures under one base path: list, assign (pending), unassign, approve, cancel. */
function grantProcedures<LI extends z.ZodType, AI extends z.ZodType>(base: string, ops: GrantOps<LI, AI>) {
  const decision = <P extends 'permission.assign' | 'permission.approve'>(
    perm: P,
    segment: string,
    message: string,
    run: (ctx: Ctx, grant: Grant<P>, input: { id: number }) => Promise<void>,
  ) =>
    permissionProcedure(perm)
      .meta({ rest: { method: 'POST', path: `${base}/{id}/${segment}`, message } })
      .input(grantIdInput)
      .output(returns(okResult))
      .mutation(async ({ ctx, input }) => {
        await run(ctx.svc, ctx.grant as Grant<P>, input);
        return { ok: true };
      });
  return router({
    list: permissionProcedure('permission.view')
      .meta({ rest: { method: 'GET', path: base, message: 'Grants', results: true } })
      .input(ops.listInput)
      .output(returns(listGrantsOutput))
      .query(({ ctx, input }) => ops.list(ctx.svc, ctx.grant, input as z.output<LI>)),
    assign: permissionProcedure('permission.assign')
      .meta({ rest: { method: 'POST', path: `${base}/assign`, message: 'Grant assigned; awaiting approval' } })
      .input(ops.assignInput)
      .output(returns(assignGrantOutput))
      .mutation(({ ctx, input }) => ops.assign(ctx.svc, ctx.grant, input as z.output<AI>)),
    unassign: decision('permission.assign', 'unassign', 'Grant unassigned', ops.unassign),
    approve: decision('permission.approve', 'approve', 'Grant approved', ops.approve),
    cancel: decision('permission.assign', 'cancel', 'Grant cancelled', ops.cancel),
  });
}

/** Permission and role grants for one subject type, under /v2/h/permission/{segment}. */
function grantRouter(type: 'employee' | 'job_position' | 'section', segment: 'employee' | 'jobPosition' | 'sectionDepartment') {
  return grantProcedures(`/v2/h/permission/${segment}`, {
    listInput: listGrantsInput,
    list: (ctx, grant, input) => listGrants(ctx, grant, type, input),
    assignInput,
    assign: (ctx, grant, input) => assignGrant(ctx, grant, type, input),
    unassign: unassignGrant,
    approve: approveGrant,
    cancel: cancelGrant,
  });
}

/** The spec's /v2/h/role/employee (issue 20 item 4): an employee's roles, the same four-eyes grants. */
const employeeRoleRouter = grantProcedures('/v2/h/role/employee', {
  listInput: listEmployeeRolesInput,
  list: listEmployeeRoles,
  assignInput: assignEmployeeRoleInput,
  assign: assignEmployeeRole,
  unassign: unassignEmployeeRole,
  approve: approveEmployeeRole,
  cancel: cancelEmployeeRole,
});

const assign = gate('permission.assign');
const view = gate('permission.view');

export const permissionRouter = router({
  employee: grantRouter('employee', 'employee'),
  /** `/v2/h/role/employee`: the employee grants of kind role. */
  employeeRole: employeeRoleRouter,
  jobPosition: router({
    ...grantRouter('job_position', 'jobPosition')._def.record,
    /** A permission set (spec §6 "Job position also supports create and delete"): several pending grants at once. */
    createSet: permissionProcedure('permission.assign')
      .meta({
        rest: {
          method: 'POST',
          path: '/v2/h/permission/jobPosition/create',
          message: 'Permission set created; awaiting approval',
        },
      })
      .input(createGrantSetInput)
      .output(returns(createGrantSetOutput))
      .mutation(({ ctx, input }) => createGrantSet(ctx.svc, ctx.grant, input)),
    /** Deletes the position's set: approved grants unassigned, pending ones cancelled. */
    deleteSet: assign.post(
      '/v2/h/permission/jobPosition/{subjectId}/delete',
      'Permission set deleted',
      call(deleteGrantSetInput, deleteGrantSet, deleteGrantSetOutput),
    ),
  }),
  /** Roles of a section-department (spec §6): everyone placed in the section holds them. */
  sectionDepartment: grantRouter('section', 'sectionDepartment'),
  /**
   * Placements that widened someone's permissions (issue 16 item 3): the new job position's and
   * section's grants wait for a second person holding permission.approve.
   */
  placement: router({
    list: view.list(
      '/v2/h/permission/placement',
      'Placement confirmations',
      call(listPlacementConfirmationsInput, listPlacementConfirmations, listPlacementConfirmationsOutput),
    ),
    approve: permissionProcedure('permission.approve')
      .meta({ rest: { method: 'POST', path: '/v2/h/permission/placement/{id}/approve', message: 'Placement confirmed' } })
      .input(decidePlacementInput)
      .output(returns(okResult))
      .mutation(async ({ ctx, input }) => {
        await approvePlacement(ctx.svc, ctx.grant, input);
        return { ok: true };
      }),
    reject: permissionProcedure('permission.approve')
      .meta({ rest: { method: 'POST', path: '/v2/h/permission/placement/{id}/reject', message: 'Placement rejected' } })
      .input(decidePlacementInput)
      .output(returns(okResult))
      .mutation(async ({ ctx, input }) => {
        await rejectPlacement(ctx.svc, ctx.grant, input);
        return { ok: true };
      }),
  }),
  /** "Why can this person see this?": whether the employee holds the permission and which grants give it. */
  explain: view.get(
    '/v2/h/permission/explain',
    'Permission sources',
    call(explainInput, explainPermission, explainPermissionOutput),
  ),
});
