import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { Services } from '../services';
import { failure } from '../testing/expect';
import { createServices, makeEmployee, makeOrg, makeUser, type Org } from '../testing/fixtures';
import { createContract, createSecondContract, listContracts, updateContract, uploadContractFile } from './history';

// Issue 16 items 1–2: a contract's pay changes only with salary.update, and nobody changes their own contract.
let tdb: TestDb;
let services: Services;
let org: Org;
let admin: Actor; // superadmin with an employee record of its own
let staff: Actor; // human-capital-staff: employee.update, no salary.update
let other: number;

beforeAll(async () => {
  tdb = await createTestDb();
  services = createServices(tdb.db);
  org = await makeOrg(tdb.db);
  admin = (await actorForUser(tdb.db, (await makeUser(services, org, ['superadmin'])).userId, 'user'))!;
  staff = (await actorForUser(tdb.db, (await makeUser(services, org, ['human-capital-staff'])).userId, 'user'))!;
  other = await makeEmployee(tdb.db, org, { dept: 0 }, 'Other Person');
});
afterAll(() => tdb.destroy());

const upd = (a: Actor) => requirePermission(a, 'employee.update');
const salaries = async (employeeId: number) =>
  (await listContracts(services.ctx(admin), requirePermission(admin, 'employee.view'), { employeeId })).rows.map(
    (r) => r.basicSalary,
  );

describe('contract pay needs salary.update', () => {
  it('refuses a basic salary from a user without salary.update, and writes nothing', async () => {
    const e = await failure(
      createContract(services.ctx(staff), upd(staff), {
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
    const { id } = await createContract(services.ctx(admin), upd(admin), {
      employeeId: other,
      contractNumber: 'K-2',
      contractType: 4,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      basicSalary: 7_000_000,
    });
    await createContract(services.ctx(staff), upd(staff), {
      employeeId: other,
      contractNumber: 'K-3',
      contractType: 4,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    expect(await salaries(other)).toEqual(['7000000', '7000000']);
    // An update without salary.update: other fields are fine, the same salary changes nothing, a new one is refused.
    await updateContract(services.ctx(staff), upd(staff), { id, notes: 'renewed', basicSalary: 7_000_000 });
    const raise = await failure(updateContract(services.ctx(staff), upd(staff), { id, basicSalary: 99_000_000 }));
    expect(raise).toMatchObject({ code: 'FORBIDDEN', message: 'Changing salary needs the salary.update permission' });
    // Monthly → daily (freelance, type 3) pays the basic salary per day: a pay change too.
    const daily = await failure(updateContract(services.ctx(staff), upd(staff), { id, contractType: 3 }));
    expect(daily.message).toBe('Changing salary needs the salary.update permission');
    expect(await salaries(other)).toEqual(['7000000', '7000000']);
  });
});

describe('nobody changes their own contract (superadmin included)', () => {
  it('refuses one’s own salary and contract, also to superadmin', async () => {
    const own = await failure(
      createContract(services.ctx(admin), upd(admin), {
        employeeId: admin.employeeId!,
        contractNumber: 'OWN-1',
        contractType: 5,
        startDate: '2025-01-01',
        basicSalary: 99_000_000,
      }),
    );
    expect(own).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own salary' });
    const noPay = await failure(
      createContract(services.ctx(staff), upd(staff), {
        employeeId: staff.employeeId!,
        contractNumber: 'OWN-2',
        contractType: 5,
        startDate: '2025-01-01',
      }),
    );
    expect(noPay).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own contract' });
    const [company] = await tdb.db
      .insertInto('second_companies')
      .values({ name: 'PT Kedua', code: null, address: null })
      .returning('id')
      .execute();
    const second = await failure(
      createSecondContract(services.ctx(admin), upd(admin), {
        employeeId: admin.employeeId!,
        secondCompanyId: company!.id,
        contractNumber: 'OWN-3',
        contractType: 5,
        startDate: '2025-01-01',
        basicSalary: 1,
      }),
    );
    expect(second.message).toBe('You cannot change your own salary');
    expect(await salaries(admin.employeeId!)).toEqual([]);
  });

  it('refuses updating one’s own contract or replacing its file', async () => {
    const [k] = await tdb.db
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
    const e = await failure(updateContract(services.ctx(staff), upd(staff), { id: k!.id, notes: 'mine' }));
    expect(e).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own contract' });
    const f = await failure(
      uploadContractFile(services.ctx(staff), upd(staff), {
        id: k!.id,
        fileName: 'k.pdf',
        contentType: 'application/pdf',
        contentBase64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      }),
    );
    expect(f.message).toBe('You cannot change your own contract');
  });
});
