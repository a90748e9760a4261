/*
 * Output schemas of the mail procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { pageOutput } from '../shared/outputs';

const outboxRowShape = z.object({
  id: z.number(),
  to: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  status: z.enum(['failed', 'queued', 'sent', 'stored']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  relatedEntity: z.string().nullable(),
  relatedId: z.number().nullable(),
  employeeId: z.number().nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  attachments: z.array(z.string()),
});
const outboxMessageShape = z.object({
  from: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachmentDetails: z.array(z.object({ fileName: z.string(), contentType: z.string(), size: z.number() })),
  ...outboxRowShape.shape,
});

export const listOutboxOutput = pageOutput(outboxRowShape);
export const getOutboxMessageOutput = outboxMessageShape;
export const retryMailOutput = outboxMessageShape;
