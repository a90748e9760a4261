import type { SessionUser } from '@hr/core/browser';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, ROUTE_GROUPS } from '../../app/route-table';
import { can, showOfficeFilter } from '../../lib/can';
import { visibleNav } from './Sidebar';

const user = (permissions: string[], roles: string[] = [], offices = 1): SessionUser => ({
  userId: 1,
  email: 'u@x.co',
  name: 'U',
  employeeId: 1,
  personalId: 1,
  companyOfficeId: 1,
  departmentId: null,
  divisionId: null,
  mandatorySavingId: null,
  roles,
  permissions,
  companyOffices: Array.from({ length: offices }, (_, i) => ({ id: i + 1, name: `Office ${i + 1}` })),
  mustChangePassword: false,
});

describe('routes and sidebar', () => {
  it('declares every route of spec §2 once, in the ten groups', () => {
    expect(ROUTE_GROUPS.map((g) => g.id)).toEqual([
      'attendance',
      'employee',
      'salary',
      'cooperative',
      'misc',
      'developer',
      'canteen',
      'inventory',
      'purchaseOfGood',
      'personal',
    ]);
    const paths = ALL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    // 99 of spec §2, plus live attendance (issue 21): the clock page, the day's mobile punches, their settings.
    expect(paths).toHaveLength(102);
    expect(paths).toContain('/salary/employee/:id/detail');
    expect(paths).toContain('/misc/leavetype');
  });

  it('hides groups and routes the user may not see', () => {
    const nav = visibleNav(user(['personal.access', 'cooperative.view']));
    expect(nav.map((g) => g.group.id)).toEqual(['employee', 'cooperative', 'personal']);
    // Of the employee group, only the employee's own resignation page.
    expect(nav.find((g) => g.group.id === 'employee')?.routes.map((r) => r.path)).toEqual(['/employee/resignation/request']);
    const personal = nav.find((g) => g.group.id === 'personal')?.routes.map((r) => r.path) ?? [];
    expect(personal).toContain('/personal/profile');
    expect(personal).not.toContain('/personal/server');
    // The cooperative manage page refuses an employee, so no menu leads there (issue 19 item 5).
    expect(nav.find((g) => g.group.id === 'cooperative')?.routes.map((r) => r.path)).toEqual(['/cooperative/withdrawal']);
  });

  it('gives /employee/registration its own permission', () => {
    const registration = ALL_ROUTES.find((r) => r.path === '/employee/registration');
    expect(registration?.permission).toBe('employee.registration.view');
    expect(can(user(['employee.view']), 'employee.registration.view')).toBe(false);
  });

  it('shows the office filter unless the user has exactly one office and is not superadmin (spec §6)', () => {
    expect(showOfficeFilter(user([], [], 1))).toBe(false);
    expect(showOfficeFilter(user([], ['superadmin'], 1))).toBe(true);
    expect(showOfficeFilter(user([], [], 2))).toBe(true);
  });
});
