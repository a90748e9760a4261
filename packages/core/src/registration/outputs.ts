/*
 * Output schemas of the registration procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, pageOutput } from '../shared/outputs';

const registrationRowShape = z.object({
  id: z.number(),
  email: z.string(),
  givenName: z.string(),
  surname: z.string(),
  gender: z.string(),
  birthDate: z.string(),
  religion: z.string(),
  educationLevel: z.string(),
  maritalStatus: z.string(),
  status: z.number(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
  employeeId: z.number().nullable(),
});

export const registerOutput = idOutput;
export const listRegistrationsOutput = pageOutput(registrationRowShape);
export const activateRegistrationOutput = z.object({
  employeeId: z.number(),
  employeeNumber: z.string(),
  email: z.string(),
  temporaryPassword: z.string(),
});

/** The e-mail of a one-time password: the outbox message, its addressee and whether SMTP took it. */
export const emailOneTimePasswordOutput = z.object({
  messageId: z.number(),
  to: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
});
