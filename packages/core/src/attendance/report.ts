import ExcelJS from 'exceljs';
import { type RawBuilder, sql } from 'kysely';
import { type Grant, ownEmployeeRecordId } from '../access/index';
import type { Ctx, Db } from '../shared/context';
import { invalid, notFound } from '../shared/errors';
import { renderPdf } from '../shared/pdf';
import { addHeaderSheet, xlsxDownload } from '../shared/xlsx';
import type { Page, In } from '../shared/zod';
import { monthOf, resolvePeriod } from './period';
import { scopedEmployeeCondition, scopeSql } from './queries';
import {
  type DailyPresence,
  type EmployeeReport,
  employeeReportInput,
  monthReportInput,
  type ReportRow,
  type ReportTotals,
  recapInput,
  reportDailyInput,
  reportInput,
  type TimesheetDownload,
} from './schema';
import { MAX_PERIOD_DAYS, timesheetPage, today } from './timesheets';
import { ddmmyyyy as dmy } from '../shared/date-ranges';
import { ATTENDANCE_STATUS, ATTENDANCE_STATUS_ID } from '../reference/index';
import { employeeName } from '../shared/employee-sql';
import { pageOf, pageOffset } from '../shared/page';
import { pdfDownload } from '../shared/file-download';

/*
 * The attendance report (spec §2 /attendance/report, §7 attendance/report, attendance/timesheet
 * PDF, report and recap excel, personal/timesheet): per-employee numbers over a period, the daily
 * presence series of its chart, one employee's days as a PDF, and the employees × days recap
 * workbook. Everything is read from `timesheets` (the engine's output, overrides applied), so the
 * numbers are exactly what the timesheet lists show. Set-based SQL: one statement per answer.
 */

type View = Grant<'attendance.view'>;

/** Longest period of the report list and its chart (days). */
export const MAX_REPORT_DAYS = 366;
/** Largest recap workbook (employee-days). */
const RECAP_LIMIT = 100_000;

/*
 * Day classification (documented on ReportTotals): present = a clock-in or clock-out (or manual
 * input) on a day that is not leave; absent = a workday that is not present; late / early = a
 * workday past the shift's grace. The shift is joined for its grace minutes.
 */
const PRESENT = sql<boolean>`(t.day_type <> 'leave' and (t.first_in is not null or t.last_out is not null or t.status = 98))`;
const LATE = sql<boolean>`(t.day_type = 'workday' and t.first_in is not null and t.late_minutes > coalesce(s.late_grace_minutes, 0))`;
const EARLY = sql<boolean>`(t.day_type = 'workday' and t.last_out is not null and t.early_minutes > coalesce(s.early_grace_minutes, 0))`;

const totalsSelect = sql`count(*)::int as days,
  (count(*) filter (where t.day_type = 'workday'))::int as workdays,
  (count(*) filter (where ${PRESENT}))::int as present,
  (count(*) filter (where t.day_type = 'workday' and not ${PRESENT}))::int as absent,
  (count(*) filter (where ${LATE}))::int as late,
  coalesce(sum(t.late_minutes) filter (where ${LATE}), 0)::int as "lateMinutes",
  (count(*) filter (where ${EARLY}))::int as early,
  coalesce(sum(t.early_minutes) filter (where ${EARLY}), 0)::int as "earlyMinutes",
  (count(*) filter (where t.day_type = 'leave'))::int as leave,
  (count(*) filter (where t.day_type = 'holiday'))::int as holidays,
  (count(*) filter (where t.status in (2, 3, 4, 5)))::int as failed,
  coalesce(sum(t.worked_minutes), 0)::int as "workedMinutes",
  to_char(round(coalesce(sum(t.worked_minutes), 0)::numeric / 60, 2), 'FM9999999990.00') as "workedHours"`;

const EMPTY_TOTALS: ReportTotals = {
  days: 0,
  workdays: 0,
  present: 0,
  absent: 0,
  late: 0,
  lateMinutes: 0,
  early: 0,
  earlyMinutes: 0,
  leave: 0,
  holidays: 0,
  failed: 0,
  workedMinutes: 0,
  workedHours: '0.00',
};

