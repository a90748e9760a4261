import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { HttpStatusError } from './trpc';
import { describeError, detailLines, transportFailure, truncateDetail } from './errors';

/** A tRPC client error as the server's error formatter shapes it (packages/server/src/trpc/init.ts). */
function serverError(
  message: string,
  data: { appCode: string; httpStatus: number; fields?: { param: string; msg: string }[]; detail?: string | null },
) {
  return TRPCClientError.from({
    error: {
      code: -32600,
      message,
      data: { code: 'BAD_REQUEST', path: 'x', fields: [], detail: null, ...data },
    },
  });
}

const toasts = (o: ReturnType<typeof describeError>) => (o.kind === 'toast' ? o.toasts : []);

describe('describeError (spec §8)', () => {
  it('shows a danger toast "message [code]" for 3500 ms', () => {
    const out = describeError(serverError('Registration not found', { appCode: 'GL0004', httpStatus: 404 }), 'mutation');
    expect(toasts(out)).toEqual([{ type: 'error', message: 'Registration not found [GL0004]', details: [], autoClose: 3500 }]);
  });

  it('adds up to 6 values parsed from a JSON internalMsg and 2000 ms', () => {
    const detail = JSON.stringify({ a: 1, b: 'two', c: { d: 3 }, e: 4, f: 5, g: 6, h: 7 });
    const [first] = toasts(describeError(serverError('Conflict', { appCode: 'GL0009', httpStatus: 409, detail }), 'mutation'));
    expect(first?.details).toEqual(['1', 'two', '{"d":3}', '4', '5', '6']);
    expect(first?.autoClose).toBe(5500);
  });

  it('truncates a textual internalMsg to 150 characters (147 + "...")', () => {
    const long = 'x'.repeat(200);
    const [first] = toasts(describeError(serverError('Conflict', { appCode: 'GL0009', httpStatus: 409, detail: long }), 'query'));
    expect(first?.details).toEqual([`${'x'.repeat(147)}...`]);
    expect(first?.details[0]).toHaveLength(150);
    expect(truncateDetail('x'.repeat(150))).toBe('x'.repeat(150));
  });

  it('shows no detail for E004', () => {
    const [first] = toasts(
      describeError(serverError('Internal server error', { appCode: 'E004', httpStatus: 500, detail: 'stack' }), 'query'),
    );
    expect(first).toEqual({ type: 'error', message: 'Internal server error [E004]', details: [], autoClose: 3500 });
  });

  it('adds one toast per attribute "param: msg" for GL0001', () => {
    const err = serverError('Invalid input', {
      appCode: 'GL0001',
      httpStatus: 400,
      fields: [
        { param: 'email', msg: 'must be a valid e-mail address' },
        { param: 'birthDate', msg: 'must be in the past' },
      ],
    });
    expect(toasts(describeError(err, 'mutation')).map((t) => t.message)).toEqual([
      'Invalid input [GL0001]',
      'email: must be a valid e-mail address',
      'birthDate: must be in the past',
    ]);
  });

  it('shows "Unknown Error Occurred" when there is no message', () => {
    for (const e of [undefined, null, 42, {}, { message: '' }]) {
      expect(toasts(describeError(e, 'query'))).toEqual([
        { type: 'error', message: 'Unknown Error Occurred', details: [], autoClose: 3500 },
      ]);
    }
  });

  it('shows nothing for a cancelled request', () => {
    expect(describeError(new DOMException('aborted', 'AbortError'), 'query')).toEqual({ kind: 'silent' });
    expect(describeError(TRPCClientError.from(new DOMException('aborted', 'AbortError')), 'query')).toEqual({ kind: 'silent' });
    expect(describeError({ name: 'CancelledError', message: 'x' }, 'query')).toEqual({ kind: 'silent' });
  });

  it('shows the message of a network error', () => {
    expect(toasts(describeError(TRPCClientError.from(new TypeError('Failed to fetch')), 'query'))[0]?.message).toBe(
      'Failed to fetch',
    );
    expect(
      toasts(describeError(TRPCClientError.from(new Error('Request failed with status code 502')), 'mutation'))[0]?.message,
    ).toBe('Request failed with status code 502');
  });

  it('ignores a 401 on a write and sends a 401 on a read to the login page', () => {
    const err = serverError('Please log in', { appCode: 'AU0001', httpStatus: 401 });
    expect(describeError(err, 'mutation')).toEqual({ kind: 'silent' });
    expect(describeError(err, 'query')).toEqual({ kind: 'login' });
  });

  it('sends AU0010 (one-time password not changed yet) to the change-password screen, without a toast', () => {
    const err = serverError('You signed in with a one-time password.', { appCode: 'AU0010', httpStatus: 403 });
    expect(describeError(err, 'query')).toEqual({ kind: 'changePassword' });
    expect(describeError(err, 'mutation')).toEqual({ kind: 'changePassword' });
  });

  it('shows a 401 when the form asks for it (wrong password at login)', () => {
    const err = serverError('Incorrect e-mail or password', { appCode: 'AU0002', httpStatus: 401 });
    expect(toasts(describeError(err, 'mutation', { allow401: true }))[0]?.message).toBe('Incorrect e-mail or password [AU0002]');
  });
});

describe('detailLines', () => {
  it('reads JSON arrays, objects and scalars; empty gives nothing', () => {
    expect(detailLines('["a","b"]')).toEqual(['a', 'b']);
    expect(detailLines('"just text"')).toEqual(['just text']);
    expect(detailLines('12')).toEqual(['12']);
    expect(detailLines('')).toEqual([]);
    expect(detailLines(null)).toEqual([]);
    expect(detailLines('not json {')).toEqual(['not json {']);
  });
});

describe('transportFailure (spec §8 global ajax failure)', () => {
  it('reports failures that never reached the application, with status and exception', () => {
    expect(transportFailure(TRPCClientError.from(new TypeError('Failed to fetch')))).toEqual({
      status: 0,
      message: 'Failed to fetch',
      exception: 'TypeError',
    });
    expect(transportFailure(TRPCClientError.from(new HttpStatusError(502)))).toEqual({
      status: 502,
      message: 'Request failed with status code 502',
      exception: 'HttpStatusError',
    });
  });
  it('ignores answers from the application and cancelled requests', () => {
    expect(transportFailure(serverError('Invalid input', { appCode: 'GL0001', httpStatus: 400 }))).toBeNull();
    expect(transportFailure(new DOMException('aborted', 'AbortError'))).toBeNull();
  });
});
