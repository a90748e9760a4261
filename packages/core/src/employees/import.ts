import ExcelJS from 'exceljs';
import { type Insertable, sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import { isEmbeddedDatabase } from '../db/embedded-gate';
import { nextEmployeeNumber } from '../org/index';
import { mayChangePay } from '../access/index';
import type { Grant } from '../access/index';
import type { PermissionKey } from '../access/index';
import { CONTRACT_TYPES } from '../reference/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { csvRecords } from '../shared/csv';
import { AppError } from '../shared/errors';
import { dateInZone } from '../shared/time-zone';
import { assertZipWithinLimits } from '../shared/zip-limits';
import { text } from '../shared/zod';
import { confirmNewPlacement, type GrantPlacement, guardPlacementChange } from '../permissions/index';
import { dateIssue } from './date-rules';
import { bankSectionInput, contactSectionInput, personalSectionInput } from './detail-schema';
import { newEmployeeColumns } from './history';
import { createEmployeeInput } from './history-schema';
import {
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_MAX_BYTES,
  EMPLOYEE_IMPORT_MAX_ROWS,
  EMPLOYEE_IMPORT_MAX_ROWS_EMBEDDED,
  EMPLOYEE_IMPORT_PREVIEW_ROWS,
  type EmployeeImportColumn,
  type EmployeeImportError,
  type EmployeeImportFileInput,
  type EmployeeImportInput,
  type EmployeeImportPreviewRow,
  type EmployeeImportReport,
  type EmployeeImportResult,
  employeeImportFileInput,
  employeeImportInput,
} from './import-schema';
import type { EmployeeTables } from './tables';
import { anyText } from '../shared/sql';
import { addHeaderSheet, xlsxDownload } from '../shared/xlsx';

export * from './import-schema';

type Create = Grant<'employee.create'>;
type Cells = Partial<Record<EmployeeImportColumn, string>>;
interface FileRow {
  /** Row number in the file (the header is row 1; for CSV, the line the record starts on). */
  row: number;
  cells: Cells;
}

/** At most this many row errors are returned (the counts stay exact). */
const MAX_REPORTED_ERRORS = 1000;
const HEADER: Record<EmployeeImportColumn, string> = Object.fromEntries(
  EMPLOYEE_IMPORT_COLUMNS.map((c) => [c.key, c.header]),
) as Record<EmployeeImportColumn, string>;
const fileError = (message: string) => new AppError('VALIDATION', message, { fields: [{ param: 'file', msg: message }] });

// ---------------------------------------------------------------------------------------------
// Reading the file.

/** exceljs cell value → text; a date cell → yyyy-mm-dd (exceljs keeps wall-clock dates as UTC). */
function cellValue(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v !== 'object') return String(v).trim();
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('result' in v) return cellValue((v.result ?? null) as ExcelJS.CellValue);
  if ('text' in v) return cellValue(v.text as ExcelJS.CellValue);
  return '';
}

async function xlsxRecords(content: Buffer): Promise<{ row: number; cells: string[] }[]> {
  // Inflated size checked before ExcelJS inflates everything into memory (issue 16 item 9).
  await assertZipWithinLimits(content, 'file');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch (e) {
    throw new AppError('VALIDATION', 'The file is not a readable XLSX workbook', {
      cause: e,
      fields: [{ param: 'file', msg: 'is not a readable XLSX workbook' }],
    });
  }
  const ws = wb.worksheets[0];
  const out: { row: number; cells: string[] }[] = [];
  ws?.eachRow({ includeEmpty: false }, (r) => {
    const cells: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(cellValue(r.getCell(c).value));
    out.push({ row: r.number, cells });
  });
  return out;
}

const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_HEADER = new Map<string, EmployeeImportColumn>(
  EMPLOYEE_IMPORT_COLUMNS.flatMap((c) => [
    [headerKey(c.header), c.key],
    [headerKey(c.key), c.key],
  ]),
);

