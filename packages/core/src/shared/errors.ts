/**
 * The one error class core throws. Codes are a closed union; the server maps each
 * to tRPC, HTTP and the REST envelope in one table checked by the compiler
 * (packages/server/src/trpc/error-map.ts).
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'ACCOUNT_INACTIVE',
  'INVALID_CREDENTIALS',
  /** Signed in with a one-time password that must be changed before anything else (issue 16 item 6). */
  'PASSWORD_CHANGE_REQUIRED',
  'PRECONDITION_FAILED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldIssue {
  /** The input field, dotted path ("lines.0.quantity"). */
  param: string;
  msg: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Per-field details for VALIDATION (become REST `attributes`). */
  readonly fields: FieldIssue[];
  /** Extra detail for the user (REST `internalMsg`, JSON or text). Never a stack or secret. */
  readonly detail: string | undefined;

  constructor(code: ErrorCode, message: string, opts: { fields?: FieldIssue[]; detail?: unknown; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields ?? [];
    this.detail =
      opts.detail === undefined ? undefined : typeof opts.detail === 'string' ? opts.detail : JSON.stringify(opts.detail);
  }
}

export const notFound = (what: string): AppError => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string, detail?: unknown): AppError => new AppError('CONFLICT', message, { detail });
export const invalid = (fields: FieldIssue[], message = 'Invalid input'): AppError =>
  new AppError('VALIDATION', message, { fields });
export const forbidden = (message = 'You do not have permission to do this'): AppError => new AppError('FORBIDDEN', message);
