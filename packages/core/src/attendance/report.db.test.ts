import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';
import { pdfText } from '../testing/pdf';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { readSheetRows } from './import';
import { ingestPunches } from '../devices/ingest';
import { assignPin } from './punches';
import {
  attendanceDaily,
  attendanceReport,
  employeeAttendancePdf,
  employeeAttendanceReport,
  myAttendancePdf,
  myAttendanceReport,
  recapTimesheets,
} from './report';
import { officeWeek } from './test-kit';
import { editTimesheet, recomputeTimesheets, setTimesheetOverrides } from './timesheets';

// Fixed "now": 20 Nov 2026 17:00 in Jakarta. The week under test: Monday 2 to Sunday 8 November 2026.
const NOW = new Date('2026-11-20T10:00:00Z');
const FROM = '2026-11-02';
const TO = '2026-11-08';

const t = useOrgTestDb(undefined, { clock: () => NOW });
let admin: Actor;
let ctx: Ctx;
let worker: { id: number; userId: number; email: string };
let other: number;

const view = () => requirePermission(admin, 'attendance.view');
const manage = () => requirePermission(admin, 'attendance.manage');

async function punches(employeeId: number, pin: string, times: string[]) {
  await assignPin(ctx, manage(), { employeeId, pin });
  await ingestPunches(ctx, requirePermission(admin, 'device.ingest'), {
    agent: 'test',
    clockSkewMs: null,
    punches: times.map((t) => ({ deviceSerial: 'DEV-R', pin, localTime: t, state: 0, verifyType: 1 })),
  });
}

beforeAll(async () => {
  // A superadmin without an employee record of its own, so it never shows in the reports.
  admin = await t.actorOf((await makeUser(t.services, null, ['superadmin'])).userId);
  ctx = t.services.ctx(admin);
  await officeWeek(ctx, manage());

  // The worker (department 0, with a login): a valid Monday, late Tuesday, early Wednesday (late
  // 9 minutes, within the 10-minute grace), absent Thursday, leave on Friday, weekend off.
  const w = await makeUser(t.services, t.org, ['employee'], { dept: 0 });
  worker = { id: w.employeeId!, userId: w.userId, email: w.email };
  await punches(worker.id, '9001', [
    '2026-11-02T07:55:00',
    '2026-11-02T17:05:00',
    '2026-11-03T08:20:00',
    '2026-11-03T17:00:00',
    '2026-11-04T08:09:00',
    '2026-11-04T16:30:00',
  ]);
  // Someone in department 1: present every workday on time.
  other = await makeEmployee(t.db, t.org, { dept: 1 }, 'Other Person');
  await punches(
    other,
    '9002',
    ['02', '03', '04', '05', '06'].flatMap((d) => [`2026-11-${d}T07:50:00`, `2026-11-${d}T17:00:00`]),
  );
  await recomputeTimesheets(ctx, manage(), { from: FROM, to: TO });
  await setTimesheetOverrides(
    t.db,
    [{ employeeId: worker.id, date: '2026-11-06', source: 'leave', priority: 10, status: null, dayType: 'leave' }],
    null,
  );
});

