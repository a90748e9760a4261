import { describe, expect, it } from 'vitest';
import { formatLocal, formatSkew } from './shared';

describe('fingerspot screen helpers', () => {
  it('formats the clock skew a developer reads on the list and detail', () => {
    expect(formatSkew(null)).toBe('–');
    expect(formatSkew(400)).toBe('0s');
    expect(formatSkew(95_000)).toBe('+1m 35s');
    expect(formatSkew(-7_380_000)).toBe('-2h 3m');
    expect(formatSkew(3_600_000)).toBe('+1h');
  });
  it('shows terminal times as dd/mm/yyyy hh:mm:ss', () => {
    expect(formatLocal('2026-11-19T07:58:03')).toBe('19/11/2026 07:58:03');
    expect(formatLocal(null)).toBe('');
  });
});
