/**
 * What every answer of every door must satisfy, whoever calls and whatever the input.
 * Each check returns the problems it found (empty: fine), so one run can report several.
 */
import { type CallResult, MAX_PARAM_LENGTH } from './doors';

/** A stack frame, a dependency path or a source position in a body means internals leaked. */
export const LEAK = /\n\s+at |node_modules|\.ts:\d+/;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';

/** Every string inside a JSON value, keys included. */
function stringsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (isPlainObject(v))
    for (const k of Object.keys(v)) {
      out.push(k);
      stringsIn(v[k], out);
    }
  return out;
}

export function leakProblems(res: CallResult): string[] {
  // A downloaded file is the user's data (an XLSX is compressed bytes), not an error body.
  if (res.file) return [];
  if (LEAK.test(res.text)) return [`body leaks internals: ${excerpt(res.text, LEAK)}`];
  const hit = stringsIn(res.body).find((s) => LEAK.test(s));
  return hit ? [`body leaks internals: ${excerpt(hit, LEAK)}`] : [];
}

function excerpt(s: string, re: RegExp): string {
  const i = Math.max(0, s.search(re) - 60);
  return JSON.stringify(s.slice(i, i + 160));
}

/** The answer has the shape of its door: the spec §7 envelope over REST, tRPC's over tRPC. */
export function envelopeProblems(res: CallResult): string[] {
  // A REST download answers with the file itself (spec §7: a blob saved under its file name).
  if (res.file && res.door === 'rest') return [];
  const b = res.body;
  if (!isPlainObject(b)) return [`answer is not a JSON object: ${JSON.stringify(res.text.slice(0, 200))}`];
  const ok = res.status >= 200 && res.status < 300;
  if (res.door === 'rest') {
    if (ok) {
      const keys = Object.keys(b).sort().join(',');
      if (b.status !== 'success' || !isText(b.success) || !Array.isArray(b.errors) || b.errors.length !== 0)
        return [`success envelope malformed: ${JSON.stringify(b).slice(0, 200)}`];
      if (keys !== 'errors,result,status,success' && keys !== 'errors,results,status,success')
        return [`success envelope has keys ${keys}`];
      return [];
    }
    const errs = b.errors;
    if (b.status !== 'error' || !Array.isArray(errs) || errs.length === 0)
      return [`error envelope malformed: ${JSON.stringify(b).slice(0, 200)}`];
    const out: string[] = [];
    for (const e of errs) {
      if (
        !isPlainObject(e) ||
        !isText(e.code) ||
        !isText(e.msg) ||
        !isText(e.message) ||
        !isText(e.internalMsg) ||
        !Array.isArray(e.attributes)
      )
        out.push(`error object malformed: ${JSON.stringify(e).slice(0, 200)}`);
    }
    return out;
  }
  if (ok) return isPlainObject(b.result) ? [] : [`tRPC success without result: ${JSON.stringify(b).slice(0, 200)}`];
  const e = b.error;
  if (!isPlainObject(e) || typeof e.code !== 'number' || !isText(e.message) || !isPlainObject(e.data))
    return [`tRPC error shape malformed: ${JSON.stringify(b).slice(0, 200)}`];
  const d = e.data;
  const out: string[] = [];
  if (!isText(d.code) || !isText(d.appCode) || !Array.isArray(d.fields))
    out.push(`tRPC error data malformed: ${JSON.stringify(d)}`);
  if (d.httpStatus !== res.status) out.push(`tRPC data.httpStatus ${String(d.httpStatus)} but HTTP ${res.status}`);
  return out;
}

/** GL0001 carries at least one {param, msg}, and each param names a field of the input (or the input itself). */
export function validationProblems(res: CallResult, fields: string[]): string[] {
  if (res.code !== 'GL0001') return [];
  const attrs = res.fields;
  if (!Array.isArray(attrs) || attrs.length === 0) return ['GL0001 without attributes naming the bad field'];
  const out: string[] = [];
  for (const a of attrs) {
    if (!isPlainObject(a) || !isText(a.param) || !a.param || !isText(a.msg) || !a.msg) {
      out.push(`GL0001 attribute malformed: ${JSON.stringify(a)}`);
      continue;
    }
    const head = a.param.split('.')[0]!;
    if (fields.length && head !== '(input)' && head !== '(body)' && !fields.includes(head))
      out.push(`GL0001 attribute names "${a.param}", not a field of the input (${fields.join(', ')})`);
  }
  if (res.door === 'rest' && res.status !== 400) out.push(`GL0001 with HTTP ${res.status}, not 400`);
  return out;
}

/**
 * An input the schema refuses is a 400 GL0001 (tRPC: BAD_REQUEST, appCode GL0001), unless the
 * REST transport refused it first for a reason of its own (see Transport).
 */
export function invalidInputProblems(res: CallResult): string[] {
  const t = res.transport;
  if (res.status === 400 && res.code === 'GL0001') {
    const code = (res.body as { error?: { data?: { code?: unknown } } } | undefined)?.error?.data?.code;
    return res.door === 'trpc' && code !== 'BAD_REQUEST' ? [`tRPC code ${String(code)} for invalid input, not BAD_REQUEST`] : [];
  }
  if (t.tooLarge && res.status === 413) return [];
  if (res.door === 'rest') {
    if ((t.bodyNotObject || t.poisoned) && res.status === 400 && res.code === 'GL0002') return [];
    if (t.dotParam && res.status === 404 && res.code === 'GL0404') return [];
    // An over-long path parameter: no such route (404), URI too long (414) or a bad id (GL0001), all fine.
    if (t.longParam && ((res.status === 404 && res.code === 'GL0404') || res.status === 414)) return [];
  }
  return [`the input schema refuses this input, but the answer is ${res.status} ${res.code ?? ''}, not 400 GL0001`];
}

function errorMessage(res: CallResult): string {
  const e = (res.body as { errors?: { message?: unknown }[] } | undefined)?.errors?.[0];
  return typeof e?.message === 'string' ? e.message : '';
}

/** True when the REST transport may refuse the call before the procedure runs (before authentication too). */
export function transportMayRefuse(res: CallResult): boolean {
  const t = res.transport;
  return t.tooLarge || (res.door === 'rest' && (t.bodyNotObject || t.poisoned || t.longParam || t.dotParam));
}

/** A REST transport error only where the transport has a reason for it (the harness sends valid JSON). */
export function transportProblems(res: CallResult): string[] {
  if (res.door !== 'rest') return [];
  const t = res.transport;
  if (res.code === 'GL0002' && !t.bodyNotObject && !t.poisoned) {
    const why = t.longParam
      ? ` (the URL has a path parameter over ${MAX_PARAM_LENGTH} characters: fastify's 414 FST_ERR_MAX_PARAM_LENGTH, reported as a body error)`
      : '';
    return [`refused as malformed JSON (GL0002 "${errorMessage(res)}"), but the body is valid JSON${why}`];
  }
  if (res.code === 'GL0404' && !t.dotParam && !t.longParam) return ['the REST route was not found (GL0404)'];
  return [];
}

/** The checks every answer must pass: never 5xx, nothing leaked, the door's envelope, GL0001 with fields. */
export function baseProblems(res: CallResult, fields: string[]): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`answered ${res.status} ${res.code ?? ''}`);
  out.push(...leakProblems(res), ...envelopeProblems(res), ...validationProblems(res, fields), ...transportProblems(res));
  return out;
}

/** A one-line description of the call, for messages. */
export function describeCall(res: CallResult): string {
  return `[${res.door}] ${res.method} ${res.url} → ${res.status} ${res.code ?? ''} (request ${res.requestId})`;
}
