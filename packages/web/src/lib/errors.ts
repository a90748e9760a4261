/**
 * Error → notification rules of spec §8 and §9, as pure functions (no React, no toast library),
 * so they can be unit-tested. `notify.tsx` turns the result into react-toastify calls.
 */
import { SPEC_TEXT } from './spec-text';

/** Notification timeout, spec §9. */
export const TOAST_MS = 3500;
/** Detailed errors stay 2000 ms longer, spec §9. */
export const DETAIL_EXTRA_MS = 2000;
/** At most this many values parsed from internalMsg (JSON) are shown, spec §8. */
export const MAX_DETAIL_VALUES = 6;
/** A textual internalMsg is cut to this many characters, spec §8 (147 + "..."). */
export const MAX_DETAIL_CHARS = 150;

export const UNKNOWN_ERROR = SPEC_TEXT.unknownError;

/** The server's code for "change your one-time password first" (docs/api.md, issue 16 item 6). */
export const PASSWORD_CHANGE_REQUIRED = 'AU0010';

export interface ToastSpec {
  type: 'error' | 'success';
  /** Bold first line, e.g. "Invalid input [GL0001]". */
  message: string;
  /** Extra lines under the message (parsed from internalMsg). */
  details: string[];
  autoClose: number;
}

export type ErrorOutcome =
  /** Show nothing (cancelled request, 401 on a write). */
  | { kind: 'silent' }
  /** The session is gone: go to the login page (401 on a read). */
  | { kind: 'login' }
  /** Signed in with a one-time password that must be changed first (AU0010): the change-password screen. */
  | { kind: 'changePassword' }
  | { kind: 'toast'; toasts: ToastSpec[] };

export type Operation = 'query' | 'mutation';

