/*
 * Output schemas of the auth procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';

const sessionUserShape = z.object({
  userId: z.number(),
  email: z.string(),
  name: z.string(),
  employeeId: z.number().nullable(),
  personalId: z.number().nullable(),
  companyOfficeId: z.number().nullable(),
  departmentId: z.number().nullable(),
  divisionId: z.number().nullable(),
  mandatorySavingId: z.number().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  companyOffices: z.array(z.object({ id: z.number(), name: z.string() })),
  mustChangePassword: z.boolean(),
});
/** A client credential's identity: what a client presents, and what it is called. */
const credentialNameShape = z.object({ id: z.number(), clientId: z.string(), name: z.string() });
const credentialDetailShape = z.object({
  ...credentialNameShape.shape,
  scopes: z.array(z.enum(['ingest', 'full'])),
  deviceId: z.number().nullable(),
  deviceName: z.string().nullable(),
  deviceSerial: z.string().nullable(),
  actsAs: z.string(),
  createdAt: z.date(),
  updatedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});

export const authLoginOutput = z.object({ token: z.string().optional(), expiresAt: z.date(), user: sessionUserShape });
export const authLogoutAllOutput = z.object({ ok: z.boolean(), revoked: z.number() });
export const sessionUserOutput = sessionUserShape;
export const issueClientTokenOutput = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});
export const listCredentialsOutput = z.array(
  credentialDetailShape.omit({ updatedAt: true }).extend({ scopes: z.array(z.string()) }),
);
/** The secret is shown once: when the credential is created and when it is rotated. */
const credentialSecretShape = credentialNameShape.extend({ clientSecret: z.string() });
export const createCredentialOutput = credentialSecretShape.extend(
  credentialDetailShape.pick({ scopes: true, deviceId: true }).shape,
);
export const getCredentialOutput = credentialDetailShape;
export const updateCredentialOutput = credentialDetailShape;
export const rotateCredentialSecretOutput = credentialSecretShape;