async function reportPage(
  db: Db,
  cond: RawBuilder<boolean>,
  from: string,
  to: string,
  page: number,
  pageSize: number,
): Promise<Page<ReportRow>> {
  // The page's employees first (those of the scope with a day in the period, by name), then each one's totals from
  // their own days (timesheets_employee_date_idx): aggregating every employee's period to show one page of them took
  // a second at 100,000 employees.
  const r = await sql<ReportRow & { total: number }>`
    with people as (
      select e.id, e.employee_number, ${employeeName} as name, e.given_name, e.surname, e.department_id,
        e.company_office_id, (count(*) over ())::int as total
      from employees e
      where ${cond}
        and exists (select 1 from timesheets t where t.employee_id = e.id and t.work_date between ${from}::date and ${to}::date)
      order by e.given_name, e.surname, e.id
      limit ${pageSize} offset ${pageOffset({ page, pageSize })}
    )
    select p.id as "employeeId", p.employee_number as "employeeNumber", p.name as "employeeName",
      d.name as department, o.name as "companyOffice", x.*, p.total
    from people p
    left join departments d on d.id = p.department_id
    left join company_offices o on o.id = p.company_office_id
    cross join lateral (
      select ${totalsSelect}
      from timesheets t
      left join shifts s on s.id = t.shift_id
      where t.employee_id = p.id and t.work_date between ${from}::date and ${to}::date
    ) x
    order by p.given_name, p.surname, p.id`.execute(db);
  return pageOf(r.rows, { page, pageSize }, (row) => row);
}

/**
 * The attendance report (spec /attendance/report): one row per employee of the scope and filter
 * with days present, absent, late (count and minutes), early, leave, holidays, failed and worked hours.
 */
export async function attendanceReport(ctx: Ctx, grant: View, raw: In<typeof reportInput>): Promise<Page<ReportRow>> {
  const input = reportInput.parse(raw);
  const { from, to } = resolvePeriod(input, await today(ctx), MAX_REPORT_DAYS);
  return reportPage(ctx.db, await scopedEmployeeCondition(ctx.db, grant.scope, input), from, to, input.page, input.pageSize);
}

/** The report chart's series: per day of the period, how many selected employees were present, late, absent, on leave. */
export async function attendanceDaily(
  ctx: Ctx,
  grant: View,
  raw: In<typeof reportDailyInput>,
): Promise<{ from: string; to: string; days: DailyPresence[] }> {
  const input = reportDailyInput.parse(raw);
  const { from, to } = resolvePeriod(input, await today(ctx), MAX_REPORT_DAYS);
  const cond = await scopedEmployeeCondition(ctx.db, grant.scope, input);
  const r = await sql<DailyPresence>`
    with x as (
      select t.work_date, ${PRESENT} as present, ${LATE} as late,
        (t.day_type = 'workday' and not ${PRESENT}) as absent, t.day_type = 'leave' as on_leave
      from timesheets t
      join employees e on e.id = t.employee_id
      left join shifts s on s.id = t.shift_id
      where t.work_date between ${from}::date and ${to}::date and ${cond}
    )
    select to_char(g.d, 'YYYY-MM-DD') as date, count(x.work_date)::int as employees,
      (count(*) filter (where x.present))::int as present, (count(*) filter (where x.late))::int as late,
      (count(*) filter (where x.absent))::int as absent, (count(*) filter (where x.on_leave))::int as leave
    from generate_series(${from}::date, ${to}::date, interval '1 day') as g(d)
    left join x on x.work_date = g.d::date
    group by g.d
    order by g.d`.execute(ctx.db);
  return { from, to, days: r.rows };
}

// ---------------------------------------------------------------------------------------------
// One employee

async function employeeInfo(db: Db, employeeId: number, scope: RawBuilder<boolean>): Promise<EmployeeReport['employee']> {
  const r = await sql<EmployeeReport['employee']>`
    select e.id, e.employee_number as "employeeNumber", ${employeeName} as name,
      d.name as department, o.name as "companyOffice", jp.name as "jobPosition"
    from employees e
    left join departments d on d.id = e.department_id
    left join company_offices o on o.id = e.company_office_id
    left join job_positions jp on jp.id = e.job_position_id
    where e.id = ${employeeId} and ${scope}`.execute(db);
  if (!r.rows[0]) throw notFound('Employee');
  return r.rows[0];
}

async function buildEmployeeReport(
  db: Db,
  employeeId: number,
  scope: RawBuilder<boolean>,
  from: string,
  to: string,
): Promise<EmployeeReport> {
  const employee = await employeeInfo(db, employeeId, scope);
  const cond = sql<boolean>`e.id = ${employeeId}`;
  const totals = (await reportPage(db, cond, from, to, 1, 1)).rows[0];
  const days = await timesheetPage(db, { cond, from, to, page: 1, pageSize: 400 });
  const {
    employeeId: _i,
    employeeNumber: _n,
    employeeName: _m,
    department: _d,
    companyOffice: _o,
    ...numbers
  } = totals ?? ({ ...EMPTY_TOTALS } as ReportRow);
  return { from, to, employee, totals: { ...EMPTY_TOTALS, ...numbers }, days: [...days.rows].reverse() };
}