/**
 * The data rows of a CSV (UTF-8, with or without BOM) or XLSX (first sheet) file. The first
 * non-empty row names the columns; blank rows are left out (their numbers are kept for the others).
 * A file the import cannot read at all is one VALIDATION error on `file`.
 */
export async function readEmployeeImportFile(content: Buffer, fileName: string): Promise<FileRow[]> {
  if (content.length > EMPLOYEE_IMPORT_MAX_BYTES)
    throw fileError(`The file must be at most ${EMPLOYEE_IMPORT_MAX_BYTES / 1024} KB; split it into several files`);
  let records: { row: number; cells: string[] }[];
  if (/\.xlsx$/i.test(fileName)) records = await xlsxRecords(content);
  else if (/\.csv$/i.test(fileName)) {
    let decoded: string;
    try {
      decoded = new TextDecoder('utf-8', { fatal: true }).decode(content);
    } catch {
      throw fileError('The CSV file must be saved as UTF-8 text');
    }
    records = csvRecords(decoded);
  } else throw fileError('The file must be a .csv or .xlsx file');
  records = records.filter((r) => r.cells.some((c) => c !== ''));
  const [header, ...data] = records;
  if (!header) throw fileError('The file is empty: the first row must name the columns (download the template)');
  const keys = header.cells.map((h) => (h === '' ? null : (COLUMN_BY_HEADER.get(headerKey(h)) ?? h)));
  const unknown = keys.filter((k, i) => k !== null && !COLUMN_BY_HEADER.has(headerKey(k)) && header.cells[i] !== '');
  if (unknown.length) throw fileError(`Unknown column ${unknown.map((u) => `"${u}"`).join(', ')} (download the template)`);
  const twice = keys.filter((k, i) => k !== null && keys.indexOf(k) !== i);
  if (twice.length) throw fileError(`The column ${HEADER[twice[0] as EmployeeImportColumn]} appears twice`);
  const missing = EMPLOYEE_IMPORT_COLUMNS.filter((c) => c.required && !keys.includes(c.key)).map((c) => c.header);
  if (missing.length) throw fileError(`Missing column ${missing.join(', ')} (download the template)`);
  if (data.length === 0) throw fileError('The file has no employee rows below the header');
  if (data.length > EMPLOYEE_IMPORT_MAX_ROWS)
    throw fileError(`The file has ${data.length} rows; import at most ${EMPLOYEE_IMPORT_MAX_ROWS} at once`);
  return data.map((r) => {
    const cells: Cells = {};
    keys.forEach((k, i) => {
      if (k !== null) cells[k as EmployeeImportColumn] = r.cells[i] ?? '';
    });
    return { row: r.row, cells };
  });
}

// ---------------------------------------------------------------------------------------------
// Reference data, resolved by name (or code) case-insensitively.

interface Named {
  id: number;
  name: string;
  code?: string | null;
}
interface Lookups {
  offices: Named[];
  departments: (Named & { officeId: number })[];
  divisions: (Named & { departmentId: number })[];
  sections: (Named & { divisionId: number })[];
  positions: (Named & { departmentId: number; divisionId: number | null; sectionId: number | null })[];
  jobLevels: Named[];
  religions: Named[];
  educationLevels: Named[];
  maritalStatuses: Named[];
  ptkpStatuses: Named[];
  banks: Named[];
}

/**
 * All reference lists (each is small): rows are then checked in memory, not one query per row. One
 * after the other: inside the import's transaction they share one connection anyway.
 */
