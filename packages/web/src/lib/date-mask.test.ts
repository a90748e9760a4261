import { describe, expect, it } from 'vitest';
import { dateToIso, dmyToIso, isoToDate, isoToDmy, maskDate, maskTime, normalizeTime, stepTime } from './date-mask';

describe('maskDate (99/99/9999)', () => {
  it('keeps digits and inserts slashes as the user types', () => {
    expect(maskDate('0')).toBe('0');
    expect(maskDate('01')).toBe('01');
    expect(maskDate('010')).toBe('01/0');
    expect(maskDate('0102')).toBe('01/02');
    expect(maskDate('01021')).toBe('01/02/1');
    expect(maskDate('01021990')).toBe('01/02/1990');
  });
  it('drops non-digits and extra digits', () => {
    expect(maskDate('01/02/1990')).toBe('01/02/1990');
    expect(maskDate('ab01-02.1990xyz')).toBe('01/02/1990');
    expect(maskDate('010219901234')).toBe('01/02/1990');
  });
});

describe('dmyToIso / isoToDmy', () => {
  it('converts dd/mm/yyyy to yyyy-mm-dd for the server', () => {
    expect(dmyToIso('31/12/1990')).toBe('1990-12-31');
    expect(dmyToIso(' 01/02/2000 ')).toBe('2000-02-01');
    expect(dmyToIso('29/02/2000')).toBe('2000-02-29');
  });
  it('rejects incomplete or impossible dates', () => {
    for (const bad of ['', '01/02/19', '1/2/1990', '31/02/1990', '29/02/1900', '00/01/1990', '01/13/1990', '99/99/9999']) {
      expect(dmyToIso(bad)).toBeNull();
    }
  });
  it('shows yyyy-mm-dd as dd/mm/yyyy', () => {
    expect(isoToDmy('1990-12-31')).toBe('31/12/1990');
    expect(isoToDmy(null)).toBe('');
    expect(isoToDmy('garbage')).toBe('');
  });
  it('round-trips local dates without a time-zone shift', () => {
    const d = isoToDate('2024-03-31');
    expect(d?.getDate()).toBe(31);
    expect(d && dateToIso(d)).toBe('2024-03-31');
    expect(isoToDate('2024-02-30')).toBeUndefined();
  });
});

describe('time (hh:mm, 24-hour, 5-minute steps)', () => {
  it('masks typed time', () => {
    expect(maskTime('7')).toBe('7');
    expect(maskTime('073')).toBe('07:3');
    expect(maskTime('0730')).toBe('07:30');
    expect(maskTime('07:30:15')).toBe('07:30');
  });
  it('snaps to the 5-minute grid', () => {
    expect(normalizeTime('07:32')).toBe('07:30');
    expect(normalizeTime('07:33')).toBe('07:35');
    expect(normalizeTime('7:58')).toBe('08:00');
    expect(normalizeTime('23:58')).toBe('23:55');
    expect(normalizeTime('24:00')).toBeNull();
    expect(normalizeTime('12:60')).toBeNull();
  });
  it('steps by 5 minutes and wraps around midnight', () => {
    expect(stepTime('23:55', 1)).toBe('00:00');
    expect(stepTime('00:00', -1)).toBe('23:55');
    expect(stepTime('08:00', 3)).toBe('08:15');
  });
});
