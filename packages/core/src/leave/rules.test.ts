import { describe, expect, it } from 'vitest';
import { addMonths, annualEntitlement, carryOver, entitlementDateOf, halfDown } from './rules';

describe('annual leave rules (UU 13/2003 art. 79)', () => {
  it('the entitlement date is the record’s own; without it there is none', () => {
    expect(entitlementDateOf({ annualLeaveDate: '2025-03-01' })).toBe('2025-03-01');
    expect(entitlementDateOf({ annualLeaveDate: null })).toBeNull();
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('12 days from the entitlement year on; none before; pro rata by month when configured', () => {
    const full = { annualDays: 12, prorateFirstYear: false };
    expect(annualEntitlement(2025, '2026-07-15', full)).toBe(0);
    expect(annualEntitlement(2026, '2026-07-15', full)).toBe(12);
    expect(annualEntitlement(2027, '2026-07-15', full)).toBe(12);
    // July to December: 6 of 12 months.
    expect(annualEntitlement(2026, '2026-07-15', { annualDays: 12, prorateFirstYear: true })).toBe(6);
    // 12 × 2/12 = 2; 13 × 5/12 = 5.41… → 5 (down to a half day).
    expect(annualEntitlement(2026, '2026-11-01', { annualDays: 12, prorateFirstYear: true })).toBe(2);
    expect(annualEntitlement(2026, '2026-08-01', { annualDays: 13, prorateFirstYear: true })).toBe(5);
    expect(annualEntitlement(2026, null, full)).toBe(0);
    expect(halfDown(6.74)).toBe(6.5);
  });

  it('carry-over is what was left, at most the setting', () => {
    expect(carryOver(4, 6)).toBe(4);
    expect(carryOver(9, 6)).toBe(6);
    expect(carryOver(3, 0)).toBe(0);
    expect(carryOver(-1, 6)).toBe(0);
  });
});