async function loadLookups(db: Db): Promise<Lookups> {
  const named = (table: 'job_levels' | 'religions' | 'education_levels' | 'marital_statuses') =>
    db.selectFrom(table).select(['id', 'name']).orderBy('id').execute();
  return {
    offices: await db.selectFrom('company_offices').select(['id', 'name', 'code']).orderBy('id').execute(),
    departments: await db
      .selectFrom('departments')
      .select(['id', 'name', 'company_office_id as officeId'])
      .orderBy('id')
      .execute(),
    divisions: await db.selectFrom('divisions').select(['id', 'name', 'department_id as departmentId']).orderBy('id').execute(),
    sections: await db.selectFrom('sections').select(['id', 'name', 'division_id as divisionId']).orderBy('id').execute(),
    positions: await db
      .selectFrom('job_positions')
      .select(['id', 'name', 'department_id as departmentId', 'division_id as divisionId', 'section_id as sectionId'])
      .orderBy('id')
      .execute(),
    jobLevels: await named('job_levels'),
    religions: await named('religions'),
    educationLevels: await named('education_levels'),
    maritalStatuses: await named('marital_statuses'),
    ptkpStatuses: await db.selectFrom('ptkp_statuses').select(['id', 'name', 'code']).orderBy('id').execute(),
    banks: await db.selectFrom('banks').select(['id', 'name', 'code']).orderBy('id').execute(),
  };
}

/** "Bank Central Asia (BCA)" is found as its name, its code or "BCA"; "TK/0 - Tidak kawin…" as "TK/0". */
function findNamed<T extends Named>(list: readonly T[], value: string): T | undefined {
  const v = value.trim().toLowerCase();
  return list.find((x) => {
    const name = x.name.toLowerCase();
    const abbrev = /\(([^)]+)\)\s*$/.exec(name)?.[1];
    return name === v || x.code?.toLowerCase() === v || abbrev === v;
  });
}

// ---------------------------------------------------------------------------------------------
// Checking one row.

const GENDERS: Record<string, 'Male' | 'Female'> = {
  male: 'Male',
  m: 'Male',
  l: 'Male',
  'laki-laki': 'Male',
  female: 'Female',
  f: 'Female',
  p: 'Female',
  perempuan: 'Female',
};
const contractTypeOf = (v: string): number | undefined => {
  if (/^[1-5]$/.test(v)) return Number(v);
  const hit = Object.entries(CONTRACT_TYPES).find(([name]) => name.toLowerCase() === v.toLowerCase());
  return hit?.[1];
};
const employeeNumber = text(30).regex(/^[A-Za-z0-9][A-Za-z0-9./_-]*$/, 'must be letters, digits, dots, slashes or dashes');

/**
 * yyyy-mm-dd or dd/mm/yyyy (spec §9 display format) → yyyy-mm-dd; anything else is returned as given.
 * A spreadsheet date in a cell not formatted as a date reads as its serial number (days since
 * 1899-12-30, the 1900 date system), e.g. 33608 for 5/1/1992.
 */
function isoFrom(v: string): string {
  if (/^\d{5}$/.test(v)) return new Date(Date.UTC(1899, 11, 30) + Number(v) * 86_400_000).toISOString().slice(0, 10);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return v;
}

/** The row as the employees table will hold it (the number is null when the ID index gives it). */
interface Candidate {
  row: number;
  employeeNumber: string | null;
  values: Omit<Insertable<EmployeeTables['employees']>, 'employee_number'> & {
    email: string;
    company_office_id: number;
  };
  preview: EmployeeImportPreviewRow;
}

/** createEmployee's input fields → the import column that supplies them. */
const COLUMN_OF_FIELD: Record<string, EmployeeImportColumn> = {
  givenName: 'givenName',
  surname: 'surname',
  email: 'email',
  gender: 'gender',
  birthDate: 'birthDate',
  religionId: 'religion',
  educationLevelId: 'educationLevel',
  maritalStatusId: 'maritalStatus',
  companyOfficeId: 'companyOffice',
  departmentId: 'department',
  divisionId: 'division',
  sectionId: 'section',
  jobPositionId: 'jobPosition',
  jobLevelId: 'jobLevel',
  contractType: 'contractType',
  firstJoinDate: 'firstJoinDate',
};

/**
 * One row checked with the rules of `createEmployee` (its zod schema, birth date not in the future,
 * placement on one branch of the org tree) plus those of the detail sections for the extra columns
 * (NPWP, phone, bank). Returns the candidate, or the row's errors.
 */
