import { employeeName } from '../shared/employee-sql';
import ExcelJS from 'exceljs';
import { type SqlBool, sql } from 'kysely';
import type { Ctx } from '../shared/context';
import type { In } from '../shared/zod';
import { inScope } from './access';
import { canteenLocalTime, ddmmyyyy, preferenceOf } from './format';
import { xlsxDownload } from '../shared/xlsx';
import type { View } from './grants';
import { allOf } from './list-sql';
import {
  type CanteenFileDownload,
  MEAL_KIND_LABELS,
  type MealKind,
  MENU_PREFERENCE_LABELS,
  MENU_PREFERENCES,
  PREFERENCE_REPORT_FILE,
  preferenceReportInput,
} from './schema';

// ---------------------------------------------------------------------------------------------
// Preference report and meal costs

/**
 * The preference report `preference-report.xlsx` (spec §7): sheet "Summary" with, per day, canteen
 * and meal, the scheduled and taken counts and the count per preference; sheet "Employees" with
 * every scheduled employee (in the caller's scope), their preference and note, and whether they ate.
 */
export async function downloadPreferenceReport(
  ctx: Ctx,
  grant: View,
  raw: In<typeof preferenceReportInput>,
): Promise<CanteenFileDownload> {
  const f = preferenceReportInput.parse(raw);
  const conds = [...inScope(grant), sql<SqlBool>`s.meal_date between ${f.from}::date and ${f.to}::date`];
  if (f.canteenId) conds.push(sql<SqlBool>`c.id = ${f.canteenId}`);
  if (f.companyOfficeId) conds.push(sql<SqlBool>`c.company_office_id = ${f.companyOfficeId}`);
  if (f.mealKind) conds.push(sql<SqlBool>`s.meal_kind = ${f.mealKind}`);
  const rows = await sql<{
    date: string;
    canteen: string;
    mealKind: MealKind;
    startTime: string;
    employeeNumber: string;
    name: string;
    department: string | null;
    preference: string | null;
    note: string | null;
    takenAt: Date | null;
  }>`
    select s.meal_date as date, c.name as canteen, s.meal_kind as "mealKind", m.start_time as "startTime",
      e.employee_number as "employeeNumber", ${employeeName} as name, d.name as department, cp.preference, cp.note,
      p.taken_at as "takenAt"
    from canteen_meal_schedules s
    join canteen_meals m on m.id = s.meal_id
    join canteens c on c.id = m.canteen_id
    join employees e on e.id = s.employee_id
    left join departments d on d.id = e.department_id
    left join canteen_preferences cp on cp.employee_id = e.id
    left join canteen_presences p on p.employee_id = s.employee_id and p.meal_date = s.meal_date and p.meal_id = s.meal_id
    where ${allOf(conds)}
    order by s.meal_date, m.start_time, c.name, e.employee_number`.execute(ctx.db);

  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const summary = wb.addWorksheet('Summary');
  summary.addRow(['Canteen preference report']).font = { bold: true };
  summary.addRow(['Period', `${ddmmyyyy(f.from)} – ${ddmmyyyy(f.to)}`]);
  summary.addRow([]);
  const prefLabels = MENU_PREFERENCES.map((p) => MENU_PREFERENCE_LABELS[p]);
  summary.addRow(['Date', 'Canteen', 'Meal', 'Scheduled', 'Taken', ...prefLabels]).font = { bold: true };
  const groups = new Map<
    string,
    { date: string; canteen: string; meal: string; scheduled: number; taken: number; counts: number[] }
  >();
  for (const r of rows.rows) {
    const key = `${r.date}\u0000${r.canteen}\u0000${r.mealKind}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        date: r.date,
        canteen: r.canteen,
        meal: MEAL_KIND_LABELS[r.mealKind],
        scheduled: 0,
        taken: 0,
        counts: MENU_PREFERENCES.map(() => 0),
      };
      groups.set(key, g);
    }
    g.scheduled += 1;
    if (r.takenAt) g.taken += 1;
    const i = MENU_PREFERENCES.indexOf(preferenceOf(r.preference));
    g.counts[i] = (g.counts[i] ?? 0) + 1;
  }
  for (const g of groups.values()) summary.addRow([ddmmyyyy(g.date), g.canteen, g.meal, g.scheduled, g.taken, ...g.counts]);
  if (groups.size === 0) summary.addRow(['No meals scheduled in this period']);

  const list = wb.addWorksheet('Employees');
  list.addRow(['Date', 'Canteen', 'Meal', 'Employee No.', 'Name', 'Department', 'Preference', 'Note', 'Taken', 'Taken at']).font =
    {
      bold: true,
    };
  for (const r of rows.rows) {
    list.addRow([
      ddmmyyyy(r.date),
      r.canteen,
      MEAL_KIND_LABELS[r.mealKind],
      r.employeeNumber,
      r.name,
      r.department ?? '',
      MENU_PREFERENCE_LABELS[preferenceOf(r.preference)],
      r.note ?? '',
      r.takenAt ? 'Yes' : 'No',
      r.takenAt ? canteenLocalTime(new Date(r.takenAt)).time.slice(0, 5) : '',
    ]);
  }
  for (const ws of [summary, list]) for (const c of ws.columns) c.width = 16;
  return xlsxDownload(wb, PREFERENCE_REPORT_FILE);
}
