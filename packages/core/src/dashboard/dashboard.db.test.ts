import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorForUser } from '../auth/service';
import { createTestDb, type TestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { RoleKey } from '../access/roles';
import {
  createRegulation,
  deleteRegulation,
  downloadRegulation,
  listRegulations,
  myRegulations,
  updateRegulation,
} from '../regulations/service';
import type { Services } from '../services';
import { failure } from '../testing/expect';
import { createServices, makeEmployee, makeOrg, makeUser, type Org } from '../testing/fixtures';
import { expiringContracts, liveTimesheet, todayShift, upcomingBirthdays } from './service';

/** Sunday 20 December 2026, 10:00 WIB. */
const NOW = new Date('2026-12-20T03:00:00Z');
let tdb: TestDb;
let services: Services;
let org: Org;
let hc: Actor;
let opsLead: Actor;
let plain: Actor;
let otherOffice: number;

const actor = async (roles: RoleKey[], dept: 0 | 1) => {
  const u = await makeUser(services, org, roles, { dept });
  return (await actorForUser(tdb.db, u.userId, 'user'))!;
};
const ctx = (a: Actor | null = null) => services.ctx(a);
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF`).toString('base64');

beforeAll(async () => {
  tdb = await createTestDb();
  services = createServices(tdb.db, { clock: () => NOW });
  org = await makeOrg(tdb.db);
  hc = await actor(['human-capital'], 0);
  opsLead = await actor(['supervisor'], 1);
  plain = await actor(['employee'], 1);
  otherOffice = (
    await tdb.db
      .insertInto('company_offices')
      .values({ code: 'OTH', name: 'Other Office', address: null, city: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => tdb.destroy());

async function person(name: string, dept: 0 | 1, birth = '1980-06-15') {
  const id = await makeEmployee(tdb.db, org, { dept }, name);
  await tdb.db.updateTable('employees').set({ birth_date: birth }).where('id', '=', id).execute();
  return id;
}

describe('upcoming birthdays', () => {
  it('lists the next 30 days across the year end, with the age turned, nearest first', async () => {
    await person('Ayu Newyear', 1, '1990-01-02');
    await person('Bima Today', 1, '1985-12-20');
    await person('Citra Yesterday', 1, '1992-12-19');
    await person('Dewi Leap', 1, '1996-02-29');
    const rows = await upcomingBirthdays(ctx(hc), hc, { days: 30 });
    const names = rows.map((r) => r.employeeName);
    expect(names.indexOf('Bima Today')).toBeLessThan(names.indexOf('Ayu Newyear'));
    expect(rows.find((r) => r.employeeName === 'Bima Today')).toMatchObject({ date: '2026-12-20', inDays: 0, turns: 41 });
    expect(rows.find((r) => r.employeeName === 'Ayu Newyear')).toMatchObject({ date: '2027-01-02', inDays: 13, turns: 37 });
    expect(names).not.toContain('Citra Yesterday');
    expect(names).not.toContain('Dewi Leap');
    // A shorter list is the same list cut: the nearest first, whichever part of the window they fall in.
    for (const limit of [1, 2, 3])
      expect((await upcomingBirthdays(ctx(hc), hc, { days: 30, limit })).map((r) => r.employeeName)).toEqual(
        names.slice(0, limit),
      );
  });

  it('celebrates 29 February on 28 February in a common year', async () => {
    const leap = services;
    const feb = createServices(tdb.db, { clock: () => new Date('2027-02-20T03:00:00Z') });
    const rows = await upcomingBirthdays(feb.ctx(hc), hc, { days: 10 });
    expect(rows.find((r) => r.employeeName === 'Dewi Leap')).toMatchObject({ date: '2027-02-28', turns: 31 });
    expect(leap).toBeDefined();
  });

  it('celebrates 29 February on its own day in a leap year, and only when that day is in the window', async () => {
    const at = (iso: string) => createServices(tdb.db, { clock: () => new Date(iso) }).ctx(hc);
    const leapFeb = await upcomingBirthdays(at('2028-02-25T03:00:00Z'), hc, { days: 10 });
    expect(leapFeb.find((r) => r.employeeName === 'Dewi Leap')).toMatchObject({ date: '2028-02-29', inDays: 4, turns: 32 });
    // The window 20–28 February 2028 ends before the 29th: her birthday is not in it.
    const before = await upcomingBirthdays(at('2028-02-20T03:00:00Z'), hc, { days: 9 });
    expect(before.map((r) => r.employeeName)).not.toContain('Dewi Leap');
  });

  it('follows the data scope for employee viewers and the own office for everyone else', async () => {
    await person('Eko Hr', 0, '1991-12-25');
    const lead = (await upcomingBirthdays(ctx(opsLead), opsLead, {})).map((r) => r.employeeName);
    expect(lead).toContain('Bima Today');
    expect(lead).not.toContain('Eko Hr');
    const mine = (await upcomingBirthdays(ctx(plain), plain, {})).map((r) => r.employeeName);
    expect(mine).toEqual(expect.arrayContaining(['Bima Today', 'Eko Hr']));
    const moved = await person('Fajar Away', 1, '1991-12-26');
    await tdb.db
      .updateTable('employees')
      .set({ company_office_id: otherOffice, department_id: null, division_id: null })
      .where('id', '=', moved)
      .execute();
    expect((await upcomingBirthdays(ctx(plain), plain, {})).map((r) => r.employeeName)).not.toContain('Fajar Away');
  });

  it('shows the age only to those who may view the person; colleagues get day and month only', async () => {
    const colleague = (await upcomingBirthdays(ctx(plain), plain, {})).find((r) => r.employeeName === 'Bima Today');
    expect(colleague).toMatchObject({ date: '2026-12-20', inDays: 0, turns: null });
    expect(JSON.stringify(colleague)).not.toContain('1985');
    const viewer = (await upcomingBirthdays(ctx(opsLead), opsLead, {})).find((r) => r.employeeName === 'Bima Today');
    expect(viewer?.turns).toBe(41);
  });
});

describe('expiring contracts', () => {
  const contract = (employeeId: number, n: string, start: string, end: string | null) =>
    tdb.db
      .insertInto('employee_contracts')
      .values({
        employee_id: employeeId,
        contract_number: n,
        contract_type: 1,
        start_date: start,
        end_date: end,
        basic_salary: '5000000',
        notes: null,
        created_by: null,
      })
      .execute();

  it('shows contracts ending soon that have no follow-up, in scope', async () => {
    const a = await person('Gita Ending', 1);
    const b = await person('Hadi Renewed', 1);
    const c = await person('Indah Later', 1);
    const d = await person('Joko Hr', 0);
    await contract(a, 'PKWT-A', '2026-01-01', '2026-12-31');
    await contract(b, 'PKWT-B1', '2026-01-01', '2026-12-31');
    await contract(b, 'PKWT-B2', '2027-01-01', '2027-12-31');
    await contract(c, 'PKWT-C', '2026-01-01', '2027-06-30');
    await contract(d, 'PKWT-D', '2026-01-01', '2027-01-05');
    const rows = await expiringContracts(ctx(hc), requirePermission(hc, 'employee.view'), { days: 30 });
    expect(rows.map((r) => r.contractNumber)).toEqual(['PKWT-A', 'PKWT-D']);
    expect(rows[0]).toMatchObject({ endDate: '2026-12-31', inDays: 11, employeeName: 'Gita Ending' });
    const lead = await expiringContracts(ctx(opsLead), requirePermission(opsLead, 'employee.view'), { days: 30 });
    expect(lead.map((r) => r.contractNumber)).toEqual(['PKWT-A']);
  });
});

describe('live timesheet and today’s shift', () => {
  it('counts who has a shift today, who clocked in, late, not yet in and on leave', async () => {
    const shift = await tdb.db
      .insertInto('shifts')
      .values({ name: 'Pagi', company_office_id: null, start_time: '08:00', end_time: '17:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = await Promise.all(['Kiki On', 'Lala Late', 'Mira Out', 'Nina Leave'].map((n) => person(n, 1)));
    const [on, late, , leave] = ids as [number, number, number, number];
    await tdb.db
      .insertInto('schedules')
      .values(ids.map((id) => ({ employee_id: id, work_date: '2026-12-20', shift_id: shift.id })))
      .execute();
    await tdb.db
      .insertInto('timesheets')
      .values([
        { employee_id: on, work_date: '2026-12-20', day_type: 'workday', status: 3, first_in: '2026-12-20 07:55:00' },
        {
          employee_id: late,
          work_date: '2026-12-20',
          day_type: 'workday',
          status: 4,
          first_in: '2026-12-20 08:40:00',
          late_minutes: 40,
        },
        { employee_id: leave, work_date: '2026-12-20', day_type: 'leave', status: null, first_in: null },
      ])
      .execute();
    const live = await liveTimesheet(ctx(opsLead), requirePermission(opsLead, 'attendance.view'), {});
    expect(live).toMatchObject({ date: '2026-12-20', scheduled: 3, clockedIn: 2, late: 1, notYetIn: 1, onLeave: 1 });
    expect(live.latest.map((r) => [r.employeeName, r.firstIn, r.late])).toEqual([
      ['Lala Late', '08:40', true],
      ['Kiki On', '07:55', false],
    ]);
    const hrView = await liveTimesheet(ctx(hc), requirePermission(hc, 'attendance.view'), {});
    expect(hrView.scheduled).toBeGreaterThanOrEqual(3);
    const hrOnly = await actor(['supervisor'], 0);
    const none = await liveTimesheet(ctx(hrOnly), requirePermission(hrOnly, 'attendance.view'), {});
    expect(none.clockedIn).toBe(0);

    const lala = await actorForUser(tdb.db, (await makeUser(services, org, ['employee'], { dept: 1 })).userId, 'user');
    await tdb.db.updateTable('users').set({ employee_id: late }).where('id', '=', lala!.userId).execute();
    const me = await todayShift(ctx(), (await actorForUser(tdb.db, lala!.userId, 'user'))!);
    expect(me).toMatchObject({ date: '2026-12-20', shift: 'Pagi (08:00 - 17:00)', firstIn: '08:40', status: 4 });
  });
});

describe('regulations', () => {
  it('keeps the document, refuses a file that is not what it claims, and scopes downloads to the office', async () => {
    const manage = requirePermission(hc, 'org.manage');
    const all = await createRegulation(ctx(hc), manage, {
      title: 'Peraturan Perusahaan 2026',
      effectiveDate: '2026-01-01',
      file: { fileName: 'pp-2026.pdf', mime: 'application/pdf', contentBase64: pdf('company wide') },
    });
    expect(all).toMatchObject({ companyOfficeName: 'All offices', size: expect.any(Number) });
    const other = await createRegulation(ctx(hc), manage, {
      title: 'Aturan Gudang Lain',
      effectiveDate: '2026-03-01',
      companyOfficeId: otherOffice,
      file: { fileName: 'gudang.pdf', mime: 'application/pdf', contentBase64: pdf('other office') },
    });
    await createRegulation(ctx(hc), manage, {
      title: 'Future rule',
      effectiveDate: '2027-01-01',
      file: { fileName: 'future.pdf', mime: 'application/pdf', contentBase64: pdf('future') },
    });
    const bad = await failure(
      createRegulation(ctx(hc), manage, {
        title: 'Fake',
        effectiveDate: '2026-01-01',
        file: { fileName: 'fake.pdf', mime: 'application/pdf', contentBase64: Buffer.from('MZ not a pdf').toString('base64') },
      }),
    );
    expect(bad.code).toBe('VALIDATION');
    expect(JSON.stringify(bad.fields)).toContain('file.contentBase64');

    const mine = await myRegulations(ctx(plain), plain, {});
    expect(mine.map((r) => r.title)).toEqual(['Peraturan Perusahaan 2026']);
    const file = await downloadRegulation(ctx(plain), plain, { id: all.id });
    expect(Buffer.from(file.base64, 'base64').toString()).toContain('company wide');
    expect((await failure(downloadRegulation(ctx(plain), plain, { id: other.id }))).code).toBe('NOT_FOUND');
    expect(Buffer.from((await downloadRegulation(ctx(hc), hc, { id: other.id })).base64, 'base64').toString()).toContain(
      'other office',
    );

    const list = await listRegulations(ctx(hc), requirePermission(hc, 'org.view'), { search: 'gudang' });
    expect(list.rows.map((r) => r.title)).toEqual(['Aturan Gudang Lain']);
    const updated = await updateRegulation(ctx(hc), manage, {
      id: other.id,
      companyOfficeId: null,
      file: { fileName: 'gudang-v2.pdf', mime: 'application/pdf', contentBase64: pdf('version two') },
    });
    expect(updated).toMatchObject({ companyOfficeName: 'All offices', fileName: 'gudang-v2.pdf', title: 'Aturan Gudang Lain' });
    expect(Buffer.from((await downloadRegulation(ctx(plain), plain, { id: other.id })).base64, 'base64').toString()).toContain(
      'version two',
    );
    await deleteRegulation(ctx(hc), manage, { id: other.id });
    expect((await failure(deleteRegulation(ctx(hc), manage, { id: other.id }))).code).toBe('NOT_FOUND');
    const audit = await tdb.db.selectFrom('audit_log').select('action').where('entity', '=', 'regulation').execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['regulation.create', 'regulation.update', 'regulation.delete']),
    );
  });
});
