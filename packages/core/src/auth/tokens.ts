import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer token: 32 random bytes; only its SHA-256 is stored. */
export const newToken = (prefix = 'hrs'): string => `${prefix}_${randomBytes(32).toString('base64url')}`;
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
