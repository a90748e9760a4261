/*
 * Output schemas of the permissions procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { employeeRefShape, idOutput, pageOutput } from '../shared/outputs';

const grantRowShape = z.object({
  id: z.number(),
  subjectType: z.enum(['employee', 'section', 'job_position']),
  subjectId: z.number(),
  subjectName: z.string(),
  kind: z.enum(['permission', 'role']),
  key: z.string(),
  status: z.number(),
  requestedBy: z.string(),
  requestedAt: z.date(),
  decidedBy: z.string().nullable(),
  decidedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  /** The caller filed this grant (so another person must decide it). */
  filedByMe: z.boolean(),
  approveRefusal: z.string().nullable(),
});
const placementConfirmationRowShape = z.object({
  id: z.number(),
  ...employeeRefShape,
  jobPosition: z.string().nullable(),
  section: z.string().nullable(),
  permissionsAdded: z.array(z.string()),
  requestedBy: z.string(),
  requestedAt: z.date(),
  status: z.enum(['cancelled', 'approved', 'pending', 'rejected']),
  decidedBy: z.string().nullable(),
  decidedAt: z.date().nullable(),
  note: z.string().nullable(),
  withholding: z.boolean(),
  approveRefusal: z.string().nullable(),
});
const permissionSourceShape = z.object({
  kind: z.enum(['employee', 'section', 'jobPosition', 'userRole']),
  grantId: z.number().nullable(),
  grantKind: z.enum(['permission', 'role']),
  key: z.string(),
  role: z.string().nullable(),
  jobPosition: z.string().nullable(),
  section: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.date().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.date().nullable(),
  withheldBy: z.object({ placementConfirmationId: z.number(), status: z.enum(['pending', 'rejected']) }).optional(),
});
const permissionExplanationShape = z.object({
  employeeId: z.number(),
  permission: z.enum([
    'org.view',
    'hr.all',
    'employee.view',
    'employee.create',
    'employee.update',
    'employee.delete',
    'employee.registration.view',
    'employee.registration.decide',
    'employee.editRequest.approve',
    'employee.manager.manage',
    'employee.resignation.manage',
    'employee.recruitment.manage',
    'org.manage',
    'permission.view',
    'permission.assign',
    'permission.approve',
    'user.manage',
    'attendance.view',
    'attendance.manage',
    'attendance.approve',
    'attendance.mobile',
    'salary.view',
    'salary.update',
    'salary.setting',
    'setting.manage',
    'cooperative.view',
    'cooperative.manage',
    'canteen.view',
    'canteen.manage',
    'inventory.view',
    'inventory.request',
    'inventory.approve.managerial',
    'inventory.approve.warehouse',
    'inventory.approve.coo',
    'inventory.manage',
    'purchaseOfGood.manage',
    'server.manage',
    'developer.access',
    'device.ingest',
    'personal.access',
  ]),
  has: z.boolean(),
  account: z.enum(['active', 'blocked', 'noLogin']),
  email: z.string().nullable(),
  sources: z.array(permissionSourceShape),
  pending: z.array(permissionSourceShape),
});

export const listGrantsOutput = pageOutput(grantRowShape);
export const assignGrantOutput = idOutput;
export const createGrantSetOutput = z.object({ created: z.array(z.number()), skipped: z.array(z.string()) });
export const deleteGrantSetOutput = z.object({ unassigned: z.number(), cancelled: z.number() });
export const listPlacementConfirmationsOutput = pageOutput(placementConfirmationRowShape);
export const explainPermissionOutput = permissionExplanationShape;