function checkRow(r: FileRow, lk: Lookups, today: string, payAllowed: boolean): Candidate | EmployeeImportError[] {
  const errors: EmployeeImportError[] = [];
  const fail = (column: EmployeeImportColumn, message: string) => {
    if (!errors.some((e) => e.column === HEADER[column])) errors.push({ row: r.row, column: HEADER[column], message });
  };
  const cell = (k: EmployeeImportColumn) => (r.cells[k] ?? '').trim();
  for (const c of EMPLOYEE_IMPORT_COLUMNS) if (c.required && cell(c.key) === '') fail(c.key, 'is required');
  const named = <T extends Named>(k: EmployeeImportColumn, list: readonly T[], what: string): T | null | undefined => {
    const v = cell(k);
    if (v === '') return null;
    const hit = findNamed(list, v);
    if (!hit) fail(k, `unknown ${what} "${v}"`);
    return hit;
  };
  const date = (k: EmployeeImportColumn): string | null => {
    const v = cell(k);
    if (v === '') return null;
    const iso = isoFrom(v);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) fail(k, `must be a date yyyy-mm-dd or dd/mm/yyyy, not "${v}"`);
    return iso;
  };

  // Placement: each level is looked up within the one above (spec §3 org tree).
  const office = named('companyOffice', lk.offices, 'company office');
  /** A level of the org tree, looked up among the children of the level above (blank: none). */
  const under = <T extends Named>(
    k: EmployeeImportColumn,
    above: EmployeeImportColumn,
    parent: Named | null | undefined,
    children: (p: Named) => T[],
    what: string,
  ): T | null | undefined => {
    const v = cell(k);
    if (v === '') return null;
    if (cell(above) === '') fail(k, `needs a ${HEADER[above].toLowerCase()}`);
    // Without the level above (already an error), the name cannot be checked.
    if (!parent) return undefined;
    const hit = findNamed(children(parent), v);
    if (!hit) fail(k, `unknown ${what} "${v}" in ${parent.name}`);
    return hit;
  };
  const department = under(
    'department',
    'companyOffice',
    office,
    (o) => lk.departments.filter((d) => d.officeId === o.id),
    'department',
  );
  const division = under(
    'division',
    'department',
    department,
    (d) => lk.divisions.filter((v) => v.departmentId === d.id),
    'division',
  );
  const section = under('section', 'division', division, (v) => lk.sections.filter((x) => x.divisionId === v.id), 'section');
  // A position of the department that names no other division or section; the most specific first.
  const specificity = (p: Lookups['positions'][number]) => Number(p.sectionId !== null) * 2 + Number(p.divisionId !== null);
  const position = under(
    'jobPosition',
    'department',
    department,
    (d) =>
      lk.positions
        .filter(
          (p) =>
            p.departmentId === d.id &&
            (p.divisionId === null || p.divisionId === (division?.id ?? null)) &&
            (p.sectionId === null || p.sectionId === (section?.id ?? null)),
        )
        .sort((a, b) => specificity(b) - specificity(a)),
    'job position',
  );
  const jobLevel = named('jobLevel', lk.jobLevels, 'job level');
  const religion = named('religion', lk.religions, 'religion');
  const education = named('educationLevel', lk.educationLevels, 'education level');
  const marital = named('maritalStatus', lk.maritalStatuses, 'marital status');
  const ptkp = named('ptkpStatus', lk.ptkpStatuses, 'PTKP status');
  // The PTKP status sets PPh 21 (TER category, PTKP amount): a pay field, set only with salary.update
  // (issue 16 item 1; docs/security.md §1.1). The CLI acts as the system.
  if (ptkp && !payAllowed) fail('ptkpStatus', 'needs the salary.update permission (it sets the PPh 21)');
  const bank = named('bank', lk.banks, 'bank');

  const genderRaw = cell('gender');
  const gender = GENDERS[genderRaw.toLowerCase()];
  if (genderRaw !== '' && !gender) fail('gender', `must be Male or Female, not "${genderRaw}"`);
  const contractRaw = cell('contractType');
  const contractType = contractTypeOf(contractRaw);
  if (contractRaw !== '' && contractType === undefined)
    fail('contractType', `must be one of ${Object.keys(CONTRACT_TYPES).join(', ')}, not "${contractRaw}"`);
  const birthDate = date('birthDate');
  const entryDate = date('entryDate') ?? today;
  const firstJoinDate = date('firstJoinDate') ?? entryDate;

  const parsed = createEmployeeInput.safeParse({
    givenName: cell('givenName'),
    surname: cell('surname'),
    email: cell('email'),
    gender,
    birthDate,
    religionId: religion?.id,
    educationLevelId: education?.id,
    maritalStatusId: marital?.id,
    companyOfficeId: office?.id,
    departmentId: department?.id ?? null,
    divisionId: division?.id ?? null,
    sectionId: section?.id ?? null,
    jobPositionId: position?.id ?? null,
    jobLevelId: jobLevel?.id ?? null,
    contractType,
    firstJoinDate,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD[String(issue.path[0])];
      if (column) fail(column, issue.message);
    }
  }
  // The employee record's date ranges (date-rules.ts), as for `createEmployee`.
  for (const [k, kind, v] of [
    ['birthDate', 'birth', birthDate],
    ['entryDate', 'employment', entryDate],
    ['firstJoinDate', 'employment', firstJoinDate],
  ] as const) {
    const msg = v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? dateIssue(kind, v, today) : null;
    if (msg) fail(k, msg);
  }
  const extra = <S extends z.ZodType>(k: EmployeeImportColumn, schema: S): z.output<S> | null => {
    const res = schema.safeParse(cell(k));
    if (!res.success) {
      fail(k, res.error.issues[0]?.message ?? 'is invalid');
      return null;
    }
    return res.data ?? null;
  };
  const number = cell('employeeNumber') === '' ? null : extra('employeeNumber', employeeNumber);
  const taxId = extra('npwp', personalSectionInput.shape.taxId) as string | null;
  const phone = extra('phone', contactSectionInput.shape.phone) as string | null;
  const account = extra('bankAccountNumber', bankSectionInput.shape.bankAccountNumber) as string | null;
  if (account && cell('bank') === '') fail('bank', 'is required with an account number');

  if (errors.length || !parsed.success || !office) return errors;
  const input = parsed.data;
  return {
    row: r.row,
    employeeNumber: number,
    values: {
      ...newEmployeeColumns(input),
      ptkp_status_id: ptkp?.id ?? null,
      tax_id: taxId,
      bank_id: bank?.id ?? null,
      bank_account_number: account,
      phone,
      entry_date: entryDate,
      annual_leave_date: null,
    },
    preview: {
      row: r.row,
      employeeNumber: number,
      name: `${input.givenName} ${input.surname}`.trim(),
      email: input.email,
      companyOffice: office.name,
      department: department?.name ?? null,
      jobPosition: position?.name ?? null,
      entryDate,
    },
  };
}

