import { beforeAll, describe, expect, it } from 'vitest';
import { assignSchedule, createHoliday, listTimesheets } from '../attendance/index';
import type { Actor } from '../access/actor';
import type { AppError } from '../shared/errors';
import { auditsOf } from '../testing/audit';
import { failure } from '../testing/expect';
import { leaveTestKit } from './test-kit';
import {
  approvedUnpaidLeaveDays,
  approveLeave,
  bulkApproveLeave,
  cancelLeave,
  cancelMyLeave,
  createLeave,
  createLeaveType,
  deleteLeave,
  deleteLeaveType,
  disapproveLeave,
  getLeave,
  getLeaveBalance,
  leaveAwaitingMe,
  leaveReport,
  leaveSchedule,
  listLeave,
  listMyLeave,
  myLeaveBalance,
  previewMyLeave,
  setLeaveBePaid,
  updateLeaveSettings,
  updateMyLeave,
} from './index';

// "Now": Friday 20 Nov 2026, 17:00 in Jakarta. November 2026: Mondays 2, 9, 16, 23, 30.
const NOW = new Date('2026-11-20T10:00:00Z');

/** Human capital staff (hr.all): approves everyone. */
let hc: Actor;
let hc2: Actor;
/** Employees of department 0 and 1. */
let ana: Actor;
let budi: Actor;
/** A supervisor of department 1 (attendance.approve, scoped to department 1). */
let sup1: Actor;
let annual: number;
let sick: number;
let unpaid: number;

const { env, actor, ctx, approve, view, personal, manage, officeWeek, leaveType, ask } = leaveTestKit({ clock: () => NOW });

async function setEntitlement(employeeId: number, date: string) {
  await env.db.updateTable('employees').set({ annual_leave_date: date }).where('id', '=', employeeId).execute();
}

beforeAll(async () => {
  hc = await actor(['human-capital-staff'], 0);
  hc2 = await actor(['human-capital-staff'], 1);
  ana = await actor(['employee'], 0);
  budi = await actor(['employee'], 1);
  sup1 = await actor(['supervisor'], 1);
  for (const a of [ana, budi, hc]) await setEntitlement(a.employeeId!, '2025-01-01');
  await officeWeek(hc);
  // Thursday 12 Nov is a company-wide holiday.
  await createHoliday(ctx(hc), manage(hc), { date: '2026-11-12', name: 'Company day', kind: 'company' });
  annual = await leaveType(hc, 'AL', 'Annual Leave', { paid: true, countsAnnual: true });
  sick = await leaveType(hc, 'SL', 'Sick Leave', {
    paid: true,
    countsAnnual: false,
    maxDays: 3,
    needsAttachment: true,
    allowHalfDay: false,
  });
  unpaid = await leaveType(hc, 'UL', 'Unpaid Leave', { paid: false, countsAnnual: false });
});

const PDF_B64 = Buffer.from('%PDF-1.4\n%%EOF').toString('base64');

describe('leave types', () => {
  it('codes are unique (case-insensitive); a used type cannot be deleted', async () => {
    const dup = await failure(
      createLeaveType(ctx(hc), manage(hc), {
        code: 'al',
        name: 'Again',
        paid: true,
        countsAnnual: true,
        needsAttachment: false,
        allowHalfDay: true,
      }),
    );
    expect(dup.code).toBe('CONFLICT');
    expect(dup.fields).toEqual([{ param: 'code', msg: 'is already used' }]);
    const tmp = await leaveType(hc, 'TMP', 'Temporary', { paid: true, countsAnnual: false });
    expect(await deleteLeaveType(ctx(hc), manage(hc), { id: tmp })).toEqual({ id: tmp });
  });
});

