import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDbEnv, withPermissions } from '../testing/db-env';
import { failure } from '../testing/expect';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { AppError } from '../shared/errors';
import { makeEmployee } from '../testing/fixtures';
import {
  assignMealSchedule,
  canteenMealCosts,
  deleteCanteen,
  deletePresence,
  downloadPreferenceReport,
  getCanteenSetting,
  importCanteenPunches,
  listMealCosts,
  listMealScheduleEmployees,
  listMealSchedules,
  listPresences,
  recordFingerprintPresence,
  removeMealSchedule,
  saveCanteen,
  scanPresence,
  setMenuPreference,
} from './index';

const { env, actor, ctx } = useDbEnv();
/** Human capital staff: canteen.view + canteen.manage, all scope. */
let hc: Actor;
/** canteen.view + canteen.manage limited to department 1 (no hr.all). */
let scoped: Actor;
let canteenId: number;
let lunchId: number;
let breakfastId: number;
let otherLunchId: number;
/** Employees in department 0 (HR) and 1 (Ops). */
const hr: { id: number; number: string }[] = [];
const ops: { id: number; number: string }[] = [];

/** A service context whose clock reads `iso` (UTC); 05:00Z is 12:00 in Jakarta. */
const at = (a: Actor, iso: string) => ({ ...env.services.ctx(a), clock: () => new Date(iso) });
const view = (a: Actor) => requirePermission(a, 'canteen.view');
const manage = (a: Actor) => requirePermission(a, 'canteen.manage');

const meal = (kind: 'breakfast' | 'lunch' | 'dinner' | 'overtime', startTime: string, endTime: string, extra = {}) => ({
  kind,
  startTime,
  endTime,
  subsidy: '15000',
  employeePrice: '10000',
  ...extra,
});

beforeAll(async () => {
  hc = await actor(['human-capital-staff'], 0);
  scoped = withPermissions(await actor(['employee'], 1), 'canteen.view', 'canteen.manage');
  for (let i = 0; i < 3; i++) {
    for (const [list, dept] of [
      [hr, 0],
      [ops, 1],
    ] as const) {
      const id = await makeEmployee(env.db, env.org, { dept }, `${dept ? 'Ops' : 'Hr'} Eater${i}`);
      const e = await env.db.selectFrom('employees').select('employee_number').where('id', '=', id).executeTakeFirstOrThrow();
      list.push({ id, number: e.employee_number });
    }
  }
});

