import { AppError, derivedOnce } from '@hr/core/shared';
import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ERROR_MAP, isUnavailable, TRANSPORT_ERRORS } from '../trpc/error-map';
import { describeError } from '../trpc/init';

/** One bad input field of a GL0001 error (spec §7: `attributes: [{ param, msg }]`). */
export interface EnvelopeAttribute {
  param: string;
  msg: string;
}

/** An error object of the REST envelope (spec §7). `msg` and `message` carry the same text. */
export interface EnvelopeError {
  code: string;
  msg: string;
  message: string;
  /** Extra detail for the user (JSON or text, spec §8); "" when there is none. Never a stack. */
  internalMsg: string;
  attributes: EnvelopeAttribute[];
}

export interface ErrorEnvelope {
  status: 'error';
  errors: EnvelopeError[];
}

export type SuccessEnvelope<T = unknown> =
  | { status: 'success'; success: string; errors: []; result: T }
  | { status: 'success'; success: string; errors: []; results: T };

export type TransportErrorKey = keyof typeof TRANSPORT_ERRORS;

/** What the adapter answers for one failure: the HTTP status, the body, and whether to log it as a server fault. */
export interface EnvelopeFailure {
  status: number;
  body: ErrorEnvelope;
  /** True for 5xx faults the operator must see in the log (the client only gets a generic message). */
  log: boolean;
}

const GENERIC_INTERNAL = 'Internal server error';

/** The success envelope; lists (meta.rest.results) go under `results`, everything else under `result`. */
export function successEnvelope<T>(message: string, data: T, asResults: boolean): SuccessEnvelope<T> {
  return asResults
    ? { status: 'success', success: message, errors: [], results: data }
    : { status: 'success', success: message, errors: [], result: data };
}

/**
 * `JSON.stringify(successEnvelope(message, data, asResults))`, with the fixed part of the text
 * built once: only the data is serialised per call. Same bytes, including an undefined result
 * (the key is left out, as JSON.stringify leaves out undefined members).
 */
export function successEnvelopeText(message: string, asResults: boolean): (data: unknown) => string {
  const head = JSON.stringify({ status: 'success', success: message, errors: [] });
  const open = `${head.slice(0, -1)},"${asResults ? 'results' : 'result'}":`;
  return (data) => {
    // A cached read served to many requests (frozen: core shared/freshness.ts) is serialised once.
    const json = derivedOnce(data, JSON, () => JSON.stringify(data));
    return json === undefined ? head : `${open}${json}}`;
  };
}

export function errorEnvelope(
  code: string,
  message: string,
  opts: { internalMsg?: string; attributes?: EnvelopeAttribute[] } = {},
): ErrorEnvelope {
  return {
    status: 'error',
    errors: [{ code, msg: message, message, internalMsg: opts.internalMsg ?? '', attributes: opts.attributes ?? [] }],
  };
}

/** A failure that never reached a procedure (bad JSON, unknown path, …), from TRANSPORT_ERRORS. */
export function transportFailure(key: TransportErrorKey, attributes: EnvelopeAttribute[] = []): EnvelopeFailure {
  const t = TRANSPORT_ERRORS[key];
  return { status: t.http, body: errorEnvelope(t.rest, t.msg, { attributes }), log: false };
}

/** Keeps the first issue of each field: the envelope carries one attribute per bad field. */
function onePerField(fields: EnvelopeAttribute[]): EnvelopeAttribute[] {
  const seen = new Set<string>();
  const out: EnvelopeAttribute[] = [];
  for (const f of fields) {
    if (seen.has(f.param)) continue;
    seen.add(f.param);
    out.push({ param: f.param, msg: f.msg });
  }
  return out;
}

/**
 * Maps an error thrown by a procedure call (always a TRPCError: core's AppError arrives as its
 * cause, zod input errors as a ZodError cause) to the REST envelope and HTTP status.
 */
export function procedureFailure(error: TRPCError): EnvelopeFailure {
  const cause = error.cause;
  if (cause instanceof AppError) {
    const mapping = ERROR_MAP[cause.code];
    const internal = mapping.http >= 500;
    if (internal) return { status: mapping.http, body: errorEnvelope(mapping.rest, GENERIC_INTERNAL), log: true };
    const d = describeError(error);
    return {
      status: mapping.http,
      body: errorEnvelope(mapping.rest, d.message, {
        internalMsg: d.data.detail ?? '',
        attributes: onePerField(d.data.fields),
      }),
      log: false,
    };
  }
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) {
    if (isUnavailable(cause ?? error)) return { ...transportFailure('UNAVAILABLE'), log: true };
    return { status: 500, body: errorEnvelope(ERROR_MAP.INTERNAL.rest, GENERIC_INTERNAL), log: true };
  }
  const d = describeError(error);
  return {
    status,
    body: errorEnvelope(d.data.appCode, d.message, {
      internalMsg: d.data.detail ?? '',
      attributes: onePerField(d.data.fields),
    }),
    log: false,
  };
}

/** A fault outside any procedure (context creation, serialisation): 503 when a dependency is away, else 500 E004. */
export function internalFailure(err: unknown): EnvelopeFailure {
  if (isUnavailable(err)) return { ...transportFailure('UNAVAILABLE'), log: true };
  return { status: 500, body: errorEnvelope(ERROR_MAP.INTERNAL.rest, GENERIC_INTERNAL), log: true };
}
