import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addDays, pairsTouchedBy } from './engine';
import { normaliseTime, parseCsv, parsePunchFile } from './import';
import { monthOf, resolvePeriod } from './period';
import { isLocalDateTime, shiftLabel } from './schema';
import { expandPattern } from './setup';

describe('attendance rules', () => {
  it('shows a shift as "name (start - end)" in 24-hour hh:mm', () => {
    expect(shiftLabel('Night', '22:00:00', '06:00:00')).toBe('Night (22:00 - 06:00)');
  });

  it('spells a rotation pattern out day by day', () => {
    expect(
      expandPattern([
        { shiftId: 1, days: 5 },
        { shiftId: null, days: 2 },
      ]),
    ).toEqual([1, 1, 1, 1, 1, null, null]);
  });

  it('a punch touches its day, the day before and the day after, never after today; unknown PINs touch nothing', () => {
    expect(
      pairsTouchedBy(
        [
          { employeeId: 7, localTime: '2026-10-31T06:00:00' },
          { employeeId: 7, localTime: '2026-10-31T17:00:00' },
          { employeeId: null, localTime: '2026-10-31T17:00:00' },
        ],
        '2026-10-31',
      ),
    ).toEqual([
      { employeeId: 7, date: '2026-10-30' },
      { employeeId: 7, date: '2026-10-31' },
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('checks device-local date-times strictly', () => {
    expect(isLocalDateTime('2026-02-28T23:59:59')).toBe(true);
    expect(isLocalDateTime('2026-02-29T08:00:00')).toBe(false);
    expect(isLocalDateTime('2026-10-05T24:00:00')).toBe(false);
    expect(isLocalDateTime('2026-10-05 08:00:00')).toBe(false);
  });

  it('lists default to the current month; a reversed or too long period names `to`', () => {
    expect(monthOf('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(resolvePeriod({}, '2026-11-20', 93)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(() => resolvePeriod({ from: '2026-11-02', to: '2026-11-01' }, '2026-11-20', 93)).toThrow('Invalid input');
  });

  it('reads terminal export times and CSV with either separator', () => {
    expect(normaliseTime('2026-10-05 7:58')).toBe('2026-10-05T07:58:00');
    expect(normaliseTime('5/10/2026 17:02:09')).toBe('2026-10-05T17:02:09');
    expect(parseCsv('a;b\n"x;1";2\n')).toEqual([
      ['a', 'b'],
      ['x;1', '2'],
    ]);
  });

  it('reads an XLSX export with real date cells', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Log');
    ws.addRow(['SN', 'User', 'DateTime', 'State']);
    ws.addRow(['SN-9', 101, new Date(Date.UTC(2026, 9, 5, 7, 58, 0)), 0]);
    ws.addRow(['SN-9', '102', '05/10/2026 17:01', 1]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await parsePunchFile(buf, 'log.xlsx')).toEqual([
      { deviceSerial: 'SN-9', pin: '101', localTime: '2026-10-05T07:58:00', state: 0, verifyType: 0 },
      { deviceSerial: 'SN-9', pin: '102', localTime: '2026-10-05T17:01:00', state: 1, verifyType: 0 },
    ]);
  });
});
