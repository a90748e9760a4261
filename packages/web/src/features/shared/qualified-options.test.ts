import { describe, expect, it } from 'vitest';
import { hasRepeatedNames, qualifiedOptions } from './qualified-options';

const offices = new Map([
  [1, 'Jakarta Head Office'],
  [2, 'Batam Branch'],
  [3, 'Surabaya Branch'],
]);
const departments = new Map([
  [10, 'Finance & Accounting'],
  [11, 'Operations'],
]);

describe('org select options (issue 19 item 9)', () => {
  it('qualifies a repeated department with its office and leaves a unique one bare', () => {
    const list = [
      { id: 1, name: 'Finance & Accounting', companyOfficeId: 1 },
      { id: 2, name: 'Finance & Accounting', companyOfficeId: 2 },
      { id: 3, name: 'finance & accounting', companyOfficeId: 3 },
      { id: 4, name: 'Warehouse', companyOfficeId: 2 },
    ];
    expect(hasRepeatedNames(list)).toBe(true);
    expect(qualifiedOptions(list, [(d) => offices.get(d.companyOfficeId)]).map((o) => o.label)).toEqual([
      'Finance & Accounting (Jakarta Head Office)',
      'Finance & Accounting (Batam Branch)',
      'finance & accounting (Surabaya Branch)',
      'Warehouse',
    ]);
  });

  it('adds the next level only where the first still repeats (a position in two departments of one office)', () => {
    const list = [
      { id: 7, name: 'Staff', departmentId: 10, officeId: 1 },
      { id: 8, name: 'Staff', departmentId: 11, officeId: 1 },
      { id: 9, name: 'Staff', departmentId: 10, officeId: 2 },
      { id: 6, name: 'Accountant', departmentId: 10, officeId: 1 },
    ];
    const labels = qualifiedOptions(list, [(p) => departments.get(p.departmentId), (p) => offices.get(p.officeId)]).map(
      (o) => o.label,
    );
    expect(labels).toEqual([
      'Staff (Finance & Accounting, Jakarta Head Office)',
      'Staff (Operations)',
      'Staff (Finance & Accounting, Batam Branch)',
      'Accountant',
    ]);
  });

  it('unique names need no qualifying lookups', () => {
    expect(hasRepeatedNames([{ name: 'A' }, { name: 'B' }])).toBe(false);
    expect(qualifiedOptions([{ id: 1, name: 'A' }], [() => 'never'])).toEqual([{ value: 1, label: 'A' }]);
  });
});
