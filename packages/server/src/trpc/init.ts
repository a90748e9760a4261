import { AppError, type PermissionKey } from '@hr/core';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { TrpcContext } from './context';
import { ERROR_MAP } from './error-map';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestMeta {
  method: HttpMethod;
  /** Path under the REST prefix, with `{param}` placeholders filled from the input (e.g. /v2/h/employee/{id}). */
  path: string;
  /** The envelope's `success` message. */
  message?: string;
  /** Put the output under `results` (lists) instead of `result`. */
  results?: boolean;
}

export interface ProcMeta {
  /** Every procedure declares this (set by the builders in procedures.ts; a test walks the router to enforce it). */
  permission?: PermissionKey | 'public' | 'authenticated';
  rest?: RestMeta;
  summary?: string;
}

export interface ErrorData {
  /** REST code (GL0001, …) */
  appCode: string;
  fields: { param: string; msg: string }[];
  detail: string | null;
}

/** Field issues from a zod error, dotted paths. */
export function zodFields(err: ZodError): { param: string; msg: string }[] {
  return err.issues.map((i) => ({ param: i.path.map(String).join('.') || '(input)', msg: i.message }));
}

/** Maps any thrown error to the shape clients see; never leaks a stack. */
export function describeError(error: TRPCError): { message: string; data: ErrorData } {
  const cause = error.cause;
  if (cause instanceof AppError && cause.code === 'INTERNAL') {
    return { message: 'Internal server error', data: { appCode: 'E004', fields: [], detail: null } };
  }
  if (cause instanceof AppError) {
    return {
      message: cause.message,
      data: { appCode: ERROR_MAP[cause.code].rest, fields: cause.fields, detail: cause.detail ?? null },
    };
  }
  if (cause instanceof ZodError) {
    return { message: 'Invalid input', data: { appCode: 'GL0001', fields: zodFields(cause), detail: null } };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    return { message: 'Internal server error', data: { appCode: 'E004', fields: [], detail: null } };
  }
  const byCode: Partial<Record<string, string>> = {
    PARSE_ERROR: 'GL0002',
    BAD_REQUEST: 'GL0001',
    UNAUTHORIZED: 'AU0001',
    FORBIDDEN: 'PM0001',
    NOT_FOUND: 'GL0004',
    METHOD_NOT_SUPPORTED: 'GL0405',
    PAYLOAD_TOO_LARGE: 'GL0013',
    TOO_MANY_REQUESTS: 'AU0004',
    CONFLICT: 'GL0009',
    UNSUPPORTED_MEDIA_TYPE: 'GL0015',
    PRECONDITION_FAILED: 'GL0012',
    SERVICE_UNAVAILABLE: 'GL0503',
  };
  return { message: error.message, data: { appCode: byCode[error.code] ?? 'E004', fields: [], detail: null } };
}

export const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const d = describeError(error);
      return {
        code: shape.code,
        message: d.message,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, ...d.data },
      };
    },
  });

/** Converts core errors to TRPCErrors with the mapped code (cause kept for the formatter). */
export const errorMapper = t.middleware(async ({ next }) => {
  const res = await next();
  if (!res.ok) {
    const err = res.error;
    if (err.cause instanceof AppError) {
      const mapped = new TRPCError({ code: ERROR_MAP[err.cause.code].trpc, message: err.cause.message, cause: err.cause });
      return { ...res, error: mapped };
    }
  }
  return res;
});
