import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { failure } from '../testing/expect';
import { makeEmployee } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { getEmployeeDetail } from './detail';
import {
  createContract,
  createEmployee,
  createRecord,
  deleteEmploymentRecord,
  getContract,
  getRecord,
  listContracts,
  listRecords,
  updateContract,
  updateEmploymentRecord,
} from './history';
import { employeeAdmin } from './test-kit';

const t = useOrgTestDb(async (t) => {
  const l = await t.db
    .insertInto('job_levels')
    .values([
      { name: 'Junior T', rank: 1 },
      { name: 'Senior T', rank: 2 },
      { name: 'Lead T', rank: 3 },
    ])
    .returning('id')
    .execute();
  return { ...(await employeeAdmin(t)), levels: { junior: l[0]!.id, senior: l[1]!.id, lead: l[2]!.id } };
});

const ctx = () => t.services.ctx(t.admin);

describe('creating an employee', () => {
  it('numbers the employee from the office and refuses a taken e-mail and a misplaced division', async () => {
    const create = requirePermission(t.admin, 'employee.create');
    const base = {
      givenName: 'Rina',
      surname: 'Kartika',
      email: `rina.${Date.now()}@test.co.id`,
      gender: 'Female' as const,
      birthDate: '1994-04-04',
      religionId: 1,
      educationLevelId: 1,
      maritalStatusId: 5,
      companyOfficeId: t.org.officeId,
      departmentId: t.org.dept[0],
      divisionId: t.org.div[0],
      jobLevelId: t.levels.junior,
      contractType: 4,
      firstJoinDate: '2024-01-02',
    };
    const a = await createEmployee(ctx(), create, base);
    const b = await createEmployee(ctx(), create, { ...base, email: `b.${base.email}` });
    expect(a.employeeNumber).toMatch(/^TST-\d{5}$/);
    expect(Number(b.employeeNumber.slice(4))).toBe(Number(a.employeeNumber.slice(4)) + 1);
    const d = await getEmployeeDetail(ctx(), t.view, { id: a.id });
    expect(d.employment).toMatchObject({ contractType: 4, firstJoinDate: '2024-01-02', jobLevel: { id: t.levels.junior } });

    const dup = await failure(createEmployee(ctx(), create, { ...base, email: base.email.toUpperCase() }));
    expect(dup.fields).toEqual([{ param: 'email', msg: 'is already used' }]);
    const misplaced = await failure(
      createEmployee(ctx(), create, { ...base, email: `c.${base.email}`, divisionId: t.org.div[1] }),
    );
    expect(misplaced.fields).toEqual([{ param: 'divisionId', msg: 'is not in the chosen department' }]);
  });
});

