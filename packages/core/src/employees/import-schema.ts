import { z } from 'zod';
import { requiredText } from '../shared/zod';

/**
 * Largest import file, bytes. Over the API the file travels base64 in a JSON body, and the server
 * takes bodies up to 1 MiB (server `BODY_LIMIT`): 700 KiB become ~934 KiB of base64, which leaves
 * room for the rest of the body. 700 KiB of CSV is roughly 4,000 employees.
 */
export const EMPLOYEE_IMPORT_MAX_BYTES = 700 * 1024;
/** Most data rows one file may hold (the whole file is one transaction). */
export const EMPLOYEE_IMPORT_MAX_ROWS = 5000;
/**
 * Most data rows one file may hold on the embedded database (PGlite). Its one connection is held by
 * the import's transaction, and every other request is answered "busy, retry" meanwhile (issue 16
 * item 11): 1,000 rows take a few seconds (about 18 s on a loaded test machine), 4,000 took 90 s.
 */
export const EMPLOYEE_IMPORT_MAX_ROWS_EMBEDDED = 1000;
/** The preview holds the first valid rows only. */
export const EMPLOYEE_IMPORT_PREVIEW_ROWS = 20;

const MAX_BASE64 = Math.ceil(EMPLOYEE_IMPORT_MAX_BYTES / 3) * 4;

/**
 * The columns of an import file, in template order. The first row of the file names them by their
 * header (case, spaces, punctuation and a trailing `*` do not matter) or by their key.
 */
export const EMPLOYEE_IMPORT_COLUMNS = [
  { key: 'employeeNumber', header: 'Employee number', required: false, note: 'Blank: the next number of the office ID index' },
  { key: 'givenName', header: 'Given name', required: true, note: 'Up to 100 characters' },
  { key: 'surname', header: 'Surname', required: false, note: 'Up to 100 characters' },
  { key: 'email', header: 'E-mail', required: true, note: 'Unique among employees' },
  { key: 'gender', header: 'Gender', required: true, note: 'Male or Female' },
  { key: 'birthDate', header: 'Birth date', required: true, note: 'yyyy-mm-dd or dd/mm/yyyy' },
  { key: 'entryDate', header: 'Entry date', required: false, note: 'yyyy-mm-dd or dd/mm/yyyy; blank: today' },
  { key: 'firstJoinDate', header: 'First join date', required: false, note: 'yyyy-mm-dd or dd/mm/yyyy; blank: the entry date' },
  { key: 'companyOffice', header: 'Company office', required: true, note: 'Name or code' },
  { key: 'department', header: 'Department', required: false, note: 'Name, within the office' },
  { key: 'division', header: 'Division', required: false, note: 'Name, within the department' },
  { key: 'section', header: 'Section', required: false, note: 'Name, within the division' },
  { key: 'jobPosition', header: 'Job position', required: false, note: 'Name, within the department' },
  { key: 'jobLevel', header: 'Job level', required: false, note: 'Name' },
  {
    key: 'contractType',
    header: 'Contract type',
    required: true,
    note: 'training, internship, Freelance, Contracted or Permanent (or 1-5)',
  },
  { key: 'religion', header: 'Religion', required: true, note: 'Name' },
  { key: 'educationLevel', header: 'Education level', required: true, note: 'Name' },
  { key: 'maritalStatus', header: 'Marital status', required: true, note: 'Name' },
  { key: 'ptkpStatus', header: 'PTKP status', required: false, note: 'Code (e.g. TK/0, K/1) or name' },
  { key: 'npwp', header: 'NPWP', required: false, note: '15 or 16 digits' },
  { key: 'phone', header: 'Phone', required: false, note: 'Digits, spaces, dashes, optional leading +' },
  { key: 'bank', header: 'Bank', required: false, note: 'Name or code; required with an account number' },
  { key: 'bankAccountNumber', header: 'Bank account number', required: false, note: '5 to 30 digits' },
] as const;
export type EmployeeImportColumn = (typeof EMPLOYEE_IMPORT_COLUMNS)[number]['key'];

export const employeeImportFileInput = z.strictObject({
  fileName: requiredText(200).regex(/\.(csv|xlsx)$/i, 'must be a .csv or .xlsx file'),
  /** The file's bytes, base64 (the API takes JSON bodies only). */
  base64: z
    .string()
    .min(1, 'is required')
    .max(MAX_BASE64, `the file must be at most ${EMPLOYEE_IMPORT_MAX_BYTES / 1024} KB`)
    .regex(/^[A-Za-z0-9+/\r\n]*={0,2}$/, 'must be base64'),
});
export type EmployeeImportFileInput = z.input<typeof employeeImportFileInput>;

export const employeeImportInput = employeeImportFileInput.extend({
  /** Import the valid rows and leave out the invalid ones (default: nothing when any row is invalid). */
  skipInvalid: z.boolean().default(false),
});
export type EmployeeImportInput = z.input<typeof employeeImportInput>;

/** One problem of one row: the file's row number (the header is row 1), the column's header, what is wrong. */
export interface EmployeeImportError {
  row: number;
  column: string;
  message: string;
}

export interface EmployeeImportPreviewRow {
  row: number;
  /** Blank when the office ID index gives the number on import. */
  employeeNumber: string | null;
  name: string;
  email: string;
  companyOffice: string;
  department: string | null;
  jobPosition: string | null;
  entryDate: string;
}

export interface EmployeeImportReport {
  /** Data rows in the file. */
  rows: number;
  valid: number;
  invalid: number;
  errors: EmployeeImportError[];
  /** The first valid rows as they would be imported. */
  preview: EmployeeImportPreviewRow[];
}

export interface EmployeeImportResult {
  imported: number;
  skipped: number;
  errors: EmployeeImportError[];
}
