import { createUser } from '@hr/core/auth';
import { readSheetRows } from '@hr/core/attendance';
import { pdfText } from '@hr/core/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, punch, useTestApp } from './test-app';

const t = useTestApp({ employees: 3 });

let admin: Headers;
let staff: Headers;
let employeeIds: number[];

beforeAll(async () => {
  [admin, staff] = await t.bearers(t.admin, t.staff);
  employeeIds = (await t.tdb.db.selectFrom('employees').select('id').orderBy('id').execute()).map((e) => e.id);
});
const { get, post } = t.requests(() => admin);

describe('attendance over REST (spec §7 attendance/*, device agent contract)', () => {
  it('POST /v2/h/attendance/punch/ingest answers per punch: inserted, duplicate, rejected', async () => {
    const body = {
      agent: 'hr-agent/1.0',
      clockSkewMs: null,
      punches: [punch('501', '2026-10-05T07:58:00'), punch('501', '2026-10-05T17:03:00'), punch('501', 'yesterday')],
    };
    const first = await post('/v2/h/attendance/punch/ingest', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: 'success',
      success: 'Punches received',
      errors: [],
      result: {
        items: [
          { index: 0, status: 'inserted' },
          { index: 1, status: 'inserted' },
          { index: 2, status: 'rejected', message: 'localTime: must be a date-time yyyy-mm-ddThh:mm:ss' },
        ],
      },
    });
    const again = await post('/v2/h/attendance/punch/ingest', { ...body, clockSkewMs: 250 });
    expect(again.json().result.items.map((i: { status: string }) => i.status)).toEqual(['duplicate', 'duplicate', 'rejected']);

    // Structure errors are GL0001 naming the field; no permission is 403; no token 401.
    const empty = await post('/v2/h/attendance/punch/ingest', { agent: 'a', clockSkewMs: null, punches: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [expect.objectContaining({ param: 'punches' })] });
    expect((await post('/v2/h/attendance/punch/ingest', body, staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v2/h/attendance/punch/ingest', payload: body })).statusCode).toBe(401);

    // The unknown PIN's punches are kept; mapping the PIN computes the day.
    const unmapped = (await get('/v2/h/attendance/punch?unmapped=true&pin=501')).json();
    expect(unmapped.results.total).toBe(2);
    const mapped = await post('/v2/h/attendance/pin', { employeeId: employeeIds[0], pin: '501' });
    expect(mapped.json()).toMatchObject({ status: 'success', success: 'PIN mapped', result: { pin: '501', resolvedPunches: 2 } });
    const dup = await post('/v2/h/attendance/pin', { employeeId: employeeIds[1], pin: '501' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0].attributes).toEqual([{ param: 'pin', msg: 'is already used' }]);
  });

  it('shifts, settings, schedules and holidays: create, list, update, delete', async () => {
    const created = await post('/v2/h/attendance/shift', {
      name: 'Morning',
      startTime: '07:00',
      endTime: '15:00',
      breakMinutes: 30,
      lateGraceMinutes: 5,
    });
    expect(created.json()).toMatchObject({
      status: 'success',
      success: 'Shift created',
      result: { name: 'Morning', label: 'Morning (07:00 - 15:00)', overnight: false, breakMinutes: 30 },
    });
    const id = created.json().result.id as number;
    const night = (await post('/v2/h/attendance/shift', { name: 'Night', startTime: '23:00', endTime: '07:00' })).json().result;
    expect(night).toMatchObject({ overnight: true, label: 'Night (23:00 - 07:00)' });
    const same = await post('/v2/h/attendance/shift', { name: 'Zero', startTime: '08:00', endTime: '08:00' });
    expect(same.json().errors[0].attributes).toEqual([{ param: 'endTime', msg: 'must differ from the start time' }]);
    expect((await post('/v2/h/attendance/shift', { name: 'morning', startTime: '06:00', endTime: '14:00' })).statusCode).toBe(
      409,
    );

    const lookup = (await get('/v2/h/attendance/shift/lookup', staff)).json();
    expect(lookup.results).toEqual(
      expect.arrayContaining([{ id, name: 'Morning (07:00 - 15:00)', startTime: '07:00', endTime: '15:00' }]),
    );
    expect((await post(`/v2/h/attendance/shift/${id}/update`, { lateGraceMinutes: 10 })).json().result.lateGraceMinutes).toBe(10);

    const settings = await post('/v2/h/attendance/setting/update', { defaultShiftId: id, workdays: [1, 2, 3, 4, 5, 6] });
    expect(settings.json().result).toMatchObject({ defaultShift: 'Morning (07:00 - 15:00)', workdays: [1, 2, 3, 4, 5, 6] });
    expect((await get('/v2/h/attendance/setting')).json().result.windowBeforeMinutes).toBe(240);

    // Rotation: Night ×2, off ×1 from Monday 12 Oct for the second employee.
    const assigned = await post('/v2/h/attendance/schedule/assign', {
      from: '2026-10-12',
      to: '2026-10-17',
      employeeIds: [employeeIds[1]],
      pattern: [
        { shiftId: night.id, days: 2 },
        { shiftId: null, days: 1 },
      ],
    });
    expect(assigned.json().result).toEqual({ employees: 1, days: 6, rosterDays: 6 });
    const roster = (
      await get(`/v2/h/attendance/schedule?employeeId=${employeeIds[1]}&from=2026-10-12&to=2026-10-18&pageSize=10`)
    ).json().results;
    expect(roster.rows.map((r: { date: string; shift: string | null }) => [r.date, r.shift])).toEqual([
      ['2026-10-12', 'Night (23:00 - 07:00)'],
      ['2026-10-13', 'Night (23:00 - 07:00)'],
      ['2026-10-14', null],
      ['2026-10-15', 'Night (23:00 - 07:00)'],
      ['2026-10-16', 'Night (23:00 - 07:00)'],
      ['2026-10-17', null],
      // Not rostered: the settings' default shift on a workday (Sunday is not one).
      ['2026-10-18', null],
    ]);
    const badPattern = await post('/v2/h/attendance/schedule/assign', {
      from: '2026-10-12',
      to: '2026-10-13',
      pattern: [{ shiftId: 999999, days: 1 }],
    });
    expect(badPattern.json().errors[0].attributes).toEqual([{ param: 'pattern.0.shiftId', msg: 'is not a known shift' }]);
    const inUse = await post(`/v2/h/attendance/shift/${night.id}/delete`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errors[0].message).toBe('Shift Night (23:00 - 07:00) is used by 4 roster days');

    const holiday = await post('/v2/h/attendance/holiday', {
      date: '2026-12-25',
      name: 'Hari Raya Natal',
      kind: 'religious',
      religiousHoliday: 1,
    });
    expect(holiday.json()).toMatchObject({ success: 'Holiday created', result: { date: '2026-12-25', religiousHoliday: 1 } });
    const hid = holiday.json().result.id as number;
    expect((await get('/v2/h/attendance/holiday?from=2026-12-01&to=2026-12-31')).json().results.total).toBe(1);
    expect((await post('/v2/h/attendance/holiday', { date: '2026-12-25', name: 'Again', kind: 'company' })).statusCode).toBe(409);
    expect((await post(`/v2/h/attendance/holiday/${hid}/update`, { name: 'Natal' })).json().result.name).toBe('Natal');
    expect((await post(`/v2/h/attendance/holiday/${hid}/delete`)).json().result).toEqual({ ok: true });
    expect((await post(`/v2/h/attendance/holiday/${hid}/delete`)).statusCode).toBe(404);
  });

  it('timesheets: list, failed, summary, manual edit, recompute, XLSX download; the employee role is refused', async () => {
    const emp = employeeIds[2]!;
    await post('/v2/h/attendance/pin', { employeeId: emp, pin: '777' });
    await post('/v2/h/attendance/punch/ingest', {
      agent: 'a',
      clockSkewMs: null,
      punches: [punch('777', '2026-10-19T07:05:00'), punch('777', '2026-10-19T15:10:00'), punch('777', '2026-10-20T07:30:00')],
    });
    const recompute = await post('/v2/h/attendance/timesheet/recompute', {
      from: '2026-10-19',
      to: '2026-10-21',
      employeeIds: [emp],
    });
    expect(recompute.json()).toMatchObject({
      status: 'success',
      success: 'Timesheets recomputed',
      result: { from: '2026-10-19' },
    });

    const list = (await get(`/v2/h/attendance/timesheet?employeeId=${emp}&from=2026-10-19&to=2026-10-21`)).json();
    expect(list).toMatchObject({ status: 'success', success: 'Timesheets' });
    expect(
      list.results.rows.map((r: { date: string; status: number; statusLabel: string }) => [r.date, r.status, r.statusLabel]),
    ).toEqual([
      ['2026-10-21', 2, 'No Clock-In'],
      ['2026-10-20', 3, 'No Clock-Out'],
      ['2026-10-19', 1, 'Valid'],
    ]);
    const failed = (await get(`/v2/h/attendance/timesheet/failed?employeeId=${emp}&from=2026-10-19&to=2026-10-21`)).json();
    expect(failed.results.total).toBe(2);

    const edit = await post('/v2/h/attendance/timesheet/update', {
      employeeId: emp,
      date: '2026-10-21',
      firstIn: '07:00',
      lastOut: '15:00',
      note: 'Forgot to punch',
    });
    expect(edit.json()).toMatchObject({ success: 'Timesheet updated', result: { status: 98, statusLabel: 'Manual Input' } });
    const noNote = await post('/v2/h/attendance/timesheet/update', { employeeId: emp, date: '2026-10-21', note: '' });
    expect(noNote.json().errors[0].attributes).toEqual([{ param: 'note', msg: 'is required' }]);
    expect(
      (await post('/v2/h/attendance/timesheet/update', { employeeId: 999999, date: '2026-10-21', note: 'x' })).statusCode,
    ).toBe(404);

    const summary = (await get(`/v2/h/attendance/timesheet/summary?employeeId=${emp}&from=2026-10-19&to=2026-10-21`)).json();
    expect(summary.results.rows[0]).toMatchObject({ days: 3, valid: 1, noClockOut: 1, manual: 1, lateMinutes: 30 });

    const dl = await get(`/v2/h/attendance/timesheet/download?employeeId=${emp}&from=2026-10-19&to=2026-10-21`);
    // Over REST a download is the file itself (spec §7: a blob saved under its file name).
    expect(dl.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(dl.headers['content-disposition']).toContain('timesheet_2026-10-19_2026-10-21.xlsx');
    const sheet = await readSheetRows(dl.rawPayload, 'Timesheet');
    expect(sheet.map((r) => [r[0], r[8]])).toEqual([
      ['Date', 'Status'],
      ['19/10/2026', 'Valid'],
      ['20/10/2026', 'No Clock-Out'],
      ['21/10/2026', 'Manual Input'],
    ]);

    expect((await get('/v2/h/attendance/timesheet', staff)).statusCode).toBe(403);
    expect((await post('/v2/h/attendance/timesheet/recompute', { from: '2026-10-19', to: '2026-10-19' }, staff)).statusCode).toBe(
      403,
    );
    // The staff login has no employee record: its own pages are not found.
    expect((await get('/v2/h/personal/timesheet', staff)).statusCode).toBe(404);

    // An employee's login sees its own days only (spec /personal/attendance, /personal/shift).
    const own = { email: 'own@test.co.id', password: 'own-pass-12345' };
    await createUser(t.services.ctx(null), { ...own, roles: ['employee'], employeeId: emp });
    const me = await t.bearer(own);
    const mine = (await get('/v2/h/personal/timesheet?from=2026-10-19&to=2026-10-21', me)).json();
    expect(mine.results.rows.map((r: { employeeId: number; date: string }) => [r.employeeId, r.date])).toEqual([
      [emp, '2026-10-21'],
      [emp, '2026-10-20'],
      [emp, '2026-10-19'],
    ]);
    const myFailed = (await get('/v2/h/personal/timesheet/failed?from=2026-10-19&to=2026-10-21', me)).json();
    expect(myFailed.results.rows.map((r: { date: string; status: number }) => [r.date, r.status])).toEqual([['2026-10-20', 3]]);
    const mySummary = (await get('/v2/h/personal/timesheet/summary?from=2026-10-19&to=2026-10-21', me)).json();
    expect(mySummary.result.summary).toMatchObject({ employeeId: emp, days: 3, valid: 1, noClockOut: 1, manual: 1 });
    const myShifts = (await get('/v2/h/personal/shift?from=2026-10-19&to=2026-10-19', me)).json();
    expect(myShifts.results.rows).toEqual([expect.objectContaining({ employeeId: emp, shift: 'Morning (07:00 - 15:00)' })]);
    expect((await get('/v2/h/attendance/timesheet', me)).statusCode).toBe(403);
  });
  it('report, per-employee report and PDF, recap XLSX, own monthly PDF (spec §7 attendance/report, timesheet PDF/report/recap)', async () => {
    const emp = employeeIds[2]!;
    const q = `employeeId=${emp}&from=2026-10-19&to=2026-10-21`;
    const report = (await get(`/v2/h/attendance/report?${q}`)).json();
    expect(report).toMatchObject({ status: 'success', success: 'Attendance report' });
    expect(report.results.rows).toEqual([
      expect.objectContaining({ employeeId: emp, days: 3, workdays: 3, present: 3, absent: 0, leave: 0, failed: 1 }),
    ]);
    const daily = (await get(`/v2/h/attendance/report/daily?${q}`)).json();
    expect(daily.result.days.map((d: { date: string; present: number }) => [d.date, d.present])).toEqual([
      ['2026-10-19', 1],
      ['2026-10-20', 1],
      ['2026-10-21', 1],
    ]);
    const one = (await get(`/v2/h/attendance/timesheet/report?${q}`)).json();
    expect(one.result.days.map((d: { date: string; statusLabel: string }) => [d.date, d.statusLabel])).toEqual([
      ['2026-10-19', 'Valid'],
      ['2026-10-20', 'No Clock-Out'],
      ['2026-10-21', 'Manual Input'],
    ]);

    const pdf = await get(`/v2/h/attendance/timesheet/pdf?${q}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`_2026-10-19_2026-10-21.pdf`);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Attendance Report');
    expect(text).toContain('Manual Input');
    expect(text).toContain('21/10/2026');

    const recap = await get(`/v2/h/attendance/timesheet/recap?${q}`);
    expect(recap.headers['content-disposition']).toContain('attendance_recap_2026-10-19_2026-10-21.xlsx');
    const grid = await readSheetRows(recap.rawPayload, 'Recap');
    expect(grid[2]?.slice(3, 6)).toEqual(['V', 'NO', 'M']);

    // Bad input is GL0001 naming the field; no attendance.view is 403; out of reach is 404.
    const noEmployee = await get('/v2/h/attendance/timesheet/pdf?from=2026-10-19');
    expect(noEmployee.statusCode).toBe(400);
    expect(noEmployee.json().errors[0]).toMatchObject({
      code: 'GL0001',
      attributes: [expect.objectContaining({ param: 'employeeId' })],
    });
    expect((await get(`/v2/h/attendance/timesheet/pdf?employeeId=999999`)).statusCode).toBe(404);
    expect((await get('/v2/h/attendance/report', staff)).statusCode).toBe(403);
    expect((await get('/v2/h/attendance/timesheet/recap', staff)).statusCode).toBe(403);

    // The employee's own month (spec /personal/attendance/mypdf).
    const me = await t.bearer({ email: 'own@test.co.id', password: 'own-pass-12345' });
    const own = await get('/v2/h/personal/timesheet/pdf?month=2026-10', me);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('_2026-10-01_2026-10-31.pdf');
    expect(pdfText(own.rawPayload)).toContain('Period 01/10/2026 - 31/10/2026');
    const ownReport = (await get('/v2/h/personal/timesheet/report?month=2026-10', me)).json();
    expect(ownReport.result).toMatchObject({ employee: { id: emp }, totals: { present: 3 } });
    const bad = await get('/v2/h/personal/timesheet/pdf?month=2026-13', me);
    expect(bad.json().errors[0].attributes).toEqual([{ param: 'month', msg: 'must be a month yyyy-mm' }]);
    const later = await get('/v2/h/personal/timesheet/pdf?month=2099-01', me);
    expect(later.json().errors[0].attributes).toEqual([{ param: 'month', msg: 'must not be after the current month' }]);
    expect((await get('/v2/h/personal/timesheet/pdf', staff)).statusCode).toBe(404);
  });
});

describe('scope and segregation of duties over REST (issue 16 items 2, 12, 14)', () => {
  let hr: Headers;
  let sup: Headers;
  const signIn = async (email: string, roles: ('human-capital-staff' | 'supervisor')[], employeeId: number) => {
    const who = { email, password: 'scope-pass-12345' };
    await createUser(t.services.ctx(null), { ...who, roles, employeeId });
    return t.bearer(who);
  };

  beforeAll(async () => {
    await t.addDepartment('Operations', [employeeIds[1]!]);
    hr = await signIn('scope-hr@test.co.id', ['human-capital-staff'], employeeIds[0]!);
    sup = await signIn('scope-sup@test.co.id', ['supervisor'], employeeIds[1]!);
  });

  it('every timesheet list, download, recap and report filtered to an employee out of scope is 404', async () => {
    const q = `employeeId=${employeeIds[2]}&from=2026-10-19&to=2026-10-21`;
    for (const path of [
      'timesheet',
      'timesheet/failed',
      'timesheet/download',
      'timesheet/recap',
      'timesheet/summary',
      'timesheet/report',
      'timesheet/pdf',
      'report',
      'report/daily',
      'schedule',
      'punch',
    ]) {
      const r = await get(`/v2/h/attendance/${path}?${q}`, sup);
      expect([path, r.statusCode]).toEqual([path, 404]);
    }
    // Their own department's employee is answered as before.
    const mine = await get(`/v2/h/attendance/timesheet?employeeId=${employeeIds[1]}&from=2026-10-19&to=2026-10-21`, sup);
    expect(mine.statusCode).toBe(200);
  });

  it("HR cannot edit its own timesheet, roster or terminal PIN; another's it can", async () => {
    const own = await post(
      '/v2/h/attendance/timesheet/update',
      { employeeId: employeeIds[0], date: '2026-10-20', firstIn: '07:00', lastOut: '15:00', note: 'Mine' },
      hr,
    );
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0].msg ?? own.json().errors[0].message).toBe('You cannot change your own timesheet');
    const other = await post(
      '/v2/h/attendance/timesheet/update',
      { employeeId: employeeIds[1], date: '2026-10-20', firstIn: '07:00', lastOut: '15:00', note: 'Forgot' },
      hr,
    );
    expect(other.statusCode).toBe(200);
    const shift = (await get('/v2/h/attendance/shift')).json().results.rows[0] as { id: number };
    const roster = await post(
      '/v2/h/attendance/schedule/assign',
      { from: '2026-12-07', to: '2026-12-07', employeeIds: [employeeIds[0]], pattern: [{ shiftId: shift.id }] },
      hr,
    );
    expect(roster.statusCode).toBe(403);
    expect(roster.json().errors[0].msg ?? roster.json().errors[0].message).toBe('You cannot change your own schedule');
    const pin = await post('/v2/h/attendance/pin', { employeeId: employeeIds[0], pin: '9090' }, hr);
    expect(pin.statusCode).toBe(403);
    expect(pin.json().errors[0].msg ?? pin.json().errors[0].message).toBe('You cannot change your own terminal PIN');
  });

  it('NUL or a lone surrogate in the ingest agent is GL0001 naming agent', async () => {
    for (const agent of ['hr-agent\u0000', 'hr-agent\ud800']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/v2/h/attendance/punch/ingest',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ agent, clockSkewMs: null, punches: [punch('501', '2026-10-06T07:58:00')] }),
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [expect.objectContaining({ param: 'agent' })] });
    }
  });
});