interface Checked {
  rows: number;
  valid: Candidate[];
  invalidRows: number;
  errors: EmployeeImportError[];
}

/**
 * Every row checked; then e-mail addresses and employee numbers against the other rows of the file
 * and against the employees already stored (one query each).
 */
/** Whether the importer may set pay fields: holds salary.update, or is the system (the CLI, no actor). */
const payAllowedFor = (ctx: Ctx): boolean => ctx.actor === null || mayChangePay(ctx.actor);

async function checkRows(db: Db, rows: FileRow[], today: string, payAllowed: boolean): Promise<Checked> {
  const lk = await loadLookups(db);
  const errors: EmployeeImportError[] = [];
  let candidates: Candidate[] = [];
  for (const r of rows) {
    const res = checkRow(r, lk, today, payAllowed);
    if (Array.isArray(res)) errors.push(...res);
    else candidates.push(res);
  }
  const emails = candidates.map((c) => c.values.email);
  const numbers = candidates.flatMap((c) => (c.employeeNumber ? [c.employeeNumber] : []));
  const [storedEmails, storedNumbers] = await Promise.all([
    emails.length
      ? db
          .selectFrom('employees')
          .select(sql<string>`lower(email)`.as('email'))
          .where(anyText(sql`lower(email)`, emails))
          .execute()
      : [],
    numbers.length
      ? db
          .selectFrom('employees')
          .select(sql<string>`lower(employee_number)`.as('n'))
          .where(
            anyText(
              sql`lower(employee_number)`,
              numbers.map((n) => n.toLowerCase()),
            ),
          )
          .execute()
      : [],
  ]);
  const takenEmails = new Set(storedEmails.map((e) => e.email));
  const takenNumbers = new Set(storedNumbers.map((e) => e.n));
  const firstEmail = new Map<string, number>();
  const firstNumber = new Map<string, number>();
  const bad = new Set<number>();
  for (const c of candidates) {
    const clash = (column: EmployeeImportColumn, message: string) => {
      errors.push({ row: c.row, column: HEADER[column], message });
      bad.add(c.row);
    };
    const email = c.values.email;
    if (takenEmails.has(email)) clash('email', 'another employee already uses this e-mail address');
    else if (firstEmail.has(email)) clash('email', `is the same as row ${firstEmail.get(email)}`);
    else firstEmail.set(email, c.row);
    const n = c.employeeNumber?.toLowerCase();
    if (n === undefined) continue;
    if (takenNumbers.has(n)) clash('employeeNumber', 'another employee already has this number');
    else if (firstNumber.has(n)) clash('employeeNumber', `is the same as row ${firstNumber.get(n)}`);
    else firstNumber.set(n, c.row);
  }
  candidates = candidates.filter((c) => !bad.has(c.row));
  errors.sort((a, b) => a.row - b.row);
  return { rows: rows.length, valid: candidates, invalidRows: rows.length - candidates.length, errors };
}