/** One employee's report (spec attendance/timesheet … report): the numbers and every day, oldest first. */
export async function employeeAttendanceReport(
  ctx: Ctx,
  grant: View,
  raw: In<typeof employeeReportInput>,
): Promise<EmployeeReport> {
  const input = employeeReportInput.parse(raw);
  const { from, to } = resolvePeriod(input, await today(ctx), MAX_PERIOD_DAYS);
  return buildEmployeeReport(ctx.db, input.employeeId, scopeSql(grant.scope), from, to);
}

/** One employee's attendance report as a PDF (spec attendance/timesheet … PDF). */
export async function employeeAttendancePdf(
  ctx: Ctx,
  grant: View,
  raw: In<typeof employeeReportInput>,
): Promise<TimesheetDownload> {
  const report = await employeeAttendanceReport(ctx, grant, raw);
  return reportPdf(report, ctx.clock(), employeeReportInput.parse(raw).language);
}

/** The caller's month ('yyyy-mm', default the current one; never a later month). */
async function ownMonth(ctx: Ctx, raw: In<typeof monthReportInput>): Promise<{ from: string; to: string }> {
  const input = monthReportInput.parse(raw);
  const now = await today(ctx);
  const month = input.month ?? now.slice(0, 7);
  if (month > now.slice(0, 7)) throw invalid([{ param: 'month', msg: 'must not be after the current month' }]);
  return monthOf(`${month}-01`);
}

/** The caller's own report for a month (spec /personal/attendance/mypdf preview; personal/timesheet/report). */
export async function myAttendanceReport(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof monthReportInput>,
): Promise<EmployeeReport> {
  const employeeId = ownEmployeeRecordId(grant.actor);
  const { from, to } = await ownMonth(ctx, raw);
  return buildEmployeeReport(ctx.db, employeeId, sql<boolean>`true`, from, to);
}

/** The caller's own attendance PDF for a month (spec /personal/attendance/mypdf). */
export async function myAttendancePdf(
  ctx: Ctx,
  grant: Grant<'personal.access'>,
  raw: In<typeof monthReportInput>,
): Promise<TimesheetDownload> {
  return reportPdf(await myAttendanceReport(ctx, grant, raw), ctx.clock(), monthReportInput.parse(raw).language);
}

// ---------------------------------------------------------------------------------------------
// PDF

/** The PDF's words in English (the spec's labels) and in Bahasa Indonesia; the numbers and names are the same. */
const PDF_TEXTS = {
  en: {
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    dayType: { workday: 'Workday', dayoff: 'Day off', holiday: 'Holiday', leave: 'Leave' },
    status: ATTENDANCE_STATUS as Record<number, string>,
    days: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
    minutes: (n: number) => `${n} minutes`,
    title: 'Attendance Report',
    period: 'Period',
    facts: ['Employee', 'Employee No.', 'Department', 'Company Office', 'Job Position', 'Workdays', 'Days present', 'Absent'],
    late: 'Late Clock-In',
    early: 'Early Clock-Out',
    moreFacts: ['Leave days', 'Holidays', 'Failed timesheets', 'Worked hours'],
    tableTitle: 'Days',
    columns: ['Date', 'Day', 'Type', 'Shift', 'Clock-In', 'Clock-Out', 'Status', 'Late (min)', 'Early (min)', 'Worked (h)'],
    total: 'Total',
    present: (n: number) => `${n} present`,
    empty: 'No timesheets were computed for this period.',
    graceNote:
      'Late and early clock-out count only beyond the grace minutes of the shift; their minutes count from the scheduled start and end.',
    printed: 'printed',
  },
  id: {
    weekdays: ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'],
    dayType: { workday: 'Hari kerja', dayoff: 'Hari libur kerja', holiday: 'Hari libur', leave: 'Cuti' },
    status: ATTENDANCE_STATUS_ID as Record<number, string>,
    days: (n: number) => `${n} hari`,
    minutes: (n: number) => `${n} menit`,
    title: 'Laporan Kehadiran',
    period: 'Periode',
    facts: ['Karyawan', 'No. Karyawan', 'Departemen', 'Kantor', 'Jabatan', 'Hari kerja', 'Hari hadir', 'Tidak hadir'],
    late: 'Terlambat Masuk',
    early: 'Pulang Lebih Awal',
    moreFacts: ['Hari cuti', 'Hari libur', 'Timesheet gagal', 'Jam kerja'],
    tableTitle: 'Hari',
    columns: ['Tanggal', 'Hari', 'Jenis', 'Shift', 'Masuk', 'Pulang', 'Status', 'Terlambat (mnt)', 'Awal (mnt)', 'Kerja (jam)'],
    total: 'Total',
    present: (n: number) => `${n} hadir`,
    empty: 'Belum ada timesheet yang dihitung untuk periode ini.',
    graceNote:
      'Terlambat dan pulang lebih awal dihitung hanya di luar toleransi menit shift; menitnya dihitung dari jam mulai dan selesai yang dijadwalkan.',
    printed: 'dicetak',
  },
} satisfies Record<'en' | 'id', unknown>;
export type DocumentLanguage = keyof typeof PDF_TEXTS;

