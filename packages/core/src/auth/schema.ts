import { z } from 'zod';
import { email } from '../shared/zod';

export const loginInput = z.object({
  email,
  password: z.string().min(1, 'is required').max(256),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Password rules (spec §5 does not show them): 8–128 characters, not the e-mail. */
export const newPassword = z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters');

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
