import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { audit } from '../audit/index';
import type { Grant } from '../access/index';
import { scopeSql } from '../access/index';
import { type Ctx, inTransaction } from '../shared/context';
import { AppError } from '../shared/errors';
import { assertZipWithinLimits, ZIP_LIMITS } from '../shared/zip-limits';
import { isoDate, type In } from '../shared/zod';
import { formatRupiah, invoiceTotal } from './rules';
import {
  importPogInput,
  POG_MAX_IMPORT_ROWS,
  POG_MAX_LINES,
  POG_MAX_MONTHS,
  POG_TEMPLATE_COLUMNS,
  type PogFileDownload,
  type PogImportError,
  type PogImportInvoice,
  type PogImportReport,
  type PogTemplateColumn,
} from './schema';
import { insertPogInvoices, type NewPogInvoice, pogToday } from './service';
import { anyText } from '../shared/sql';
import { employeeName } from '../shared/employee-sql';
import { xlsxDownload } from '../shared/xlsx';

type Manage = Grant<'purchaseOfGood.manage'>;

const SHEET = 'Invoices';
const WIDTHS = [16, 16, 14, 18, 18, 30, 10, 14, 9, 13, 30];

/**
 * The bulk-entry template (/purchaseOfGood/template): sheet "Invoices" with the header row
 * (POG_TEMPLATE_COLUMNS), drop-downs of the current types and categories, and sheets listing
 * them plus an instruction sheet with an example. One row per invoice line; rows sharing an
 * Invoice No. form one invoice.
 */