/** 'yyyy-mm-dd hh:mm' → hh:mm, with the date when it is not the row's day (overnight out). */
const clock = (v: string | null, day: string) =>
  v ? (v.slice(0, 10) === day ? v.slice(11) : `${dmy(v.slice(0, 10))} ${v.slice(11)}`) : '';
const hours = (minutes: number) => (minutes / 60).toFixed(2);

/** Renders a report as the per-employee PDF (facts with the period's numbers, then one line per day), in `language`. */
async function reportPdf(report: EmployeeReport, now: Date, language: DocumentLanguage): Promise<TimesheetDownload> {
  const { employee: e, totals: t } = report;
  const x = PDF_TEXTS[language];
  const weekday = (d: string) => x.weekdays[new Date(`${d}T00:00:00Z`).getUTCDay()]!;
  const [employee, number, department, office, position, workdays, present, absent] = x.facts;
  const [leaveDays, holidays, failed, worked] = x.moreFacts;
  const pdf = await renderPdf({
    title: x.title,
    subtitle: `${x.period} ${dmy(report.from)} - ${dmy(report.to)}`,
    facts: [
      [employee!, e.name],
      [number!, e.employeeNumber],
      [department!, e.department ?? ''],
      [office!, e.companyOffice ?? ''],
      [position!, e.jobPosition ?? ''],
      [workdays!, String(t.workdays)],
      [present!, String(t.present)],
      [absent!, String(t.absent)],
      [x.late, `${x.days(t.late)}, ${x.minutes(t.lateMinutes)}`],
      [x.early, `${x.days(t.early)}, ${x.minutes(t.earlyMinutes)}`],
      [leaveDays!, String(t.leave)],
      [holidays!, String(t.holidays)],
      [failed!, String(t.failed)],
      [worked!, t.workedHours],
    ],
    tables: [
      {
        title: x.tableTitle,
        columns: x.columns.map((label, i) => ({
          label,
          width: [1.1, 0.6, 0.8, 2, 0.9, 0.9, 1.3, 0.8, 0.8, 0.8][i]!,
          ...(i >= 7 ? { align: 'right' as const } : {}),
        })),
        rows: report.days.map((d) => [
          dmy(d.date),
          weekday(d.date),
          x.dayType[d.dayType],
          d.shift ?? '',
          clock(d.firstIn, d.date),
          clock(d.lastOut, d.date),
          d.status === null || d.status === undefined ? (d.statusLabel ?? '') : (x.status[d.status] ?? d.statusLabel ?? ''),
          String(d.lateMinutes),
          String(d.earlyMinutes),
          hours(d.workedMinutes),
        ]),
        footer: [x.total, '', '', '', '', '', x.present(t.present), String(t.lateMinutes), String(t.earlyMinutes), t.workedHours],
      },
    ],
    notes: [report.days.length === 0 ? x.empty : '', x.graceNote].filter(Boolean),
    footerText: `${e.employeeNumber} ${e.name} · ${x.printed} ${dmy(now.toISOString().slice(0, 10))}`,
  });
  return pdfDownload(`attendance_${e.employeeNumber}_${report.from}_${report.to}.pdf`, pdf);
}

// ---------------------------------------------------------------------------------------------
// Recap workbook

