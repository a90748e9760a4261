import { describe, expect, it } from 'vitest';
import { hashToken } from '../auth/index';
import { attlogData } from './schema';
import { scanLocalTime, secretMatches } from './service';

describe('Fingerspot.io webhook rules', () => {
  it('takes a scan time without a zone as the terminal wall clock, and converts one with a zone', () => {
    expect(scanLocalTime('2026-11-20 07:58:12', 'Asia/Jayapura')).toBe('2026-11-20T07:58:12');
    expect(scanLocalTime('2026-11-20 07:58', 'Asia/Jakarta')).toBe('2026-11-20T07:58:00');
    // 23:30 UTC is 06:30 the next day in Jakarta (UTC+7) and 08:30 in Jayapura (UTC+9).
    expect(scanLocalTime('2026-11-19T23:30:00Z', 'Asia/Jakarta')).toBe('2026-11-20T06:30:00');
    expect(scanLocalTime('2026-11-20T07:30:00+0800', 'Asia/Jayapura')).toBe('2026-11-20T08:30:00');
  });

  it('matches a secret only against its own hash; no secret or no hash never matches', () => {
    const s = 'fsw_abc';
    expect(secretMatches(s, hashToken(s))).toBe(true);
    expect(secretMatches('fsw_abd', hashToken(s))).toBe(false);
    expect(secretMatches(null, hashToken(''))).toBe(false);
    expect(secretMatches('', hashToken(''))).toBe(false);
    expect(secretMatches(s, null)).toBe(false);
  });

  it('reads verify and state as numbers, numeric text or words, and refuses the rest', () => {
    const ok = attlogData.parse({ pin: 7, scan: '2026-11-20 08:00:00', verify: 'Wajah', status_scan: 'Lembur Masuk' });
    expect(ok).toEqual({ pin: '7', scan: '2026-11-20 08:00:00', verify: 15, status_scan: 4 });
    expect(attlogData.safeParse({ pin: '1', scan: '2026-11-20 08:00:00', verify: 256 }).success).toBe(false);
    expect(attlogData.safeParse({ pin: 'a b', scan: '2026-11-20 08:00:00' }).success).toBe(false);
  });
});
