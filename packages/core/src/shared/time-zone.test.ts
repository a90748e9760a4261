import { describe, expect, it } from 'vitest';
import { companyYear, dateInZone, localDateTimeIn, wallClockIn } from './time-zone';

describe('dates in a time zone', () => {
  // 31 December 2026 17:30 UTC is already 1 January 2027 in WIB (UTC+7), and later still in WIT (UTC+9).
  const newYear = new Date('2026-12-31T17:30:00Z');

  it("gives the company's calendar date and year, not the server's", () => {
    expect(dateInZone(newYear)).toBe('2027-01-01');
    expect(companyYear(newYear)).toBe(2027);
    expect(localDateTimeIn(newYear)).toBe('2027-01-01T00:30:00');
    expect(dateInZone(newYear, 'UTC')).toBe('2026-12-31');
  });

  it('keeps each zone apart when asked of many zones in turn', () => {
    const times = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Jakarta'].map((tz) => wallClockIn(newYear, tz).hour);
    expect(times).toEqual(['00', '01', '02', '00']);
  });

  it('refuses a zone the runtime does not know, every time it is asked', () => {
    expect(() => dateInZone(newYear, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => dateInZone(newYear, 'Mars/Olympus')).toThrow(RangeError);
  });
});