/** The code of a day in the recap grid (legend on the "Legend" sheet). */
const STATUS_CODE: Record<number, string> = { 1: 'V', 2: 'NI', 3: 'NO', 4: 'L', 5: 'E', 98: 'M' };
const LEGEND: [string, string][] = [
  ['V', 'Valid'],
  ['NI', 'No Clock-In'],
  ['NO', 'No Clock-Out'],
  ['L', 'Late Clock-In'],
  ['E', 'Early Clock-Out'],
  ['M', 'Manual Input'],
  ['A', 'Absent (workday without any punch)'],
  ['LV', 'Leave'],
  ['HOL', 'Holiday'],
  ['OFF', 'Day off'],
];
const FILLS: Record<string, string> = { A: 'FFFCA5A5', L: 'FFFDE68A', LV: 'FFBFDBFE', HOL: 'FFE9D5FF', OFF: 'FFE2E8F0' };

function recapCode(c: { dayType: string; status: number | null; present: boolean }): string {
  if (c.dayType === 'leave') return 'LV';
  if (c.dayType === 'holiday') return 'HOL';
  if (c.dayType === 'dayoff') return 'OFF';
  if (!c.present) return 'A';
  return c.status === null ? '' : (STATUS_CODE[c.status] ?? String(c.status));
}

/**
 * The recap workbook (spec attendance/timesheet … recap excel): sheet "Recap" with one row per
 * employee, one column per day holding the day's code, then the period's totals; sheet "Legend".
 */
export async function recapTimesheets(ctx: Ctx, grant: View, raw: In<typeof recapInput>): Promise<TimesheetDownload> {
  const input = recapInput.parse(raw);
  const { from, to } = resolvePeriod(input, await today(ctx), MAX_PERIOD_DAYS);
  const cond = await scopedEmployeeCondition(ctx.db, grant.scope, input);
  const people = await reportPage(ctx.db, cond, from, to, 1, RECAP_LIMIT);
  const dayCount = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (people.total * dayCount > RECAP_LIMIT) {
    throw invalid([
      { param: 'to', msg: `the recap is limited to ${RECAP_LIMIT} employee-days; choose a shorter period or fewer employees` },
    ]);
  }
  const cells = await sql<{ employeeId: number; date: string; dayType: string; status: number | null; present: boolean }>`
    select t.employee_id as "employeeId", to_char(t.work_date, 'YYYY-MM-DD') as date, t.day_type as "dayType",
      t.status, ${PRESENT} as present
    from timesheets t join employees e on e.id = t.employee_id
    where t.work_date between ${from}::date and ${to}::date and ${cond}`.execute(ctx.db);
  const byEmployee = new Map<number, Map<string, string>>();
  for (const c of cells.rows) {
    const m = byEmployee.get(c.employeeId) ?? new Map<string, string>();
    byEmployee.set(c.employeeId, m);
    m.set(c.date, recapCode(c));
  }
  const dates = Array.from({ length: dayCount }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });

  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = wb.addWorksheet('Recap', { views: [{ state: 'frozen', xSplit: 3, ySplit: 2 }] });
  ws.addRow([`Attendance recap ${dmy(from)} - ${dmy(to)}`]).font = { bold: true };
  const totalsHeader = ['Present', 'Absent', 'Late', 'Late (min)', 'Early', 'Leave', 'Worked (hours)'];
  const header = ws.addRow(['Employee No.', 'Name', 'Department', ...dates.map((d) => d.slice(8, 10)), ...totalsHeader]);
  header.font = { bold: true };
  ws.getColumn(1).width = 14;
  ws.getColumn(2).width = 26;
  ws.getColumn(3).width = 18;
  for (let i = 0; i < dates.length; i++) ws.getColumn(4 + i).width = 4.5;
  for (const p of people.rows) {
    const m = byEmployee.get(p.employeeId);
    const row = ws.addRow([
      p.employeeNumber,
      p.employeeName,
      p.department ?? '',
      ...dates.map((d) => m?.get(d) ?? ''),
      p.present,
      p.absent,
      p.late,
      p.lateMinutes,
      p.early,
      p.leave,
      Number(p.workedHours),
    ]);
    dates.forEach((d, i) => {
      const fill = FILLS[m?.get(d) ?? ''];
      if (fill) row.getCell(4 + i).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
    });
  }
  const legend = addHeaderSheet(wb, 'Legend', [
    { header: 'Code', key: 'code', width: 8 },
    { header: 'Meaning', key: 'meaning', width: 40 },
  ]);
  for (const [code, meaning] of LEGEND) legend.addRow({ code, meaning });
  return xlsxDownload(wb, `attendance_recap_${from}_${to}.xlsx`);
}