describe('contracts', () => {
  it('keeps a salary history, follows the latest contract, and refuses overlapping periods', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    await createContract(ctx(), t.update, {
      employeeId: id,
      contractNumber: `PKWT-${id}-1`,
      contractType: 4,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      basicSalary: 5_000_000,
    });
    const second = await createContract(ctx(), t.update, {
      employeeId: id,
      contractNumber: `PKWTT-${id}`,
      contractType: 5,
      startDate: '2025-01-01',
      basicSalary: 6_250_000,
    });
    const list = await listContracts(ctx(), t.view, { employeeId: id });
    expect(list.total).toBe(2);
    expect(list.rows.map((r) => [r.contractNumber, r.basicSalary, r.salaryChange])).toEqual([
      [`PKWTT-${id}`, '6250000', '1250000'],
      [`PKWT-${id}-1`, '5000000', null],
    ]);
    const d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.employment).toMatchObject({ contractType: 5, contractStartDate: '2025-01-01' });

    const overlap = await failure(
      createContract(ctx(), t.update, {
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
    await updateContract(ctx(), t.update, { id: second.id, basicSalary: 7_000_000 });
    expect((await getContract(ctx(), t.view, { id: second.id })).salaryChange).toBe('2000000');
  });

  it('validates the period and the amount', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    const bad = await createContract(ctx(), t.update, {
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
      const e = await createContract(ctx(), t.update, {
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
    const other = await makeEmployee(t.db, t.org, { dept: 1 });
    const k = await createContract(ctx(), t.update, {
      employeeId: other,
      contractNumber: `S-${other}`,
      contractType: 5,
      startDate: '2023-01-01',
      basicSalary: 4_000_000,
    });
    const actor = await t.newActor(['department-head'], { dept: 0 });
    const g = requirePermission(actor, 'employee.view');
    expect((await failure(getContract(t.services.ctx(actor), g, { id: k.id }))).code).toBe('NOT_FOUND');
    expect((await failure(listContracts(t.services.ctx(actor), g, { employeeId: other }))).code).toBe('NOT_FOUND');
  });
});

/** A new employee of HR at the junior level, joined in 2020. */
async function junior() {
  const id = await makeEmployee(t.db, t.org, { dept: 0 });
  await t.db
    .updateTable('employees')
    .set({ job_level_id: t.levels.junior, first_join_date: '2020-01-01' })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('employment records', () => {
  it('a promotion raises the level, keeps where the employee was, and moves them', async () => {
    const id = await junior();
    const r = await createRecord(ctx(), t.update, {
      employeeId: id,
      changeType: 2,
      effectiveDate: '2025-07-01',
      jobLevelId: t.levels.senior,
      reason: 'Annual review',
    });
    const rec = await getRecord(ctx(), t.view, { id: r.id });
    expect(rec).toMatchObject({ changeType: 2, effectiveDate: '2025-07-01', reason: 'Annual review' });
    expect(rec.from.jobLevel).toBe('Junior T');
    expect(rec.to.jobLevel).toBe('Senior T');
    expect((await getEmployeeDetail(ctx(), t.view, { id })).employment.jobLevel?.id).toBe(t.levels.senior);

    // A "promotion" to a lower level is refused, naming the field; nothing moves.
    const down = await failure(
      createRecord(ctx(), t.update, { employeeId: id, changeType: 2, effectiveDate: '2025-08-01', jobLevelId: t.levels.junior }),
    );
    expect(down.fields).toEqual([{ param: 'jobLevelId', msg: 'must be above the current job level' }]);
    // A demotion goes down.
    await createRecord(ctx(), t.update, {
      employeeId: id,
      changeType: 3,
      effectiveDate: '2025-09-01',
      jobLevelId: t.levels.junior,
    });
    const list = await listRecords(ctx(), t.view, { employeeId: id });
    expect(list.rows.map((x) => x.changeType)).toEqual([3, 2]);
  });

  it('a mutation moves within the office; a relocation must change the office; no future dates', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    await createRecord(ctx(), t.update, {
      employeeId: id,
      changeType: 1,
      effectiveDate: '2025-03-01',
      departmentId: t.org.dept[1],
      divisionId: t.org.div[1],
    });
    const d = await getEmployeeDetail(ctx(), t.view, { id });
    expect(d.employment.department?.id).toBe(t.org.dept[1]);
    const list = await listRecords(ctx(), t.view, { employeeId: id });
    expect(list.rows[0]?.from.department).toBe('HR');
    expect(list.rows[0]?.to.department).toBe('Ops');

    const same = await failure(createRecord(ctx(), t.update, { employeeId: id, changeType: 1, effectiveDate: '2025-03-02' }));
    expect(same.fields[0]?.param).toBe('departmentId');
    const reloc = await failure(createRecord(ctx(), t.update, { employeeId: id, changeType: 4, effectiveDate: '2025-03-02' }));
    expect(reloc.fields).toEqual([{ param: 'companyOfficeId', msg: 'must be another office' }]);
    const future = await failure(
      createRecord(ctx(), t.update, { employeeId: id, changeType: 1, effectiveDate: '2099-01-01', departmentId: t.org.dept[0] }),
    );
    expect(future.fields[0]?.param).toBe('effectiveDate');
    expect((await listRecords(ctx(), t.view, { employeeId: id })).total).toBe(1);
  });
});

describe('correcting an employment record (issue 20 item 3)', () => {
  const placement = (id: number) =>
    t.db
      .selectFrom('employees')
      .select(['department_id', 'division_id', 'job_level_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const lastAudit = (action: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'before', 'after', 'entity_id'])
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const promote = (employeeId: number, effectiveDate: string) =>
    createRecord(ctx(), t.update, { employeeId, changeType: 2, effectiveDate, jobLevelId: t.levels.senior });
  /** A promotion (2024-07) and a later move to Ops (2025-01). */
  async function promotedThenMoved(id: number) {
    const promo = await promote(id, '2024-07-01');
    const move = await createRecord(ctx(), t.update, {
      employeeId: id,
      changeType: 1,
      effectiveDate: '2025-01-01',
      departmentId: t.org.dept[1],
      divisionId: t.org.div[1],
    });
    return { promo, move };
  }

  it('an update of the latest record moves the employee; the audit entry keeps before, after and who', async () => {
    const id = await junior();
    const r = await promote(id, '2025-07-01');
    expect((await placement(id)).job_level_id).toBe(t.levels.senior);

    await updateEmploymentRecord(ctx(), t.update, { id: r.id, jobLevelId: t.levels.lead, reason: 'Two steps up' });
    expect((await placement(id)).job_level_id).toBe(t.levels.lead);
    const rec = await getRecord(ctx(), t.view, { id: r.id });
    expect(rec).toMatchObject({ changeType: 2, effectiveDate: '2025-07-01', reason: 'Two steps up' });
    expect([rec.from.jobLevel, rec.to.jobLevel, rec.toIds.jobLevelId]).toEqual(['Junior T', 'Lead T', t.levels.lead]);

    const entry = await lastAudit('employee.record.update');
    expect(entry.actor_user_id).toBe(t.admin.userId);
    expect(entry.entity_id).toBe(String(id));
    expect(entry.before).toMatchObject({ recordId: r.id, to_job_level_id: t.levels.senior, reason: null });
    expect(entry.after).toMatchObject({
      recordId: r.id,
      to_job_level_id: t.levels.lead,
      reason: 'Two steps up',
      placement: { before: { job_level_id: t.levels.senior }, after: { job_level_id: t.levels.lead } },
    });
  });

  it('is checked as on create, against where the record says the employee came from (GL0001 naming the field)', async () => {
    const id = await junior();
    const r = await promote(id, '2025-07-01');
    const down = await failure(updateEmploymentRecord(ctx(), t.update, { id: r.id, jobLevelId: t.levels.junior }));
    expect(down.code).toBe('VALIDATION');
    expect(down.fields).toEqual([{ param: 'jobLevelId', msg: 'must be above the current job level' }]);
    const future = await failure(updateEmploymentRecord(ctx(), t.update, { id: r.id, effectiveDate: '2099-01-01' }));
    expect(future.fields[0]?.param).toBe('effectiveDate');
    const early = await failure(updateEmploymentRecord(ctx(), t.update, { id: r.id, effectiveDate: '2019-12-31' }));
    expect(early.fields).toEqual([{ param: 'effectiveDate', msg: 'must not be before the first join date' }]);
    const misplaced = await failure(
      updateEmploymentRecord(ctx(), t.update, { id: r.id, changeType: 1, divisionId: t.org.div[1] }),
    );
    expect(misplaced.fields).toEqual([{ param: 'divisionId', msg: 'is not in the chosen department' }]);
    // Nothing changed.
    expect((await getRecord(ctx(), t.view, { id: r.id })).toIds.jobLevelId).toBe(t.levels.senior);
    expect((await placement(id)).job_level_id).toBe(t.levels.senior);
  });

  it('correcting an older record leaves the placement the latest record set', async () => {
    const id = await junior();
    const { promo } = await promotedThenMoved(id);
    await updateEmploymentRecord(ctx(), t.update, { id: promo.id, jobLevelId: t.levels.lead });
    expect(await placement(id)).toMatchObject({ department_id: t.org.dept[1], job_level_id: t.levels.senior });
  });

  it('a delete recomputes the placement from the remaining records; the only one gives back where the employee was', async () => {
    const id = await junior();
    const before = await placement(id);
    const { promo, move } = await promotedThenMoved(id);
    expect(await placement(id)).toMatchObject({ department_id: t.org.dept[1], job_level_id: t.levels.senior });

    await deleteEmploymentRecord(ctx(), t.update, { id: move.id });
    expect(await placement(id)).toMatchObject({ department_id: before.department_id, job_level_id: t.levels.senior });
    const entry = await lastAudit('employee.record.delete');
    expect(entry.actor_user_id).toBe(t.admin.userId);
    expect(entry.before).toMatchObject({ recordId: move.id, to_department_id: t.org.dept[1] });
    expect(entry.after).toMatchObject({ placement: { after: { department_id: before.department_id } } });

    await deleteEmploymentRecord(ctx(), t.update, { id: promo.id });
    expect(await placement(id)).toEqual(before);
    expect((await listRecords(ctx(), t.view, { employeeId: id })).total).toBe(0);
    expect((await failure(deleteEmploymentRecord(ctx(), t.update, { id: promo.id }))).code).toBe('NOT_FOUND');
  });

  it('one’s own record is refused, and a record outside the scope is NOT_FOUND', async () => {
    const own = t.admin.employeeId!;
    await t.db.updateTable('employees').set({ job_level_id: t.levels.junior }).where('id', '=', own).execute();
    const row = await t.db
      .insertInto('employee_records')
      .values({
        employee_id: own,
        change_type: 2,
        effective_date: '2025-01-01',
        from_company_office_id: t.org.officeId,
        to_company_office_id: t.org.officeId,
        from_job_level_id: t.levels.junior,
        to_job_level_id: t.levels.senior,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const upd = await failure(updateEmploymentRecord(ctx(), t.update, { id: row.id, reason: 'mine' }));
    expect(upd).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own employment record' });
    const del = await failure(deleteEmploymentRecord(ctx(), t.update, { id: row.id }));
    expect(del.message).toBe('You cannot change your own employment record');

    const other = await junior();
    await t.db
      .updateTable('employees')
      .set({ department_id: t.org.dept[1], division_id: null })
      .where('id', '=', other)
      .execute();
    const r = await promote(other, '2025-01-01');
    // A department head of HR who may update employees sees only HR: Ops is out of scope.
    const actor = await t.newActor(['department-head'], { dept: 0 });
    const staff: Actor = { ...actor, permissions: new Set([...actor.permissions, 'employee.update' as const]) };
    const g = requirePermission(staff, 'employee.update');
    expect((await failure(updateEmploymentRecord(t.services.ctx(staff), g, { id: r.id, reason: 'x' }))).code).toBe('NOT_FOUND');
    expect((await failure(deleteEmploymentRecord(t.services.ctx(staff), g, { id: r.id }))).code).toBe('NOT_FOUND');
  });
});
