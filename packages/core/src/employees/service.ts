import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { View } from './grants';
import { employeeInScope } from '../access/index';
import { employeeName, employeePlacementColumns } from '../shared/employee-sql';
import { pageOffset } from '../shared/page';
import type { Ctx, Db } from '../shared/context';
import { AppError } from '../shared/errors';
import { likePattern } from '../shared/sql';
import { readThrough } from '../shared/freshness';
import { todayOf } from '../shared/date-ranges';
import type { Page } from '../shared/zod';
import { xlsxDownload } from '../shared/xlsx';
import {
  type DownloadEmployeesInput,
  downloadEmployeesInput,
  EMPLOYEE_DOWNLOAD_MAX_ROWS,
  EMPLOYEE_LIST_COLUMN_LABELS,
  type EmployeeListColumn,
  type EmployeeListRow,
  listEmployeesInput,
  type ListEmployeesInput,
} from './schema';

const SORT_COLUMNS = {
  name: sql`e.given_name || ' ' || e.surname`,
  employeeNumber: sql`e.employee_number`,
  entryDate: sql`e.entry_date`,
  office: sql`o.name`,
  department: sql`d.name`,
} as const;

type Filters = Omit<z.output<typeof listEmployeesInput>, 'page' | 'pageSize'>;

/**
 * What a search of three characters or more looks in: the name, the employee number and the e-mail as one text,
 * separated by a character nobody types (so a term never matches across two fields). One trigram index covers
 * exactly this expression (migration 20261127T0210): PostgreSQL checks one pattern per candidate row instead of three.
 */
const SEARCH_TEXT = sql<string>`(e.given_name || ' ' || e.surname || E'\\x01' || e.employee_number || E'\\x01' || e.email)`;

/** The list's filters on `employees as e`, within the grant's data scope. */
function matchingEmployees(db: Db, grant: View, input: Filters) {
  let q = db.selectFrom('employees as e').where((eb) => employeeInScope(eb as never, grant.scope));
  const term = input.search;
  if (term && term.length >= 3) {
    // Three characters or more match anywhere (trigram index).
    q = q.where(SEARCH_TEXT, 'ilike', likePattern(term, 'contains'));
  } else if (term) {
    // One or two, the beginning of the name, the employee number or the e-mail, which is what such a short
    // search means in a list.
    const like = likePattern(term, 'prefix');
    q = q.where((eb) =>
      eb.or([
        eb(sql`e.given_name || ' ' || e.surname`, 'ilike', like),
        eb('e.employee_number', 'ilike', like),
        eb('e.email', 'ilike', like),
      ]),
    );
  }
  if (input.companyOfficeId) q = q.where('e.company_office_id', '=', input.companyOfficeId);
  if (input.departmentId) q = q.where('e.department_id', '=', input.departmentId);
  if (input.divisionId) q = q.where('e.division_id', '=', input.divisionId);
  if (input.resigned !== undefined) q = q.where('e.resigned', '=', input.resigned);
  return q;
}

/** Sorts by a column of the employee row itself: a search can take its page before joining the names. */
const OWN_SORTS = new Set<keyof typeof SORT_COLUMNS>(['name', 'employeeNumber', 'entryDate']);

/**
 * The matching employees as the list reads them, with a search of three characters or more: the matches are
 * found first (trigram index) and only they are sorted (and, for the employee's own columns, cut to the page
 * before the office, department and position names are joined). Without the fence (`offset 0`, or the inner
 * limit), PostgreSQL, which expects a term to match 1 % of the rows evenly, walks the whole name index in order
 * and tests every row: 200 ms at 200,000 employees for a name late in the alphabet (`pnpm bench employees`, issue 22).
 */
function filteredEmployees(db: Db, grant: View, input: Filters, page?: { limit: number; offset: number }) {
  const matching = matchingEmployees(db, grant, input);
  if (!input.search || input.search.length < 3) return matching;
  const fenced = db.selectFrom(matching.selectAll('e').offset(0).as('e'));
  if (page && OWN_SORTS.has(input.sort))
    return db.selectFrom(
      fenced
        .selectAll('e')
        .orderBy(SORT_COLUMNS[input.sort], input.order)
        .orderBy('e.id', input.order)
        .limit(page.limit)
        .offset(page.offset)
        .as('e'),
    );
  return fenced;
}

/** The rows of the list with their names joined, sorted as asked; `page` cuts them to one page. */
function listedEmployees(db: Db, grant: View, input: Filters, page?: { limit: number; offset: number }) {
  const cut = page !== undefined && input.search !== undefined && input.search.length >= 3 && OWN_SORTS.has(input.sort);
  const q = filteredEmployees(db, grant, input, page)
    .innerJoin('company_offices as o', 'o.id', 'e.company_office_id')
    .leftJoin('departments as d', 'd.id', 'e.department_id')
    .leftJoin('divisions as v', 'v.id', 'e.division_id')
    .leftJoin('job_positions as p', 'p.id', 'e.job_position_id')
    .select([
      'e.id',
      'e.employee_number as employeeNumber',
      employeeName.as('name'),
      'e.email',
      'e.gender',
      ...employeePlacementColumns,
      'p.name as jobPosition',
      'e.entry_date as entryDate',
      'e.resigned',
    ])
    .orderBy(SORT_COLUMNS[input.sort], input.order)
    .orderBy('e.id', input.order);
  return page && !cut ? q.limit(page.limit).offset(page.offset) : q;
}

/**
 * Runs a search in a transaction of its own that keeps the planner on the trigram index:
 * ilike's cost is underestimated, so on a selective term it would scan all 20,000 rows (~100 ms)
 * instead of the index (~5 ms) (`pnpm bench employees`).
 */
