import { sql } from 'kysely';
import { type Ctx, inTransaction } from '../shared/context';
import { addDays, computeTimesheets, dateIn } from './engine';
import { monthOf } from './period';
import { querySettings } from './queries';

/*
 * Demo attendance (issue 4): four shifts, the settings' default shift, the year's holidays, a
 * rotating roster for one department, terminal PINs and a realistic month and a half of punches
 * (mostly on time; some late, early, missing a punch or absent) for the demo users and about a
 * hundred colleagues, computed into timesheets. Deterministic for the same clock date.
 */

const SHIFTS = [
  { name: 'Office', start: '08:00', end: '17:00', break: 60, late: 10, early: 5 },
  { name: 'Morning', start: '07:00', end: '15:00', break: 30, late: 5, early: 5 },
  { name: 'Afternoon', start: '15:00', end: '23:00', break: 30, late: 5, early: 5 },
  { name: 'Night', start: '23:00', end: '07:00', break: 30, late: 5, early: 5 },
] as const;

/** National and religious days off of the year (dates of 2026 where they move; the same day otherwise). */
function holidaysOf(year: number) {
  const fixed = [
    { md: '01-01', name: 'Tahun Baru Masehi', kind: 'national' as const, religious: null },
    { md: '05-01', name: 'Hari Buruh Internasional', kind: 'national' as const, religious: null },
    { md: '06-01', name: 'Hari Lahir Pancasila', kind: 'national' as const, religious: null },
    { md: '08-17', name: 'Hari Kemerdekaan RI', kind: 'national' as const, religious: null },
    { md: '12-25', name: 'Hari Raya Natal', kind: 'religious' as const, religious: 1 },
  ];
  // Moving religious holidays as published for 2026 (SKB 3 Menteri); other years reuse the days as demo data.
  const moving = [
    { md: '03-19', name: 'Hari Suci Nyepi', kind: 'religious' as const, religious: 4 },
    { md: '03-20', name: 'Idul Fitri 1447 H', kind: 'religious' as const, religious: 2 },
    { md: '03-21', name: 'Idul Fitri 1447 H (hari kedua)', kind: 'religious' as const, religious: 2 },
    { md: '05-31', name: 'Hari Raya Waisak', kind: 'religious' as const, religious: 3 },
  ];
  return [...fixed, ...moving, { md: '11-11', name: 'Company anniversary', kind: 'company' as const, religious: null }].map(
    (h) => ({ date: `${year}-${h.md}`, name: h.name, kind: h.kind, religious: h.religious }),
  );
}

