import { AppError } from '@hr/core/shared';
import { DATABASE_BUSY_MESSAGE, isDatabaseBusy } from '@hr/core/db';
import type { PermissionKey } from '@hr/core/access';
import { type AnyProcedure, getTRPCErrorFromUnknown, initTRPC, type ProcedureType, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { TrpcContext } from './context';
import { ERROR_MAP, isUnavailable, TRANSPORT_ERRORS } from './error-map';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestMeta {
  method: HttpMethod;
  /** Path under the REST prefix, with `{param}` placeholders filled from the input (e.g. /v2/h/employee/{id}). */
  path: string;
  /** Further paths answering the same procedure (a spec family published under two bases). */
  aliases?: string[];
  /** The envelope's `success` message. */
  message?: string;
  /** Put the output under `results` (lists) instead of `result`. */
  results?: boolean;
  /**
   * A file download (spec §7: "returns a blob and saves it under a given file name"): the
   * procedure returns `{ fileName, contentType, base64 }`; over REST the bytes are sent as the
   * response body with Content-Disposition, over tRPC the object itself (the web app saves it).
   */
  download?: boolean;
}

export interface ProcMeta {
  /** Every procedure declares this (set by the builders in procedures.ts; a test walks the router to enforce it). */
  permission?: PermissionKey | 'public' | 'authenticated';
  rest?: RestMeta;
  summary?: string;
  /**
   * Request body limit in bytes for a procedure that takes a file (base64 in JSON), above the
   * server's default BODY_LIMIT (1 MiB). Applied by both doors: its REST route, and its own tRPC
   * route `/trpc/<path>` (a batch of several procedures keeps the default limit).
   */
  bodyLimit?: number;
  /**
   * Heavy work (PDF, spreadsheet, download, import, generation): limited per user and per tRPC
   * batch (trpc/heavy.ts). Unset: derived from `rest.download` and the procedure's name.
   */
  heavy?: boolean;
}

/**
 * `meta.bodyLimit` for a procedure taking `files` files of at most `maxBytes` each as base64 in
 * JSON: their encoded size plus 1 MiB for the rest of the body, so an oversized file still reaches
 * the schema and is refused naming its field (GL0001) rather than by the transport (413).
 */
export const uploadBodyLimit = (maxBytes: number, files = 1): number => files * (Math.ceil(maxBytes / 3) * 4 + 4) + 1024 * 1024;

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
    // The database went away mid-call: a retryable 503 (GL0503), as over REST, never a 500.
    if (err.code === 'INTERNAL_SERVER_ERROR' && isUnavailable(err.cause)) {
      const message = isDatabaseBusy(err.cause) ? DATABASE_BUSY_MESSAGE : TRANSPORT_ERRORS.UNAVAILABLE.msg;
      const mapped = new TRPCError({ code: 'SERVICE_UNAVAILABLE', message, cause: err.cause });
      return { ...res, error: mapped };
    }
  }
  return res;
});

/** What a transport passes to a procedure call (tRPC's ProcedureCallOptions). */
export interface ProcedureCall {
  ctx: unknown;
  path: string;
  type: ProcedureType;
  getRawInput: () => Promise<unknown>;
  signal: AbortSignal | undefined;
  batchIndex: number;
}

/** The options object every middleware of the chain receives (tRPC's callRecursive builds the same). */
interface ChainOptions {
  ctx: unknown;
  type: ProcedureType;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  signal: AbortSignal | undefined;
  batchIndex: number;
  next: (opts?: { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> }) => Promise<ChainResult>;
}

type ChainResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type ChainMiddleware = (opts: ChainOptions) => Promise<ChainResult>;

const MIDDLEWARE_MARKER = 'middlewareMarker';

/**
 * tRPC's callRecursive (@trpc/server 11, unstable-core procedureBuilder.ts), step for step, with
 * native object literals: tRPC's bundled `_objectSpread2` helper copies each options object key by
 * key with Object.defineProperty, twice per middleware, and was the largest single cost of a call
 * here (more than zod). Same options, same ctx/input/getRawInput merging, same error capture.
 */
async function runChain(
  middlewares: readonly ChainMiddleware[],
  index: number,
  meta: unknown,
  ctx: unknown,
  input: unknown,
  getRawInput: () => Promise<unknown>,
  call: ProcedureCall,
): Promise<ChainResult> {
  try {
    const middleware = middlewares[index] as ChainMiddleware;
    return await middleware({
      ctx,
      type: call.type,
      path: call.path,
      input,
      getRawInput,
      meta,
      signal: call.signal,
      batchIndex: call.batchIndex,
      next(nextOpts) {
        return runChain(
          middlewares,
          index + 1,
          meta,
          nextOpts?.ctx ? { ...(ctx as object), ...nextOpts.ctx } : ctx,
          nextOpts && 'input' in nextOpts ? nextOpts.input : input,
          nextOpts?.getRawInput ?? getRawInput,
          call,
        );
      },
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MIDDLEWARE_MARKER } as ChainResult;
  }
}

/**
 * A function that calls `procedure` as calling the procedure itself does (`procedure(call)`, what
 * tRPC's callProcedure and createCaller end in), resolved once per procedure: its middleware chain
 * runs through runChain. A procedure with an `experimental_caller`, or whose definition does not
 * have the expected shape (another tRPC version), is called the regular way.
 */
export function procedureInvoker(procedure: AnyProcedure): (call: ProcedureCall) => Promise<unknown> {
  const def = procedure._def as { middlewares?: unknown; meta?: unknown; experimental_caller?: boolean };
  const middlewares = def.middlewares;
  if (
    def.experimental_caller ||
    !Array.isArray(middlewares) ||
    middlewares.length === 0 ||
    !middlewares.every((m) => typeof m === 'function')
  ) {
    return (call) => procedure(call);
  }
  const chain = middlewares as ChainMiddleware[];
  const meta = def.meta;
  return async function invoke(call: ProcedureCall): Promise<unknown> {
    const result = await runChain(chain, 0, meta, call.ctx, undefined, call.getRawInput, call);
    if (!result) {
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'No result from middlewares - did you forget to `return next()`?',
      });
    }
    if (!result.ok) throw result.error;
    return result.data;
  };
}
