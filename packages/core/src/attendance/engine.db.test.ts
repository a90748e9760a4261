import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import { makeEmployee } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { ingestPunches } from '../devices/ingest';
import { computeTimesheets } from './engine';
import { assignPin } from './punches';
import { assignSchedule, createHoliday, createShift } from './setup';
import {
  clearTimesheetEdit,
  editTimesheet,
  listTimesheets,
  recomputeTimesheets,
  setTimesheetOverrides,
  timesheetSummary,
} from './timesheets';
import { officeWeek } from './test-kit';

// Fixed "now": 20 Nov 2026 17:00 in Jakarta. November 2026: Monday 2, 9, 16; Saturday 7, 14.
const NOW = new Date('2026-11-20T10:00:00Z');

const t = useOrgTestDb(undefined, { clock: () => NOW });
let admin: Actor;
let ctx: Ctx;
let _officeShift: number;
let nightShift: number;
let pinSeq = 1000;

beforeAll(async () => {
  admin = await t.newActor(['superadmin']);
  ctx = t.services.ctx(admin);
  const manage = requirePermission(admin, 'attendance.manage');
  _officeShift = await officeWeek(ctx, manage);
  nightShift = (await createShift(ctx, manage, { name: 'Night', startTime: '22:00', endTime: '06:00', breakMinutes: 30 })).id;
});

const manage = () => requirePermission(admin, 'attendance.manage');
const view = () => requirePermission(admin, 'attendance.view');

/** A new employee in department 0 (or 1) whose terminal PIN is mapped. */
async function employee(dept: 0 | 1 = 0): Promise<{ id: number; pin: string }> {
  const id = await makeEmployee(t.db, t.org, { dept });
  const pin = String(++pinSeq);
  await assignPin(ctx, manage(), { employeeId: id, pin });
  return { id, pin };
}

const ingest = (pin: string, times: string[], serial = 'DEV-1') =>
  ingestPunches(ctx, requirePermission(admin, 'device.ingest'), {
    agent: 'test-agent',
    clockSkewMs: null,
    punches: times.map((t) => ({ deviceSerial: serial, pin, localTime: t, state: 0, verifyType: 1 })),
  });

async function day(employeeId: number, date: string) {
  const page = await listTimesheets(ctx, view(), { employeeId, from: date, to: date });
  return page.rows[0];
}

