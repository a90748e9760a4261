import type { ErrorCode } from '@hr/core/shared';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

export interface ErrorMapping {
  trpc: TRPC_ERROR_CODE_KEY;
  http: number;
  /** The REST envelope code (docs/api.md). */
  rest: string;
}

/** One table from core error codes to tRPC, HTTP and REST codes; a missing code fails to compile. */
export const ERROR_MAP = {
  VALIDATION: { trpc: 'BAD_REQUEST', http: 400, rest: 'GL0001' },
  UNAUTHORIZED: { trpc: 'UNAUTHORIZED', http: 401, rest: 'AU0001' },
  INVALID_CREDENTIALS: { trpc: 'UNAUTHORIZED', http: 401, rest: 'AU0002' },
  ACCOUNT_INACTIVE: { trpc: 'FORBIDDEN', http: 403, rest: 'AU0003' },
  RATE_LIMITED: { trpc: 'TOO_MANY_REQUESTS', http: 429, rest: 'AU0004' },
  PASSWORD_CHANGE_REQUIRED: { trpc: 'FORBIDDEN', http: 403, rest: 'AU0010' },
  FORBIDDEN: { trpc: 'FORBIDDEN', http: 403, rest: 'PM0001' },
  NOT_FOUND: { trpc: 'NOT_FOUND', http: 404, rest: 'GL0004' },
  CONFLICT: { trpc: 'CONFLICT', http: 409, rest: 'GL0009' },
  PRECONDITION_FAILED: { trpc: 'PRECONDITION_FAILED', http: 412, rest: 'GL0012' },
  INTERNAL: { trpc: 'INTERNAL_SERVER_ERROR', http: 500, rest: 'E004' },
} as const satisfies Record<ErrorCode, ErrorMapping>;

/** REST-only codes for failures that never reach a procedure. */
export const TRANSPORT_ERRORS = {
  MALFORMED_JSON: { http: 400, rest: 'GL0002', msg: 'The request body is not valid JSON' },
  PAYLOAD_TOO_LARGE: { http: 413, rest: 'GL0013', msg: 'The request body is too large' },
  UNKNOWN_PATH: { http: 404, rest: 'GL0404', msg: 'Unknown path' },
  METHOD_NOT_ALLOWED: { http: 405, rest: 'GL0405', msg: 'Method not allowed on this path' },
  UNSUPPORTED_MEDIA: { http: 415, rest: 'GL0015', msg: 'Unsupported content type' },
  UNAVAILABLE: { http: 503, rest: 'GL0503', msg: 'The service is temporarily unavailable, please retry' },
  // A state-changing call on the session cookie without proof of same origin (http/csrf.ts). tRPC: FORBIDDEN.
  CROSS_SITE: { http: 403, rest: 'AU0005', msg: 'Cross-site request refused' },
} as const;

// Node socket errors, PostgreSQL SQLSTATE class 08 (connection exception), 53300 (too many
// connections) and 57P01–57P03 (shutdown / cannot connect now): the database is away, not our bug.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

/** True when an error (or one of its causes) says the database or another dependency is unreachable. */
export function isUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08\d{3}$/.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message))
      return true;
  }
  return false;
}
