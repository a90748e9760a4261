import { describe, expect, it } from 'vitest';
import { backoffMs, parseRetryAfter } from './uploader';

describe('upload backoff', () => {
  it('waits at least 1 s, grows exponentially with full jitter, capped, and never undercuts Retry-After', () => {
    const o = { baseMs: 1000, maxMs: 300_000, random: () => 0.999 };
    expect([0, 1, 2, 3].map((n) => backoffMs(n, o))).toEqual([1000, 1998, 3996, 7992]);
    expect(backoffMs(30, o)).toBe(299_700);
    expect(backoffMs(0, { ...o, random: () => 0 })).toBe(1000);
    expect(backoffMs(0, o, 30_000)).toBe(30_000);
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2099 00:00:10 GMT', Date.UTC(2099, 0, 1))).toBe(10_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