describe('timesheet engine (issue 4)', () => {
  it('a normal day: in before 08:00, out after 17:00 is Valid with worked minutes net of the break', async () => {
    const e = await employee();
    await ingest(e.pin, ['2026-11-02T07:55:00', '2026-11-02T17:05:00']);
    expect(await day(e.id, '2026-11-02')).toMatchObject({
      dayType: 'workday',
      shift: 'Office (08:00 - 17:00)',
      status: 1,
      statusLabel: 'Valid',
      firstIn: '2026-11-02 07:55',
      lastOut: '2026-11-02 17:05',
      lateMinutes: 0,
      earlyMinutes: 0,
      workedMinutes: 9 * 60 + 10 - 60,
    });
  });

  it('late clock-in past the grace minutes is status 4 with the minutes from the scheduled start; within grace is on time', async () => {
    const e = await employee();
    await ingest(e.pin, ['2026-11-03T08:20:00', '2026-11-03T17:00:00', '2026-11-04T08:09:00', '2026-11-04T17:00:00']);
    expect(await day(e.id, '2026-11-03')).toMatchObject({ status: 4, statusLabel: 'Late Clock-In', lateMinutes: 20 });
    expect(await day(e.id, '2026-11-04')).toMatchObject({ status: 1, lateMinutes: 0 });
  });

  it('early clock-out is status 5 with the minutes before the scheduled end', async () => {
    const e = await employee();
    await ingest(e.pin, ['2026-11-05T07:50:00', '2026-11-05T16:30:00']);
    expect(await day(e.id, '2026-11-05')).toMatchObject({
      status: 5,
      statusLabel: 'Early Clock-Out',
      earlyMinutes: 30,
      workedMinutes: 8 * 60 + 40 - 60,
    });
  });

  it('missing clock-in, missing clock-out and no punch at all on a workday', async () => {
    const e = await employee();
    await ingest(e.pin, ['2026-11-09T17:02:00', '2026-11-10T07:58:00']);
    expect(await day(e.id, '2026-11-09')).toMatchObject({
      status: 2,
      firstIn: null,
      lastOut: '2026-11-09 17:02',
      workedMinutes: 0,
    });
    expect(await day(e.id, '2026-11-10')).toMatchObject({ status: 3, firstIn: '2026-11-10 07:58', lastOut: null });
    // The 11th was computed with the 10th's punch (the day after); the 12th is new.
    expect(await day(e.id, '2026-11-11')).toMatchObject({ status: 2, statusLabel: 'No Clock-In', firstIn: null, lastOut: null });
    expect(await day(e.id, '2026-11-12')).toBeUndefined();
    const r = await recomputeTimesheets(ctx, manage(), { from: '2026-11-12', to: '2026-11-12', employeeIds: [e.id] });
    expect(r).toEqual({ from: '2026-11-12', to: '2026-11-12', changed: 1 });
    expect(await day(e.id, '2026-11-12')).toMatchObject({ status: 2, firstIn: null, lastOut: null });
    // Nothing changed since: nothing is rewritten.
    expect(
      (await recomputeTimesheets(ctx, manage(), { from: '2026-11-09', to: '2026-11-12', employeeIds: [e.id] })).changed,
    ).toBe(0);
  });

  it('a punch at a canteen terminal is a meal, not attendance: a forgotten clock-out stays No Clock-Out', async () => {
    const e = await employee();
    const canteen = await t.db
      .insertInto('canteens')
      .values({ company_office_id: t.org.officeId, name: 'Kantin Engine' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('canteen_terminals').values({ device_serial: 'CANTEEN-1', canteen_id: canteen.id }).execute();
    await ingest(e.pin, ['2026-11-19T07:57:00']);
    await ingest(e.pin, ['2026-11-19T12:05:00'], 'CANTEEN-1');
    expect(await day(e.id, '2026-11-19')).toMatchObject({ status: 3, firstIn: '2026-11-19 07:57', lastOut: null });
  });

  it('duplicate punches seconds apart collapse into one punch', async () => {
    const e = await employee();
    const r = await ingest(e.pin, ['2026-11-12T07:58:00', '2026-11-12T07:58:20', '2026-11-12T07:58:40']);
    expect(r.items.map((i) => i.status)).toEqual(['inserted', 'inserted', 'inserted']);
    // One real punch (the clock-in), not a 40-second working day.
    expect(await day(e.id, '2026-11-12')).toMatchObject({
      status: 3,
      firstIn: '2026-11-12 07:58',
      lastOut: null,
      workedMinutes: 0,
    });
  });

  it('an overnight shift owns the punches after midnight; the next morning is not disturbed', async () => {
    const e = await employee();
    await assignSchedule(ctx, manage(), {
      from: '2026-11-16',
      to: '2026-11-17',
      employeeIds: [e.id],
      pattern: [{ shiftId: nightShift, days: 1 }],
    });
    await ingest(e.pin, ['2026-11-16T21:50:00', '2026-11-17T06:05:00', '2026-11-17T22:02:00', '2026-11-18T06:00:00']);
    expect(await day(e.id, '2026-11-16')).toMatchObject({
      shift: 'Night (22:00 - 06:00)',
      status: 1,
      firstIn: '2026-11-16 21:50',
      lastOut: '2026-11-17 06:05',
      workedMinutes: 8 * 60 + 15 - 30,
    });
    // The night shift has no grace: two minutes late.
    expect(await day(e.id, '2026-11-17')).toMatchObject({
      status: 4,
      lateMinutes: 2,
      firstIn: '2026-11-17 22:02',
      lastOut: '2026-11-18 06:00',
    });
    // Wednesday 18th is an office day: the 06:00 punch belongs to the night before.
    expect(await day(e.id, '2026-11-18')).toMatchObject({ shift: 'Office (08:00 - 17:00)', status: 2, firstIn: null });
  });

  it('holidays and days off produce no failure', async () => {
    const e = await employee();
    await createHoliday(ctx, manage(), { date: '2026-11-19', name: 'Company outing', kind: 'company' });
    await recomputeTimesheets(ctx, manage(), { from: '2026-11-13', to: '2026-11-19', employeeIds: [e.id] });
    expect(await day(e.id, '2026-11-19')).toMatchObject({ dayType: 'holiday', status: null, lateMinutes: 0 });
    expect(await day(e.id, '2026-11-14')).toMatchObject({ dayType: 'dayoff', status: null, shift: null });
    expect(await day(e.id, '2026-11-13')).toMatchObject({ dayType: 'workday', status: 2 });
    const failed = await listTimesheets(ctx, view(), { employeeId: e.id, from: '2026-11-13', to: '2026-11-19', status: 2 });
    expect(failed.rows.map((r) => r.date)).toEqual(['2026-11-18', '2026-11-17', '2026-11-16', '2026-11-13']);
  });

  it('punches arriving a day late recompute only the days they touch', async () => {
    const e = await employee();
    await ingest(e.pin, ['2026-11-10T07:55:00', '2026-11-10T17:00:00', '2026-11-13T07:50:00']);
    expect(await day(e.id, '2026-11-13')).toMatchObject({ status: 3 });
    const stamp = async (date: string) =>
      (
        await t.db
          .selectFrom('timesheets')
          .select(sql<string>`computed_at::text`.as('at'))
          .where('employee_id', '=', e.id)
          .where('work_date', '=', date)
          .executeTakeFirstOrThrow()
      ).at;
    const tenth = await stamp('2026-11-10');
    // The roster changes behind the engine's back (no recompute): the 10th is now a day off.
    await t.db.insertInto('schedules').values({ employee_id: e.id, work_date: '2026-11-10', shift_id: null }).execute();
    const r = await ingest(e.pin, ['2026-11-13T17:10:00']);
    expect(r.items).toEqual([{ index: 0, status: 'inserted' }]);
    expect(await day(e.id, '2026-11-13')).toMatchObject({ status: 1, lastOut: '2026-11-13 17:10' });
    // The 10th was not recomputed: still the office day it was, same computed_at.
    expect(await day(e.id, '2026-11-10')).toMatchObject({ dayType: 'workday', status: 1 });
    expect(await stamp('2026-11-10')).toBe(tenth);
    // A recompute of the range picks the roster change up.
    await recomputeTimesheets(ctx, manage(), { from: '2026-11-10', to: '2026-11-10', employeeIds: [e.id] });
    expect(await day(e.id, '2026-11-10')).toMatchObject({ dayType: 'dayoff', status: 1 });
  });

  it('re-ingesting the same batch answers duplicate for every punch and changes nothing', async () => {
    const e = await employee();
    const batch = ['2026-11-02T08:00:00', '2026-11-02T17:00:00', '2026-11-02T17:00:00'];
    const first = await ingest(e.pin, batch);
    expect(first.items).toEqual([
      { index: 0, status: 'inserted' },
      { index: 1, status: 'inserted' },
      { index: 2, status: 'duplicate' },
    ]);
    const again = await ingest(e.pin, batch);
    expect(again.items.map((i) => i.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    const n = await t.db
      .selectFrom('punches')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('pin', '=', e.pin)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(2);
    expect(await day(e.id, '2026-11-02')).toMatchObject({ status: 1 });
  });

  it('rejects bad punches per index and stores the good ones of the same batch', async () => {
    const e = await employee();
    const r = await ingestPunches(ctx, requirePermission(admin, 'device.ingest'), {
      agent: 'test-agent',
      clockSkewMs: 1500,
      punches: [
        { deviceSerial: 'DEV-1', pin: e.pin, localTime: '2026-11-03T08:00:00', state: 0, verifyType: 1 },
        { deviceSerial: 'DEV-1', pin: e.pin, localTime: '2026-02-30T08:00:00', state: 0, verifyType: 1 },
        { deviceSerial: 'DEV-1', pin: ' ', localTime: '2026-11-03T08:00:00', state: 0, verifyType: 1 },
        { deviceSerial: 'DEV-1', pin: e.pin, localTime: '2027-01-01T08:00:00', state: 0, verifyType: 1 },
      ],
    });
    expect(r.items).toEqual([
      { index: 0, status: 'inserted' },
      { index: 1, status: 'rejected', message: 'localTime: must be a date-time yyyy-mm-ddThh:mm:ss' },
      { index: 2, status: 'rejected', message: 'pin: is required' },
      { index: 3, status: 'rejected', message: 'localTime: is in the future (check the terminal clock)' },
    ]);
  });

  it('an unknown PIN is kept and its punches count once the PIN is mapped', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    const r = await ingest('7777', ['2026-11-16T07:59:00', '2026-11-16T17:01:00'], 'DEV-9');
    expect(r.items.map((i) => i.status)).toEqual(['inserted', 'inserted']);
    const kept = await t.db.selectFrom('punches').select(['employee_id']).where('pin', '=', '7777').execute();
    expect(kept).toEqual([{ employee_id: null }, { employee_id: null }]);
    expect(await day(id, '2026-11-16')).toBeUndefined();

    const mapped = await assignPin(ctx, manage(), { employeeId: id, pin: '7777', deviceSerial: 'DEV-9' });
    expect(mapped.resolvedPunches).toBe(2);
    expect(await day(id, '2026-11-16')).toMatchObject({ status: 1, firstIn: '2026-11-16 07:59', lastOut: '2026-11-16 17:01' });
    // The same PIN on another terminal stays unknown.
    await ingest('7777', ['2026-11-17T08:00:00'], 'DEV-10');
    expect(
      await t.db.selectFrom('punches').select('employee_id').where('device_serial', '=', 'DEV-10').executeTakeFirst(),
    ).toEqual({ employee_id: null });
  });

  it('a manual edit sets status 98, is audited, survives recomputes and can be cleared', async () => {
    const e = await employee();
    await ingest(e.pin, ['2026-11-05T09:30:00']);
    expect(await day(e.id, '2026-11-05')).toMatchObject({ status: 3 });
    const edited = await editTimesheet(ctx, manage(), {
      employeeId: e.id,
      date: '2026-11-05',
      firstIn: '08:00',
      lastOut: '17:00',
      note: 'Terminal was down',
    });
    expect(edited).toMatchObject({
      status: 98,
      statusLabel: 'Manual Input',
      manual: true,
      firstIn: '2026-11-05 08:00',
      lastOut: '2026-11-05 17:00',
      workedMinutes: 8 * 60,
    });
    const log = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'timesheet')
      .where('entity_id', '=', `${e.id}:2026-11-05`)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.action).toBe('manual_edit');
    expect(JSON.stringify(log[0]!.before)).toContain('"status":3');
    await recomputeTimesheets(ctx, manage(), { from: '2026-11-05', to: '2026-11-05', employeeIds: [e.id] });
    expect(await day(e.id, '2026-11-05')).toMatchObject({ status: 98 });
    await clearTimesheetEdit(ctx, manage(), { employeeId: e.id, date: '2026-11-05' });
    expect(await day(e.id, '2026-11-05')).toMatchObject({ status: 3, manual: false, firstIn: '2026-11-05 09:30' });
  });

  it('the override hook (approved leave) turns a failed day into a leave day without failure', async () => {
    const e = await employee();
    await recomputeTimesheets(ctx, manage(), { from: '2026-11-06', to: '2026-11-06', employeeIds: [e.id] });
    expect(await day(e.id, '2026-11-06')).toMatchObject({ status: 2 });
    // Inside the approving module's transaction; the engine's planner settings do not leak into it.
    const after = await t.db.transaction().execute(async (trx) => {
      await setTimesheetOverrides(
        trx,
        [{ employeeId: e.id, date: '2026-11-06', source: 'leave', priority: 10, status: null, dayType: 'leave', refId: 1 }],
        null,
      );
      return (await sql<{ mj: string }>`select current_setting('enable_mergejoin') as mj`.execute(trx)).rows[0]!.mj;
    });
    expect(after).toBe('on');
    expect(await day(e.id, '2026-11-06')).toMatchObject({ dayType: 'leave', status: null });
  });

  it('summary counts statuses and minutes per employee', async () => {
    const e = await employee();
    await ingest(e.pin, [
      '2026-11-02T07:55:00',
      '2026-11-02T17:05:00',
      '2026-11-03T08:30:00',
      '2026-11-03T17:00:00',
      '2026-11-04T07:55:00',
    ]);
    await recomputeTimesheets(ctx, manage(), { from: '2026-11-02', to: '2026-11-08', employeeIds: [e.id] });
    const s = await timesheetSummary(ctx, view(), { employeeId: e.id, from: '2026-11-02', to: '2026-11-08' });
    expect(s.rows).toEqual([
      expect.objectContaining({
        employeeId: e.id,
        days: 7,
        workdays: 5,
        valid: 1,
        late: 1,
        noClockOut: 1,
        noClockIn: 2,
        lateMinutes: 30,
        workedMinutes: 490 + 450,
        workedHours: '15.67',
      }),
    ]);
  });

  it('a range computed in chunks of employees (two at once on PostgreSQL) writes what one statement writes', async () => {
    const people = [await employee(), await employee(), await employee(), await employee(1), await employee(1)];
    for (const [i, p] of people.entries()) {
      if (i % 2)
        await assignSchedule(ctx, manage(), {
          employeeIds: [p.id],
          from: '2026-11-09',
          to: '2026-11-11',
          pattern: [{ shiftId: nightShift, days: 1 }],
        });
      await ingest(p.pin, ['2026-11-09T07:5' + i + ':00', '2026-11-09T17:1' + i + ':00', '2026-11-10T08:2' + i + ':00']);
    }
    const ids = people.map((p) => p.id);
    const target = { kind: 'range', from: '2026-11-09', to: '2026-11-11', employees: sql<boolean>`e.id = any(${ids})` } as const;
    const rows = () =>
      t.db
        .selectFrom('timesheets')
        .select(['employee_id', 'work_date', 'day_type', 'status', 'first_in', 'last_out', 'late_minutes', 'worked_minutes'])
        .where('employee_id', 'in', ids)
        .where('work_date', '>=', '2026-11-09')
        .where('work_date', '<=', '2026-11-11')
        .orderBy('employee_id')
        .orderBy('work_date')
        .execute();
    const wipe = () => t.db.deleteFrom('timesheets').where('employee_id', 'in', ids).execute();

    await wipe();
    expect(await computeTimesheets(t.db, target, { chunkEmployees: 2 })).toBe(15);
    const chunked = await rows();
    await wipe();
    expect(await computeTimesheets(t.db, target)).toBe(15);
    expect(await rows()).toEqual(chunked);
    expect(chunked.filter((r) => r.status === 1)).toHaveLength(3);
    // Computing again changes nothing, chunked or not.
    expect(await computeTimesheets(t.db, target, { chunkEmployees: 1 })).toBe(0);
  });

  it('data scope: a manager sees only their department; another department is NOT_FOUND', async () => {
    const inScope = await employee(1);
    const outOfScope = await employee(0);
    await ingest(inScope.pin, ['2026-11-02T08:00:00', '2026-11-02T17:00:00']);
    await ingest(outOfScope.pin, ['2026-11-02T08:00:00', '2026-11-02T17:00:00']);
    const manager = await t.newActor(['manager'], { dept: 1 });
    const mctx = t.services.ctx(manager);
    const g = requirePermission(manager, 'attendance.view');
    const page = await listTimesheets(mctx, g, { from: '2026-11-02', to: '2026-11-02', pageSize: 500 });
    const ids = page.rows.map((r) => r.employeeId);
    expect(ids).toContain(inScope.id);
    expect(ids).not.toContain(outOfScope.id);
    const err = await timesheetSummary(mctx, g, { employeeId: outOfScope.id }).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('NOT_FOUND');
  });
});
