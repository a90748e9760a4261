import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useDbEnv } from '../testing/db-env';
import { failure } from '../testing/expect';
import { assignPin } from '../attendance/punches';
import { ingestPunches } from '../devices/ingest';
import { assignSchedule, createHoliday } from '../attendance/setup';
import { officeWeek } from '../attendance/test-kit';
import { listTimesheets } from '../attendance/timesheets';
import { createTestDb } from '../db/testing';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { addContract, createServices } from '../testing/fixtures';
import { DEFAULT_ENGINE_SETTINGS } from '../testing/payroll-settings';
import {
  approveCorrection,
  bulkApproveCorrections,
  bulkCancelCorrections,
  bulkDeleteCorrections,
  cancelMyCorrection,
  correctionsAwaitingMe,
  getCorrection,
  listCorrections,
  myCorrectionDay,
  myCorrections,
  requestCorrection,
  updateCorrection,
} from './corrections';
import {
  approveOvertime,
  bulkApproveOvertime,
  createOvertime,
  disapproveOvertime,
  getOvertime,
  listOvertime,
  overtimeAwaitingMe,
  overtimePayPreview,
  overtimePlan,
  requestOvertime,
} from './overtime';
import { approvedOvertimeFor, attendanceSourceWithOvertime } from './payroll-feed';
import { seedDemo } from '../seed/demo';
import { seedAttendanceRequestsDemo } from './seed';

// Fixed "now": Friday 20 Nov 2026, 17:00 in Jakarta. November 2026: Mondays 2, 9, 16, 23; Saturdays 14, 21.
const NOW = new Date('2026-11-20T10:00:00Z');

const { env, actor, ctx } = useDbEnv({ clock: () => NOW });
let admin: Actor;
/** Human capital staff (hr.all, attendance.approve). */
let hc: Actor;
let hc2: Actor;
/** A supervisor in department 1 (attendance.view / approve, scope: department 1). */
let sup1: Actor;
let pinSeq = 2000;

const personal = (a: Actor) => requirePermission(a, 'personal.access');
const approver = (a: Actor) => requirePermission(a, 'attendance.approve');
const viewer = (a: Actor) => requirePermission(a, 'attendance.view');

/** An employee login with a terminal PIN. */
async function worker(dept: 0 | 1 = 0): Promise<{ a: Actor; pin: string }> {
  const a = await actor(['employee'], dept);
  const pin = String(++pinSeq);
  await assignPin(ctx(admin), requirePermission(admin, 'attendance.manage'), { employeeId: a.employeeId!, pin });
  return { a, pin };
}

const punch = (pin: string, times: string[]) =>
  ingestPunches(ctx(admin), requirePermission(admin, 'device.ingest'), {
    agent: 'test',
    clockSkewMs: null,
    punches: times.map((t) => ({ deviceSerial: 'DEV-1', pin, localTime: t, state: 0, verifyType: 1 })),
  });

async function day(employeeId: number, date: string) {
  return (await listTimesheets(ctx(admin), viewer(admin), { employeeId, from: date, to: date })).rows[0]!;
}

beforeAll(async () => {
  admin = await actor(['superadmin'], 0);
  hc = await actor(['human-capital-staff'], 0);
  hc2 = await actor(['human-capital-staff'], 1);
  sup1 = await actor(['supervisor'], 1);
  const manage = requirePermission(admin, 'attendance.manage');
  await officeWeek(ctx(admin), manage);
  await createHoliday(ctx(admin), manage, { date: '2026-11-19', name: 'Company anniversary', kind: 'company' });
});

