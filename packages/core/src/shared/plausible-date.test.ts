import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertPlausibleDates, oneYearAfter } from './plausible-date';

describe('plausible dates (issue 16 item 13)', () => {
  it('accepts 01/01/2000 up to one year after today, refuses outside naming each field and the range', () => {
    expect(() => assertPlausibleDates('2026-11-26', [{ param: 'date', value: '2000-01-01' }])).not.toThrow();
    expect(() => assertPlausibleDates('2026-11-26', [{ param: 'date', value: '2027-11-26' }])).not.toThrow();
    let err: unknown;
    try {
      assertPlausibleDates('2026-11-26', [
        { param: 'date', value: '1900-01-01' },
        { param: 'deliveryDate', value: '2027-11-27' },
        { param: 'skipped', value: undefined },
      ]);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).fields).toEqual([
      { param: 'date', msg: 'must be between 01/01/2000 and 26/11/2027' },
      { param: 'deliveryDate', msg: 'must be between 01/01/2000 and 26/11/2027' },
    ]);
  });

  it('one year after 29 February is 28 February', () => {
    expect(oneYearAfter('2028-02-29')).toBe('2029-02-28');
  });
});
