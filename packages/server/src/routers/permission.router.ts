import {
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
import { permissionProcedure, router } from '../trpc/procedures';
import {
  assignGrantOutput,
  createGrantSetOutput,
  deleteGrantSetOutput,
  explainPermissionOutput,
  listGrantsOutput,
  listPlacementConfirmationsOutput,
} from '@hr/core/permissions';
import { okResult, returns } from '../trpc/output';

/** Permission and role grants for one subject type, under /v2/h/permission/{segment}. */
function grantRouter(type: 'employee' | 'job_position' | 'section', segment: 'employee' | 'jobPosition' | 'sectionDepartment') {
  const base = `/v2/h/permission/${segment}`;
  return router({
    list: permissionProcedure('permission.view')
      .meta({ rest: { method: 'GET', path: base, message: 'Grants', results: true } })
      .input(listGrantsInput)
      .output(returns(listGrantsOutput))
      .query(({ ctx, input }) => listGrants(ctx.svc, ctx.grant, type, input)),
    assign: permissionProcedure('permission.assign')
      .meta({ rest: { method: 'POST', path: `${base}/assign`, message: 'Assigned; awaiting approval' } })
      .input(assignInput)
      .output(returns(assignGrantOutput))
      .mutation(({ ctx, input }) => assignGrant(ctx.svc, ctx.grant, type, input)),
    unassign: permissionProcedure('permission.assign')
      .meta({ rest: { method: 'POST', path: `${base}/{id}/unassign`, message: 'Unassigned' } })
      .input(grantIdInput)
      .output(returns(okResult))
      .mutation(async ({ ctx, input }) => {
        await unassignGrant(ctx.svc, ctx.grant, input);
        return { ok: true };
      }),
    approve: permissionProcedure('permission.approve')
      .meta({ rest: { method: 'POST', path: `${base}/{id}/approve`, message: 'Approved' } })
      .input(grantIdInput)
      .output(returns(okResult))
      .mutation(async ({ ctx, input }) => {
        await approveGrant(ctx.svc, ctx.grant, input);
        return { ok: true };
      }),
    cancel: permissionProcedure('permission.assign')
      .meta({ rest: { method: 'POST', path: `${base}/{id}/cancel`, message: 'Cancelled' } })
      .input(grantIdInput)
      .output(returns(okResult))
      .mutation(async ({ ctx, input }) => {
        await cancelGrant(ctx.svc, ctx.grant, input);
        return { ok: true };
      }),
  });
}

export const permissionRouter = router({
  employee: grantRouter('employee', 'employee'),
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
    deleteSet: permissionProcedure('permission.assign')
      .meta({
        rest: { method: 'POST', path: '/v2/h/permission/jobPosition/{subjectId}/delete', message: 'Permission set deleted' },
      })
      .input(deleteGrantSetInput)
      .output(returns(deleteGrantSetOutput))
      .mutation(({ ctx, input }) => deleteGrantSet(ctx.svc, ctx.grant, input)),
  }),
  /** Roles of a section-department (spec §6): everyone placed in the section holds them. */
  sectionDepartment: grantRouter('section', 'sectionDepartment'),
  /**
   * Placements that widened someone's permissions (issue 16 item 3): the new job position's and
   * section's grants wait for a second person holding permission.approve.
   */
  placement: router({
    list: permissionProcedure('permission.view')
      .meta({ rest: { method: 'GET', path: '/v2/h/permission/placement', message: 'Placement confirmations', results: true } })
      .input(listPlacementConfirmationsInput)
      .output(returns(listPlacementConfirmationsOutput))
      .query(({ ctx, input }) => listPlacementConfirmations(ctx.svc, ctx.grant, input)),
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
  explain: permissionProcedure('permission.view')
    .meta({ rest: { method: 'GET', path: '/v2/h/permission/explain', message: 'Permission sources' } })
    .input(explainInput)
    .output(returns(explainPermissionOutput))
    .query(({ ctx, input }) => explainPermission(ctx.svc, ctx.grant, input)),
});
