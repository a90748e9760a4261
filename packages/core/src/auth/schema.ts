import { z } from 'zod';
import { email, id, requiredText } from '../shared/zod';
import { nullableId } from '../shared/zod-optional';
import { passwordProblem } from './password-policy';

export const loginInput = z.object({
  email,
  password: z.string().min(1, 'is required').max(256),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * Password rules (spec §5 does not show them): 8–128 characters, not one character repeated, not
 * one of the most common passwords (password-policy.ts); not the e-mail (checked by the service,
 * which knows it). One message per field: the policy runs only when the length is right.
 */
export const newPassword = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters')
  .refine((value) => passwordProblem(value) === null, {
    error: (issue) => passwordProblem(String(issue.input)) ?? 'is not allowed',
    when: (payload) => payload.issues.length === 0,
  });

export const changePasswordInput = z
  .object({ oldPassword: z.string().min(1, 'is required').max(256), newPassword })
  .refine((v) => v.oldPassword !== v.newPassword, { path: ['newPassword'], message: 'must differ from the old password' });

export const tokenInput = z.object({
  grant_type: z.literal('client_credentials'),
  // Text without NUL or unpaired surrogates: it is looked up and counted in the database.
  client_id: requiredText(100),
  client_secret: z.string().min(1).max(200),
});

/**
 * What an OAuth client may do: `full`, everything the granting user may do; `ingest`, only the
 * device-agent endpoints (punch upload, terminal commands) and nothing else (403 everywhere else).
 */
export const CREDENTIAL_SCOPES = ['ingest', 'full'] as const;
export type CredentialScope = (typeof CREDENTIAL_SCOPES)[number];

const credentialScopes = z
  .array(z.enum(CREDENTIAL_SCOPES, 'must be ingest or full'))
  .min(1, 'choose at least one scope')
  .max(2)
  .transform((v) => [...new Set(v)].sort() as CredentialScope[]);

/** A terminal (fingerspot device id) the client is bound to: it may upload that terminal's punches only. */
const credentialDevice = nullableId;

export const createCredentialInput = z.object({
  /** No control characters (NUL) or unpaired surrogates: GL0001 on `name`, never a 500 (issue 16 item 12). */
  name: requiredText(100),
  /** New clients get the least: ingest only. */
  scopes: credentialScopes.optional().default(['ingest']),
  deviceId: credentialDevice,
});

export const credentialIdInput = z.object({ id });

export const updateCredentialInput = credentialIdInput.extend({
  name: requiredText(100).optional(),
  scopes: credentialScopes.optional(),
  deviceId: credentialDevice,
});

export interface SessionUser {
  userId: number;
  email: string;
  name: string;
  employeeId: number | null;
  personalId: number | null;
  companyOfficeId: number | null;
  departmentId: number | null;
  divisionId: number | null;
  mandatorySavingId: number | null;
  roles: string[];
  permissions: string[];
  companyOffices: { id: number; name: string }[];
  mustChangePassword: boolean;
}
