import { describe, expect, it } from 'vitest';
import { resolveToken } from '../auth/service';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { failure, zodPaths } from '../testing/expect';
import { auditTrail } from '../testing/audit';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { employeeAdmin } from './test-kit';
import { getEmployeeDetail, updateEmployeeLogin, updateEmployeeSection } from './detail';

const t = useOrgTestDb(employeeAdmin);

const ctx = () => t.services.ctx(t.admin);

describe('employee detail', () => {
  it('shows every section, with empty sections empty rather than missing', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 }, 'Siti Rahma');
    const d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.name).toBe('Siti Rahma');
    expect(d.personal.gender).toBe('Female');
    expect(d.personal.religion.name).toBeTruthy();
    expect(d.employment.companyOffice.id).toBe(t.org.officeId);
    expect(d.employment.department?.id).toBe(t.org.dept[0]);
    expect(d.employment.contractType).toBe(5);
    expect(d.emergency.contacts).toEqual([]);
    expect(d.parents).toEqual({ father: null, mother: null });
    expect(d.sibling.siblings).toEqual([]);
    expect(d.previousCompany.companies).toEqual([]);
    expect(d.login).toBeNull();
    expect(d.bank).toEqual({ bank: null, bankAccountNumber: null, bankAccountName: null });
  });

  it('is NOT_FOUND outside the data scope and for unknown ids', async () => {
    const other = await makeEmployee(t.db, t.org, { dept: 1 });
    const head = await makeUser(t.services, t.org, ['department-head'], { dept: 0 });
    const headActor = await t.actorOf(head.userId);
    const g = requirePermission(headActor, 'employee.view');
    expect((await failure(getEmployeeDetail(t.services.ctx(headActor), g, { id: other }))).code).toBe('NOT_FOUND');
    expect((await getEmployeeDetail(t.services.ctx(headActor), g, { id: head.employeeId! })).id).toBe(head.employeeId);
    expect((await failure(getEmployeeDetail(ctx(), t.view, { id: 999_999 }))).code).toBe('NOT_FOUND');
  });
});