describe('corrections change the timesheet', () => {
  it('an approved Late Clock-In makes a late day Valid; cancelling it restores Late Clock-In', async () => {
    const { a, pin } = await worker();
    await punch(pin, ['2026-11-18T08:40:00', '2026-11-18T17:05:00']);
    expect(await day(a.employeeId!, '2026-11-18')).toMatchObject({ status: 4, statusLabel: 'Late Clock-In', lateMinutes: 40 });

    const shown = await myCorrectionDay(ctx(a), personal(a), { date: '2026-11-18' });
    expect(shown).toMatchObject({ status: 4, firstIn: '2026-11-18 08:40', lateMinutes: 40 });

    const c = await requestCorrection(ctx(a), personal(a), {
      date: '2026-11-18',
      type: 1,
      startTime: '08:40',
      reason: 'Flat tyre',
    });
    expect(c).toMatchObject({ status: 3, statusLabel: 'Pending', typeLabel: 'Late Clock-In', startTime: '08:40' });
    expect(c.can).toMatchObject({ update: true, cancel: true, approve: false });
    expect(c.day).toMatchObject({ status: 4 });

    const approved = await approveCorrection(ctx(hc), approver(hc), { id: c.id, note: 'ok' });
    expect(approved).toMatchObject({ status: 1, statusLabel: 'Approved', decisionNote: 'ok' });
    expect(approved.decidedBy).toBeTruthy();
    expect(await day(a.employeeId!, '2026-11-18')).toMatchObject({
      status: 1,
      statusLabel: 'Valid',
      lateMinutes: 0,
      firstIn: '2026-11-18 08:40',
      workedMinutes: 8 * 60 + 25 - 60,
    });

    const cancelled = await bulkCancelCorrections(ctx(hc), approver(hc), { ids: [c.id] });
    expect(cancelled).toEqual({ done: 1, failed: 0, items: [{ id: c.id, ok: true, message: 'Cancel' }] });
    expect(await day(a.employeeId!, '2026-11-18')).toMatchObject({ status: 4, lateMinutes: 40 });
    const detail = await getCorrection(ctx(a), personal(a), { id: c.id });
    expect(detail.history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['requested', null, 3],
      ['approved', 3, 1],
      ['cancelled', 1, 4],
    ]);
  });

  it('a Shift Correction fills a missing clock-out; minutes follow from the corrected time', async () => {
    const { a, pin } = await worker();
    await punch(pin, ['2026-11-17T07:55:00']);
    expect(await day(a.employeeId!, '2026-11-17')).toMatchObject({ status: 3, statusLabel: 'No Clock-Out' });
    const c = await requestCorrection(ctx(a), personal(a), {
      date: '2026-11-17',
      type: 4,
      endTime: '17:30',
      reason: 'Forgot to clock out',
    });
    await approveCorrection(ctx(hc), approver(hc), { id: c.id });
    expect(await day(a.employeeId!, '2026-11-17')).toMatchObject({
      status: 1,
      lastOut: '2026-11-17 17:30',
      workedMinutes: 9 * 60 + 35 - 60,
    });
  });

  it('a punch arriving after an approved correction still moves the status (it is derived, not frozen)', async () => {
    const { a, pin } = await worker();
    // Only the clock-out reached the server; the employee's late arrival is excused.
    await punch(pin, ['2026-11-16T17:10:00']);
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 2, statusLabel: 'No Clock-In' });
    const c = await requestCorrection(ctx(a), personal(a), {
      date: '2026-11-16',
      type: 1,
      startTime: '09:00',
      reason: 'Doctor in the morning',
    });
    await approveCorrection(ctx(hc), approver(hc), { id: c.id });
    // The correction excuses lateness but gives no clock-in time: still No Clock-In.
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 2 });
    // The terminal's buffered clock-in arrives a day late: the day becomes Valid (lateness excused).
    await punch(pin, ['2026-11-16T09:02:00']);
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({
      status: 1,
      statusLabel: 'Valid',
      firstIn: '2026-11-16 09:02',
      lateMinutes: 0,
    });
    // Cancelling the correction shows the computed lateness again.
    await bulkCancelCorrections(ctx(hc), approver(hc), { ids: [c.id] });
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 4, lateMinutes: 62 });
  });

  it('two corrections of one day combine: Late Clock-In then Leave Early; cancelling one keeps the other', async () => {
    const { a, pin } = await worker();
    await punch(pin, ['2026-11-16T08:30:00', '2026-11-16T16:00:00']);
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 4, lateMinutes: 30, earlyMinutes: 60 });
    const late = await requestCorrection(ctx(a), personal(a), { date: '2026-11-16', type: 1, reason: 'Traffic' });
    const early = await requestCorrection(ctx(a), personal(a), {
      date: '2026-11-16',
      type: 2,
      endTime: '16:00',
      reason: 'Doctor',
    });
    await approveCorrection(ctx(hc), approver(hc), { id: late.id });
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 5, statusLabel: 'Early Clock-Out', lateMinutes: 0 });
    await approveCorrection(ctx(hc), approver(hc), { id: early.id });
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 1, lateMinutes: 0, earlyMinutes: 0 });
    await bulkCancelCorrections(ctx(hc), approver(hc), { ids: [late.id] });
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 4, lateMinutes: 30, earlyMinutes: 0 });
    await bulkDeleteCorrections(ctx(hc), approver(hc), { ids: [early.id] });
    expect(await day(a.employeeId!, '2026-11-16')).toMatchObject({ status: 4, lateMinutes: 30, earlyMinutes: 60 });
    const mine = await myCorrections(ctx(a), personal(a), {});
    expect(mine.rows.map((r) => r.id)).toEqual([late.id]); // the deleted one is gone from lists
  });

  it('two concurrent approvals: exactly one wins, the other is refused, and the history has one approval', async () => {
    const { a, pin } = await worker();
    await punch(pin, ['2026-11-13T08:20:00', '2026-11-13T17:00:00']);
    const c = await requestCorrection(ctx(a), personal(a), { date: '2026-11-13', type: 1, reason: 'Rain' });
    const results = await Promise.allSettled([
      approveCorrection(ctx(hc), approver(hc), { id: c.id }),
      approveCorrection(ctx(hc2), approver(hc2), { id: c.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('decided already') });
    const detail = await getCorrection(ctx(a), personal(a), { id: c.id });
    expect(detail.history.filter((h) => h.action === 'approved')).toHaveLength(1);
    expect(await day(a.employeeId!, '2026-11-13')).toMatchObject({ status: 1 });
  });

  it('refusals: future day, duplicate, own decision, out of scope, update only while pending', async () => {
    const { a } = await worker(0);
    expect((await failure(requestCorrection(ctx(a), personal(a), { date: '2026-11-23', type: 1, reason: 'x' }))).fields).toEqual([
      { param: 'date', msg: 'must not be in the future' },
    ]);
    const c = await requestCorrection(ctx(a), personal(a), { date: '2026-11-12', type: 2, reason: 'Early train' });
    const dup = await failure(requestCorrection(ctx(a), personal(a), { date: '2026-11-12', type: 2, reason: 'again' }));
    expect(dup).toMatchObject({
      code: 'CONFLICT',
      message: 'A Leave Early correction for 12/11/2026 is already pending or approved',
    });

    // A supervisor of department 1 does not see department 0's requests.
    expect((await failure(approveCorrection(ctx(sup1), approver(sup1), { id: c.id }))).code).toBe('NOT_FOUND');
    expect((await listCorrections(ctx(sup1), viewer(sup1), { pageSize: 100 })).rows.some((r) => r.id === c.id)).toBe(false);
    const other = await worker(1);
    const theirs = await requestCorrection(ctx(other.a), personal(other.a), { date: '2026-11-12', type: 1, reason: 'Bus' });
    expect((await correctionsAwaitingMe(ctx(sup1), approver(sup1), { limit: 50 })).rows.map((r) => r.id)).toContain(theirs.id);
    expect((await correctionsAwaitingMe(ctx(sup1), approver(sup1), { limit: 50 })).rows.map((r) => r.id)).not.toContain(c.id);
    // Someone else's employee cannot read it either.
    expect((await failure(getCorrection(ctx(other.a), personal(other.a), { id: c.id }))).code).toBe('NOT_FOUND');

    // HR staff cannot decide their own request.
    const own = await requestCorrection(ctx(hc), personal(hc), { date: '2026-11-12', type: 1, reason: 'Mine' });
    expect(await failure(approveCorrection(ctx(hc), approver(hc), { id: own.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot decide your own correction',
    });

    const updated = await updateCorrection(ctx(a), personal(a), {
      id: c.id,
      date: '2026-11-12',
      type: 3,
      startTime: '13:00',
      endTime: '14:30',
      reason: 'Bank',
    });
    expect(updated).toMatchObject({ type: 3, typeLabel: 'Short Leave', startTime: '13:00', endTime: '14:30' });
    await cancelMyCorrection(ctx(a), personal(a), { id: c.id });
    expect(
      await failure(updateCorrection(ctx(a), personal(a), { id: c.id, date: '2026-11-12', type: 1, reason: 'late' })),
    ).toMatchObject({ code: 'CONFLICT', message: 'Only a pending correction can be changed' });
    // Bulk approve reports per item: the cancelled one is refused, the other approved.
    const r = await bulkApproveCorrections(ctx(hc), approver(hc), { ids: [c.id, theirs.id] });
    expect(r.done).toBe(1);
    expect(r.items).toEqual([
      { id: c.id, ok: false, message: 'This correction has been decided already; reload to see its status' },
      { id: theirs.id, ok: true, message: 'Approved' },
    ]);
  });

  it('a short leave needs both times, in order', async () => {
    const { a } = await worker();
    const e = await requestCorrection(ctx(a), personal(a), {
      date: '2026-11-11',
      type: 3,
      startTime: '14:00',
      endTime: '13:00',
      reason: 'x',
    }).catch((err) => err);
    expect(e.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual(['endTime']);
  });
});

describe('overtime', () => {
  it('derives the day type and refuses more than 4 hours on a workday (PP 35/2021)', async () => {
    const { a } = await worker();
    const plan = await overtimePlan(ctx(a), personal(a), { employeeId: a.employeeId!, date: '2026-11-19' });
    expect(plan).toMatchObject({
      dayType: 'holiday',
      holiday: 'Company anniversary',
      limits: { maxHoursPerDay: 4, maxHoursPerWeek: 18 },
    });
    const e = await failure(
      requestOvertime(ctx(a), personal(a), { date: '2026-11-18', startTime: '17:00', endTime: '22:00', reason: 'Audit' }),
    );
    expect(e).toMatchObject({
      code: 'VALIDATION',
      message: 'Overtime on a workday may be at most 4 hours a day (PP 35/2021 Pasal 26); 18/11/2026 would have 5 hours',
      fields: [{ param: 'hours', msg: 'exceeds 4 hours a day' }],
    });
    const sat = await requestOvertime(ctx(a), personal(a), { date: '2026-11-14', hours: 8, reason: 'Stocktake' });
    expect(sat).toMatchObject({ dayType: 'restday', dayTypeLabel: 'Rest day', hours: '8', status: 3 });
    const hol = await requestOvertime(ctx(a), personal(a), {
      date: '2026-11-19',
      startTime: '08:00',
      endTime: '14:45',
      reason: 'Event',
    });
    expect(hol).toMatchObject({ dayType: 'holiday', hours: '6.75' });
  });

  it('refuses the 19th workday hour of a week; rest days do not count', async () => {
    const { a } = await worker();
    const hcCtx = ctx(hc);
    for (const d of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05'])
      await createOvertime(hcCtx, approver(hc), { employeeId: a.employeeId!, date: d, hours: 4, reason: 'Month end' });
    await createOvertime(hcCtx, approver(hc), { employeeId: a.employeeId!, date: '2026-11-07', hours: 10, reason: 'Weekend' });
    const e = await failure(
      createOvertime(hcCtx, approver(hc), { employeeId: a.employeeId!, date: '2026-11-06', hours: 2.5, reason: 'More' }),
    );
    expect(e.message).toBe(
      'Overtime on workdays may be at most 18 hours a week (PP 35/2021 Pasal 26); the week of 02/11/2026 would have 18.5 hours',
    );
    const ok = await createOvertime(hcCtx, approver(hc), {
      employeeId: a.employeeId!,
      date: '2026-11-06',
      hours: 2,
      reason: 'More',
    });
    expect(ok).toMatchObject({ hours: '2', dayType: 'workday', requestedBy: expect.any(String) });
    const dup = await failure(
      createOvertime(hcCtx, approver(hc), { employeeId: a.employeeId!, date: '2026-11-06', hours: 1, reason: 'x' }),
    );
    expect(dup.message).toBe('An overtime request for 06/11/2026 is already pending or approved');
    const listed = await listOvertime(hcCtx, viewer(hc), { employeeId: a.employeeId!, status: 3, pageSize: 50 });
    expect(listed.total).toBe(6);
    // Who ordered the overtime may not approve it; another approver may.
    const mine = await bulkApproveOvertime(hcCtx, approver(hc), { ids: listed.rows.map((r) => r.id) });
    expect(mine).toMatchObject({ done: 0, failed: 6 });
    expect(mine.items[0]!.message).toBe('You filed this overtime request, so another person must decide it');
    // Nor are they "awaiting" the one who ordered them; they are awaiting another approver.
    const ordered = listed.rows.map((r) => r.id);
    const awaitingHc = (await overtimeAwaitingMe(hcCtx, approver(hc), { limit: 50 })).rows.map((r) => r.id);
    expect(awaitingHc.filter((id) => ordered.includes(id))).toEqual([]);
    const awaitingHc2 = (await overtimeAwaitingMe(ctx(hc2), approver(hc2), { limit: 50 })).rows.map((r) => r.id);
    expect(awaitingHc2.filter((id) => ordered.includes(id)).length).toBeGreaterThan(0);
    const bulk = await bulkApproveOvertime(ctx(hc2), approver(hc2), { ids: listed.rows.map((r) => r.id) });
    expect(bulk).toMatchObject({ done: 6, failed: 0 });
  });

  it('two concurrent approvals: one wins; approving fewer hours; actual hours from punches', async () => {
    const { a, pin } = await worker();
    await punch(pin, ['2026-11-10T07:58:00', '2026-11-10T19:20:00']);
    const o = await requestOvertime(ctx(a), personal(a), {
      date: '2026-11-10',
      startTime: '17:00',
      endTime: '20:00',
      reason: 'Release',
    });
    const seen = await getOvertime(ctx(hc), personal(hc), { id: o.id });
    expect(seen).toMatchObject({ hours: '3', actualHoursNow: '2.25', can: { approve: true } });
    const results = await Promise.allSettled([
      approveOvertime(ctx(hc), approver(hc), { id: o.id, hours: 2.25 }),
      disapproveOvertime(ctx(hc2), approver(hc2), { id: o.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.code).toBe('CONFLICT');
    const after = await getOvertime(ctx(a), personal(a), { id: o.id });
    expect(after.history.filter((h) => h.action !== 'requested')).toHaveLength(1);
    if (after.status === 1) expect(after).toMatchObject({ approvedHours: '2.25', actualHours: '2.25' });

    const o2 = await requestOvertime(ctx(a), personal(a), { date: '2026-11-11', hours: 1, reason: 'x' });
    expect(await failure(approveOvertime(ctx(hc), approver(hc), { id: o2.id, hours: 2 }))).toMatchObject({
      code: 'VALIDATION',
      message: 'At most the planned 1 hours can be approved',
    });
    expect((await overtimeAwaitingMe(ctx(hc), approver(hc), { limit: 50 })).rows.map((r) => r.id)).toContain(o2.id);
  });

  it('pay preview in exact rupiah with the payroll engine; approved overtime feeds payroll', async () => {
    const { a } = await worker();
    await addContract(env.db, a.employeeId!, 5_000_000, { start: '2026-01-01' });
    const salary = requirePermission(hc, 'salary.view');
    // 5,000,000 / 173 = 28,901.734104…; workday 2 h = 1.5 + 2 = 3.5 × hourly = 101,156.069… → 101,156.
    const p = await overtimePayPreview(ctx(hc), salary, {
      employeeId: a.employeeId!,
      dayType: 'workday',
      date: '2026-11-18',
      hours: 2,
    });
    expect(p).toMatchObject({
      monthlyWage: '5000000',
      workWeek: 5,
      payrollDayType: 'workday',
      hourlyWage: '28901.734104',
      lines: [
        { hour: 1, multiplier: '1.5', pay: '43353' },
        { hour: 2, multiplier: '2', pay: '57803' },
      ],
      pay: '101156',
    });
    // Rest day, 5-day week, 9.5 h: 8 × 2 + 1 × 3 + 0.5 × 4 = 21 × hourly = 606,936.416… → 606,936.
    const r = await overtimePayPreview(ctx(hc), salary, {
      employeeId: a.employeeId!,
      dayType: 'restday',
      date: '2026-11-14',
      hours: 9.5,
    });
    expect(r.pay).toBe('606936');
    const none = await worker();
    expect(
      await failure(
        overtimePayPreview(ctx(hc), salary, { employeeId: none.a.employeeId!, dayType: 'workday', date: '2026-11-18', hours: 1 }),
      ),
    ).toMatchObject({ code: 'PRECONDITION_FAILED' });

    const o = await createOvertime(ctx(hc), approver(hc), {
      employeeId: a.employeeId!,
      date: '2026-11-14',
      hours: 9.5,
      reason: 'Stock',
    });
    await approveOvertime(ctx(hc2), approver(hc2), { id: o.id });
    const pending = await createOvertime(ctx(hc), approver(hc), {
      employeeId: a.employeeId!,
      date: '2026-11-16',
      hours: 1,
      reason: 'x',
    });
    expect(pending.status).toBe(3);
    const feed = await approvedOvertimeFor(env.db, { employeeIds: [a.employeeId!], from: '2026-11-01', to: '2026-11-30' });
    expect(feed.get(a.employeeId!)).toEqual([{ date: '2026-11-14', dayType: 'restday', hours: 9.5 }]);
    // A holiday on a Saturday of a 6-day week uses the shortest-workday table.
    await createHoliday(ctx(admin), requirePermission(admin, 'attendance.manage'), {
      date: '2026-11-21',
      name: 'Sat holiday',
      kind: 'company',
    });
    const h = await createOvertime(ctx(hc), approver(hc), {
      employeeId: a.employeeId!,
      date: '2026-11-21',
      hours: 5,
      reason: 'Shipment',
    });
    expect(h.dayType).toBe('holiday');
    await approveOvertime(ctx(hc2), approver(hc2), { id: h.id });
    const six = await approvedOvertimeFor(env.db, {
      employeeIds: [a.employeeId!],
      from: '2026-11-01',
      to: '2026-11-30',
      workWeek: 6,
    });
    expect(six.get(a.employeeId!)?.[1]).toEqual({ date: '2026-11-21', dayType: 'holiday-shortest-workday', hours: 5 });
    const source = attendanceSourceWithOvertime(env.db);
    const got = await source([a.employeeId!, none.a.employeeId!], '2026-11', DEFAULT_ENGINE_SETTINGS);
    expect(got.get(a.employeeId!)).toMatchObject({
      workDays: 21,
      overtime: [
        { dayType: 'restday', hours: 9.5 },
        { dayType: 'restday', hours: 5 },
      ],
    });
    expect(got.has(none.a.employeeId!)).toBe(false);
  });

  it('a rostered rest day is a rest day', async () => {
    const { a } = await worker();
    await assignSchedule(ctx(admin), requirePermission(admin, 'attendance.manage'), {
      from: '2026-11-24',
      to: '2026-11-24',
      employeeIds: [a.employeeId!],
      pattern: [{ shiftId: null, days: 1 }],
    });
    const o = await requestOvertime(ctx(a), personal(a), { date: '2026-11-24', hours: 6, reason: 'Inventory' });
    expect(o.dayType).toBe('restday');
  });
});

describe('demo seed', () => {
  it('seeds corrections and overtime in every status once, through the services', async () => {
    const t = await createTestDb();
    try {
      const sctx = createServices(t.db, { clock: () => NOW }).ctx(null);
      await seedDemo(sctx, { employees: 20, seed: 1 });
      const c = await t.db.selectFrom('attendance_corrections').select(['status']).execute();
      expect(new Set(c.map((r) => r.status))).toEqual(new Set([1, 2, 3, 4]));
      const o = await t.db.selectFrom('attendance_overtimes').select(['status']).execute();
      expect(new Set(o.map((r) => r.status))).toEqual(new Set([1, 2, 3]));
      const ov = await t.db.selectFrom('timesheet_overrides').select('source').where('source', '=', 'correction').execute();
      expect(ov).toHaveLength(1);
      expect(await seedAttendanceRequestsDemo(sctx)).toBe(false);
    } finally {
      await t.destroy();
    }
  });
});

describe('segregation of duties and plausible dates (issue 16 items 4 and 13)', () => {
  const link = async (employee: Actor, manager: Actor, by: Actor) =>
    env.db
      .insertInto('employee_managers')
      .values({ employee_id: employee.employeeId!, manager_employee_id: manager.employeeId!, created_by: by.userId })
      .execute();

  it('overtime: a manager linked after filing may not decide it, nor who linked it; one linked before may', async () => {
    const { a } = await worker(0);
    const o = await requestOvertime(ctx(a), personal(a), { date: '2026-11-17', hours: 1, reason: 'Audit' });
    await link(a, hc, hc2);
    for (const who of [hc, hc2]) {
      expect(await failure(approveOvertime(ctx(who), approver(who), { id: o.id }))).toMatchObject({
        code: 'FORBIDDEN',
        message:
          "You cannot decide this overtime request: its approval route (the requester's manager) was changed after it was filed",
      });
    }
    const bulk = await bulkApproveOvertime(ctx(hc), approver(hc), { ids: [o.id] });
    expect(bulk).toMatchObject({ done: 0, failed: 1 });
    expect((await getOvertime(ctx(hc), personal(hc), { id: o.id })).can).toMatchObject({ approve: false, disapprove: false });
    expect((await approveOvertime(ctx(admin), approver(admin), { id: o.id })).status).toBe(1);

    const b = await worker(0);
    const mgr = await actor(['manager'], 1);
    await link(b.a, mgr, admin);
    const o2 = await requestOvertime(ctx(b.a), personal(b.a), { date: '2026-11-17', hours: 1, reason: 'Audit' });
    expect((await approveOvertime(ctx(mgr), approver(mgr), { id: o2.id })).status).toBe(1);
  });

  it('corrections: a manager linked after filing may not decide it; one linked before may', async () => {
    const { a } = await worker(0);
    const c = await requestCorrection(ctx(a), personal(a), { date: '2026-11-16', type: 1, reason: 'Bus' });
    await link(a, hc, hc);
    expect(await failure(approveCorrection(ctx(hc), approver(hc), { id: c.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: "You cannot decide this correction: its approval route (the requester's manager) was changed after it was filed",
    });
    expect((await bulkApproveCorrections(ctx(hc), approver(hc), { ids: [c.id] })).failed).toBe(1);
    expect((await approveCorrection(ctx(hc2), approver(hc2), { id: c.id })).status).toBe(1);

    const b = await worker(0);
    const mgr = await actor(['manager'], 1);
    await link(b.a, mgr, admin);
    const c2 = await requestCorrection(ctx(b.a), personal(b.a), { date: '2026-11-16', type: 1, reason: 'Bus' });
    expect((await approveCorrection(ctx(mgr), approver(mgr), { id: c2.id })).status).toBe(1);
  });

  it('a manager linked in the same millisecond just before the filing may decide it (microseconds are not lost to a Date)', async () => {
    const { a } = await worker(0);
    const mgr = await actor(['manager'], 1);
    const c = await requestCorrection(ctx(a), personal(a), { date: '2026-11-16', type: 1, reason: 'Bus' });
    await link(a, mgr, admin);
    // Filed at .123900, linked at .123400: before the filing, within the millisecond a JS Date keeps.
    await sql`update attendance_corrections set created_at = '2026-11-19 09:00:00.123900+07' where id = ${c.id}`.execute(env.db);
    await sql`update employee_managers set created_at = '2026-11-19 09:00:00.123400+07', updated_at = '2026-11-19 09:00:00.123400+07'
      where employee_id = ${a.employeeId!} and manager_employee_id = ${mgr.employeeId!}`.execute(env.db);
    expect((await approveCorrection(ctx(mgr), approver(mgr), { id: c.id })).status).toBe(1);
  });

  it('a date more than a year from today is refused with the range, naming the field', async () => {
    const { a } = await worker(0);
    const far = await failure(requestOvertime(ctx(a), personal(a), { date: '2099-01-05', hours: 1, reason: 'x' }));
    expect(far).toMatchObject({
      code: 'VALIDATION',
      fields: [{ param: 'date', msg: 'must be between 20/11/2025 and 20/11/2027' }],
    });
    const ordered = await failure(
      createOvertime(ctx(hc), approver(hc), { employeeId: a.employeeId!, date: '2027-11-21', hours: 1, reason: 'x' }),
    );
    expect(ordered.fields).toEqual([{ param: 'date', msg: 'must be between 20/11/2025 and 20/11/2027' }]);
    const old = await failure(requestCorrection(ctx(a), personal(a), { date: '2025-11-19', type: 1, reason: 'x' }));
    expect(old.fields).toEqual([{ param: 'date', msg: 'must be between 20/11/2025 and 20/11/2027' }]);
    expect((await requestCorrection(ctx(a), personal(a), { date: '2025-11-20', type: 1, reason: 'x' })).status).toBe(3);
  });
});
