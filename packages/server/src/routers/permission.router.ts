import type { Grant, PermissionKey } from '@hr/core/access';
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
import { router } from '../trpc/procedures';
import { call, gate, thenOk } from '../trpc/crud';
import {
  assignGrantOutput,
  createGrantSetOutput,
  deleteGrantSetOutput,
  explainPermissionOutput,
  listGrantsOutput,
  listPlacementConfirmationsOutput,
} from '@hr/core/permissions';
import { okResult } from '../trpc/output';

type GrantOps<LI extends z.ZodType, AI extends z.ZodType> = {
  listInput: LI;
  list: (ctx: Ctx, grant: Grant<'permission.view'>, input: z.output<LI>) => Promise<z.output<typeof listGrantsOutput>>;
  assignInput: AI;
  assign: (ctx: Ctx, grant: Grant<'permission.assign'>, input: z.output<AI>) => Promise<{ id: number }>;
  unassign: (ctx: Ctx, grant: Grant<'permission.assign'>, input: { id: number }) => Promise<void>;
  approve: (ctx: Ctx, grant: Grant<'permission.approve'>, input: { id: number }) => Promise<void>;
  cancel: (ctx: Ctx, grant: Grant<'permission.assign'>, input: { id: number }) => Promise<void>;
};

const assign = gate('permission.assign');
const view = gate('permission.view');

/** A decision on one grant or placement, POST `path` under `perm`: the service answers nothing, the procedure `{ ok: true }`. */
const decision = <P extends PermissionKey, I extends z.ZodType>(
  perm: P,
  path: string,
  message: string,
  input: I,
  run: (ctx: Ctx, grant: Grant<P>, input: z.output<I>) => Promise<void>,
) => gate(perm).post(path, message, call(input, thenOk(run), okResult));

/** The grant procedures under one base path: list, assign (pending), unassign, approve, cancel. */
function grantProcedures<LI extends z.ZodType, AI extends z.ZodType>(base: string, ops: GrantOps<LI, AI>) {
  return router({
    list: view.list(base, 'Grants', call(ops.listInput, ops.list, listGrantsOutput)),
    assign: assign.post(
      `${base}/assign`,
      'Grant assigned; awaiting approval',
      call(ops.assignInput, ops.assign, assignGrantOutput),
    ),
    unassign: decision('permission.assign', `${base}/{id}/unassign`, 'Grant unassigned', grantIdInput, ops.unassign),
    approve: decision('permission.approve', `${base}/{id}/approve`, 'Grant approved', grantIdInput, ops.approve),
    cancel: decision('permission.assign', `${base}/{id}/cancel`, 'Grant cancelled', grantIdInput, ops.cancel),
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

export const permissionRouter = router({
  employee: grantRouter('employee', 'employee'),
  /** `/v2/h/role/employee`: the employee grants of kind role. */
  employeeRole: employeeRoleRouter,
  jobPosition: router({
    ...grantRouter('job_position', 'jobPosition')._def.record,
    /** A permission set (spec §6 "Job position also supports create and delete"): several pending grants at once. */
    createSet: assign.post(
      '/v2/h/permission/jobPosition/create',
      'Permission set created; awaiting approval',
      call(createGrantSetInput, createGrantSet, createGrantSetOutput),
    ),
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
    approve: decision(
      'permission.approve',
      '/v2/h/permission/placement/{id}/approve',
      'Placement confirmed',
      decidePlacementInput,
      approvePlacement,
    ),
    reject: decision(
      'permission.approve',
      '/v2/h/permission/placement/{id}/reject',
      'Placement rejected',
      decidePlacementInput,
      rejectPlacement,
    ),
  }),
  /** "Why can this person see this?": whether the employee holds the permission and which grants give it. */
  explain: view.get(
    '/v2/h/permission/explain',
    'Permission sources',
    call(explainInput, explainPermission, explainPermissionOutput),
  ),
});