describe('saving one section', () => {
  it('personal: saves NIK and NPWP as digits, keeps fields left out, audits before and after', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 }, 'Budi Santoso');
    await updateEmployeeSection(ctx(), t.update, 'personal', {
      id,
      birthPlace: 'Surabaya',
      nationalId: '3578 0101 9001 0001',
      taxId: '09.254.294.3-407.000',
      ptkpStatusId: 1,
    });
    const d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.personal.birthPlace).toBe('Surabaya');
    expect(d.personal.nationalId).toBe('3578010190010001');
    expect(d.personal.taxId).toBe('092542943407000');
    expect(d.personal.givenName).toBe('Budi');
    expect(d.personal.ptkpStatus?.id).toBe(1);
    const log = await auditTrail(t.db, 'employee', id);
    expect(log.map((l) => l.action)).toEqual(['employee.update.personal']);
    expect(JSON.stringify(log[0]!.before)).toContain('"birth_place":null');
    expect(JSON.stringify(log[0]!.after)).toContain('Surabaya');

    // Blank clears an optional field.
    await updateEmployeeSection(ctx(), t.update, 'personal', { id, birthPlace: '' });
    expect((await getEmployeeDetail(ctx(), t.view, { id })).personal.birthPlace).toBeNull();
  });

  it('personal: refuses a bad NIK, a future birth date, an unknown religion and a NIK already used', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    expect(await zodPaths(updateEmployeeSection(ctx(), t.update, 'personal', { id, nationalId: '12345' }))).toEqual([
      'nationalId',
    ]);
    const future = await failure(updateEmployeeSection(ctx(), t.update, 'personal', { id, birthDate: '2099-01-01' }));
    // The documented range (employees/date-rules.ts): age 15 to 100.
    expect(future.fields).toEqual([{ param: 'birthDate', msg: expect.stringMatching(/^must be between .* \(age 15 to 100\)$/) }]);
    const unknown = await failure(updateEmployeeSection(ctx(), t.update, 'personal', { id, religionId: 9999 }));
    expect(unknown.fields).toEqual([{ param: 'religionId', msg: 'does not exist' }]);
    const a = await makeEmployee(t.db, t.org, { dept: 0 });
    await updateEmployeeSection(ctx(), t.update, 'personal', { id: a, nationalId: '3171000000000001' });
    const dup = await failure(updateEmployeeSection(ctx(), t.update, 'personal', { id, nationalId: '3171000000000001' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.fields[0]?.param).toBe('nationalId');
  });

  it('contact: e-mail is unique, postal code is 5 digits, home ownership 1–5', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    const other = await makeEmployee(t.db, t.org, { dept: 0 });
    const otherEmail = (await getEmployeeDetail(ctx(), t.view, { id: other })).contact.email;
    await updateEmployeeSection(ctx(), t.update, 'contact', {
      id,
      phone: '+62 812-3456-7890',
      address: 'Jl. Merdeka 1',
      city: 'Batam',
      postalCode: '29432',
      homeOwnership: 2,
    });
    const d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.contact).toMatchObject({ phone: '+62 812-3456-7890', city: 'Batam', postalCode: '29432', homeOwnership: 2 });
    expect(
      (await failure(updateEmployeeSection(ctx(), t.update, 'contact', { id, email: otherEmail.toUpperCase() }))).fields,
    ).toEqual([{ param: 'email', msg: 'is already used' }]);
    expect(
      await zodPaths(updateEmployeeSection(ctx(), t.update, 'contact', { id, postalCode: '1234', homeOwnership: 6 })),
    ).toEqual(['postalCode', 'homeOwnership']);
  });

  it('employment: the placement must be one branch of the org tree', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    // The division of department 1 under department 0 is refused, naming the field.
    const bad = await failure(
      updateEmployeeSection(ctx(), t.update, 'employment', { id, departmentId: t.org.dept[0], divisionId: t.org.div[1] }),
    );
    expect(bad.fields).toEqual([{ param: 'divisionId', msg: 'is not in the chosen department' }]);
    // Moving both together is fine, and the dates are saved.
    await updateEmployeeSection(ctx(), t.update, 'employment', {
      id,
      departmentId: t.org.dept[1],
      divisionId: t.org.div[1],
      contractType: 4,
      firstJoinDate: '2020-02-03',
      contractStartDate: '2024-01-01',
      annualLeaveDate: '2021-02-03',
    });
    const d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.employment.department?.id).toBe(t.org.dept[1]);
    expect(d.employment).toMatchObject({
      contractType: 4,
      firstJoinDate: '2020-02-03',
      contractStartDate: '2024-01-01',
      annualLeaveDate: '2021-02-03',
    });
    // Clearing the department while a division remains is refused.
    const orphan = await failure(updateEmployeeSection(ctx(), t.update, 'employment', { id, departmentId: null }));
    expect(orphan.fields[0]?.param).toBe('divisionId');
  });

  it('repeating sections are replaced as a whole and keep their order', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    await updateEmployeeSection(ctx(), t.update, 'emergency', {
      id,
      contacts: [
        { name: 'Ani', relationship: 'Family', phone: '0812 1111 2222' },
        { name: 'Dedi', relationship: 'Friend', phone: '0813 3333 4444', address: 'Jl. Sudirman 5' },
      ],
    });
    await updateEmployeeSection(ctx(), t.update, 'parents', {
      id,
      father: { name: 'Slamet', alive: false },
      mother: { name: 'Sri', birthDate: '1960-05-05', phone: '0811 000 111' },
    });
    await updateEmployeeSection(ctx(), t.update, 'sibling', {
      id,
      siblings: [{ name: 'Rudi', gender: 'Male', educationLevelId: 1 }],
    });
    await updateEmployeeSection(ctx(), t.update, 'previousCompany', {
      id,
      companies: [{ companyName: 'PT Maju', jobTitle: 'Clerk', startDate: '2015-01-01', endDate: '2019-12-31' }],
    });
    let d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.emergency.contacts.map((c) => c.name)).toEqual(['Ani', 'Dedi']);
    expect(d.parents.father).toMatchObject({ name: 'Slamet', alive: false });
    expect(d.parents.mother).toMatchObject({ name: 'Sri', birthDate: '1960-05-05', alive: true });
    expect(d.sibling.siblings[0]?.educationLevel?.id).toBe(1);
    expect(d.previousCompany.companies[0]).toMatchObject({ companyName: 'PT Maju', endDate: '2019-12-31' });

    await updateEmployeeSection(ctx(), t.update, 'emergency', {
      id,
      contacts: [{ name: 'Dedi', relationship: 'Friend', phone: '0813 3333 4444' }],
    });
    await updateEmployeeSection(ctx(), t.update, 'parents', { id, father: null, mother: null });
    d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.emergency.contacts.map((c) => c.name)).toEqual(['Dedi']);
    expect(d.parents).toEqual({ father: null, mother: null });
  });

  it('a refused list leaves the previous list untouched', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    await updateEmployeeSection(ctx(), t.update, 'sibling', { id, siblings: [{ name: 'Rina', gender: 'Female' }] });
    const e = await failure(
      updateEmployeeSection(ctx(), t.update, 'sibling', {
        id,
        siblings: [
          { name: 'Rina', gender: 'Female' },
          { name: 'Joko', gender: 'Male', educationLevelId: 9999 },
        ],
      }),
    );
    expect(e.fields).toEqual([{ param: 'siblings.1.educationLevelId', msg: 'does not exist' }]);
    expect((await getEmployeeDetail(ctx(), t.view, { id })).sibling.siblings.map((s) => s.name)).toEqual(['Rina']);
    expect(
      await zodPaths(
        updateEmployeeSection(ctx(), t.update, 'previousCompany', {
          id,
          companies: [{ companyName: 'PT A', startDate: '2020-01-01', endDate: '2019-01-01' }],
        }),
      ),
    ).toEqual(['companies.0.endDate']);
  });

  it('medical and bank: BPJS numbers by length, an account number needs a bank', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    await updateEmployeeSection(ctx(), t.update, 'medical', {
      id,
      bloodType: 'AB',
      heightCm: 170,
      weightKg: 65,
      bpjsKesehatanNumber: '0001234567890',
      bpjsKetenagakerjaanNumber: '12345678901',
    });
    expect((await getEmployeeDetail(ctx(), t.view, { id })).medical).toMatchObject({ bloodType: 'AB', heightCm: 170 });
    expect(await zodPaths(updateEmployeeSection(ctx(), t.update, 'medical', { id, bpjsKesehatanNumber: '123' }))).toEqual([
      'bpjsKesehatanNumber',
    ]);
    const noBank = await failure(updateEmployeeSection(ctx(), t.update, 'bank', { id, bankAccountNumber: '1234567890' }));
    expect(noBank.fields).toEqual([{ param: 'bankId', msg: 'is required with an account number' }]);
    await updateEmployeeSection(ctx(), t.update, 'bank', {
      id,
      bankId: 1,
      bankAccountNumber: '123-456-7890',
      bankAccountName: 'Budi',
    });
    expect((await getEmployeeDetail(ctx(), t.view, { id })).bank).toMatchObject({
      bank: { id: 1 },
      bankAccountNumber: '1234567890',
      bankAccountName: 'Budi',
    });
  });

  it('is NOT_FOUND for an employee outside the editor scope, and writes nothing', async () => {
    const other = await makeEmployee(t.db, t.org, { dept: 1 });
    const actor = await t.newActor(['manager'], { dept: 0 });
    // A manager may not update at all; give the grant a scoped actor with the key to test the scope.
    const scoped: Actor = { ...actor, permissions: new Set([...actor.permissions, 'employee.update']) };
    const g = requirePermission(scoped, 'employee.update');
    const e = await failure(updateEmployeeSection(t.services.ctx(scoped), g, 'contact', { id: other, city: 'Elsewhere' }));
    expect(e.code).toBe('NOT_FOUND');
    expect((await getEmployeeDetail(ctx(), t.view, { id: other })).contact.city).toBeNull();
  });
});

