/*
 * Output schemas of the audit procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';

const logRowShape = z.object({
  id: z.string(),
  at: z.string(),
  level: z.enum(['error', 'info', 'warning']),
  source: z.enum(['agent', 'audit']),
  actor: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  summary: z.string(),
});
const logDetailShape = z.object({
  requestId: z.string().nullable(),
  payload: z.unknown(),
  diff: z.array(z.object({ key: z.string(), before: z.unknown(), after: z.unknown() })),
  ...logRowShape.shape,
});

export const listLogsOutput = z.object({ rows: z.array(logRowShape), total: z.number(), page: z.number(), pageSize: z.number() });
export const getLogOutput = logDetailShape;
