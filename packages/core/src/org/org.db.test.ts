import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type Grant, requirePermission } from '../access/grant';
import type { Database } from '../db/database';
import { inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import { makeEmployee } from '../testing/fixtures';
import { failure, zodPaths } from '../testing/expect';
import { auditTrail } from '../testing/audit';
import { insertPermissionGrant } from '../testing/grants';
import { orgManager, useOrgTestDb } from '../testing/org-fixtures';
import {
  assignEmployeeToIdIndex,
  assignEmployeeToJobPosition,
  idIndexAssignation,
  idIndexEmployees,
  jobPositionEmployeeAssignation,
  jobPositionEmployees,
  unassignEmployeeFromIdIndex,
  unassignEmployeeFromJobPosition,
} from './employees';
import {
  assignJobPositionToDepartment,
  assignJobPositionToDivision,
  assignJobPositionToJobLevel,
  assignJobPositionToOffice,
  assignJobPositionToSection,
  divisionAssignation,
  jobLevelAssignation,
  sectionAssignation,
  unassignJobPositionFromDivision,
  unassignJobPositionFromJobLevel,
  unassignJobPositionFromOfficeOrDepartment,
  unassignJobPositionFromSection,
} from './assignments';
import { createDepartment, deleteDepartment, findDepartments, updateDepartment } from './departments';
import { createDivision, deleteDivision, findDivisions, updateDivision } from './divisions';
import { createIdIndex, deleteIdIndex, findIdIndexes, updateIdIndex } from './id-indexes';
import { createJobLevel, deleteJobLevel, updateJobLevel } from './job-levels';
import {
  createJobPosition,
  deleteJobPosition,
  findJobPositions,
  getJobPosition,
  jobPositionAssignation,
  jobPositionsOf,
  updateJobPosition,
} from './job-positions';
import { nextEmployeeNumber } from './numbering';
import { createCompanyOffice, deleteCompanyOffice, findCompanyOffices, updateCompanyOffice } from './offices';
import { orgChart } from './org-chart';
import { createSection, deleteSection, findSections, updateSection } from './sections';

const t = useOrgTestDb(orgManager(['superadmin']));

let n = 0;
interface Placed {
  office: number;
  dept?: number | null;
  div?: number | null;
  sec?: number | null;
  pos?: number | null;
  number?: string;
  resigned?: number;
}
/** Inserts an employee placed `at` an office (and deeper levels) through `db` (a transaction too); its id. */
async function addEmployee(name: string, at: Placed, db: Kysely<Database> = t.db): Promise<number> {
  n += 1;
  const row = await db
    .insertInto('employees')
    .values({
      employee_number: at.number ?? `T${n}-${Date.now()}`,
      given_name: name.split(' ')[0]!,
      surname: name.split(' ').slice(1).join(' '),
      email: `assign.${n}.${Date.now()}@test.co.id`,
      gender: 'Female',
      birth_date: '1990-01-01',
      religion_id: 1,
      education_level_id: 8,
      marital_status_id: 5,
      company_office_id: at.office,
      department_id: at.dept ?? null,
      division_id: at.div ?? null,
      section_id: at.sec ?? null,
      job_position_id: at.pos ?? null,
      resigned: at.resigned ?? 0,
      entry_date: '2024-01-01',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A fresh office with one department, division and section. */
async function makeBranch(code: string) {
  const office = await createCompanyOffice(t.ctx, t.manage, { code, name: `Branch ${code}`, city: 'Medan' });
  const dept = await createDepartment(t.ctx, t.manage, { companyOfficeId: office.id, name: 'Finance' });
  const div = await createDivision(t.ctx, t.manage, { departmentId: dept.id, name: 'Accounting' });
  const sec = await createSection(t.ctx, t.manage, { divisionId: div.id, name: 'Ledger' });
  return { office: office.id, dept: dept.id, div: div.id, sec: sec.id };
}

describe('company offices, departments, divisions, sections', () => {
  it('create, list with search and filters, update and delete, each audited with before and after', async () => {
    const office = await createCompanyOffice(t.ctx, t.manage, {
      code: ' mdn ',
      name: '  Medan Branch ',
      address: '',
      city: 'Medan',
    });
    expect(office).toMatchObject({ code: 'MDN', name: 'Medan Branch', address: null, city: 'Medan' });
    const dept = await createDepartment(t.ctx, t.manage, { companyOfficeId: office.id, name: 'Sales' });
    // The division's office comes from its department.
    const div = await createDivision(t.ctx, t.manage, { departmentId: dept.id, name: 'Retail' });
    expect(div).toMatchObject({ companyOfficeId: office.id, departmentId: dept.id });
    const sec = await createSection(t.ctx, t.manage, { divisionId: div.id, name: 'Modern Trade' });
    expect(sec).toMatchObject({ companyOfficeId: office.id, departmentId: dept.id, divisionId: div.id });

    const offices = await findCompanyOffices(t.ctx, t.view, { search: 'medan' });
    expect(offices.rows).toEqual([
      expect.objectContaining({
        id: office.id,
        code: 'MDN',
        departments: 1,
        divisions: 1,
        sections: 1,
        employees: 0,
        idIndex: null,
        nextEmployeeNumber: 'MDN-00001',
      }),
    ]);
    expect((await findDepartments(t.ctx, t.view, { companyOfficeId: office.id })).rows.map((r) => r.name)).toEqual(['Sales']);
    expect((await findDivisions(t.ctx, t.view, { departmentId: dept.id })).rows).toEqual([
      expect.objectContaining({ name: 'Retail', department: 'Sales', companyOffice: 'Medan Branch', sections: 1 }),
    ]);
    expect((await findSections(t.ctx, t.view, { search: 'modern' })).rows).toEqual([
      expect.objectContaining({ id: sec.id, division: 'Retail', department: 'Sales', jobPositions: 0 }),
    ]);

    await updateCompanyOffice(t.ctx, t.manage, { id: office.id, name: 'Medan Office' });
    const renamed = await findCompanyOffices(t.ctx, t.view, { search: 'MDN' });
    expect(renamed.rows[0]).toMatchObject({ name: 'Medan Office', city: 'Medan', code: 'MDN' });
    await updateSection(t.ctx, t.manage, { id: sec.id, name: 'Traditional Trade' });

    await deleteSection(t.ctx, t.manage, { id: sec.id });
    await deleteDivision(t.ctx, t.manage, { id: div.id });
    await deleteDepartment(t.ctx, t.manage, { id: dept.id });
    await deleteCompanyOffice(t.ctx, t.manage, { id: office.id });
    expect((await findCompanyOffices(t.ctx, t.view, { search: 'MDN' })).total).toBe(0);

    const trail = await auditTrail(t.db, 'company_office', office.id);
    expect(trail.map((a) => a.action)).toEqual(['company_office.create', 'company_office.update', 'company_office.delete']);
    expect(trail[1]).toMatchObject({
      actor: t.actor.userId,
      before: expect.objectContaining({ name: 'Medan Branch' }),
      after: expect.objectContaining({ name: 'Medan Office' }),
    });
    expect((await auditTrail(t.db, 'section', sec.id)).map((a) => a.action)).toEqual([
      'section.create',
      'section.update',
      'section.delete',
    ]);
  });

  it('required and bounded names: the input schema rejects them naming the field (GL0001 at the API)', async () => {
    expect(await zodPaths(createDepartment(t.ctx, t.manage, { companyOfficeId: t.org.officeId, name: '   ' }))).toEqual(['name']);
    expect(await zodPaths(createDepartment(t.ctx, t.manage, { companyOfficeId: t.org.officeId, name: 'x'.repeat(101) }))).toEqual(
      ['name'],
    );
    expect(await zodPaths(createCompanyOffice(t.ctx, t.manage, { code: 'bad code!', name: 'Ok' }))).toEqual(['code']);
  });

  it('parents must exist and belong together', async () => {
    const other = await makeBranch('PLB');
    // A division whose department is in another office.
    let e = await failure(
      createDivision(t.ctx, t.manage, { companyOfficeId: t.org.officeId, departmentId: other.dept, name: 'X' }),
    );
    expect(e.code).toBe('VALIDATION');
    expect(e.fields).toEqual([{ param: 'departmentId', msg: 'Department Finance is not in office Test Office' }]);
    // A section whose division is in another department.
    e = await failure(createSection(t.ctx, t.manage, { departmentId: t.org.dept[0], divisionId: other.div, name: 'X' }));
    expect(e.fields).toEqual([{ param: 'divisionId', msg: 'Division Accounting is not in department HR' }]);
    // A job position whose section is not in its division.
    e = await failure(createJobPosition(t.ctx, t.manage, { name: 'Clerk', divisionId: t.org.div[0], sectionId: other.sec }));
    expect(e.fields).toEqual([{ param: 'sectionId', msg: 'Section Ledger is not in division Payroll' }]);
    e = await failure(createDepartment(t.ctx, t.manage, { companyOfficeId: 999_999, name: 'Ghost' }));
    expect(e.fields).toEqual([{ param: 'companyOfficeId', msg: 'is not a known company office' }]);
    e = await failure(createJobPosition(t.ctx, t.manage, { name: 'Clerk' }));
    expect(e.fields).toEqual([{ param: 'departmentId', msg: 'is required' }]);
    e = await failure(createJobPosition(t.ctx, t.manage, { name: 'Clerk', departmentId: t.org.dept[0], jobLevelId: 999_999 }));
    expect(e.fields).toEqual([{ param: 'jobLevelId', msg: 'is not a known job level' }]);
    // A position placed by its section alone gets the section's division, department and office.
    const p = await createJobPosition(t.ctx, t.manage, { name: 'Ledger Clerk', sectionId: other.sec });
    expect(p).toMatchObject({
      companyOfficeId: other.office,
      departmentId: other.dept,
      divisionId: other.div,
      sectionId: other.sec,
    });
  });

  it('duplicate names and codes are a clear CONFLICT on the field, never a 500', async () => {
    let e = await failure(createDepartment(t.ctx, t.manage, { companyOfficeId: t.org.officeId, name: 'hr' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe('A department named hr already exists in this office');
    expect(e.fields).toEqual([{ param: 'name', msg: 'is already used' }]);
    e = await failure(createCompanyOffice(t.ctx, t.manage, { code: 'tst', name: 'Another' }));
    expect(e.message).toBe('Office code TST is already used');
    expect(e.fields[0]?.param).toBe('code');
    const d = await createDepartment(t.ctx, t.manage, { companyOfficeId: t.org.officeId, name: 'Legal' });
    e = await failure(updateDepartment(t.ctx, t.manage, { id: d.id, name: 'OPS' }));
    expect(e.code).toBe('CONFLICT');
    // The same name in another office is fine.
    const b = await makeBranch('BDG');
    await createDepartment(t.ctx, t.manage, { companyOfficeId: b.office, name: 'Legal' });
  });

  it('deleting something still in use is refused, naming what uses it and how many', async () => {
    const b = await makeBranch('SMG');
    const emp = await addEmployee('Sri', { office: b.office, dept: b.dept, div: b.div, number: 'SMG-1' });
    await createDivision(t.ctx, t.manage, { departmentId: b.dept, name: 'Tax' });

    let e = await failure(deleteDepartment(t.ctx, t.manage, { id: b.dept }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe('Department Finance is used by 1 employee, 2 divisions and 1 section');
    e = await failure(deleteCompanyOffice(t.ctx, t.manage, { id: b.office }));
    expect(e.message).toBe('Company office Branch SMG is used by 1 employee, 1 department, 2 divisions and 1 section');
    e = await failure(deleteSection(t.ctx, t.manage, { id: 999_999 }));
    expect(e.code).toBe('NOT_FOUND');
    // Moving a used department to another office is refused the same way.
    e = await failure(updateDepartment(t.ctx, t.manage, { id: b.dept, companyOfficeId: t.org.officeId }));
    expect(e.message).toBe(
      'Department Finance cannot move to another office: it is used by 1 employee, 2 divisions and 1 section',
    );

    await t.db.deleteFrom('employees').where('id', '=', emp).execute();
    e = await failure(deleteDivision(t.ctx, t.manage, { id: b.div }));
    expect(e.message).toBe('Division Accounting is used by 1 section');
    await deleteSection(t.ctx, t.manage, { id: b.sec });
    await deleteDivision(t.ctx, t.manage, { id: b.div });
    expect((await auditTrail(t.db, 'division', b.div)).at(-1)).toMatchObject({
      action: 'division.delete',
      before: expect.objectContaining({ name: 'Accounting', departmentId: b.dept }),
    });
  });

  it('an unused department or division may move; the division follows its new department to its office', async () => {
    const a = await makeBranch('MKS');
    const b = await makeBranch('MND');
    const div = await createDivision(t.ctx, t.manage, { departmentId: a.dept, name: 'Audit' });
    const moved = await updateDivision(t.ctx, t.manage, { id: div.id, departmentId: b.dept });
    expect(moved).toMatchObject({ departmentId: b.dept, companyOfficeId: b.office });
    const e = await failure(updateDivision(t.ctx, t.manage, { id: a.div, departmentId: b.dept }));
    expect(e.message).toBe('Division Accounting cannot move to another department: it is used by 1 section');
  });
});

describe('job positions and job levels', () => {
  it('CRUD, get, filters, mapping and the setting screen moves employees with the position', async () => {
    const b = await makeBranch('KPG');
    const level = await createJobLevel(t.ctx, t.manage, { name: 'Officer', rank: 3 });
    const pos = await createJobPosition(t.ctx, t.manage, { name: 'Accountant', divisionId: b.div, jobLevelId: level.id });
    expect(pos).toMatchObject({ departmentId: b.dept, companyOfficeId: b.office, sectionId: null });
    const got = await getJobPosition(t.ctx, t.view, { id: pos.id });
    expect(got).toMatchObject({
      name: 'Accountant',
      department: 'Finance',
      division: 'Accounting',
      jobLevel: 'Officer',
      employees: 0,
    });
    expect((await findJobPositions(t.ctx, t.view, { jobLevelId: level.id })).rows.map((r) => r.id)).toEqual([pos.id]);
    expect((await jobPositionsOf(t.ctx, t.view, 'department', { id: b.dept })).rows.map((r) => r.id)).toContain(pos.id);
    expect((await jobPositionsOf(t.ctx, t.view, 'jobLevel', { id: level.id })).total).toBe(1);
    expect((await failure(jobPositionsOf(t.ctx, t.view, 'division', { id: 999_999 }))).code).toBe('NOT_FOUND');

    const empId = await makeEmployee(t.db, t.org, { dept: 0 }, 'Putu Accountant');
    await t.db
      .updateTable('employees')
      .set({ company_office_id: b.office, department_id: b.dept, division_id: b.div, job_position_id: pos.id })
      .where('id', '=', empId)
      .execute();

    // Into a section of the same department: the employee follows.
    const res = await updateJobPosition(t.ctx, t.manage, {
      id: pos.id,
      name: 'Senior Accountant',
      departmentId: b.dept,
      sectionId: b.sec,
    });
    expect(res).toMatchObject({ name: 'Senior Accountant', divisionId: b.div, sectionId: b.sec });
    const emp = await t.db
      .selectFrom('employees')
      .select(['division_id', 'section_id'])
      .where('id', '=', empId)
      .executeTakeFirstOrThrow();
    expect(emp).toEqual({ division_id: b.div, section_id: b.sec });
    expect((await auditTrail(t.db, 'job_position', pos.id)).at(-1)).toMatchObject({
      action: 'job_position.update',
      after: expect.objectContaining({ employeesMoved: 1, name: 'Senior Accountant' }),
    });

    // Not to another department while someone holds it.
    let e = await failure(updateJobPosition(t.ctx, t.manage, { id: pos.id, departmentId: t.org.dept[0] }));
    expect(e.message).toBe('Job position Senior Accountant cannot move to another department: it is used by 1 employee');
    e = await failure(deleteJobPosition(t.ctx, t.manage, { id: pos.id }));
    expect(e.message).toBe('Job position Senior Accountant is used by 1 employee');
    e = await failure(deleteJobLevel(t.ctx, t.manage, { id: level.id }));
    expect(e.message).toBe('Job level Officer is used by 1 job position');
    await updateJobLevel(t.ctx, t.manage, { id: level.id, rank: 4 });
    // Nothing to change is not an error.
    expect(await updateJobLevel(t.ctx, t.manage, { id: level.id })).toMatchObject({ name: 'Officer', rank: 4 });

    await t.db.updateTable('employees').set({ job_position_id: null }).where('id', '=', empId).execute();
    await deleteJobPosition(t.ctx, t.manage, { id: pos.id });
    await deleteJobLevel(t.ctx, t.manage, { id: level.id });
    expect((await failure(getJobPosition(t.ctx, t.view, { id: pos.id }))).code).toBe('NOT_FOUND');
  });

  it('a live permission grant on a position blocks its deletion', async () => {
    const pos = await createJobPosition(t.ctx, t.manage, { name: 'Auditor', departmentId: t.org.dept[0] });
    await insertPermissionGrant(t.db, { type: 'job_position', id: pos.id }, 'org.view', t.actor.userId);
    const e = await failure(deleteJobPosition(t.ctx, t.manage, { id: pos.id }));
    expect(e.message).toBe('Job position Auditor is used by 1 permission grant');
  });

  it('section assign, assignation and unassign move a position into and out of a section', async () => {
    const b = await makeBranch('JMB');
    const pos = await createJobPosition(t.ctx, t.manage, { name: 'Cashier', departmentId: b.dept });
    const candidates = await sectionAssignation(t.ctx, t.view, { id: b.sec });
    expect(candidates.rows.map((r) => r.id)).toContain(pos.id);

    expect(await assignJobPositionToSection(t.ctx, t.manage, { id: b.sec, jobPositionId: pos.id })).toEqual({
      changed: true,
      employeesMoved: 0,
    });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({ divisionId: b.div, sectionId: b.sec });
    expect((await jobPositionsOf(t.ctx, t.view, 'section', { id: b.sec })).rows.map((r) => r.id)).toEqual([pos.id]);
    expect((await sectionAssignation(t.ctx, t.view, { id: b.sec })).rows.map((r) => r.id)).not.toContain(pos.id);
    // Again: nothing to do.
    expect((await assignJobPositionToSection(t.ctx, t.manage, { id: b.sec, jobPositionId: pos.id })).changed).toBe(false);

    await unassignJobPositionFromSection(t.ctx, t.manage, { id: b.sec, jobPositionId: pos.id });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({ divisionId: b.div, sectionId: null });
    const e = await failure(unassignJobPositionFromSection(t.ctx, t.manage, { id: b.sec, jobPositionId: pos.id }));
    expect(e.message).toBe('Job position Cashier is not in section Ledger');
    // A position of another department cannot join the section.
    const outsider = await createJobPosition(t.ctx, t.manage, { name: 'Cashier', departmentId: t.org.dept[0] });
    const v = await failure(assignJobPositionToSection(t.ctx, t.manage, { id: b.sec, jobPositionId: outsider.id }));
    expect(v.fields).toEqual([
      { param: 'jobPositionId', msg: 'Job position Cashier is not in the department of section Ledger' },
    ]);
    expect((await auditTrail(t.db, 'job_position', pos.id)).map((a) => a.action)).toEqual([
      'job_position.create',
      'job_position.assign',
      'job_position.unassign',
    ]);
  });

  it('division assign, assignation and unassign move a position (and its working employees) into and out of a division', async () => {
    const b = await makeBranch('DVA');
    const other = await createDivision(t.ctx, t.manage, { departmentId: b.dept, name: 'Treasury' });
    const pos = await createJobPosition(t.ctx, t.manage, {
      name: 'Analyst',
      departmentId: b.dept,
      divisionId: b.div,
      sectionId: b.sec,
    });
    const emp = await addEmployee('Dina', {
      office: b.office,
      dept: b.dept,
      div: b.div,
      sec: b.sec,
      pos: pos.id,
      number: `DVA-${Date.now()}`,
    });
    expect((await divisionAssignation(t.ctx, t.view, { id: other.id })).rows.map((r) => r.id)).toContain(pos.id);
    expect((await divisionAssignation(t.ctx, t.view, { id: b.div })).rows.map((r) => r.id)).not.toContain(pos.id);

    // Into another division: out of the section of the old one; the employee follows.
    expect(await assignJobPositionToDivision(t.ctx, t.manage, { id: other.id, jobPositionId: pos.id })).toEqual({
      changed: true,
      employeesMoved: 1,
    });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({ divisionId: other.id, sectionId: null });
    const e1 = await t.db
      .selectFrom('employees')
      .select(['division_id', 'section_id'])
      .where('id', '=', emp)
      .executeTakeFirstOrThrow();
    expect(e1).toEqual({ division_id: other.id, section_id: null });
    expect((await jobPositionsOf(t.ctx, t.view, 'division', { id: other.id })).rows.map((r) => r.id)).toEqual([pos.id]);

    const notThere = await failure(unassignJobPositionFromDivision(t.ctx, t.manage, { id: b.div, jobPositionId: pos.id }));
    expect(notThere.message).toBe('Job position Analyst is not in division Accounting');
    await unassignJobPositionFromDivision(t.ctx, t.manage, { id: other.id, jobPositionId: pos.id });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({
      departmentId: b.dept,
      divisionId: null,
      sectionId: null,
    });

    const outsider = await createJobPosition(t.ctx, t.manage, { name: 'Analyst', departmentId: t.org.dept[0] });
    const v = await failure(assignJobPositionToDivision(t.ctx, t.manage, { id: other.id, jobPositionId: outsider.id }));
    expect(v.fields).toEqual([
      { param: 'jobPositionId', msg: 'Job position Analyst is not in the department of division Treasury' },
    ]);
    expect((await failure(assignJobPositionToDivision(t.ctx, t.manage, { id: 999_999, jobPositionId: pos.id }))).code).toBe(
      'NOT_FOUND',
    );
    // A division still holding positions cannot be deleted; an emptied one can.
    await assignJobPositionToDivision(t.ctx, t.manage, { id: other.id, jobPositionId: pos.id });
    expect((await failure(deleteDivision(t.ctx, t.manage, { id: other.id }))).message).toMatch(/^Division Treasury is used by/);
  });

  it("job level assign, assignation and unassign set a position's level", async () => {
    const level = await createJobLevel(t.ctx, t.manage, { name: `Lead ${Date.now()}`, rank: 7 });
    const pos = await createJobPosition(t.ctx, t.manage, { name: `Foreman ${Date.now()}`, departmentId: t.org.dept[0] });
    expect((await jobLevelAssignation(t.ctx, t.view, { id: level.id, search: 'Foreman' })).rows.map((r) => r.id)).toContain(
      pos.id,
    );
    await assignJobPositionToJobLevel(t.ctx, t.manage, { id: level.id, jobPositionId: pos.id });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({ jobLevelId: level.id });
    expect((await jobPositionsOf(t.ctx, t.view, 'jobLevel', { id: level.id })).rows.map((r) => r.id)).toEqual([pos.id]);
    expect((await jobLevelAssignation(t.ctx, t.view, { id: level.id })).rows.map((r) => r.id)).not.toContain(pos.id);
    expect((await assignJobPositionToJobLevel(t.ctx, t.manage, { id: level.id, jobPositionId: pos.id })).changed).toBe(false);
    // In use: the level cannot be deleted.
    expect((await failure(deleteJobLevel(t.ctx, t.manage, { id: level.id }))).message).toMatch(/is used by 1 job position$/);
    await unassignJobPositionFromJobLevel(t.ctx, t.manage, { id: level.id, jobPositionId: pos.id });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({ jobLevelId: null });
    const again = await failure(unassignJobPositionFromJobLevel(t.ctx, t.manage, { id: level.id, jobPositionId: pos.id }));
    expect(again.code).toBe('CONFLICT');
    await deleteJobLevel(t.ctx, t.manage, { id: level.id });
    expect((await auditTrail(t.db, 'job_position', pos.id)).map((a) => a.action)).toEqual([
      'job_position.create',
      'job_position.assignLevel',
      'job_position.unassignLevel',
    ]);
  });
});

describe('ID index (employee numbers per office)', () => {
  const allocate = (officeId: number) => inTransaction(t.ctx, (trx) => nextEmployeeNumber(trx, officeId));

  it('without an ID index numbers <office code>-NNNNN; with one, prefix + padded next number, skipping taken ones', async () => {
    const office = await createCompanyOffice(t.ctx, t.manage, { code: 'BLI', name: 'Bali' });
    expect(await allocate(office.id)).toBe('BLI-00001');

    const idx = await createIdIndex(t.ctx, t.manage, { companyOfficeId: office.id, prefix: 'DPS/', nextNumber: 7, padding: 4 });
    expect((await findIdIndexes(t.ctx, t.view, { companyOfficeId: office.id })).rows).toEqual([
      expect.objectContaining({ id: idx.id, prefix: 'DPS/', nextNumber: 7, padding: 4, next: 'DPS/0007', officeCode: 'BLI' }),
    ]);
    expect((await findCompanyOffices(t.ctx, t.view, { search: 'BLI' })).rows[0]).toMatchObject({
      idIndex: { next: 'DPS/0007' },
      nextEmployeeNumber: 'DPS/0007',
    });
    expect(await allocate(office.id)).toBe('DPS/0007');
    expect(await allocate(office.id)).toBe('DPS/0008');

    // Numbers already taken (in any padding) are skipped.
    const someone = await makeEmployee(t.db, t.org, { dept: 0 });
    await t.db.updateTable('employees').set({ employee_number: 'DPS/9' }).where('id', '=', someone).execute();
    await addEmployee('Made', { office: office.id, number: 'DPS/0010' });
    expect(await allocate(office.id)).toBe('DPS/0011');
    // Longer numbers are never cut.
    await updateIdIndex(t.ctx, t.manage, { id: idx.id, nextNumber: 123456, padding: 3 });
    expect(await allocate(office.id)).toBe('DPS/123456');

    const dup = await failure(createIdIndex(t.ctx, t.manage, { companyOfficeId: office.id, prefix: 'X' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.message).toBe('Bali already has an ID index; edit that one');
    expect(await zodPaths(createIdIndex(t.ctx, t.manage, { companyOfficeId: office.id, prefix: 'A B', padding: 40 }))).toEqual([
      'prefix',
      'padding',
    ]);

    await deleteIdIndex(t.ctx, t.manage, { id: idx.id });
    // Back to the office-code scheme (no BLI- number was inserted, so 00001 is still free).
    expect(await allocate(office.id)).toBe('BLI-00001');
    expect((await auditTrail(t.db, 'id_index', idx.id)).map((a) => a.action)).toEqual([
      'id_index.create',
      'id_index.update',
      'id_index.delete',
    ]);

    await t.db.updateTable('employees').set({ employee_number: 'BLI-00041' }).where('id', '=', someone).execute();
    expect(await allocate(office.id)).toBe('BLI-00042');
    expect((await findCompanyOffices(t.ctx, t.view, { search: 'BLI' })).rows[0]?.nextEmployeeNumber).toBe('BLI-00042');

    const unknown = await failure(allocate(999_999));
    expect(unknown.fields).toEqual([{ param: 'companyOfficeId', msg: 'is not a known company office' }]);
  });

  it('concurrent allocations for one office never hand out the same number', async () => {
    const office = await createCompanyOffice(t.ctx, t.manage, { code: 'LMB', name: 'Lombok' });
    await createIdIndex(t.ctx, t.manage, { companyOfficeId: office.id, prefix: 'L', padding: 3 });
    const numbers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        inTransaction(t.ctx, async (trx) => {
          const n = await nextEmployeeNumber(trx, office.id);
          await addEmployee(`Par${i}`, { office: office.id, number: n }, trx);
          return n;
        }),
      ),
    );
    expect([...numbers].sort()).toEqual(['L001', 'L002', 'L003', 'L004', 'L005', 'L006']);
  });
});

describe('org chart', () => {
  it('offices → departments → divisions → sections → positions with the headcount of working employees', async () => {
    const b = await makeBranch('TRK');
    const head = await createJobPosition(t.ctx, t.manage, { name: 'Finance Manager', departmentId: b.dept });
    const clerk = await createJobPosition(t.ctx, t.manage, { name: 'Ledger Clerk', sectionId: b.sec });
    const place = async (n: number, pos: number, opts: { sec?: boolean; resigned?: boolean } = {}) => {
      for (let i = 0; i < n; i++) {
        const id = await makeEmployee(t.db, t.org, { dept: 0 });
        await t.db
          .updateTable('employees')
          .set({
            company_office_id: b.office,
            department_id: b.dept,
            division_id: opts.sec ? b.div : null,
            section_id: opts.sec ? b.sec : null,
            job_position_id: pos,
            resigned: opts.resigned ? 1 : 0,
          })
          .where('id', '=', id)
          .execute();
      }
    };
    await place(1, head.id);
    await place(3, clerk.id, { sec: true });
    await place(2, clerk.id, { sec: true, resigned: true });

    const chart = await orgChart(t.ctx, t.view, { companyOfficeId: b.office });
    expect(chart.headcount).toBe(4);
    expect(chart.offices).toEqual([
      {
        id: b.office,
        code: 'TRK',
        name: 'Branch TRK',
        headcount: 4,
        departments: [
          {
            id: b.dept,
            name: 'Finance',
            headcount: 4,
            positions: [{ id: head.id, name: 'Finance Manager', jobLevel: null, headcount: 1 }],
            divisions: [
              {
                id: b.div,
                name: 'Accounting',
                headcount: 3,
                positions: [],
                sections: [
                  {
                    id: b.sec,
                    name: 'Ledger',
                    headcount: 3,
                    positions: [{ id: clerk.id, name: 'Ledger Clerk', jobLevel: null, headcount: 3 }],
                  },
                ],
              },
            ],
          },
        ],
      },
    ]);
    const all = await orgChart(t.ctx, t.view);
    expect(all.offices.map((o) => o.code)).toEqual(expect.arrayContaining(['TST', 'TRK']));
    expect(all.headcount).toBe(all.offices.reduce((n, o) => n + o.headcount, 0));
  });
});

// ---------------------------------------------------------------------------------------------
// Spec §7: assignation / assign / unassign of companyOffice and department (job positions),
// jobPosition (employees) and IDIndex (employee numbers), and their mappings.

/** The same grants, limited to one department's data (spec §6 scope of a non-HR user). */
function scopedTo<K extends 'org.view' | 'org.manage'>(grant: Grant<K>, departmentId: number): Grant<K> {
  return { ...grant, scope: { kind: 'own', departmentId, divisionId: null, employeeId: null } } as Grant<K>;
}

const employee = (id: number) =>
  t.db
    .selectFrom('employees')
    .select(['employee_number', 'company_office_id', 'department_id', 'division_id', 'section_id', 'job_position_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('department assignation, assign and unassign (job positions)', () => {
  it('moves a position of the same office into the department, out of its division and section; working employees follow', async () => {
    const b = await makeBranch('DPA');
    const sales = await createDepartment(t.ctx, t.manage, { companyOfficeId: b.office, name: 'Sales' });
    const pos = await createJobPosition(t.ctx, t.manage, { name: 'Clerk', sectionId: b.sec });
    const working = await addEmployee('Wulan Clerk', { office: b.office, dept: b.dept, div: b.div, sec: b.sec, pos: pos.id });
    const resigned = await addEmployee('Rina Gone', {
      office: b.office,
      dept: b.dept,
      div: b.div,
      sec: b.sec,
      pos: pos.id,
      resigned: 1,
    });
    const elsewhere = await createJobPosition(t.ctx, t.manage, { name: 'Clerk', departmentId: t.org.dept[0] });

    const candidates = (await jobPositionAssignation(t.ctx, t.view, 'department', { id: sales.id })).rows.map((r) => r.id);
    expect(candidates).toContain(pos.id);
    expect(candidates).not.toContain(elsewhere.id); // another office
    expect((await jobPositionAssignation(t.ctx, t.view, 'department', { id: b.dept })).rows.map((r) => r.id)).not.toContain(
      pos.id,
    );

    expect(await assignJobPositionToDepartment(t.ctx, t.manage, { id: sales.id, jobPositionId: pos.id })).toEqual({
      changed: true,
      employeesMoved: 1,
    });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({
      departmentId: sales.id,
      divisionId: null,
      sectionId: null,
    });
    expect(await employee(working)).toMatchObject({ department_id: sales.id, division_id: null, section_id: null });
    // A resigned employee's record stays where it was.
    expect(await employee(resigned)).toMatchObject({ department_id: b.dept, division_id: b.div, section_id: b.sec });
    expect((await jobPositionsOf(t.ctx, t.view, 'department', { id: sales.id })).rows.map((r) => r.id)).toEqual([pos.id]);
    expect((await assignJobPositionToDepartment(t.ctx, t.manage, { id: sales.id, jobPositionId: pos.id })).changed).toBe(false);

    const v = await failure(assignJobPositionToDepartment(t.ctx, t.manage, { id: sales.id, jobPositionId: elsewhere.id }));
    expect(v.code).toBe('VALIDATION');
    expect(v.fields).toEqual([
      {
        param: 'jobPositionId',
        msg: 'Job position Clerk is not in the office of department Sales; assign it to the office instead',
      },
    ]);
    expect((await failure(assignJobPositionToDepartment(t.ctx, t.manage, { id: 999_999, jobPositionId: pos.id }))).code).toBe(
      'NOT_FOUND',
    );

    // A position always has a department: unassign is refused, saying what to do instead.
    const refused = await failure(
      unassignJobPositionFromOfficeOrDepartment(t.ctx, t.manage, 'department', { id: sales.id, jobPositionId: pos.id }),
    );
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(
      'Job position Clerk cannot leave department Sales: every job position belongs to one department; assign it to another department instead',
    );
    const notThere = await failure(
      unassignJobPositionFromOfficeOrDepartment(t.ctx, t.manage, 'department', { id: b.dept, jobPositionId: pos.id }),
    );
    expect(notThere.message).toBe('Job position Clerk is not in department Finance');
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({ departmentId: sales.id });

    const log = await auditTrail(t.db, 'job_position', pos.id);
    expect(log.map((a) => a.action)).toEqual(['job_position.create', 'job_position.assign']);
    expect(log[1]).toMatchObject({
      before: expect.objectContaining({ departmentId: b.dept, sectionId: b.sec }),
      after: expect.objectContaining({ departmentId: sales.id, sectionId: null, employeesMoved: 1 }),
    });
  });
});

describe('company office assignation, assign and unassign (job positions)', () => {
  it('moves a position of another office into one of its departments; the department is required and must be its own', async () => {
    const from = await makeBranch('OFA');
    const to = await makeBranch('OFB');
    const pos = await createJobPosition(t.ctx, t.manage, { name: 'Courier', divisionId: from.div });
    const emp = await addEmployee('Agus Courier', { office: from.office, dept: from.dept, div: from.div, pos: pos.id });

    expect((await jobPositionAssignation(t.ctx, t.view, 'companyOffice', { id: to.office })).rows.map((r) => r.id)).toContain(
      pos.id,
    );
    expect(
      (await jobPositionAssignation(t.ctx, t.view, 'companyOffice', { id: from.office })).rows.map((r) => r.id),
    ).not.toContain(pos.id);

    let e = await failure(assignJobPositionToOffice(t.ctx, t.manage, { id: to.office, jobPositionId: pos.id }));
    expect(e.fields).toEqual([{ param: 'departmentId', msg: 'is required to move job position Courier to office Branch OFB' }]);
    e = await failure(
      assignJobPositionToOffice(t.ctx, t.manage, { id: to.office, jobPositionId: pos.id, departmentId: from.dept }),
    );
    expect(e.fields).toEqual([{ param: 'departmentId', msg: 'Department Finance is not in office Branch OFB' }]);

    expect(
      await assignJobPositionToOffice(t.ctx, t.manage, { id: to.office, jobPositionId: pos.id, departmentId: to.dept }),
    ).toEqual({
      changed: true,
      employeesMoved: 1,
    });
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({
      companyOfficeId: to.office,
      departmentId: to.dept,
      divisionId: null,
      sectionId: null,
    });
    expect(await employee(emp)).toMatchObject({
      company_office_id: to.office,
      department_id: to.dept,
      division_id: null,
      section_id: null,
    });
    expect((await jobPositionsOf(t.ctx, t.view, 'companyOffice', { id: to.office })).rows.map((r) => r.id)).toEqual([pos.id]);
    // Already there: nothing to do.
    expect((await assignJobPositionToOffice(t.ctx, t.manage, { id: to.office, jobPositionId: pos.id })).changed).toBe(false);

    const refused = await failure(
      unassignJobPositionFromOfficeOrDepartment(t.ctx, t.manage, 'companyOffice', { id: to.office, jobPositionId: pos.id }),
    );
    expect(refused.message).toBe(
      'Job position Courier cannot leave office Branch OFB: every job position belongs to one office; assign it to another office instead',
    );
    expect(
      (
        await failure(
          unassignJobPositionFromOfficeOrDepartment(t.ctx, t.manage, 'companyOffice', { id: 999_999, jobPositionId: pos.id }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });
});

describe('job position mapping, assignation, assign and unassign (employees)', () => {
  it("places a working employee of the position's office in it with the position's department, division and section", async () => {
    const b = await makeBranch('JPE');
    const pos = await createJobPosition(t.ctx, t.manage, { name: 'Teller', sectionId: b.sec });
    const ayu = await addEmployee('Ayu Teller', { office: b.office, dept: b.dept });
    const gone = await addEmployee('Budi Gone', { office: b.office, dept: b.dept, resigned: 1 });
    const away = await addEmployee('Citra Away', { office: t.org.officeId, dept: t.org.dept[0] });

    const candidates = (await jobPositionEmployeeAssignation(t.ctx, t.view, { id: pos.id })).rows;
    expect(candidates.map((r) => r.id)).toEqual([ayu]);
    expect(candidates[0]).toMatchObject({
      name: 'Ayu Teller',
      companyOffice: 'Branch JPE',
      department: 'Finance',
      jobPosition: null,
    });

    expect(await assignEmployeeToJobPosition(t.ctx, t.manage, { id: pos.id, employeeId: ayu })).toEqual({ changed: true });
    expect(await employee(ayu)).toMatchObject({
      job_position_id: pos.id,
      department_id: b.dept,
      division_id: b.div,
      section_id: b.sec,
    });
    const mapped = await jobPositionEmployees(t.ctx, t.view, { id: pos.id });
    expect(mapped).toMatchObject({ total: 1, rows: [{ id: ayu, jobPosition: 'Teller', section: 'Ledger', resigned: 0 }] });
    expect((await jobPositionEmployees(t.ctx, t.view, { id: pos.id, search: 'nobody' })).total).toBe(0);
    expect((await jobPositionEmployeeAssignation(t.ctx, t.view, { id: pos.id })).total).toBe(0);
    expect(await getJobPosition(t.ctx, t.view, { id: pos.id })).toMatchObject({ employees: 1 });
    expect((await assignEmployeeToJobPosition(t.ctx, t.manage, { id: pos.id, employeeId: ayu })).changed).toBe(false);

    const [assigned] = await auditTrail(t.db, 'employee', ayu);
    expect(assigned).toMatchObject({
      action: 'employee.assignJobPosition',
      before: { jobPositionId: null, departmentId: b.dept, divisionId: null, sectionId: null },
      after: { jobPositionId: pos.id, departmentId: b.dept, divisionId: b.div, sectionId: b.sec },
    });

    const other = await failure(assignEmployeeToJobPosition(t.ctx, t.manage, { id: pos.id, employeeId: away }));
    expect(other.fields).toEqual([{ param: 'employeeId', msg: 'Citra Away is not in the office of job position Teller' }]);
    expect((await failure(assignEmployeeToJobPosition(t.ctx, t.manage, { id: pos.id, employeeId: gone }))).code).toBe('CONFLICT');
    expect((await failure(assignEmployeeToJobPosition(t.ctx, t.manage, { id: 999_999, employeeId: ayu }))).code).toBe(
      'NOT_FOUND',
    );

    // Outside the actor's data scope an employee does not exist.
    const narrowView = scopedTo(t.view, t.org.dept[1]);
    const narrowManage = scopedTo(t.manage, t.org.dept[1]);
    expect((await jobPositionEmployees(t.ctx, narrowView, { id: pos.id })).total).toBe(0);
    expect((await failure(unassignEmployeeFromJobPosition(t.ctx, narrowManage, { id: pos.id, employeeId: ayu }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await jobPositionEmployees(t.ctx, scopedTo(t.view, b.dept), { id: pos.id })).total).toBe(1);

    expect(await unassignEmployeeFromJobPosition(t.ctx, t.manage, { id: pos.id, employeeId: ayu })).toEqual({ changed: true });
    expect(await employee(ayu)).toMatchObject({ job_position_id: null, department_id: b.dept, section_id: b.sec });
    const again = await failure(unassignEmployeeFromJobPosition(t.ctx, t.manage, { id: pos.id, employeeId: ayu }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe('Ayu Teller is not in job position Teller');
    expect((await auditTrail(t.db, 'employee', ayu)).map((a) => a.action)).toEqual([
      'employee.assignJobPosition',
      'employee.unassignJobPosition',
    ]);
  });
});

describe('ID index mapping, assignation, assign and unassign (employee numbers)', () => {
  it("renumbers an employee whose number does not follow the office's index with its next free number", async () => {
    const office = await createCompanyOffice(t.ctx, t.manage, { code: 'IDX', name: 'Index Office' });
    const dept = await createDepartment(t.ctx, t.manage, { companyOfficeId: office.id, name: 'Ops' });
    const idx = await createIdIndex(t.ctx, t.manage, { companyOfficeId: office.id, prefix: 'IX-', nextNumber: 5, padding: 3 });
    const moved = await addEmployee('Dewi Moved', { office: office.id, dept: dept.id, number: 'SBY-00042' });
    const numbered = await addEmployee('Eko Numbered', { office: office.id, dept: dept.id, number: 'IX-001' });
    const second = await addEmployee('Fajar Moved', { office: office.id, dept: dept.id, number: 'MDN-00007' });
    // IX-006 is taken (by someone of another office): the renumbering skips it.
    await addEmployee('Gita Other', { office: t.org.officeId, dept: t.org.dept[0], number: 'IX-006' });
    const resigned = await addEmployee('Hadi Gone', { office: office.id, dept: dept.id, number: 'OLD-1', resigned: 1 });

    const mapping = await idIndexEmployees(t.ctx, t.view, { id: idx.id });
    expect(mapping.total).toBe(4);
    expect(mapping.rows.map((r) => [r.employeeNumber, r.followsIndex])).toEqual([
      ['SBY-00042', false],
      ['IX-001', true],
      ['MDN-00007', false],
      ['OLD-1', false],
    ]);
    const candidates = await idIndexAssignation(t.ctx, t.view, { id: idx.id });
    expect(candidates.rows.map((r) => r.id)).toEqual([moved, second]);

    expect(await assignEmployeeToIdIndex(t.ctx, t.manage, { id: idx.id, employeeId: moved })).toEqual({
      changed: true,
      employeeNumber: 'IX-005',
    });
    expect(await assignEmployeeToIdIndex(t.ctx, t.manage, { id: idx.id, employeeId: second })).toEqual({
      changed: true,
      employeeNumber: 'IX-007',
    });
    expect((await employee(moved)).employee_number).toBe('IX-005');
    expect((await findIdIndexes(t.ctx, t.view, { companyOfficeId: office.id })).rows[0]).toMatchObject({
      nextNumber: 8,
      next: 'IX-008',
    });
    expect((await idIndexAssignation(t.ctx, t.view, { id: idx.id })).total).toBe(0);
    expect(await assignEmployeeToIdIndex(t.ctx, t.manage, { id: idx.id, employeeId: numbered })).toEqual({
      changed: false,
      employeeNumber: 'IX-001',
    });
    expect(await auditTrail(t.db, 'employee', moved)).toEqual([
      expect.objectContaining({
        action: 'employee.renumber',
        before: { employeeNumber: 'SBY-00042' },
        after: { employeeNumber: 'IX-005', idIndexId: idx.id },
      }),
    ]);

    expect((await failure(assignEmployeeToIdIndex(t.ctx, t.manage, { id: idx.id, employeeId: resigned }))).code).toBe('CONFLICT');
    const otherOffice = await addEmployee('Indra Away', { office: t.org.officeId, dept: t.org.dept[0], number: 'ZZ-1' });
    const v = await failure(assignEmployeeToIdIndex(t.ctx, t.manage, { id: idx.id, employeeId: otherOffice }));
    expect(v.fields).toEqual([{ param: 'employeeId', msg: 'Indra Away is not in office Index Office' }]);
    expect((await failure(assignEmployeeToIdIndex(t.ctx, t.manage, { id: 999_999, employeeId: moved }))).code).toBe('NOT_FOUND');

    // Scope: employees of other departments are neither listed nor renumbered.
    expect((await idIndexEmployees(t.ctx, scopedTo(t.view, t.org.dept[1]), { id: idx.id })).total).toBe(0);
    expect(
      (await failure(assignEmployeeToIdIndex(t.ctx, scopedTo(t.manage, t.org.dept[1]), { id: idx.id, employeeId: moved }))).code,
    ).toBe('NOT_FOUND');

    const refused = await failure(unassignEmployeeFromIdIndex(t.ctx, t.manage, { id: idx.id, employeeId: moved }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(
      'Dewi Moved keeps employee number IX-005: every employee has a number; to renumber, assign them to an ID index instead',
    );
    expect((await employee(moved)).employee_number).toBe('IX-005');
  });
});

describe('permissions', () => {
  it('a user without org.manage gets no grant for writes', async () => {
    const sup = await t.newActor(['supervisor']);
    expect(() => requirePermission(sup, 'org.view')).not.toThrow();
    expect(() => requirePermission(sup, 'org.manage')).toThrow(AppError);
  });
});
