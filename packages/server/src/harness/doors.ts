/**
 * Calls one procedure through one door with `app.inject`: tRPC over HTTP (/trpc, the wire
 * protocol of @trpc/client's httpLink) or its REST twin (meta.rest, spec §7 envelope).
 * Besides the answer, it works out the input exactly as the procedure's input parser will
 * receive it ("wire" input: JSON round trip, query strings, path parameters), so the
 * harness knows whether the schema must refuse it.
 */
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT } from '../app';
import type { Door, ProcInfo } from './walk';

/** find-my-way's default maxParamLength in fastify: a longer path parameter matches no route. */
export const MAX_PARAM_LENGTH = 100;

export interface Caller {
  /** Bearer token, or none. */
  token?: string | null;
  /** Client address (login is rate limited per address). */
  remoteAddress?: string;
  /** Sent as x-request-id; the server's log lines carry it. */
  requestId: string;
}

/** Why a REST call may legitimately fail before validation. */
export interface Transport {
  /** A body that is not a JSON object on a route with path parameters (400 GL0002). */
  bodyNotObject: boolean;
  /** A JSON body with __proto__ / constructor.prototype keys: refused as malformed (400 GL0002). */
  poisoned: boolean;
  /** A request body over the 1 MiB limit (413). */
  tooLarge: boolean;
  /** A path parameter longer than the router accepts (fastify: 414 FST_ERR_MAX_PARAM_LENGTH). */
  longParam: boolean;
  /** A path parameter '.' or '..': the URL is normalised to another path (404 GL0404). */
  dotParam: boolean;
}

export interface CallResult {
  door: Door;
  method: string;
  /** The URL, shortened for messages. */
  url: string;
  status: number;
  text: string;
  body: unknown;
  /** REST errors[0].code, or tRPC error.data.appCode. */
  code: string | null;
  /** A successful file download (meta.rest.download): Content-Disposition attachment, the bytes as the body. */
  file: boolean;
  /** REST errors[0].attributes, or tRPC error.data.fields. */
  fields: unknown;
  /** The input the procedure's parser receives. */
  wire: unknown;
  transport: Transport;
  requestId: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Lone surrogates become U+FFFD, as any UTF-8 encoder (a browser, URLSearchParams) makes them. */
export function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** How a client writes one value into a query string or a path. */
function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A query string for an input, as a REST client sends it (objects become key=value pairs, arrays repeat the key). */
export function toQuery(input: unknown): string {
  const q = new URLSearchParams();
  if (isPlainObject(input)) {
    for (const k of Object.keys(input)) {
      const v = input[k];
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const item of v) q.append(k, asText(item));
      else q.append(k, asText(v));
    }
  } else if (Array.isArray(input)) {
    input.forEach((v, i) => {
      q.append(String(i), asText(v));
    });
  } else if (input !== undefined && input !== null) {
    q.append(asText(input), '');
  }
  return q.toString();
}

/** The object fastify's query-string parser makes of a query string (repeated keys become arrays). */
export function parseQuery(qs: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = Object.hasOwn(out, k) ? out[k] : undefined;
    const next = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    Object.defineProperty(out, k, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** JSON round trip (NaN → null, undefined dropped), as the server's JSON.parse sees the body. */
const roundTrip = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v) ?? 'null'));

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorParts(door: Door, body: unknown): { code: string | null; fields: unknown } {
  if (!isPlainObject(body)) return { code: null, fields: null };
  if (door === 'rest') {
    const first = Array.isArray(body.errors) ? (body.errors[0] as Record<string, unknown> | undefined) : undefined;
    return { code: typeof first?.code === 'string' ? first.code : null, fields: first?.attributes ?? null };
  }
  const data = isPlainObject(body.error) && isPlainObject(body.error.data) ? body.error.data : null;
  return { code: typeof data?.appCode === 'string' ? data.appCode : null, fields: data?.fields ?? null };
}

function headersOf(caller: Caller, withBody: boolean): Record<string, string> {
  return {
    'x-request-id': caller.requestId,
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(withBody ? { 'content-type': 'application/json' } : {}),
  };
}

const short = (url: string) => (url.length > 160 ? `${url.slice(0, 150)}…(${url.length} chars)` : url);

/** Calls `proc` through `door` with `input` (undefined: no input at all). */
export async function callDoor(
  app: FastifyInstance,
  proc: ProcInfo,
  door: Door,
  input: unknown,
  caller: Caller,
): Promise<CallResult> {
  const transport: Transport = { bodyNotObject: false, poisoned: false, tooLarge: false, longParam: false, dotParam: false };
  let method: string;
  let url: string;
  let payload: string | undefined;
  let wire: unknown;

  if (door === 'trpc') {
    const json = input === undefined ? undefined : JSON.stringify(input);
    wire = roundTrip(input);
    if (proc.type === 'mutation') {
      method = 'POST';
      url = `/trpc/${proc.path}`;
      payload = json;
    } else {
      method = 'GET';
      url = `/trpc/${proc.path}${json === undefined ? '' : `?input=${encodeURIComponent(json)}`}`;
    }
  } else {
    const route = proc.rest;
    if (!route) throw new Error(`${proc.path} has no REST twin`);
    method = route.method;
    const params: Record<string, string> = {};
    let path = route.path;
    for (const p of route.params) {
      const raw = isPlainObject(input) && input[p] !== undefined ? wellFormed(asText(input[p])) : '';
      const encoded = encodeURIComponent(raw).replace(/\./g, '%2E');
      if (raw.length > MAX_PARAM_LENGTH || encoded.length > MAX_PARAM_LENGTH) transport.longParam = true;
      if (raw === '.' || raw === '..') transport.dotParam = true;
      params[p] = raw;
      path = path.replace(`{${p}}`, encoded);
    }
    let source: unknown;
    if (method === 'GET' || method === 'DELETE') {
      const qs = toQuery(input);
      url = qs ? `${path}?${qs}` : path;
      source = parseQuery(qs);
    } else {
      url = path;
      payload = input === undefined ? undefined : JSON.stringify(input);
      source = payload === undefined ? undefined : JSON.parse(payload);
      if (
        payload !== undefined &&
        (/"__proto__"\s*:/.test(payload) || /"constructor"\s*:\s*\{[^{}]*"prototype"\s*:/.test(payload))
      )
        transport.poisoned = true;
    }
    // As rest/plugin.ts restInput: path parameters (strings) win over the query or body.
    if (route.params.length === 0) wire = source ?? {};
    else if (source !== undefined && source !== null && !isPlainObject(source)) {
      transport.bodyNotObject = true;
      wire = undefined;
    } else wire = { ...((source as Record<string, unknown> | null | undefined) ?? {}), ...params };
  }
  if (payload !== undefined && Buffer.byteLength(payload) > BODY_LIMIT) transport.tooLarge = true;

  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: headersOf(caller, payload !== undefined),
    ...(payload !== undefined ? { payload } : {}),
    ...(caller.remoteAddress ? { remoteAddress: caller.remoteAddress } : {}),
  });
  const body = parse(res.body);
  return {
    door,
    method,
    url: short(url),
    status: res.statusCode,
    text: res.body,
    body,
    file: res.statusCode === 200 && String(res.headers['content-disposition'] ?? '').startsWith('attachment'),
    ...errorParts(door, body),
    wire,
    transport,
    requestId: caller.requestId,
  };
}