describe('settings', () => {
  it('saves a canteen with meals and a terminal in one call, and reads it back', async () => {
    const c = await saveCanteen(ctx(hc), manage(hc), {
      companyOfficeId: env.org.officeId,
      name: 'Main Canteen',
      location: 'Ground floor',
      terminals: ['CNT-01'],
      meals: [
        meal('lunch', '11:30', '13:00', { quota: 3 }),
        meal('breakfast', '06:30', '08:00', { subsidy: '8000', employeePrice: '5000' }),
      ],
    });
    canteenId = c.id;
    expect(c).toMatchObject({ name: 'Main Canteen', companyOffice: 'Test Office', terminals: ['CNT-01'], active: true });
    // Meals come back in serving order.
    expect(c.meals.map((m) => [m.label, m.startTime, m.endTime, m.quota])).toEqual([
      ['Breakfast', '06:30', '08:00', null],
      ['Lunch', '11:30', '13:00', 3],
    ]);
    lunchId = c.meals.find((m) => m.kind === 'lunch')!.id;
    breakfastId = c.meals.find((m) => m.kind === 'breakfast')!.id;
    const other = await saveCanteen(ctx(hc), manage(hc), {
      companyOfficeId: env.org.officeId,
      name: 'Second Canteen',
      meals: [meal('lunch', '11:00', '14:00')],
    });
    otherLunchId = other.meals[0]!.id;
    expect((await getCanteenSetting(ctx(hc), view(hc), { companyOfficeId: env.org.officeId })).map((x) => x.name)).toEqual([
      'Main Canteen',
      'Second Canteen',
    ]);
  });

  it('refuses a window that ends before it starts, a kind listed twice, a terminal of another canteen', async () => {
    const bad = await saveCanteen(ctx(hc), manage(hc), {
      companyOfficeId: env.org.officeId,
      name: 'Bad',
      meals: [meal('lunch', '13:00', '12:00'), meal('lunch', '11:00', '12:00')],
    }).catch((e) => e);
    expect(bad.issues.map((i: { path: unknown[] }) => i.path.join('.')).sort()).toEqual(['meals.0.endTime', 'meals.1.kind']);
    const err = await failure(
      saveCanteen(ctx(hc), manage(hc), { companyOfficeId: env.org.officeId, name: 'Third', terminals: ['CNT-01'] }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe('Terminal CNT-01 belongs to canteen Main Canteen');
    const dup = await failure(saveCanteen(ctx(hc), manage(hc), { companyOfficeId: env.org.officeId, name: 'main canteen' }));
    expect(dup.fields).toEqual([{ param: 'name', msg: 'is already used' }]);
    expect(await env.db.selectFrom('canteens').select('id').execute()).toHaveLength(2);
  });
});

describe('meal schedules', () => {
  it('assigns in bulk by department over a date range, moves from another canteen, and counts', async () => {
    const first = await assignMealSchedule(ctx(hc), manage(hc), {
      mealId: otherLunchId,
      from: '2026-11-24',
      to: '2026-11-24',
      employeeIds: [hr[0]!.id],
    });
    expect(first).toEqual({ added: 1, moved: 0, unchanged: 0, taken: 0 });
    const r = await assignMealSchedule(ctx(hc), manage(hc), {
      mealId: lunchId,
      from: '2026-11-23',
      to: '2026-11-25',
      departmentId: env.org.dept[0],
    });
    // Department 0: hc and three employees, three days; hr[0] on the 24th moved from the second canteen.
    expect(r).toEqual({ added: 4 * 3 - 1, moved: 1, unchanged: 0, taken: 0 });
    const again = await assignMealSchedule(ctx(hc), manage(hc), {
      mealId: lunchId,
      from: '2026-11-23',
      to: '2026-11-25',
      departmentId: env.org.dept[0],
    });
    expect(again).toEqual({ added: 0, moved: 0, unchanged: 12, taken: 0 });
    await assignMealSchedule(ctx(hc), manage(hc), {
      mealId: breakfastId,
      from: '2026-11-24',
      to: '2026-11-24',
      employeeIds: [hr[1]!.id],
    });
  });

  it('only rostered days: a shift day yes, a day off and a holiday no', async () => {
    const shift = await env.db
      .insertInto('shifts')
      .values({ name: 'Day', company_office_id: env.org.officeId, start_time: '08:00', end_time: '17:00' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await env.db
      .insertInto('schedules')
      .values([
        { employee_id: ops[0]!.id, work_date: '2026-11-23', shift_id: shift.id },
        { employee_id: ops[0]!.id, work_date: '2026-11-24', shift_id: null },
        { employee_id: ops[0]!.id, work_date: '2026-11-25', shift_id: shift.id },
      ])
      .execute();
    await env.db.insertInto('holidays').values({ holiday_date: '2026-11-25', name: 'Test holiday', kind: 'company' }).execute();
    const r = await assignMealSchedule(ctx(hc), manage(hc), {
      mealId: lunchId,
      from: '2026-11-23',
      to: '2026-11-25',
      employeeIds: [ops[0]!.id, ops[1]!.id],
      onlyRosteredDays: true,
    });
    // ops[1] has no roster and there is no default shift: nothing.
    expect(r.added).toBe(1);
    const rows = await listMealScheduleEmployees(ctx(hc), view(hc), { search: ops[0]!.number });
    expect(rows.rows.map((x) => x.date)).toEqual(['2026-11-23']);
  });

  it('preferences show in the employee list; a scoped manager sees only their department', async () => {
    expect(
      await setMenuPreference(ctx(hc), manage(hc), {
        employeeIds: [hr[0]!.id, hr[1]!.id],
        preference: 'vegetarian',
        note: 'No egg',
      }),
    ).toEqual({ updated: 2 });
    const veg = await listMealScheduleEmployees(ctx(hc), view(hc), { date: '2026-11-24', preference: 'vegetarian' });
    expect(veg.rows.map((r) => [r.employeeId, r.mealLabel, r.preferenceLabel, r.preferenceNote, r.taken]).sort()).toEqual(
      [
        [hr[0]!.id, 'Lunch', 'Vegetarian', 'No egg', false],
        [hr[1]!.id, 'Breakfast', 'Vegetarian', 'No egg', false],
        [hr[1]!.id, 'Lunch', 'Vegetarian', 'No egg', false],
      ].sort(),
    );
    const mine = await listMealScheduleEmployees(ctx(scoped), view(scoped), { pageSize: 100 });
    expect(mine.rows.map((r) => r.employeeId)).toEqual([ops[0]!.id]);
    const err = await failure(setMenuPreference(ctx(scoped), manage(scoped), { employeeIds: [hr[0]!.id], preference: 'vegan' }));
    expect(err.code).toBe('NOT_FOUND');
    const summary = await listMealSchedules(ctx(hc), view(hc), { from: '2026-11-24', to: '2026-11-24' });
    expect(summary.rows.map((r) => [r.canteen, r.mealLabel, r.scheduled, r.taken])).toEqual([
      ['Main Canteen', 'Breakfast', 1, 0],
      ['Main Canteen', 'Lunch', 4, 0],
    ]);
  });
});

describe('presence', () => {
  const noon = '2026-11-24T05:00:00Z'; // 12:00 WIB

  it('a scan in the serving window records lunch with the price of the moment; EMP: payloads work', async () => {
    const p = await scanPresence(at(hc, noon), manage(hc), { canteenId, code: ` emp:${hr[0]!.number.toLowerCase()} ` });
    expect(p).toMatchObject({
      employeeId: hr[0]!.id,
      canteen: 'Main Canteen',
      mealKind: 'lunch',
      mealLabel: 'Lunch',
      mealDate: '2026-11-24',
      preference: 'vegetarian',
      employeePrice: '10000',
      source: 'card',
    });
  });

  it('at most once per meal per day: a second scan is refused, and of two concurrent scans one wins', async () => {
    const again = await failure(scanPresence(at(hc, '2026-11-24T05:10:00Z'), manage(hc), { canteenId, code: hr[0]!.number }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toMatch(/already took Lunch on 24\/11\/2026 at 12:00 \(Main Canteen\)$/);
    expect(JSON.parse(again.detail!)).toMatchObject({ reason: 'already_taken' });

    const results = await Promise.allSettled([
      scanPresence(at(hc, noon), manage(hc), { canteenId, code: hr[1]!.number }),
      scanPresence(at(hc, noon), manage(hc), { canteenId, code: hr[1]!.number }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as AppError).message).toMatch(/already took Lunch/);
    const rows = await env.db
      .selectFrom('canteen_presences')
      .select('id')
      .where('employee_id', '=', hr[1]!.id)
      .where('meal_date', '=', '2026-11-24')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses outside the serving window, when not scheduled, an unknown card, and at another canteen', async () => {
    const early = await failure(scanPresence(at(hc, '2026-11-24T03:00:00Z'), manage(hc), { canteenId, code: hr[2]!.number }));
    expect(early.code).toBe('PRECONDITION_FAILED');
    expect(early.message).toBe('Outside serving window (10:00): Main Canteen serves Breakfast 06:30–08:00, Lunch 11:30–13:00');
    // The end minute is included: 13:00:59 is still lunch.
    const late = await scanPresence(at(hc, '2026-11-24T06:00:59Z'), manage(hc), { canteenId, code: hr[2]!.number });
    expect(late.mealKind).toBe('lunch');
    const notScheduled = await failure(scanPresence(at(hc, noon), manage(hc), { canteenId, code: ops[1]!.number }));
    expect(notScheduled.message).toMatch(/is not scheduled for Lunch on 24\/11\/2026$/);
    expect(JSON.parse(notScheduled.detail!).reason).toBe('not_scheduled');
    const unknown = await failure(scanPresence(at(hc, noon), manage(hc), { canteenId, code: 'NOPE-1' }));
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.message).toBe('Unknown card: NOPE-1');
    await assignMealSchedule(ctx(hc), manage(hc), {
      mealId: otherLunchId,
      from: '2026-11-24',
      to: '2026-11-24',
      employeeIds: [ops[1]!.id],
    });
    const elsewhere = await failure(scanPresence(at(hc, noon), manage(hc), { canteenId, code: ops[1]!.number }));
    expect(elsewhere.message).toMatch(/is scheduled for Lunch at Second Canteen, not at Main Canteen$/);
  });

  it('the quota refuses the meal after it is reached', async () => {
    // Quota 3: hr[0], hr[1], hr[2] took lunch; hc is scheduled too.
    const full = await failure(scanPresence(at(hc, noon), manage(hc), { canteenId, code: await numberOf(hc.employeeId!) }));
    expect(full.code).toBe('CONFLICT');
    expect(full.message).toBe('Lunch quota reached: 3 of 3 meals served');
    expect(JSON.parse(full.detail!).reason).toBe('quota_reached');
  });

  it('a fingerprint punch (serial + PIN + time) and the import of canteen terminal punches', async () => {
    await env.db
      .insertInto('attendance_pins')
      .values([
        { pin: '501', device_serial: null, employee_id: hr[1]!.id },
        { pin: '502', device_serial: 'CNT-01', employee_id: hc.employeeId! },
      ])
      .execute();
    const p = await recordFingerprintPresence(ctx(hc), manage(hc), { serial: 'CNT-01', pin: '501', time: '2026-11-24T07:15:00' });
    expect(p).toMatchObject({ mealKind: 'breakfast', source: 'fingerprint', employeePrice: '5000', mealDate: '2026-11-24' });
    expect(p.takenAt.toISOString()).toBe('2026-11-24T00:15:00.000Z');
    const unknownTerminal = await failure(
      recordFingerprintPresence(ctx(hc), manage(hc), { serial: 'GATE-9', pin: '501', time: '2026-11-24T07:15:00' }),
    );
    expect(unknownTerminal.message).toBe('Terminal GATE-9 is not a canteen terminal');

    // Punches of the 23rd at the canteen terminal: hc at lunch (twice), an unmapped PIN, one outside the windows.
    await env.db
      .insertInto('punches')
      .values([
        { device_serial: 'CNT-01', pin: '502', local_time: '2026-11-23T12:05:00', employee_id: hc.employeeId! },
        { device_serial: 'CNT-01', pin: '502', local_time: '2026-11-23T12:20:00', employee_id: hc.employeeId! },
        { device_serial: 'CNT-01', pin: '501', local_time: '2026-11-23T12:06:00', employee_id: hr[1]!.id },
        { device_serial: 'CNT-01', pin: '999', local_time: '2026-11-23T12:07:00', employee_id: null },
        { device_serial: 'CNT-01', pin: '501', local_time: '2026-11-23T16:00:00', employee_id: hr[1]!.id },
        { device_serial: 'GATE-9', pin: '501', local_time: '2026-11-23T12:00:00', employee_id: hr[1]!.id },
      ])
      .execute();
    const r = await importCanteenPunches(ctx(hc), manage(hc), { from: '2026-11-23', to: '2026-11-23' });
    expect(r).toEqual({ recorded: 2, alreadyTaken: 0, notScheduled: 0, quotaReached: 0, outsideWindow: 1, unknownPin: 1 });
    const twice = await importCanteenPunches(ctx(hc), manage(hc), { from: '2026-11-23', to: '2026-11-23' });
    expect(twice).toMatchObject({ recorded: 0, alreadyTaken: 2 });
    const list = await listPresences(ctx(hc), view(hc), { from: '2026-11-23', to: '2026-11-23', source: 'fingerprint' });
    expect(list.rows.map((x) => [x.employeeId, x.mealLabel, x.sourceLabel, x.deviceSerial])).toEqual([
      [hr[1]!.id, 'Lunch', 'Fingerprint', 'CNT-01'],
      [hc.employeeId, 'Lunch', 'Fingerprint', 'CNT-01'],
    ]);
    expect(list.rows[1]!.takenAt.toISOString()).toBe('2026-11-23T05:05:00.000Z');
  });

  it('the presence list filters and is scoped; a delete lets the meal be taken again', async () => {
    const all = await listPresences(ctx(hc), view(hc), { from: '2026-11-24', to: '2026-11-24', mealKind: 'lunch' });
    expect(all.total).toBe(3);
    const search = await listPresences(ctx(hc), view(hc), { search: hr[2]!.number });
    expect(search.rows.map((r) => r.employeeId)).toEqual([hr[2]!.id]);
    expect((await listPresences(ctx(scoped), view(scoped), {})).total).toBe(0);
    const err = await failure(deletePresence(ctx(scoped), manage(scoped), { id: Number(search.rows[0]!.id) }));
    expect(err.code).toBe('NOT_FOUND');
    await deletePresence(ctx(hc), manage(hc), { id: Number(search.rows[0]!.id) });
    const again = await scanPresence(at(hc, noon), manage(hc), { canteenId, code: hr[2]!.number });
    expect(again.employeeId).toBe(hr[2]!.id);
  });
});

async function numberOf(employeeId: number): Promise<string> {
  const r = await env.db.selectFrom('employees').select('employee_number').where('id', '=', employeeId).executeTakeFirstOrThrow();
  return r.employee_number;
}

describe('reports', () => {
  it('preference-report.xlsx: per meal and day the counts per preference, and the employee list', async () => {
    const file = await downloadPreferenceReport(ctx(hc), view(hc), { from: '2026-11-24', to: '2026-11-24' });
    expect(file.fileName).toBe('preference-report.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, 'base64') as unknown as ArrayBuffer);
    const summary = wb.getWorksheet('Summary')!;
    const values = (r: ExcelJS.Row) => (r.values as unknown[]).slice(1);
    expect(values(summary.getRow(4))).toEqual([
      'Date',
      'Canteen',
      'Meal',
      'Scheduled',
      'Taken',
      'Regular',
      'Vegetarian',
      'Vegan',
      'No spicy',
      'No seafood',
      'Low salt',
    ]);
    // Breakfast: hr[1] (vegetarian) took it by fingerprint. Lunch at Main Canteen: hc, hr[0..2]; hr[0] and hr[1] vegetarian.
    expect(values(summary.getRow(5))).toEqual(['24/11/2026', 'Main Canteen', 'Breakfast', 1, 1, 0, 1, 0, 0, 0, 0]);
    // In serving order: the second canteen's lunch opens at 11:00.
    expect(values(summary.getRow(6))).toEqual(['24/11/2026', 'Second Canteen', 'Lunch', 1, 0, 1, 0, 0, 0, 0, 0]);
    expect(values(summary.getRow(7))).toEqual(['24/11/2026', 'Main Canteen', 'Lunch', 4, 3, 2, 2, 0, 0, 0, 0]);
    const list = wb.getWorksheet('Employees')!;
    expect(list.rowCount).toBe(1 + 6);
    const hr0 = list
      .getRows(2, 6)!
      .map(values)
      .find((r) => r[3] === hr[0]!.number)!;
    expect(hr0).toEqual([
      '24/11/2026',
      'Main Canteen',
      'Lunch',
      hr[0]!.number,
      'Hr Eater0',
      'HR',
      'Vegetarian',
      'No egg',
      'Yes',
      '12:00',
    ]);
  });

  it('meal costs per employee for payroll: sums of employee prices and subsidies', async () => {
    const costs = await canteenMealCosts(env.db, { from: '2026-11-01', to: '2026-11-30' });
    const byId = new Map(costs.map((c) => [c.employeeId, c]));
    // hr[1]: lunch on the 23rd (fingerprint) and the 24th (scan) at 10.000 / 15.000, breakfast on the 24th at 5.000 / 8.000.
    expect(byId.get(hr[1]!.id)).toEqual({ employeeId: hr[1]!.id, meals: 3, employeePaid: '25000', subsidy: '38000' });
    expect(byId.get(hr[0]!.id)).toMatchObject({ meals: 1, employeePaid: '10000' });
    expect(byId.has(ops[0]!.id)).toBe(false);
    expect(await canteenMealCosts(env.db, { from: '2026-11-24', to: '2026-11-24', employeeIds: [hr[1]!.id] })).toEqual([
      { employeeId: hr[1]!.id, meals: 2, employeePaid: '15000', subsidy: '23000' },
    ]);
    expect(await canteenMealCosts(env.db, { from: '2026-11-01', to: '2026-11-30', employeeIds: [] })).toEqual([]);
    const page = await listMealCosts(ctx(hc), view(hc), { month: '2026-11', pageSize: 2 });
    expect(page.total).toBe(4);
    expect(page.rows).toHaveLength(2);
    expect(page.totals).toEqual({ meals: 6, employeePaid: '55000', subsidy: '83000' });
    expect((await listMealCosts(ctx(scoped), view(scoped), { month: '2026-11' })).total).toBe(0);
  });

  it('a used meal or canteen cannot be deleted; a schedule with a taken meal is kept', async () => {
    const c = (await getCanteenSetting(ctx(hc), view(hc), {})).find((x) => x.id === canteenId)!;
    const dropLunch = await failure(
      saveCanteen(ctx(hc), manage(hc), {
        id: canteenId,
        companyOfficeId: env.org.officeId,
        name: c.name,
        terminals: c.terminals,
        meals: c.meals.filter((m) => m.kind !== 'lunch'),
      }),
    );
    expect(dropLunch.message).toMatch(/^Lunch of this canteen is used by \d+ meal schedules and \d+ presences$/);
    const del = await failure(deleteCanteen(ctx(hc), manage(hc), { id: canteenId }));
    expect(del.code).toBe('CONFLICT');
    const removed = await removeMealSchedule(ctx(hc), manage(hc), {
      mealId: lunchId,
      from: '2026-11-25',
      to: '2026-11-25',
      departmentId: env.org.dept[0],
    });
    expect(removed).toEqual({ removed: 4, kept: 0 });
    const kept = await removeMealSchedule(ctx(hc), manage(hc), {
      mealId: lunchId,
      from: '2026-11-24',
      to: '2026-11-24',
      employeeIds: [hr[0]!.id],
    });
    expect(kept).toEqual({ removed: 0, kept: 1 });
  });
});
