import { z } from 'zod';
import { email } from '../shared/zod';
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
  client_id: z.string().min(1).max(100),
  client_secret: z.string().min(1).max(200),
});

export const createCredentialInput = z.object({
  name: z.string().trim().min(1, 'is required').max(100),
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
