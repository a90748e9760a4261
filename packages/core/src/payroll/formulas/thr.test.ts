import { describe, expect, it } from 'vitest';
import { calculateThr, monthsOfService, thrEntitledAfterLeaving } from './thr';

const thr = (joinDate: string, holidayDate = '2026-03-20', monthlyWage = 5_000_000) =>
  calculateThr({ monthlyWage, joinDate, holidayDate }).output;

describe('THR (Permenaker 6/2016, payroll-id.md §4)', () => {
  it('pays months/12 of a month’s wage between 1 and 12 months of service', () => {
    expect(thr('2025-06-10')).toEqual({ monthsOfService: 9, eligible: true, thr: 3_750_000 });
    expect(thr('2026-02-20')).toEqual({ monthsOfService: 1, eligible: true, thr: 416_667 }); // 416,666.67 half up
  });

  it('pays one month’s wage from 12 months of service', () => {
    expect(thr('2025-03-20')).toEqual({ monthsOfService: 12, eligible: true, thr: 5_000_000 });
    expect(thr('2015-01-01')).toEqual({ monthsOfService: 134, eligible: true, thr: 5_000_000 });
    expect(thr('2025-03-21').monthsOfService).toBe(11);
  });

  it('pays nothing under one month of service', () => {
    expect(thr('2026-02-21')).toEqual({ monthsOfService: 0, eligible: false, thr: 0 });
    expect(thr('2026-04-01')).toEqual({ monthsOfService: 0, eligible: false, thr: 0 });
  });

  it('completes a month on the same day of the month, clamped to the month’s end', () => {
    expect(monthsOfService('2026-01-31', '2026-02-28').toNumber()).toBe(1);
    expect(monthsOfService('2026-01-31', '2026-02-27').toNumber()).toBe(0);
    expect(monthsOfService('2024-01-31', '2024-02-29').toNumber()).toBe(1);
  });

  it('can count the started month by days instead (company setting)', () => {
    const o = calculateThr({
      monthlyWage: 5_000_000,
      joinDate: '2025-06-10',
      holidayDate: '2026-03-20',
      monthCounting: 'fractional',
    }).output;
    expect(o).toEqual({ monthsOfService: 9.3226, eligible: true, thr: 3_884_409 }); // 9 + 10/31 months
  });

  it('keeps THR for a permanent worker dismissed within 30 days before the holiday, not for a resignation or an ended contract', () => {
    const h = '2026-03-20';
    expect(thrEntitledAfterLeaving({ contract: 'PKWTT', endDate: '2026-03-01', endReason: 'dismissed', holidayDate: h })).toBe(
      true,
    );
    expect(thrEntitledAfterLeaving({ contract: 'PKWTT', endDate: '2026-02-18', endReason: 'dismissed', holidayDate: h })).toBe(
      true,
    );
    expect(thrEntitledAfterLeaving({ contract: 'PKWTT', endDate: '2026-02-17', endReason: 'dismissed', holidayDate: h })).toBe(
      false,
    );
    expect(thrEntitledAfterLeaving({ contract: 'PKWTT', endDate: '2026-03-10', endReason: 'resigned', holidayDate: h })).toBe(
      false,
    );
    expect(
      thrEntitledAfterLeaving({ contract: 'PKWT', endDate: '2026-03-10', endReason: 'contract-ended', holidayDate: h }),
    ).toBe(false);
    expect(
      thrEntitledAfterLeaving({ contract: 'PKWT', endDate: '2026-04-30', endReason: 'contract-ended', holidayDate: h }),
    ).toBe(true);
  });
});
