import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { failure } from '../testing/expect';
import { makeEmployee } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { createContract, createSecondContract, listContracts, updateContract, uploadContractFile } from './history';

// Issue 16 items 1–2: a contract's pay changes only with salary.update, and nobody changes their own contract.
const t = useOrgTestDb();
let admin: Actor; // superadmin with an employee record of its own
let staff: Actor; // human-capital-staff: employee.update, no salary.update
let other: number;

beforeAll(async () => {
  admin = await t.newActor(['superadmin']);
  staff = await t.newActor(['human-capital-staff']);
  other = await makeEmployee(t.db, t.org, { dept: 0 }, 'Other Person');
});

const upd = (a: Actor) => requirePermission(a, 'employee.update');
const salaries = async (employeeId: number) =>
  (await listContracts(t.services.ctx(admin), requirePermission(admin, 'employee.view'), { employeeId })).rows.map(
    (r) => r.basicSalary,
  );

describe('contract pay needs salary.update', () => {
  it('refuses a basic salary from a user without salary.update, and writes nothing', async () => {
    const e = await failure(
      createContract(t.services.ctx(staff), upd(staff), {
        employeeId: other,
        contractNumber: 'K-1',
        contractType: 4,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        basicSalary: 99_000_000,
      }),
    );
    expect(e).toMatchObject({ code: 'FORBIDDEN', message: 'Changing salary needs the salary.update permission' });
    expect(await salaries(other)).toEqual([]);
  });

  it('lets salary.update set it, and a renewal without salary carries the salary over', async () => {
    const { id } = await createContract(t.services.ctx(admin), upd(admin), {
      employeeId: other,
      contractNumber: 'K-2',
      contractType: 4,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      basicSalary: 7_000_000,
    });
    await createContract(t.services.ctx(staff), upd(staff), {
      employeeId: other,
      contractNumber: 'K-3',
      contractType: 4,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(await salaries(other)).toEqual(['7000000', '7000000']);
    // An update without salary.update: other fields are fine, the same salary changes nothing, a new one is refused.
    await updateContract(t.services.ctx(staff), upd(staff), { id, notes: 'renewed', basicSalary: 7_000_000 });
    const raise = await failure(updateContract(t.services.ctx(staff), upd(staff), { id, basicSalary: 99_000_000 }));
    expect(raise).toMatchObject({ code: 'FORBIDDEN', message: 'Changing salary needs the salary.update permission' });
    // Monthly → daily (freelance, type 3) pays the basic salary per day: a pay change too.
    const daily = await failure(updateContract(t.services.ctx(staff), upd(staff), { id, contractType: 3 }));
    expect(daily.message).toBe('Changing salary needs the salary.update permission');
    expect(await salaries(other)).toEqual(['7000000', '7000000']);
  });
});

/** A permanent contract from 2025 for the actor's own employee record (paying `basicSalary` when given). */
const ownContract = (a: Actor, contractNumber: string, basicSalary?: number) => ({
  employeeId: a.employeeId!,
  contractNumber,
  contractType: 5,
  startDate: '2025-01-01',
  ...(basicSalary === undefined ? {} : { basicSalary }),
});

describe('nobody changes their own contract (superadmin included)', () => {
  it('refuses one’s own salary and contract, also to superadmin', async () => {
    const own = await failure(createContract(t.services.ctx(admin), upd(admin), ownContract(admin, 'OWN-1', 99_000_000)));
    expect(own).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own salary' });
    const noPay = await failure(createContract(t.services.ctx(staff), upd(staff), ownContract(staff, 'OWN-2')));
    expect(noPay).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own contract' });
    const [company] = await t.db
      .insertInto('second_companies')
      .values({ name: 'PT Kedua', code: null, address: null })
      .returning('id')
      .execute();
    const second = await failure(
      createSecondContract(t.services.ctx(admin), upd(admin), {
        ...ownContract(admin, 'OWN-3', 1),
        secondCompanyId: company!.id,
      }),
    );
    expect(second.message).toBe('You cannot change your own salary');
    expect(await salaries(admin.employeeId!)).toEqual([]);
  });

  it('refuses updating one’s own contract or replacing its file', async () => {
    const [k] = await t.db
      .insertInto('employee_contracts')
      .values({
        employee_id: staff.employeeId!,
        contract_number: 'STAFF-1',
        contract_type: 5,
        start_date: '2025-01-01',
        end_date: null,
        basic_salary: 5_000_000,
        notes: null,
        created_by: null,
      })
      .returning('id')
      .execute();
    const e = await failure(updateContract(t.services.ctx(staff), upd(staff), { id: k!.id, notes: 'mine' }));
    expect(e).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own contract' });
    const f = await failure(
      uploadContractFile(t.services.ctx(staff), upd(staff), {
        id: k!.id,
        fileName: 'k.pdf',
        contentType: 'application/pdf',
        contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      }),
    );
    expect(f.message).toBe('You cannot change your own contract');
  });
});