/** The fields of the server's tRPC error `data` (packages/server/src/trpc/init.ts). */
interface ServerErrorData {
  appCode?: string;
  httpStatus?: number;
  code?: string;
  fields?: { param: string; msg: string }[];
  detail?: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** True for a request cancelled by the client (react-query cancel, AbortController). */
export function isCancelled(err: unknown): boolean {
  if (!isObject(err)) return false;
  if (err['name'] === 'AbortError' || err['name'] === 'CancelledError') return true;
  if (err['silent'] === true && 'revert' in err) return true; // react-query CancelledError
  const cause = err['cause'];
  return isObject(cause) && (cause['name'] === 'AbortError' || cause['name'] === 'CancelledError');
}

function serverData(err: unknown): ServerErrorData | undefined {
  if (!isObject(err)) return undefined;
  const data = err['data'];
  return isObject(data) ? (data as ServerErrorData) : undefined;
}

/** HTTP status of a failed call, when the server answered. */
export function httpStatusOf(err: unknown): number | undefined {
  const data = serverData(err);
  if (typeof data?.httpStatus === 'number') return data.httpStatus;
  if (data?.code === 'UNAUTHORIZED') return 401;
  return undefined;
}

/**
 * A failure that never reached the application (no tRPC answer): network down, proxy error page.
 * Spec §8 "Global ajax failure" shows these in a persistent top bar.
 */
export function transportFailure(err: unknown): { status: number; message: string; exception: string } | null {
  if (!isObject(err) || isCancelled(err) || serverData(err)) return null;
  const message = messageOf(err);
  if (!message) return null;
  const cause = isObject(err['cause']) ? err['cause'] : err;
  const status = typeof cause['status'] === 'number' ? cause['status'] : 0;
  const exception = typeof cause['name'] === 'string' ? cause['name'] : 'Error';
  return { status, message, exception };
}

/** The REST-style code of a failed call (GL0001, AU0002, E004 …). */
export function appCodeOf(err: unknown): string | undefined {
  const code = serverData(err)?.appCode;
  return typeof code === 'string' && code ? code : undefined;
}

/** Field issues of a failed call (GL0001 attributes). */
export function fieldsOf(err: unknown): { param: string; msg: string }[] {
  const fields = serverData(err)?.fields;
  return Array.isArray(fields) ? fields.filter((f) => isObject(f) && typeof f.param === 'string') : [];
}

/** The server's field errors of a failed save, by field (the first message of each). */
export function errorsOf(err: unknown): Record<string, string> {
  const next: Record<string, string> = {};
  for (const f of fieldsOf(err)) next[f.param] ??= f.msg;
  return next;
}

/** The server's first message about the field `param` of a failed save, or undefined. */
export function fieldErrorOf(err: unknown, param: string): string | undefined {
  return fieldsOf(err).find((f) => f.param === param)?.msg;
}

/** The message of an error, or undefined when there is none worth showing. */
export function messageOf(err: unknown): string | undefined {
  if (isObject(err) && typeof err['message'] === 'string' && err['message'].trim()) return err['message'];
  return undefined;
}

function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return String(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Cuts a string to 150 characters: 147 characters and "..." when longer (spec §8). */
export function truncateDetail(s: string): string {
  return s.length > MAX_DETAIL_CHARS ? `${s.slice(0, MAX_DETAIL_CHARS - 3)}...` : s;
}

/**
 * The detail lines of an internalMsg: up to 6 values if it parses as JSON, else the string
 * truncated to 150 characters. Empty input gives no lines.
 */
export function detailLines(internalMsg: string | null | undefined): string[] {
  if (typeof internalMsg !== 'string' || !internalMsg.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(internalMsg);
  } catch {
    return [truncateDetail(internalMsg)];
  }
  const values = Array.isArray(parsed) ? parsed : isObject(parsed) ? Object.values(parsed) : [parsed];
  return values.slice(0, MAX_DETAIL_VALUES).map((v) => truncateDetail(valueText(v)));
}

/** "message [code]" (just the message when there is no code). */
export function titleOf(message: string, code: string | undefined): string {
  return code ? `${message} [${code}]` : message;
}

export interface DescribeOptions {
  /** Show errors of a 401 reply as toasts (login form, change password) instead of the default rule. */
  allow401?: boolean;
}

/**
 * What the user sees for a failed call (spec §8):
 * - cancelled → nothing; 401 on a write → nothing; 401 on a read → login page
 * - AU0010 (one-time password still in use) → the change-password screen, no toast
 * - danger toast "message [code]", with detail lines from internalMsg (not for E004), +2000 ms when detailed
 * - GL0001 → one extra toast per attribute "param: msg"
 * - no usable message → "Unknown Error Occurred"; network errors → their message.
 */
export function describeError(err: unknown, op: Operation, opts: DescribeOptions = {}): ErrorOutcome {
  if (isCancelled(err)) return { kind: 'silent' };
  if (appCodeOf(err) === PASSWORD_CHANGE_REQUIRED) return { kind: 'changePassword' };
  if (httpStatusOf(err) === 401 && !opts.allow401) return op === 'mutation' ? { kind: 'silent' } : { kind: 'login' };

  const message = messageOf(err);
  if (!message) return { kind: 'toast', toasts: [{ type: 'error', message: UNKNOWN_ERROR, details: [], autoClose: TOAST_MS }] };

  const code = appCodeOf(err);
  const details = code === 'E004' ? [] : detailLines(serverData(err)?.detail);
  const toasts: ToastSpec[] = [
    {
      type: 'error',
      message: titleOf(message, code),
      details,
      autoClose: details.length ? TOAST_MS + DETAIL_EXTRA_MS : TOAST_MS,
    },
  ];
  if (code === 'GL0001') {
    for (const f of fieldsOf(err))
      toasts.push({ type: 'error', message: `${f.param}: ${f.msg}`, details: [], autoClose: TOAST_MS });
  }
  return { kind: 'toast', toasts };
}

/** A success toast for a finished write. */
export function successToast(message: string): ToastSpec {
  return { type: 'success', message, details: [], autoClose: TOAST_MS };
}