/** A stable pseudo-random number in [0, 1) of an employee and a day. */
function noise(employeeId: number, date: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (const c of `${employeeId}|${date}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** 'yyyy-mm-ddThh:mm:ss' of a day plus minutes (past midnight rolls into the next day). */
function at(date: string, minutes: number, seconds = 0): string {
  const d = new Date(Date.parse(`${date}T00:00:00Z`) + (minutes * 60 + seconds) * 1000);
  return d.toISOString().slice(0, 19);
}
const isoDow = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** Seeds the demo attendance; does nothing when shifts exist. Returns whether it seeded. */
export async function seedAttendanceDemo(ctx: Ctx): Promise<boolean> {
  return inTransaction(ctx, async (db) => {
    if (await db.selectFrom('shifts').select('id').limit(1).executeTakeFirst()) return false;
    const settings = await querySettings(db);
    const today = dateIn(settings.timeZone, ctx.clock());
    const yesterday = addDays(today, -1);
    // From the first day of last month to yesterday; the roster runs to the end of next month.
    const from = monthOf(addDays(monthOf(today).from, -1)).from;
    const rosterTo = monthOf(addDays(monthOf(today).to, 1)).to;

    const shifts = await db
      .insertInto('shifts')
      .values(
        SHIFTS.map((s) => ({
          name: s.name,
          company_office_id: null,
          start_time: s.start,
          end_time: s.end,
          break_minutes: s.break,
          late_grace_minutes: s.late,
          early_grace_minutes: s.early,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const shiftId = new Map(shifts.map((s) => [s.name, s.id]));
    const byId = new Map(SHIFTS.map((s) => [shiftId.get(s.name)!, s]));
    await db
      .updateTable('attendance_settings')
      .set({ default_shift_id: shiftId.get('Office')!, workday_mask: 62 })
      .where('id', '=', 1)
      .execute();

    const years = [...new Set([from.slice(0, 4), rosterTo.slice(0, 4)])].map(Number);
    const holidays = years.flatMap(holidaysOf);
    await db
      .insertInto('holidays')
      .values(
        holidays.map((h) => ({
          holiday_date: h.date,
          name: h.name,
          kind: h.kind,
          religious_holiday: h.religious,
          company_office_id: null,
        })),
      )
      .execute();
    const holidayDates = new Set(holidays.map((h) => h.date));

    // Who: the demo logins' employees, the supervisor's department (rostered in rotation), and
    // the first colleagues by id — about a hundred people.
    const demo = await db
      .selectFrom('users')
      .innerJoin('employees as e', 'e.id', 'users.employee_id')
      .select(['e.id', 'e.department_id', 'users.email'])
      .where('users.email', 'like', '%@demo.co.id')
      .execute();
    const rosterDept = demo.find((d) => d.email === 'supervisor@demo.co.id')?.department_id ?? null;
    const rostered = rosterDept
      ? (
          await db
            .selectFrom('employees')
            .select('id')
            .where('department_id', '=', rosterDept)
            .where('resigned', '=', 0)
            .orderBy('id')
            .limit(40)
            .execute()
        ).map((e) => e.id)
      : [];
    const others = (
      await db.selectFrom('employees').select('id').where('resigned', '=', 0).orderBy('id').limit(60).execute()
    ).map((e) => e.id);
    const rosterSet = new Set(rostered);
    const people = [...new Set([...demo.map((d) => d.id), ...rostered, ...others])];
    if (people.length === 0) return false;

    // Rotation for the rostered department: Morning ×3, Afternoon ×3, off ×1, staggered per person.
    const rotation = [
      ...Array<number | null>(3).fill(shiftId.get('Morning')!),
      ...Array<number | null>(3).fill(shiftId.get('Afternoon')!),
      null,
    ];
    const days: string[] = [];
    for (let d = from; d <= rosterTo; d = addDays(d, 1)) days.push(d);
    const schedule = new Map<string, number | null>();
    const rosterRows = rostered.flatMap((id, i) =>
      days.map((d, k) => {
        const s = rotation[(k + i) % rotation.length]!;
        schedule.set(`${id}|${d}`, s);
        return { employee_id: id, work_date: d, shift_id: s };
      }),
    );
    for (let i = 0; i < rosterRows.length; i += 1000) {
      await db
        .insertInto('schedules')
        .values(rosterRows.slice(i, i + 1000))
        .execute();
    }
    // A night week for two of them, to show an overnight shift.
    const night = shiftId.get('Night')!;
    for (const id of rostered.slice(0, 2)) {
      for (let k = 0; k < 5; k++) {
        const d = addDays(monthOf(today).from, 7 + k);
        if (d > rosterTo) continue;
        schedule.set(`${id}|${d}`, night);
        await db
          .updateTable('schedules')
          .set({ shift_id: night })
          .where('employee_id', '=', id)
          .where('work_date', '=', d)
          .execute();
      }
    }

    await db
      .insertInto('attendance_pins')
      .values(people.map((id) => ({ pin: String(10_000 + id), device_serial: null, employee_id: id })))
      .execute();

    const punches: { device_serial: string; pin: string; local_time: string; employee_id: number }[] = [];
    const office = shiftId.get('Office')!;
    for (const id of people) {
      for (const d of days) {
        if (d > yesterday) break;
        const planned = rosterSet.has(id) ? (schedule.get(`${id}|${d}`) ?? null) : isoDow(d) <= 5 ? office : null;
        if (planned === null || holidayDates.has(d)) continue;
        const s = byId.get(planned)!;
        const start = minutesOf(s.start);
        let end = minutesOf(s.end);
        if (end < start) end += 24 * 60;
        const r = noise(id, d, 1);
        const jitter = (lo: number, hi: number, salt: number) => lo + Math.floor(noise(id, d, salt) * (hi - lo + 1));
        let clockIn: number | null = start - jitter(2, 25, 2);
        let clockOut: number | null = end + jitter(1, 40, 3);
        if (r < 0.03) continue; // absent
        if (r < 0.05) clockOut = null;
        else if (r < 0.06) clockIn = null;
        else if (r < 0.14) clockIn = start + jitter(12, 55, 4);
        else if (r < 0.19) clockOut = end - jitter(15, 60, 5);
        const pin = String(10_000 + id);
        if (clockIn !== null)
          punches.push({ device_serial: 'DEMO-01', pin, local_time: at(d, clockIn, jitter(0, 59, 6)), employee_id: id });
        if (clockOut !== null)
          punches.push({ device_serial: 'DEMO-01', pin, local_time: at(d, clockOut, jitter(0, 59, 7)), employee_id: id });
      }
    }
    for (let i = 0; i < punches.length; i += 1000) {
      await db
        .insertInto('punches')
        .values(punches.slice(i, i + 1000).map((p) => ({ ...p, source: 'device' as const, agent: 'demo-seed' })))
        .execute();
    }
    if (from <= yesterday) {
      await computeTimesheets(db, {
        kind: 'range',
        from,
        to: yesterday,
        employees: sql<boolean>`e.id in (${sql.join(people.map((p) => sql`${p}`))})`,
      });
    }
    return true;
  });
}