export async function downloadPogTemplate(ctx: Ctx, _grant: Manage): Promise<PogFileDownload> {
  const [types, categories] = await Promise.all([
    ctx.db.selectFrom('pog_types').select('name').orderBy(sql`lower(name)`).execute(),
    ctx.db.selectFrom('pog_categories').select('name').orderBy(sql`lower(name)`).execute(),
  ]);
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = wb.addWorksheet(SHEET);
  const header = ws.addRow([...POG_TEMPLATE_COLUMNS]);
  header.font = { bold: true };
  ws.columns.forEach((c, i) => {
    c.width = WIDTHS[i] ?? 14;
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const lists = [
    { name: 'Types', rows: types, column: 'D' },
    { name: 'Categories', rows: categories, column: 'E' },
  ];
  for (const l of lists) {
    const sheet = wb.addWorksheet(l.name);
    sheet.addRow([l.name === 'Types' ? 'Type' : 'Category']).font = { bold: true };
    for (const r of l.rows) sheet.addRow([r.name]);
    sheet.getColumn(1).width = 30;
    if (l.rows.length > 0)
      // exceljs writes range validations; its typings only declare the per-cell form.
      (ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
        `${l.column}2:${l.column}${POG_MAX_IMPORT_ROWS + 1}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [`${l.name}!$A$2:$A$${l.rows.length + 1}`],
        },
      );
  }
  const help = wb.addWorksheet('Instructions');
  help.getColumn(1).width = 110;
  for (const line of [
    'Fill the sheet "Invoices": one row per invoice line. Rows with the same Invoice No. form one invoice.',
    'Invoice No.: required, at most 40 characters, not used by an existing invoice.',
    'Employee No.: the employee number of the buyer. Invoice Date: dd/mm/yyyy.',
    'Type and Category: one of the names on the sheets "Types" and "Categories".',
    'Goods: what was bought. Quantity: a whole number from 1. Unit Price: whole rupiah, no decimals.',
    `Months: the number of monthly instalments (1 to ${POG_MAX_MONTHS}). Start Period: the first payroll month, mm/yyyy.`,
    'Employee No., Invoice Date, Type, Months and Start Period must be the same on every row of one invoice.',
    'Instalments: the total divided by the months, rounded down to the rupiah; the last instalment takes the remainder.',
    'Upload the file on the Template page: it is checked first, and nothing is imported while any row has an error.',
    '',
    `Example: ${POG_TEMPLATE_COLUMNS.join(' | ')}`,
    'INV-001 | JKT-00012 | 05/11/2026 | Electronics | Phone | Smartphone 128 GB | 1 | 3000000 | 6 | 12/2026 | ',
  ])
    help.addRow([line]);
  return xlsxDownload(wb, 'purchase-of-goods-template.xlsx');
}

// ---------------------------------------------------------------------------------------------
// Import

type Cell = string | number | Date | null;

/** A cell's plain value: rich text joined, a formula's result, a hyperlink's text. */
function cellOf(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return cellOf(v.richText.map((r) => r.text).join(''));
    if ('result' in v) return cellOf((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v && typeof (v as { text?: unknown }).text === 'string') return cellOf((v as { text: string }).text);
    if ('error' in v) return `#${String((v as { error?: unknown }).error ?? 'ERROR')}`;
  }
  return null;
}

const textOf = (c: Cell): string | null => {
  if (c === null) return null;
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim() || null;
};

/** dd/mm/yyyy (or yyyy-mm-dd, or a date cell) → 'yyyy-mm-dd'; null when not a real date. */
function dateOf(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString().slice(0, 10);
  const s = textOf(c);
  if (!s) return null;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : s;
  return isoDate.safeParse(iso).success ? iso : null;
}

/** mm/yyyy (or yyyy-mm, or a date cell) → 'yyyy-mm'; null otherwise. */
function periodOf(c: Cell): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : c.toISOString().slice(0, 7);
  const s = textOf(c);
  if (!s) return null;
  let y: string | undefined;
  let m: string | undefined;
  const my = /^(\d{1,2})[/.-](\d{4})$/.exec(s);
  const ym = /^(\d{4})-(\d{1,2})$/.exec(s);
  const dmy = /^\d{1,2}\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (my) [m, y] = [my[1], my[2]];
  else if (ym) [y, m] = [ym[1], ym[2]];
  else if (dmy) [m, y] = [dmy[1], dmy[2]];
  if (!y || !m) return null;
  const mm = Number(m);
  const yy = Number(y);
  if (mm < 1 || mm > 12 || yy < 1900 || yy > 2100) return null;
  return `${y}-${String(mm).padStart(2, '0')}`;
}

/** A whole number from a number cell or digits (thousands separators '.' or ',' allowed). */
function wholeOf(c: Cell): bigint | null {
  if (typeof c === 'number') return Number.isSafeInteger(c) ? BigInt(c) : null;
  const s = textOf(c);
  if (!s) return null;
  if (/^\d{1,15}$/.test(s)) return BigInt(s);
  if (/^\d{1,3}([.,]\d{3})+$/.test(s)) return BigInt(s.replace(/[.,]/g, ''));
  return null;
}

interface ParsedRow {
  row: number;
  invoiceNumber: string | null;
  employeeNumber: string | null;
  invoiceDate: string | null;
  type: string | null;
  category: string | null;
  goods: string | null;
  quantity: number | null;
  unitPrice: bigint | null;
  months: number | null;
  startPeriod: string | null;
  note: string | null;
}

const NOT_XLSX = 'The file is not an Excel workbook (.xlsx)';
const badFile = (msg: string) =>
  new AppError('VALIDATION', msg, { fields: [{ param: 'contentBase64', msg: msg.charAt(0).toLowerCase() + msg.slice(1) }] });

async function readRows(base64: string): Promise<{ rows: ParsedRow[]; errors: PogImportError[] }> {
  const bytes = Buffer.from(base64, 'base64');
  // Inflated size checked before ExcelJS inflates everything into memory (issue 16 item 9).
  await assertZipWithinLimits(bytes, 'contentBase64', ZIP_LIMITS, NOT_XLSX);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badFile(NOT_XLSX);
  }
  const ws = wb.getWorksheet(SHEET) ?? wb.worksheets[0];
  if (!ws) throw badFile('The workbook has no sheet');
  const errors: PogImportError[] = [];
  const head = POG_TEMPLATE_COLUMNS.map((_, i) => textOf(cellOf(ws.getRow(1).getCell(i + 1).value))?.toLowerCase() ?? '');
  const wrong = POG_TEMPLATE_COLUMNS.findIndex((c, i) => head[i] !== c.toLowerCase());
  if (wrong >= 0) {
    errors.push({
      row: 1,
      column: POG_TEMPLATE_COLUMNS[wrong]!,
      message: `The header must read "${POG_TEMPLATE_COLUMNS[wrong]}"; download the template again`,
    });
    return { rows: [], errors };
  }
  const rows: ParsedRow[] = [];
  const err = (row: number, column: PogTemplateColumn, message: string) => errors.push({ row, column, message });
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1 || tooMany) return;
    const cells = POG_TEMPLATE_COLUMNS.map((_, i) => cellOf(r.getCell(i + 1).value));
    if (cells.every((c) => c === null)) return;
    if (rows.length >= POG_MAX_IMPORT_ROWS) {
      tooMany = true;
      errors.push({ row: n, column: '', message: `At most ${POG_MAX_IMPORT_ROWS} rows per file` });
      return;
    }
    const [inv, emp, date, type, cat, goods, qty, price, months, start, note] = cells as Cell[];
    const p: ParsedRow = {
      row: n,
      invoiceNumber: textOf(inv ?? null),
      employeeNumber: textOf(emp ?? null),
      invoiceDate: dateOf(date ?? null),
      type: textOf(type ?? null),
      category: textOf(cat ?? null),
      goods: textOf(goods ?? null),
      quantity: null,
      unitPrice: wholeOf(price ?? null),
      months: null,
      startPeriod: periodOf(start ?? null),
      note: textOf(note ?? null),
    };
    const required = (v: unknown, c: PogTemplateColumn, raw: Cell | undefined, msg: string) => {
      if (raw === null || raw === undefined) err(n, c, 'is required');
      else if (v === null) err(n, c, msg);
    };
    required(p.invoiceNumber, 'Invoice No.', inv, 'is required');
    if (p.invoiceNumber && p.invoiceNumber.length > 40) err(n, 'Invoice No.', 'must be at most 40 characters');
    required(p.employeeNumber, 'Employee No.', emp, 'is required');
    required(p.invoiceDate, 'Invoice Date', date, 'must be a real date dd/mm/yyyy');
    required(p.type, 'Type', type, 'is required');
    required(p.category, 'Category', cat, 'is required');
    required(p.goods, 'Goods', goods, 'is required');
    if (p.goods && p.goods.length > 200) err(n, 'Goods', 'must be at most 200 characters');
    const q = wholeOf(qty ?? null);
    if (q !== null && q >= 1n && q <= 100_000n) p.quantity = Number(q);
    required(p.quantity, 'Quantity', qty, 'must be a whole number from 1 to 100000');
    required(p.unitPrice, 'Unit Price', price, 'must be a whole number of rupiah (0 or more)');
    const m = wholeOf(months ?? null);
    if (m !== null && m >= 1n && m <= BigInt(POG_MAX_MONTHS)) p.months = Number(m);
    required(p.months, 'Months', months, `must be a whole number from 1 to ${POG_MAX_MONTHS}`);
    required(p.startPeriod, 'Start Period', start, 'must be a month mm/yyyy');
    if (p.note && p.note.length > 500) err(n, 'Note', 'must be at most 500 characters');
    rows.push(p);
  });
  return { rows, errors };
}