const todayIn = (ctx: Ctx) => dateInZone(ctx.clock());

const reportOf = (c: Checked): EmployeeImportReport => ({
  rows: c.rows,
  valid: c.valid.length,
  invalid: c.invalidRows,
  errors: c.errors.slice(0, MAX_REPORTED_ERRORS),
  preview: c.valid.slice(0, EMPLOYEE_IMPORT_PREVIEW_ROWS).map((v) => v.preview),
});

/** The VALIDATION error of a file with invalid rows: one field per row error, the whole report as detail. */
function invalidRowsError(c: Checked): AppError {
  const report = reportOf(c);
  return new AppError(
    'VALIDATION',
    `${c.invalidRows} of ${c.rows} rows are invalid; nothing was imported. Correct them, or import the valid rows only.`,
    {
      fields: report.errors.slice(0, 100).map((e) => ({ param: `row ${e.row}: ${e.column}`, msg: e.message })),
      detail: { rows: report.rows, valid: report.valid, invalid: report.invalid, errors: report.errors },
    },
  );
}

/** The unique constraints a concurrent write can still trip after the checks (the transaction then writes nothing). */
const uniqueAt = (row: number) => ({
  employees_email_uq: () =>
    new AppError('CONFLICT', `Row ${row}: another employee already uses this e-mail address; nothing was imported`, {
      fields: [{ param: `row ${row}: ${HEADER.email}`, msg: 'is already used' }],
    }),
  employees_employee_number_key: () =>
    new AppError('CONFLICT', `Row ${row}: another employee already has this number; nothing was imported`, {
      fields: [{ param: `row ${row}: ${HEADER.employeeNumber}`, msg: 'is already used' }],
    }),
});

