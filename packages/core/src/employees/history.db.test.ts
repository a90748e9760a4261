import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { type Grant, requirePermission } from '../access/grant';
import type { Services } from '../services';
import { failure } from '../testing/expect';
import { createServices, makeEmployee, makeOrg, makeUser, type Org } from '../testing/fixtures';
import { getEmployeeDetail } from './detail';
import {
  createContract,
  createEmployee,
  createRecord,
  getContract,
  getRecord,
  listContracts,
  listRecords,
  updateContract,
} from './history';

let tdb: TestDb;
let services: Services;
let org: Org;
let admin: Actor;
let view: Grant<'employee.view'>;
let update: Grant<'employee.update'>;
let levels: { junior: number; senior: number; lead: number };

beforeAll(async () => {
  tdb = await createTestDb();
  services = createServices(tdb.db);
  org = await makeOrg(tdb.db);
  const u = await makeUser(services, org, ['superadmin']);
  admin = (await actorForUser(tdb.db, u.userId, 'user'))!;
  view = requirePermission(admin, 'employee.view');
  update = requirePermission(admin, 'employee.update');
  const l = await tdb.db
    .insertInto('job_levels')
    .values([
      { name: 'Junior T', rank: 1 },
      { name: 'Senior T', rank: 2 },
      { name: 'Lead T', rank: 3 },
    ])
    .returning('id')
    .execute();
  levels = { junior: l[0]!.id, senior: l[1]!.id, lead: l[2]!.id };
});
afterAll(() => tdb.destroy());

const ctx = () => services.ctx(admin);

describe('creating an employee', () => {
  it('numbers the employee from the office and refuses a taken e-mail and a misplaced division', async () => {
    const create = requirePermission(admin, 'employee.create');
    const base = {
      givenName: 'Rina',
      surname: 'Kartika',
      email: `rina.${Date.now()}@test.co.id`,
      gender: 'Female' as const,
      birthDate: '1994-04-04',
      religionId: 1,
      educationLevelId: 1,
      maritalStatusId: 5,
      companyOfficeId: org.officeId,
      departmentId: org.dept[0],
      divisionId: org.div[0],
      jobLevelId: levels.junior,
      contractType: 4,
      firstJoinDate: '2024-01-02',
    };
    const a = await createEmployee(ctx(), create, base);
    const b = await createEmployee(ctx(), create, { ...base, email: `b.${base.email}` });
    expect(a.employeeNumber).toMatch(/^TST-\d{5}$/);
    expect(Number(b.employeeNumber.slice(4))).toBe(Number(a.employeeNumber.slice(4)) + 1);
    const d = await getEmployeeDetail(ctx(), view, { id: a.id });
    expect(d.employment).toMatchObject({ contractType: 4, firstJoinDate: '2024-01-02', jobLevel: { id: levels.junior } });

    const dup = await failure(createEmployee(ctx(), create, { ...base, email: base.email.toUpperCase() }));
    expect(dup.fields).toEqual([{ param: 'email', msg: 'is already used' }]);
    const misplaced = await failure(createEmployee(ctx(), create, { ...base, email: `c.${base.email}`, divisionId: org.div[1] }));
    expect(misplaced.fields).toEqual([{ param: 'divisionId', msg: 'is not in the chosen department' }]);
  });
});