/**
 * Imports invoices from a filled template. Every row is checked (required cells, formats, known
 * employee in the caller's scope, type, category, unused invoice number, the same invoice-level
 * values on every row of one invoice, a positive total); each problem is reported with its row
 * number, column and message. A dry run (the default) only reports; an import with any error
 * writes nothing (VALIDATION, the errors in `internalMsg`), otherwise every invoice is written in
 * one transaction (all or nothing).
 */
export async function importPogInvoices(ctx: Ctx, grant: Manage, raw: In<typeof importPogInput>): Promise<PogImportReport> {
  const input = importPogInput.parse(raw);
  const { rows, errors } = await readRows(input.contentBase64);
  const err = (row: number, column: PogTemplateColumn, message: string) => errors.push({ row, column, message });

  const lower = (s: string | null) => (s ?? '').toLowerCase();
  const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x).map((x) => x.toLowerCase()))];
  const empNumbers = uniq(rows.map((r) => r.employeeNumber));
  const typeNames = uniq(rows.map((r) => r.type));
  const catNames = uniq(rows.map((r) => r.category));
  const invNumbers = uniq(rows.map((r) => r.invoiceNumber));
  const inList = (col: string, xs: string[]) => anyText(sql`lower(${sql.ref(col)})`, xs);
  const [emps, types, cats, used] = await Promise.all([
    empNumbers.length
      ? ctx.db
          .selectFrom('employees as e')
          .select(['e.id', 'e.employee_number', employeeName.as('name')])
          .where(inList('e.employee_number', empNumbers))
          .where(scopeSql(grant.scope, 'e'))
          .execute()
      : [],
    typeNames.length ? ctx.db.selectFrom('pog_types').select(['id', 'name']).where(inList('name', typeNames)).execute() : [],
    catNames.length ? ctx.db.selectFrom('pog_categories').select(['id', 'name']).where(inList('name', catNames)).execute() : [],
    invNumbers.length
      ? ctx.db.selectFrom('pog_invoices').select('invoice_number').where(inList('invoice_number', invNumbers)).execute()
      : [],
  ]);
  const empOf = new Map(emps.map((e) => [e.employee_number.toLowerCase(), e]));
  const typeOf = new Map(types.map((t) => [t.name.toLowerCase(), t]));
  const catOf = new Map(cats.map((c) => [c.name.toLowerCase(), c]));
  const usedNumbers = new Set(used.map((u) => u.invoice_number.toLowerCase()));

  for (const r of rows) {
    if (r.employeeNumber && !empOf.has(lower(r.employeeNumber))) err(r.row, 'Employee No.', 'no employee with this number');
    if (r.type && !typeOf.has(lower(r.type))) err(r.row, 'Type', `"${r.type}" is not a type (see the sheet Types)`);
    if (r.category && !catOf.has(lower(r.category)))
      err(r.row, 'Category', `"${r.category}" is not a category (see the sheet Categories)`);
    if (r.invoiceNumber && usedNumbers.has(lower(r.invoiceNumber))) err(r.row, 'Invoice No.', 'is used by an existing invoice');
  }

  // Group the rows into invoices; invoice-level cells must agree with the invoice's first row.
  const groups = new Map<string, ParsedRow[]>();
  for (const r of rows) {
    if (!r.invoiceNumber) continue;
    const key = lower(r.invoiceNumber);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const invoices: (PogImportInvoice & { draft: NewPogInvoice | null })[] = [];
  for (const g of groups.values()) {
    const first = g[0]!;
    const same: [PogTemplateColumn, (r: ParsedRow) => string | number | null][] = [
      ['Employee No.', (r) => lower(r.employeeNumber)],
      ['Invoice Date', (r) => r.invoiceDate],
      ['Type', (r) => lower(r.type)],
      ['Months', (r) => r.months],
      ['Start Period', (r) => r.startPeriod],
    ];
    for (const r of g.slice(1))
      for (const [col, get] of same)
        if (get(r) !== null && get(first) !== null && get(r) !== get(first))
          err(r.row, col, `differs from row ${first.row} of invoice ${first.invoiceNumber}`);
    if (g.length > POG_MAX_LINES) err(g[POG_MAX_LINES]!.row, 'Invoice No.', `an invoice has at most ${POG_MAX_LINES} lines`);
    const lines = g.map((r) => ({ quantity: r.quantity ?? 0, unitPrice: r.unitPrice ?? 0n }));
    const total = invoiceTotal(lines);
    const complete = g.every((r) => r.quantity !== null && r.unitPrice !== null);
    if (complete && total === 0n) err(first.row, 'Unit Price', 'the invoice total must be more than 0');
    else if (complete && total > 999_999_999_999_999n) err(first.row, 'Unit Price', 'the invoice total is too large');
    else if (complete && first.months !== null && total < BigInt(first.months))
      err(first.row, 'Months', 'must not exceed the invoice total in rupiah');
    const emp = empOf.get(lower(first.employeeNumber));
    const type = typeOf.get(lower(first.type));
    invoices.push({
      invoiceNumber: first.invoiceNumber!,
      employeeNumber: emp?.employee_number ?? first.employeeNumber ?? '',
      employeeName: emp?.name ?? '',
      typeName: type?.name ?? first.type ?? '',
      invoiceDate: first.invoiceDate ?? '',
      lines: g.length,
      total: total.toString(),
      months: first.months ?? 0,
      startPeriod: first.startPeriod ?? '',
      draft:
        emp && type && first.invoiceDate && first.months && first.startPeriod
          ? {
              employeeId: emp.id,
              typeId: type.id,
              invoiceNumber: first.invoiceNumber,
              invoiceDate: first.invoiceDate,
              months: first.months,
              startPeriod: first.startPeriod,
              note: g.find((r) => r.note)?.note ?? null,
              lines: g.map((r) => ({
                goods: r.goods ?? '',
                categoryId: catOf.get(lower(r.category))?.id ?? 0,
                quantity: r.quantity ?? 0,
                unitPrice: (r.unitPrice ?? 0n).toString(),
              })),
            }
          : null,
    });
  }
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 2, column: '', message: 'The sheet has no rows to import' });
  errors.sort(
    (a, b) =>
      a.row - b.row ||
      POG_TEMPLATE_COLUMNS.indexOf(a.column as PogTemplateColumn) - POG_TEMPLATE_COLUMNS.indexOf(b.column as PogTemplateColumn),
  );

  const summary = invoices.map(({ draft: _d, ...i }) => i);
  const report: PogImportReport = {
    dryRun: input.dryRun,
    rows: rows.length,
    invoices: summary,
    errors,
    imported: false,
    invoiceIds: [],
  };
  if (input.dryRun) return report;
  if (errors.length > 0) {
    throw new AppError('VALIDATION', `${errors.length} problem(s) in the file; nothing was imported`, {
      fields: errors.slice(0, 20).map((e) => ({
        param: 'contentBase64',
        msg: `row ${e.row}${e.column ? `, ${e.column}` : ''}: ${e.message}`,
      })),
      detail: { errors: errors.slice(0, 200) },
    });
  }
  const ids = await inTransaction(ctx, async (trx) => {
    const written = await insertPogInvoices(
      ctx,
      trx,
      invoices.map((i) => i.draft!),
    );
    await audit(ctx, trx, {
      action: 'purchaseOfGood.import',
      entity: 'pog_invoices',
      after: {
        date: pogToday(ctx),
        invoices: summary.map((i) => `${i.invoiceNumber} ${i.employeeNumber} Rp ${formatRupiah(i.total)}`),
      },
    });
    return written;
  });
  return { ...report, imported: true, invoiceIds: ids };
}

/**
 * Appends rows (cells in POG_TEMPLATE_COLUMNS order) to the sheet "Invoices" of a template and
 * returns the filled workbook, base64. For scripts and tests that feed the import.
 */
export async function fillPogTemplate(
  templateBase64: string,
  rows: readonly (string | number | Date | null)[][],
): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(templateBase64, 'base64') as unknown as ArrayBuffer);
  const ws = wb.getWorksheet(SHEET);
  if (!ws)
    throw new AppError('VALIDATION', 'Not a purchase of goods template', {
      fields: [{ param: 'template', msg: 'has no sheet Invoices' }],
    });
  for (const r of rows) ws.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}