/** Checks and writes in one transaction: any failure (a row or the database) leaves nothing written. */
async function commit(ctx: Ctx, rows: FileRow[], fileName: string, skipInvalid: boolean): Promise<EmployeeImportResult> {
  return inTransaction(ctx, async (trx) => {
    const checked = await checkRows(trx, rows, todayIn(ctx), payAllowedFor(ctx));
    if (checked.invalidRows > 0 && !skipInvalid) throw invalidRowsError(checked);
    // Rows that bring their own number go first, so the ID index skips those numbers for the others.
    const ordered = [...checked.valid.filter((c) => c.employeeNumber), ...checked.valid.filter((c) => !c.employeeNumber)];
    const created: { id: number; employeeNumber: string; row: number }[] = [];
    // Four-eyes for placements (permissions/placement.ts), checked once per distinct position and section.
    const placements = new Map<string, GrantPlacement & { name: string }>();
    for (const c of ordered) {
      const p = { jobPositionId: c.values.job_position_id ?? null, sectionId: c.values.section_id ?? null };
      const key = `${p.jobPositionId}/${p.sectionId}`;
      if (!placements.has(key)) placements.set(key, { ...p, name: `${c.values.given_name} (row ${c.row})` });
    }
    const widening = new Map<string, PermissionKey[]>();
    if (ctx.actor) {
      for (const [key, { name, ...after }] of placements) {
        widening.set(
          key,
          await guardPlacementChange(trx, ctx.actor, { employeeId: null, name, before: null, after, loginRoles: [] }),
        );
      }
    }
    for (const c of ordered) {
      const number = c.employeeNumber ?? (await nextEmployeeNumber(trx, c.values.company_office_id));
      const row = await dbWrite(
        () =>
          trx
            .insertInto('employees')
            .values({ ...c.values, employee_number: number })
            .returning('id')
            .executeTakeFirstOrThrow(),
        { unique: uniqueAt(c.row) },
      );
      await audit(ctx, trx, {
        action: 'employee.create',
        entity: 'employee',
        entityId: row.id,
        after: { ...c.values, employeeNumber: number, importedFrom: fileName, row: c.row },
      });
      const placed = { jobPositionId: c.values.job_position_id ?? null, sectionId: c.values.section_id ?? null };
      const added = widening.get(`${placed.jobPositionId}/${placed.sectionId}`) ?? [];
      if (ctx.actor) await confirmNewPlacement(trx, ctx.actor, row.id, placed, added);
      created.push({ id: row.id, employeeNumber: number, row: c.row });
    }
    await audit(ctx, trx, {
      action: 'employee.import',
      entity: 'employee',
      after: { fileName, imported: created.length, skipped: checked.invalidRows, employees: created },
    });
    return { imported: created.length, skipped: checked.invalidRows, errors: checked.errors.slice(0, MAX_REPORTED_ERRORS) };
  });
}

// ---------------------------------------------------------------------------------------------
// The operations.

const decode = (input: EmployeeImportFileInput) => Buffer.from(input.base64, 'base64');

/**
 * On the embedded database the import's transaction holds the only connection and every other
 * request is answered "busy" meanwhile (db/embedded-gate.ts): a file longer than
 * EMPLOYEE_IMPORT_MAX_ROWS_EMBEDDED is refused there before anything is written (issue 16 item 11).
 */
async function refuseLongImportOnEmbedded(db: Db, rows: FileRow[]): Promise<void> {
  if (rows.length <= EMPLOYEE_IMPORT_MAX_ROWS_EMBEDDED || !(await isEmbeddedDatabase(db))) return;
  throw fileError(
    `The file has ${rows.length} rows; on the embedded database import at most ${EMPLOYEE_IMPORT_MAX_ROWS_EMBEDDED} at once (split the file)`,
  );
}

/** `employee.import.dryRun`: checks the file as the import would and writes nothing. */
export async function dryRunEmployeeImport(
  ctx: Ctx,
  _grant: Create,
  raw: EmployeeImportFileInput,
): Promise<EmployeeImportReport> {
  const input = employeeImportFileInput.parse(raw);
  const rows = await readEmployeeImportFile(decode(input), input.fileName);
  await refuseLongImportOnEmbedded(ctx.db, rows);
  return reportOf(await checkRows(ctx.db, rows, todayIn(ctx), payAllowedFor(ctx)));
}

/**
 * `employee.import.commit`: creates every employee of the file in one transaction. With any invalid
 * row, nothing is written (VALIDATION, the row errors as fields and the report as detail), unless
 * `skipInvalid` asks to import the valid rows only.
 */