describe('attendance report (spec /attendance/report)', () => {
  it('counts present, absent, late, early, leave and worked hours per employee', async () => {
    const page = await attendanceReport(ctx, view(), { from: FROM, to: TO });
    expect(page.total).toBe(2);
    const w = page.rows.find((r) => r.employeeId === worker.id);
    expect(w).toMatchObject({
      days: 7,
      workdays: 4,
      present: 3,
      absent: 1,
      late: 1,
      lateMinutes: 20,
      // Wednesday: 30 minutes early (beyond the 5-minute grace); its 9 late minutes are within grace.
      early: 1,
      earlyMinutes: 30,
      leave: 1,
      holidays: 0,
      failed: 3,
      // (9h10 − 1h) + (8h40 − 1h) + (8h21 − 1h) = 1391 minutes.
      workedMinutes: 1391,
      workedHours: '23.18',
    });
    const o = page.rows.find((r) => r.employeeId === other);
    expect(o).toMatchObject({ present: 5, absent: 0, late: 0, early: 0, leave: 0, workedMinutes: 5 * (9 * 60 + 10 - 60) });
    // Filters apply: department 1 only.
    const dept = await attendanceReport(ctx, view(), { from: FROM, to: TO, departmentId: t.org.dept[1] });
    expect(dept.rows.map((r) => r.employeeId)).toEqual([other]);
  });

  it('the daily series counts the selected employees per day', async () => {
    const daily = await attendanceDaily(ctx, view(), { from: FROM, to: TO });
    expect(daily.days.map((d) => [d.date, d.present, d.late, d.absent, d.leave])).toEqual([
      ['2026-11-02', 2, 0, 0, 0],
      ['2026-11-03', 2, 1, 0, 0],
      ['2026-11-04', 2, 0, 0, 0],
      ['2026-11-05', 1, 0, 1, 0],
      ['2026-11-06', 1, 0, 0, 1],
      ['2026-11-07', 0, 0, 0, 0],
      ['2026-11-08', 0, 0, 0, 0],
    ]);
    expect(daily.days[0]!.employees).toBe(2);
  });

  it("one employee's report and PDF: numbers, every day, statuses with their spec labels", async () => {
    const report = await employeeAttendanceReport(ctx, view(), { employeeId: worker.id, from: FROM, to: TO });
    expect(report.days.map((d) => [d.date, d.dayType, d.statusLabel])).toEqual([
      ['2026-11-02', 'workday', 'Valid'],
      ['2026-11-03', 'workday', 'Late Clock-In'],
      ['2026-11-04', 'workday', 'Early Clock-Out'],
      ['2026-11-05', 'workday', 'No Clock-In'],
      ['2026-11-06', 'leave', null],
      ['2026-11-07', 'dayoff', null],
      ['2026-11-08', 'dayoff', null],
    ]);
    expect(report.totals).toMatchObject({ present: 3, absent: 1, leave: 1, workedHours: '23.18' });

    const file = await employeeAttendancePdf(ctx, view(), { employeeId: worker.id, from: FROM, to: TO });
    expect(file.contentType).toBe('application/pdf');
    expect(file.fileName).toBe(`attendance_${report.employee.employeeNumber}_${FROM}_${TO}.pdf`);
    const text = pdfText(Buffer.from(file.base64, 'base64'));
    for (const s of [
      'Attendance Report',
      'Period 02/11/2026 - 08/11/2026',
      report.employee.name,
      '1 day, 20 minutes',
      '1 day, 30 minutes',
      '23.18',
      '03/11/2026',
      'Late Clock-In',
      'Early Clock-Out',
      'No Clock-In',
      'Leave',
      '3 present',
    ]) {
      expect(text).toContain(s);
    }

    // The same PDF in Bahasa Indonesia: the words translated, the names and numbers the same.
    const id = await employeeAttendancePdf(ctx, view(), { employeeId: worker.id, from: FROM, to: TO, language: 'id' });
    const idText = pdfText(Buffer.from(id.base64, 'base64')).replace(/\s+/g, ' ');
    for (const s of [
      'Laporan Kehadiran',
      'Periode 02/11/2026 - 08/11/2026',
      report.employee.name,
      '1 hari, 20 menit',
      '23.18',
      'Terlambat Masuk',
      'Tidak Absen Masuk',
      'Cuti',
      '3 hadir',
    ]) {
      expect(idText).toContain(s);
    }
    expect(idText).not.toMatch(/Attendance Report|No Clock-In|Late Clock-In|present/);
  });

  it('a manual edit shows as Manual Input and counts as present', async () => {
    await editTimesheet(ctx, manage(), {
      employeeId: worker.id,
      date: '2026-11-05',
      firstIn: '08:00',
      lastOut: '17:00',
      note: 'Forgot the card',
    });
    const report = await employeeAttendanceReport(ctx, view(), { employeeId: worker.id, from: FROM, to: TO });
    expect(report.days.find((d) => d.date === '2026-11-05')).toMatchObject({ status: 98, statusLabel: 'Manual Input' });
    expect(report.totals).toMatchObject({ present: 4, absent: 0, failed: 2, workedMinutes: 1391 + 480 });
  });

  it('the recap workbook has a code per employee-day and the totals', async () => {
    const file = await recapTimesheets(ctx, view(), { from: FROM, to: TO });
    expect(file.fileName).toBe(`attendance_recap_${FROM}_${TO}.xlsx`);
    const rows = await readSheetRows(Buffer.from(file.base64, 'base64'), 'Recap');
    expect(rows[1]).toEqual([
      'Employee No.',
      'Name',
      'Department',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      'Present',
      'Absent',
      'Late',
      'Late (min)',
      'Early',
      'Leave',
      'Worked (hours)',
    ]);
    const { employee } = await employeeAttendanceReport(ctx, view(), { employeeId: worker.id, from: FROM, to: TO });
    const w = rows.find((r) => r[0] === employee.employeeNumber);
    expect(w?.slice(3, 10)).toEqual(['V', 'L', 'E', 'M', 'LV', 'OFF', 'OFF']);
    const legend = await readSheetRows(Buffer.from(file.base64, 'base64'), 'Legend');
    expect(legend).toContainEqual(['A', 'Absent (workday without any punch)']);
  });

  it('scope: a supervisor of another department gets NOT_FOUND for the worker and sees only their own department', async () => {
    const sup = await t.newActor(['supervisor'], { dept: 1 });
    const g = requirePermission(sup, 'attendance.view');
    await expect(
      employeeAttendancePdf(t.services.ctx(sup), g, { employeeId: worker.id, from: FROM, to: TO }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const page = await attendanceReport(t.services.ctx(sup), g, { from: FROM, to: TO });
    expect(page.rows.map((r) => r.employeeId)).toEqual([other]);
  });

  it('personal: the employee gets their own month as a PDF; a later month is refused', async () => {
    const me = await t.actorOf(worker.userId);
    const g = requirePermission(me, 'personal.access');
    const mine = await myAttendanceReport(t.services.ctx(me), g, { month: '2026-11' });
    expect(mine).toMatchObject({ from: '2026-11-01', to: '2026-11-30', employee: { id: worker.id } });
    const file = await myAttendancePdf(t.services.ctx(me), g, { month: '2026-11' });
    expect(file.fileName).toMatch(/_2026-11-01_2026-11-30\.pdf$/);
    expect(pdfText(Buffer.from(file.base64, 'base64'))).toContain('Period 01/11/2026 - 30/11/2026');
    const later = await myAttendancePdf(t.services.ctx(me), g, { month: '2026-12' }).catch((e: unknown) => e);
    expect(later).toBeInstanceOf(AppError);
    expect((later as AppError).code).toBe('VALIDATION');
  });
});
