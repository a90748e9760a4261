import { describe, expect, it } from 'vitest';
import { baseProblems, invalidInputProblems, leakProblems, transportProblems, validationProblems } from './checks';
import { type CallResult, parseQuery, type Transport, toQuery, wellFormed } from './doors';

const noTransport: Transport = { bodyNotObject: false, poisoned: false, tooLarge: false, longParam: false, dotParam: false };

function answer(door: CallResult['door'], status: number, body: unknown, transport: Partial<Transport> = {}): CallResult {
  const rest = door === 'rest' && typeof body === 'object' && body !== null && 'errors' in body;
  const first = rest ? (body as { errors: { code?: string; attributes?: unknown }[] }).errors[0] : undefined;
  const data = door === 'trpc' ? (body as { error?: { data?: { appCode?: string; fields?: unknown } } }).error?.data : undefined;
  return {
    door,
    method: 'POST',
    url: '/x',
    status,
    text: JSON.stringify(body),
    body,
    file: false,
    code: first?.code ?? data?.appCode ?? null,
    fields: first?.attributes ?? data?.fields ?? null,
    wire: {},
    transport: { ...noTransport, ...transport },
    requestId: 'r1',
  };
}

const restError = (code: string, attributes: unknown[] = []) => ({
  status: 'error',
  errors: [{ code, msg: 'm', message: 'm', internalMsg: '', attributes }],
});
const trpcError = (status: number, code: string, appCode: string, fields: unknown[] = []) => ({
  error: { code: -32600, message: 'm', data: { code, httpStatus: status, path: 'p', appCode, fields, detail: null } },
});

describe('checks', () => {
  it('a well-formed refusal passes every base check', () => {
    expect(baseProblems(answer('rest', 400, restError('GL0001', [{ param: 'name', msg: 'is required' }])), ['name'])).toEqual([]);
    expect(baseProblems(answer('trpc', 403, trpcError(403, 'FORBIDDEN', 'PM0001')), [])).toEqual([]);
    const ok = { status: 'success', success: 'Done', errors: [], result: { id: 1 } };
    expect(baseProblems(answer('rest', 200, ok), [])).toEqual([]);
  });

  it('a 5xx, a stack trace, a source position or node_modules in the body fail', () => {
    expect(baseProblems(answer('rest', 500, restError('E004')), [])).toEqual(['answered 500 E004']);
    const stack = restError('GL0004');
    stack.errors[0]!.internalMsg = 'Error: x\n    at f (/srv/app/service.ts:12:3)';
    expect(leakProblems(answer('rest', 404, stack))).toHaveLength(1);
    expect(leakProblems(answer('rest', 404, restError('GL0004', [{ param: 'a', msg: '/app/node_modules/pg' }])))).toHaveLength(1);
  });

  it('an envelope that is not the spec §7 shape fails', () => {
    expect(baseProblems(answer('rest', 400, { error: 'Bad Request' }), [])[0]).toMatch(/error envelope malformed/);
    expect(baseProblems(answer('rest', 200, { ok: true }), [])[0]).toMatch(/success envelope malformed/);
    expect(baseProblems(answer('trpc', 400, { message: 'x' }), [])[0]).toMatch(/tRPC error shape malformed/);
  });

  it('GL0001 must name a field of the input', () => {
    expect(validationProblems(answer('rest', 400, restError('GL0001')), ['name'])).toEqual([
      'GL0001 without attributes naming the bad field',
    ]);
    expect(validationProblems(answer('rest', 400, restError('GL0001', [{ param: 'nmae', msg: 'x' }])), ['name'])[0]).toMatch(
      /names "nmae"/,
    );
    expect(validationProblems(answer('rest', 400, restError('GL0001', [{ param: '(input)', msg: 'x' }])), ['name'])).toEqual([]);
    expect(validationProblems(answer('trpc', 400, trpcError(400, 'BAD_REQUEST', 'GL0001', [])), ['name'])).toHaveLength(1);
  });

  it('an input the schema refuses must be 400 GL0001, or a transport refusal with its reason', () => {
    expect(invalidInputProblems(answer('rest', 200, { status: 'success' }))).toHaveLength(1);
    expect(invalidInputProblems(answer('rest', 404, restError('GL0004')))).toHaveLength(1);
    expect(invalidInputProblems(answer('trpc', 400, trpcError(400, 'BAD_REQUEST', 'GL0001')))).toEqual([]);
    expect(invalidInputProblems(answer('trpc', 400, trpcError(400, 'CONFLICT', 'GL0001')))).toHaveLength(1);
    expect(invalidInputProblems(answer('rest', 400, restError('GL0002'), { bodyNotObject: true }))).toEqual([]);
    expect(invalidInputProblems(answer('rest', 413, restError('GL0013'), { tooLarge: true }))).toEqual([]);
    expect(invalidInputProblems(answer('rest', 404, restError('GL0404'), { longParam: true }))).toEqual([]);
  });

  it('a transport error without a transport reason fails (valid JSON called malformed)', () => {
    expect(transportProblems(answer('rest', 400, restError('GL0002')))).toHaveLength(1);
    expect(transportProblems(answer('rest', 400, restError('GL0002'), { longParam: true }))[0]).toMatch(/414/);
    expect(transportProblems(answer('rest', 400, restError('GL0002'), { poisoned: true }))).toEqual([]);
  });
});

describe('the REST wire model', () => {
  it('query strings: objects become pairs, arrays repeat the key, null is empty, objects are JSON', () => {
    const qs = toQuery({ a: 1, b: ['x', 'y'], c: null, d: { e: 1 }, skip: undefined, s: 'a b&c' });
    expect(parseQuery(qs)).toEqual({ a: '1', b: ['x', 'y'], c: '', d: '{"e":1}', s: 'a b&c' });
    expect(parseQuery(toQuery(['p', 'q']))).toEqual({ 0: 'p', 1: 'q' });
    expect(parseQuery(toQuery('raw'))).toEqual({ raw: '' });
  });

  it('lone surrogates become U+FFFD, as a UTF-8 encoder makes them; pairs stay', () => {
    expect(wellFormed('a\ud800b\udfff😀')).toBe('a\ufffdb\ufffd😀');
    expect(parseQuery(toQuery({ s: '\ud800' }))).toEqual({ s: '\ufffd' });
  });
});