export async function importEmployees(ctx: Ctx, _grant: Create, raw: EmployeeImportInput): Promise<EmployeeImportResult> {
  const input = employeeImportInput.parse(raw);
  const rows = await readEmployeeImportFile(decode(input), input.fileName);
  await refuseLongImportOnEmbedded(ctx.db, rows);
  return commit(ctx, rows, input.fileName, input.skipInvalid);
}

/**
 * `hr import employees FILE`: the same checks and import for a file read from disk. The CLI acts as
 * the system (whoever can run it can open the database), so there is no grant.
 */
export async function importEmployeesFile(
  ctx: Ctx,
  content: Buffer,
  fileName: string,
  opts: { dryRun?: boolean; skipInvalid?: boolean } = {},
): Promise<EmployeeImportReport | EmployeeImportResult> {
  // No row cap on the embedded database here: the CLI holds its data folder alone (db/lock.ts).
  const rows = await readEmployeeImportFile(content, fileName);
  if (opts.dryRun) return reportOf(await checkRows(ctx.db, rows, todayIn(ctx), payAllowedFor(ctx)));
  return commit(ctx, rows, fileName, opts.skipInvalid ?? false);
}

/** `employee.import.template`: an XLSX workbook with the header row, the column notes and today's accepted values. */
export async function employeeImportTemplate(
  ctx: Ctx,
  _grant: Create,
): Promise<{ fileName: string; contentType: string; base64: string }> {
  const lk = await loadLookups(ctx.db);
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = wb.addWorksheet('Employees', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Text cells: Excel then keeps leading zeros (phone, NPWP, account numbers) and dates as typed.
  ws.columns = EMPLOYEE_IMPORT_COLUMNS.map((c) => ({
    header: c.required ? `${c.header} *` : c.header,
    key: c.key,
    width: Math.max(14, c.header.length + 4),
    style: { numFmt: '@' },
  }));
  ws.getRow(1).font = { bold: true };
  const notes = addHeaderSheet(wb, 'Columns', [
    { header: 'Column', key: 'header', width: 22 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What to enter', key: 'note', width: 70 },
  ]);
  for (const c of EMPLOYEE_IMPORT_COLUMNS) notes.addRow({ header: c.header, required: c.required ? 'yes' : '', note: c.note });
  notes.addRow({});
  notes.addRow({
    header: 'Rows',
    note: 'The first sheet is read; row 1 names the columns. Errors name the row number and column.',
  });
  const values = addHeaderSheet(wb, 'Values', [
    { header: 'Column', key: 'column', width: 22 },
    { header: 'Value', key: 'value', width: 45 },
    { header: 'Within', key: 'within', width: 30 },
  ]);
  const name = (list: Named[], id: number) => list.find((x) => x.id === id)?.name ?? '';
  const add = (column: EmployeeImportColumn, value: string, within = '') =>
    values.addRow({ column: HEADER[column], value, within });
  for (const o of lk.offices) add('companyOffice', o.name, `code ${o.code}`);
  for (const d of lk.departments) add('department', d.name, name(lk.offices, d.officeId));
  for (const d of lk.divisions) add('division', d.name, name(lk.departments, d.departmentId));
  for (const s of lk.sections) add('section', s.name, name(lk.divisions, s.divisionId));
  for (const p of lk.positions) add('jobPosition', p.name, name(lk.departments, p.departmentId));
  for (const l of lk.jobLevels) add('jobLevel', l.name);
  for (const t of Object.keys(CONTRACT_TYPES)) add('contractType', t);
  for (const x of lk.religions) add('religion', x.name);
  for (const x of lk.educationLevels) add('educationLevel', x.name);
  for (const x of lk.maritalStatuses) add('maritalStatus', x.name);
  for (const x of lk.ptkpStatuses) add('ptkpStatus', x.code ?? x.name);
  for (const x of lk.banks) add('bank', x.name, x.code ? `code ${x.code}` : '');
  return xlsxDownload(wb, 'employee-import-template.xlsx');
}