describe('contracts', () => {
  it('keeps a salary history, follows the latest contract, and refuses overlapping periods', async () => {
    const id = await makeEmployee(tdb.db, org, { dept: 0 });
    await createContract(ctx(), update, {
      employeeId: id,
      contractNumber: `PKWT-${id}-1`,
      contractType: 4,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      basicSalary: 5_000_000,
    });
    const second = await createContract(ctx(), update, {
      employeeId: id,
      contractNumber: `PKWTT-${id}`,
      contractType: 5,
      startDate: '2025-01-01',
      basicSalary: 6_250_000,
    });
    const list = await listContracts(ctx(), view, { employeeId: id });
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => [r.contractNumber, r.basicSalary, r.salaryChange])).toEqual([
      [`PKWTT-${id}`, '6250000', '1250000'],
      [`PKWT-${id}-1`, '5000000', null],
    ]);
    const d = await getEmployeeDetail(ctx(), view, { id });
    expect(d.employment).toMatchObject({ contractType: 5, contractStartDate: '2025-01-01' });

    const overlap = await failure(
      createContract(ctx(), update, {
        employeeId: id,
        contractNumber: `X-${id}`,
        contractType: 4,
        startDate: '2024-06-01',
        endDate: '2024-07-31',
        basicSalary: 1,
      }),
    );
    expect(overlap.code).toBe('CONFLICT');
    expect(overlap.message).toBe(`The period overlaps contract PKWT-${id}-1`);

    // A raise on the permanent contract shows in the history.
    await updateContract(ctx(), update, { id: second.id, basicSalary: 7_000_000 });
    expect((await getContract(ctx(), view, { id: second.id })).salaryChange).toBe('2000000');
  });

  it('validates the period and the amount', async () => {
    const id = await makeEmployee(tdb.db, org, { dept: 0 });
    const bad = await createContract(ctx(), update, {
      employeeId: id,
      contractNumber: 'N-1',
      contractType: 4,
      startDate: '2024-01-01',
      basicSalary: 1.5,
    } as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ZodError);
    expect((bad as ZodError).issues.map((i) => i.path.join('.'))).toEqual(['basicSalary']);
    // Only a permanent contract may be open-ended; an end before the start is refused.
    for (const endDate of [undefined, '2023-12-31']) {
      const e = await createContract(ctx(), update, {
        employeeId: id,
        contractNumber: 'N-2',
        contractType: 4,
        startDate: '2024-01-01',
        basicSalary: 5_000_000,
        ...(endDate ? { endDate } : {}),
      }).catch((err: unknown) => err);
      expect((e as ZodError).issues.map((i) => i.path.join('.'))).toEqual(['endDate']);
    }
  });

  it('is NOT_FOUND for contracts of employees outside the scope', async () => {
    const other = await makeEmployee(tdb.db, org, { dept: 1 });
    const k = await createContract(ctx(), update, {
      employeeId: other,
      contractNumber: `S-${other}`,
      contractType: 5,
      startDate: '2023-01-01',
      basicSalary: 4_000_000,
    });
    const head = await makeUser(services, org, ['department-head'], { dept: 0 });
    const actor = (await actorForUser(tdb.db, head.userId, 'user'))!;
    const g = requirePermission(actor, 'employee.view');
    expect((await failure(getContract(services.ctx(actor), g, { id: k.id }))).code).toBe('NOT_FOUND');
    expect((await failure(listContracts(services.ctx(actor), g, { employeeId: other }))).code).toBe('NOT_FOUND');
  });
});

describe('employment records', () => {
  it('a promotion raises the level, keeps where the employee was, and moves them', async () => {
    const id = await makeEmployee(tdb.db, org, { dept: 0 });
    await tdb.db
      .updateTable('employees')
      .set({ job_level_id: levels.junior, first_join_date: '2020-01-01' })
      .where('id', '=', id)
      .execute();
    const r = await createRecord(ctx(), update, {
      employeeId: id,
      changeType: 2,
      effectiveDate: '2025-07-01',
      jobLevelId: levels.senior,
      reason: 'Annual review',
    });
    const rec = await getRecord(ctx(), view, { id: r.id });
    expect(rec).toMatchObject({ changeType: 2, effectiveDate: '2025-07-01', reason: 'Annual review' });
    expect(rec.from.jobLevel).toBe('Junior T');
    expect(rec.to.jobLevel).toBe('Senior T');
    expect((await getEmployeeDetail(ctx(), view, { id })).employment.jobLevel?.id).toBe(levels.senior);

    // A "promotion" to a lower level is refused, naming the field; nothing moves.
    const down = await failure(
      createRecord(ctx(), update, { employeeId: id, changeType: 2, effectiveDate: '2025-08-01', jobLevelId: levels.junior }),
    );
    expect(down.fields).toEqual([{ param: 'jobLevelId', msg: 'must be above the current job level' }]);
    // A demotion goes down.
    await createRecord(ctx(), update, { employeeId: id, changeType: 3, effectiveDate: '2025-09-01', jobLevelId: levels.junior });
    const list = await listRecords(ctx(), view, { employeeId: id });
    expect(list.rows.map((x) => x.changeType)).toEqual([3, 2]);
  });

  it('a mutation moves within the office; a relocation must change the office; no future dates', async () => {
    const id = await makeEmployee(tdb.db, org, { dept: 0 });
    await createRecord(ctx(), update, {
      employeeId: id,
      changeType: 1,
      effectiveDate: '2025-03-01',
      departmentId: org.dept[1],
      divisionId: org.div[1],
    });
    const d = await getEmployeeDetail(ctx(), view, { id });
    expect(d.employment.department?.id).toBe(org.dept[1]);
    const list = await listRecords(ctx(), view, { employeeId: id });
    expect(list.rows[0]?.from.department).toBe('HR');
    expect(list.rows[0]?.to.department).toBe('Ops');

    const same = await failure(createRecord(ctx(), update, { employeeId: id, changeType: 1, effectiveDate: '2025-03-02' }));
    expect(same.fields[0]?.param).toBe('departmentId');
    const reloc = await failure(createRecord(ctx(), update, { employeeId: id, changeType: 4, effectiveDate: '2025-03-02' }));
    expect(reloc.fields).toEqual([{ param: 'companyOfficeId', msg: 'must be another office' }]);
    const future = await failure(
      createRecord(ctx(), update, { employeeId: id, changeType: 1, effectiveDate: '2099-01-01', departmentId: org.dept[0] }),
    );
    expect(future.fields[0]?.param).toBe('effectiveDate');
    expect((await listRecords(ctx(), view, { employeeId: id })).total).toBe(1);
  });
});