async function withSearchPlan<T>(ctx: Ctx, term: string | undefined, run: (db: Db) => Promise<T>): Promise<T> {
  if (!term || term.length < 3 || ctx.db.isTransaction) return run(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return run(trx);
  });
}

/** The employee list (spec `GET /v2/h/employee/all`), server-paginated, scoped per spec §6. */
/** The employee list counts at most this many matching rows (unless `exactTotal`); beyond, `totalCapped` is true. */
export const EMPLOYEE_TOTAL_CAP = 10_000;
/**
 * A search of three characters or more counts at most this many matches: "more than 1,000" is all a searcher
 * needs to know, and counting a frequent name's 10,000 matches at 200,000 employees cost 50 ms (issue 22).
 */
export const SEARCH_TOTAL_CAP = 1_000;

export async function listEmployees(
  ctx: Ctx,
  grant: View,
  raw: ListEmployeesInput,
  opts: { totalCap?: number } = {},
): Promise<Page<EmployeeListRow> & { totalCapped: boolean }> {
  const input = listEmployeesInput.parse(raw);
  // The total is a scalar subquery of the page's statement (PostgreSQL runs it once, as an init plan), not a window
  // count, which would make the database build and sort every matching row: the page still stops after pageSize rows
  // of the name index, and the count needs no joins. One statement instead of two: on two cores a list request's
  // cost is mostly the server's own round trips to the database (issue 22). Only an empty page, which carries no
  // row to hold the total, counts on its own.
  // The count stops at EMPLOYEE_TOTAL_CAP + 1 matching rows (a search's at SEARCH_TOTAL_CAP + 1) unless an exact
  // total is asked for: at 100,000 employees a full count on every page is most of the request, and "more than
  // 10,000" is all a pager needs.
  const searching = input.search !== undefined && input.search.length >= 3;
  const cap = input.exactTotal ? null : (opts.totalCap ?? (searching ? SEARCH_TOTAL_CAP : EMPLOYEE_TOTAL_CAP));
  // Served from this process's cache while nothing the list shows has changed (data version `employee_list`,
  // read by a statement that starts after this call: shared/freshness.ts), keyed by the caller's scope and the
  // whole input. The first page of the list is what most people open in the morning, all of them the same.
  const key = JSON.stringify([grant.scope, input, cap]);
  return readThrough(
    ctx,
    'employee_list',
    key,
    () => readEmployeePage(ctx, grant, input, cap),
    (page) => page.rows.length + 1,
  );
}

async function readEmployeePage(
  ctx: Ctx,
  grant: View,
  input: z.output<typeof listEmployeesInput>,
  cap: number | null,
): Promise<Page<EmployeeListRow> & { totalCapped: boolean }> {
  const term = input.search;
  const { rows, total } = await withSearchPlan(ctx, term, async (db) => {
    const matching = matchingEmployees(db, grant, input);
    const counted =
      cap === null
        ? matching.select(sql<number>`count(*)::int`.as('n'))
        : db
            .selectFrom(
              matching
                .select(sql`1`.as('one'))
                .limit(cap + 1)
                .as('m'),
            )
            .select(sql<number>`count(*)::int`.as('n'));
    const page = await listedEmployees(db, grant, input, { limit: input.pageSize, offset: pageOffset(input) })
      .select(counted.as('totalMatching'))
      .execute();
    const n = page.length ? Number(page[0]!.totalMatching) : (await counted.executeTakeFirstOrThrow()).n;
    return { rows: page.map(({ totalMatching: _, ...row }) => row), total: n };
  });
  const capped = cap !== null && total > cap;
  return { rows, total: capped ? cap : total, totalCapped: capped, page: input.page, pageSize: input.pageSize };
}

const CELL: Record<EmployeeListColumn, (r: EmployeeListRow) => string | Date | null> = {
  number: (r) => r.employeeNumber,
  name: (r) => r.name,
  email: (r) => r.email,
  gender: (r) => r.gender,
  office: (r) => r.companyOffice,
  department: (r) => r.department,
  division: (r) => r.division,
  jobPosition: (r) => r.jobPosition,
  entryDate: (r) => (r.entryDate ? new Date(`${r.entryDate}T00:00:00Z`) : null),
  status: (r) => (r.resigned === 1 ? 'Resigned' : 'Work'),
};

/**
 * `GET /v2/h/employee/download/data`: the list as filtered and sorted on screen, every matching
 * row (not only the page), with the columns the user chose, as an XLSX workbook.
 */
export async function downloadEmployees(
  ctx: Ctx,
  grant: View,
  raw: DownloadEmployeesInput,
): Promise<{ fileName: string; contentType: string; base64: string }> {
  const input = downloadEmployeesInput.parse(raw);
  const rows = await withSearchPlan(ctx, input.search, (db) =>
    listedEmployees(db, grant, input)
      .limit(EMPLOYEE_DOWNLOAD_MAX_ROWS + 1)
      .execute(),
  );
  if (rows.length > EMPLOYEE_DOWNLOAD_MAX_ROWS)
    throw new AppError('VALIDATION', `At most ${EMPLOYEE_DOWNLOAD_MAX_ROWS} employees can be downloaded at once`, {
      detail: 'Narrow the list with the office, department or status filter.',
    });
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = wb.addWorksheet('Employees', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = input.columns.map((c) => ({
    header: EMPLOYEE_LIST_COLUMN_LABELS[c],
    key: c,
    width: c === 'name' || c === 'email' ? 32 : c === 'entryDate' ? 14 : 20,
    ...(c === 'entryDate' ? { style: { numFmt: 'dd/mm/yyyy' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(Object.fromEntries(input.columns.map((c) => [c, CELL[c](r)])));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  const today = todayOf(ctx);
  return xlsxDownload(wb, `employees-${today}.xlsx`);
}