describe('working days and balance', () => {
  it('counts working days from the roster/settings without weekends and holidays', async () => {
    // Mon 9 … Sun 15 Nov: Mon, Tue, Wed, Fri (Thu is a holiday; the weekend is off).
    const p = await previewMyLeave(ctx(ana), personal(ana), { startDate: '2026-11-09', endDate: '2026-11-15' });
    expect(p).toEqual({ days: 4, dates: ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-13'] });
    // A roster row wins: Saturday 14 Nov rostered to work, Monday 9 Nov rostered off.
    const office = (await env.db.selectFrom('shifts').select('id').executeTakeFirstOrThrow()).id;
    const hcManage = manage(hc);
    await assignSchedule(ctx(hc), hcManage, {
      from: '2026-11-14',
      to: '2026-11-14',
      employeeIds: [budi.employeeId!],
      pattern: [{ shiftId: office, days: 1 }],
    });
    await assignSchedule(ctx(hc), hcManage, {
      from: '2026-11-09',
      to: '2026-11-09',
      employeeIds: [budi.employeeId!],
      pattern: [{ shiftId: null, days: 1 }],
    });
    const b = await previewMyLeave(ctx(budi), personal(budi), { startDate: '2026-11-09', endDate: '2026-11-15' });
    expect(b.dates).toEqual(['2026-11-10', '2026-11-11', '2026-11-13', '2026-11-14']);
  });

  it('a request holds its days; approval moves them to used; the balance shows 12 days per UU 13/2003', async () => {
    expect(await myLeaveBalance(ctx(ana), personal(ana))).toMatchObject({
      year: 2026,
      entitlementDate: '2025-01-01',
      entitled: 12,
      used: 0,
      reserved: 0,
      remaining: 12,
    });
    const r = await ask(ana, annual, '2026-11-09', '2026-11-13', 'Family trip');
    expect(r).toMatchObject({ status: 3, statusLabel: 'Pending', days: 4, bePaid: true, can: { edit: true, cancel: true } });
    expect(await myLeaveBalance(ctx(ana), personal(ana))).toMatchObject({ reserved: 4, remaining: 8 });
    const d = await approveLeave(ctx(hc), approve(hc), { id: r.id, note: 'Enjoy' });
    expect(d).toMatchObject({ status: 1, statusLabel: 'Approved', decisionNote: 'Enjoy' });
    expect(await myLeaveBalance(ctx(ana), personal(ana))).toMatchObject({ used: 4, reserved: 0, remaining: 8 });
  });

  it('refuses more than the balance with the days left, and never goes negative under concurrent requests', async () => {
    const over = await failure(ask(ana, annual, '2026-12-01', '2026-12-14', 'Too long'));
    expect(over.code).toBe('CONFLICT');
    expect(over.message).toBe('Not enough annual leave: 8 days left, 10 days requested');
    // Two requests of 5 days each against 8 days left: exactly one passes.
    const results = await Promise.allSettled([
      ask(ana, annual, '2026-12-07', '2026-12-11', 'A'),
      ask(ana, annual, '2026-12-14', '2026-12-18', 'B'),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).message).toBe('Not enough annual leave: 3 days left, 5 days requested');
    expect(await myLeaveBalance(ctx(ana), personal(ana))).toMatchObject({ used: 4, reserved: 5, remaining: 3 });
    // The database itself refuses a negative balance.
    const raw = await env.db
      .updateTable('leave_balances')
      .set({ used: 20 })
      .where('employee_id', '=', ana.employeeId!)
      .execute()
      .catch((e: unknown) => e);
    expect(String((raw as Error).message)).toMatch(/leave_balances_not_negative/);
  });

  it('refuses overlaps, leave before the entitlement date, missing attachments and too many days', async () => {
    const overlap = await failure(ask(ana, unpaid, '2026-11-13', '2026-11-13', 'Overlap'));
    expect(overlap.message).toMatch(/^Overlaps leave request #\d+ \(09\/11\/2026 – 13\/11\/2026\)$/);
    const newbie = await actor(['employee'], 0);
    await setEntitlement(newbie.employeeId!, '2026-12-01');
    const early = await failure(ask(newbie, annual, '2026-11-23', '2026-11-23', 'Too early'));
    expect(early.message).toBe('Not entitled to annual leave before 01/12/2026');
    const noFile = await failure(ask(budi, sick, '2026-11-16', '2026-11-17', 'Flu'));
    expect(noFile.fields).toEqual([{ param: 'attachment', msg: 'is required for this leave type' }]);
    const tooLong = await failure(
      ask(budi, sick, '2026-11-16', '2026-11-20', 'Flu', {
        attachment: { name: 'note.pdf', mime: 'application/pdf', contentBase64: PDF_B64 },
      }),
    );
    expect(tooLong.message).toBe('Sick Leave allows at most 3 days per request (5 days chosen)');
    const half = await failure(
      ask(budi, sick, '2026-11-16', '2026-11-16', 'Flu', {
        halfDay: 'morning',
        attachment: { name: 'note.pdf', mime: 'application/pdf', contentBase64: PDF_B64 },
      }),
    );
    expect(half.fields[0]?.param).toBe('halfDay');
  });

  it('edit while pending re-checks and re-holds the days; half days count 0.5; cancel gives them back', async () => {
    const r = await ask(budi, annual, '2026-11-23', '2026-11-24', 'Errands');
    expect((await myLeaveBalance(ctx(budi), personal(budi))).reserved).toBe(2);
    const e = await updateMyLeave(ctx(budi), personal(budi), {
      id: r.id,
      leaveTypeId: annual,
      startDate: '2026-11-25',
      endDate: '2026-11-25',
      halfDay: 'afternoon',
      reason: 'Errands (half day)',
    });
    expect(e).toMatchObject({ days: 0.5, halfDay: 'afternoon', dates: [{ date: '2026-11-25', fraction: 0.5 }] });
    expect((await myLeaveBalance(ctx(budi), personal(budi))).reserved).toBe(0.5);
    const c = await cancelMyLeave(ctx(budi), personal(budi), { id: r.id });
    expect(c).toMatchObject({ status: 4, statusLabel: 'Cancel' });
    expect(await myLeaveBalance(ctx(budi), personal(budi))).toMatchObject({ reserved: 0, remaining: 12 });
    const again = await failure(updateMyLeave(ctx(budi), personal(budi), { ...e, id: r.id, reason: 'x' }));
    expect(again.message).toBe('Only a pending leave request can be changed');
  });
});

describe('decisions, scope and the timesheet', () => {
  it('two concurrent approvals: one wins, the other is told it was decided', async () => {
    // Filed by the supervisor, who then may not decide it (segregation of duties).
    const r = await createLeave(ctx(sup1), approve(sup1), {
      employeeId: budi.employeeId!,
      leaveTypeId: unpaid,
      startDate: '2026-11-02',
      endDate: '2026-11-03',
      reason: 'Moving house',
    });
    const results = await Promise.allSettled([
      approveLeave(env.services.ctx(hc), approve(hc), { id: r.id }),
      approveLeave(env.services.ctx(hc2), approve(hc2), { id: r.id }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as AppError).code).toBe('CONFLICT');
    expect((lost.reason as AppError).message).toBe('This leave request has been decided already; reload to see its status');
    expect(await auditsOf(env.db, 'leave.approve', r.id)).toHaveLength(1);
    // Payroll sees the unpaid days.
    expect(
      await approvedUnpaidLeaveDays(env.db, {
        employeeIds: [budi.employeeId!, ana.employeeId!],
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    ).toEqual([{ employeeId: budi.employeeId!, days: 2 }]);
    await setLeaveBePaid(ctx(hc), approve(hc), { id: r.id, bePaid: true });
    expect(
      await approvedUnpaidLeaveDays(env.db, { employeeIds: [budi.employeeId!], from: '2026-11-01', to: '2026-11-30' }),
    ).toEqual([]);
  });

  it('approved leave shows in the timesheet and disappears when cancelled', async () => {
    const r = await createLeave(ctx(hc), approve(hc), {
      employeeId: budi.employeeId!,
      leaveTypeId: annual,
      startDate: '2026-11-16',
      endDate: '2026-11-17',
      reason: 'Rest',
    });
    // The one who filed it may not approve it; another HR person may.
    expect((await failure(approveLeave(ctx(hc), approve(hc), { id: r.id }))).message).toBe(
      'You filed this leave request, so another person must decide it',
    );
    await approveLeave(ctx(hc2), approve(hc2), { id: r.id });
    const days = async () =>
      (await listTimesheets(ctx(hc), view(hc), { employeeId: budi.employeeId!, from: '2026-11-16', to: '2026-11-17' })).rows
        .map((x) => `${x.date}:${x.dayType}:${x.status ?? '-'}`)
        .sort();
    expect(await days()).toEqual(['2026-11-16:leave:-', '2026-11-17:leave:-']);
    expect((await myLeaveBalance(ctx(budi), personal(budi))).used).toBe(2);
    await cancelLeave(ctx(hc), approve(hc), { id: r.id, note: 'Called back' });
    // No punches on those workdays: No Clock-In (2).
    expect(await days()).toEqual(['2026-11-16:workday:2', '2026-11-17:workday:2']);
    expect((await myLeaveBalance(ctx(budi), personal(budi))).used).toBe(0);
  });

  it('a scoped approver sees only their department; out of scope is NOT_FOUND; nobody decides their own', async () => {
    const anaReq = (await listMyLeave(ctx(ana), personal(ana), {})).rows[0]!;
    expect((await failure(getLeave(ctx(sup1), view(sup1), { id: anaReq.id }))).code).toBe('NOT_FOUND');
    expect((await failure(approveLeave(ctx(sup1), approve(sup1), { id: anaReq.id }))).code).toBe('NOT_FOUND');
    const list = await listLeave(ctx(sup1), view(sup1), { pageSize: 100 });
    expect(list.rows.length).toBeGreaterThan(0);
    expect(list.rows.every((x) => x.department === 'Ops')).toBe(true);
    const own = await ask(sup1, unpaid, '2026-11-30', '2026-11-30', 'Own');
    expect((await failure(approveLeave(ctx(sup1), approve(sup1), { id: own.id }))).message).toBe(
      'You cannot decide your own leave request',
    );
    const mine = await leaveAwaitingMe(ctx(sup1), approve(sup1));
    expect(mine.some((x) => x.id === own.id)).toBe(false);
    expect((await leaveAwaitingMe(ctx(hc), approve(hc))).map((x) => x.id)).toContain(own.id);
    expect((await failure(getLeaveBalance(ctx(sup1), view(sup1), { employeeId: ana.employeeId! }))).code).toBe('NOT_FOUND');
  });

  it('bulk approve reports per-item results; an approved leave cannot be deleted; disapprove releases days', async () => {
    const a = await ask(budi, annual, '2026-12-01', '2026-12-01', 'One');
    const b = await ask(budi, annual, '2026-12-02', '2026-12-02', 'Two');
    const res = await bulkApproveLeave(ctx(sup1), approve(sup1), { ids: [a.id, 999_999] });
    expect(res).toEqual({
      items: [
        { id: a.id, ok: true, message: 'Done' },
        { id: 999_999, ok: false, message: 'Leave request not found' },
      ],
      succeeded: 1,
      failed: 1,
    });
    expect((await failure(deleteLeave(ctx(hc), approve(hc), { id: a.id }))).message).toBe(
      'An approved leave cannot be deleted; cancel it first',
    );
    await disapproveLeave(ctx(hc), approve(hc), { id: b.id });
    expect(await myLeaveBalance(ctx(budi), personal(budi))).toMatchObject({ used: 1, reserved: 0, remaining: 11 });
    expect(await deleteLeave(ctx(hc), approve(hc), { id: b.id })).toEqual({ id: b.id });
  });

  it('schedule by department and the yearly report per type and month', async () => {
    const s = await leaveSchedule(ctx(hc), view(hc), { month: '2026-11', departmentId: env.org.dept[0] });
    const anaRow = s.rows.find((x) => x.employeeId === ana.employeeId)!;
    expect(anaRow.days.map((d) => d.date)).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-13']);
    expect(anaRow.totalDays).toBe(4);
    expect(s.rows.every((x) => x.department === 'HR')).toBe(true);
    const rep = await leaveReport(ctx(hc), view(hc), { year: 2026 });
    expect(rep.rows).toEqual(
      expect.arrayContaining([
        { leaveTypeId: annual, leaveType: 'Annual Leave', month: 11, requests: 1, days: 4 },
        { leaveTypeId: annual, leaveType: 'Annual Leave', month: 12, requests: 1, days: 1 },
        { leaveTypeId: unpaid, leaveType: 'Unpaid Leave', month: 11, requests: 1, days: 2 },
      ]),
    );
    const scoped = await leaveReport(ctx(sup1), view(sup1), { year: 2026 });
    expect(scoped.totals.find((x) => x.leaveTypeId === annual)).toMatchObject({ requests: 1, days: 1 });
  });

  it('carry-over moves what was left (at most the setting) into the next year', async () => {
    await updateLeaveSettings(ctx(hc), manage(hc), { annualDays: 12, carryOverMaxDays: 5, prorateFirstYear: false });
    // Ana: 12 − 4 used − 5 pending (the December request is still pending) = 3 left in 2026.
    const next = await myLeaveBalance(ctx(ana), personal(ana), { year: 2027 });
    expect(next).toMatchObject({ entitled: 12, carried: 3, remaining: 15 });
  });
});