describe('login section', () => {
  it('deactivating a login ends its sessions; reactivating lets it sign in again', async () => {
    const u = await makeUser(t.services, t.org, ['employee'], { dept: 0 });
    const grant = requirePermission(t.admin, 'user.manage');
    const { login } = await import('../auth/service');
    const s = await login(
      t.services.ctx(null),
      t.services.auth,
      { email: u.email, password: u.password },
      { ip: null, userAgent: null },
    );
    expect(await resolveToken(t.services.ctx(null), s.token)).not.toBeNull();
    await updateEmployeeLogin(ctx(), grant, { id: u.employeeId!, active: false });
    expect(await resolveToken(t.services.ctx(null), s.token)).toBeNull();
    expect((await getEmployeeDetail(ctx(), t.view, { id: u.employeeId! })).login).toMatchObject({
      active: false,
      roles: ['employee'],
    });
    await updateEmployeeLogin(ctx(), grant, { id: u.employeeId!, active: true });
    expect((await getEmployeeDetail(ctx(), t.view, { id: u.employeeId! })).login?.active).toBe(true);
  });

  it('refuses to deactivate one’s own login and explains a missing login', async () => {
    const grant = requirePermission(t.admin, 'user.manage');
    const own = await failure(updateEmployeeLogin(ctx(), grant, { id: t.admin.employeeId!, active: false }));
    expect(own.fields[0]?.param).toBe('active');
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    expect((await failure(updateEmployeeLogin(ctx(), grant, { id, active: true }))).message).toBe(
      'This employee has no login yet',
    );
  });
});
