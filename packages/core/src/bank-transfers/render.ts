import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { asciiText, fillPlaceholders, fitCell, formatAmount } from './rules';
import { BANK_TRUNCATED_FIELDS, type BankRowField, type BankTemplateDefinition } from './schema';

/* Writes a transfer file from a template (docs/bank-files.md "A template"). Pure: no database. */

/** One transfer: a payslip's net pay to the employee's account. */
export interface PayRow {
  accountNumber: string;
  accountName: string;
  /** Whole rupiah, > 0. */
  amount: bigint;
  bankCode: string;
  bankName: string;
  employeeNumber: string;
  employeeName: string;
  email: string;
}

export interface FileContext {
  templateCode: string;
  period: string;
  runId: number;
  /** yyyy-mm-dd */
  effectiveDate: string;
  companyCode: string;
  companyAccount: string;
}

export interface RenderedFile {
  fileName: string;
  content: string;
  count: number;
  total: bigint;
  checksum: string | null;
}

const EOL = { crlf: '\r\n', lf: '\n' } as const;

function checksumOf(t: BankTemplateDefinition, rows: readonly PayRow[], total: bigint, detailText: string): string | null {
  switch (t.checksum) {
    case 'none':
      return null;
    case 'sum-of-amounts':
      return formatAmount(total, t.amountFormat);
    // The "hash total" of bulk files: Σ of the credit account numbers read as integers.
    case 'sum-of-account-numbers':
      return String(rows.reduce((a, r) => a + BigInt(r.accountNumber), 0n));
    // MD5 (hex) of the detail lines exactly as written, each with its line ending.
    case 'md5':
      return createHash('md5').update(detailText, 'latin1').digest('hex');
  }
}

/** A file name from the pattern: placeholders filled, anything but letters, digits, . - _ replaced by _. */
const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 150);

/**
 * The file `t` describes for `rows`, in their order. Its detail amounts add up to `total`, which is
 * returned for the caller to check against the run. Throws CellOverflow when a value does not fit a
 * fixed-width cell that may not be cut (numbers, codes).
 */
export function renderTransferFile(t: BankTemplateDefinition, rows: readonly PayRow[], f: FileContext): RenderedFile {
  const eol = EOL[t.lineEnding];
  const total = rows.reduce((a, r) => a + r.amount, 0n);
  const date = { iso: f.effectiveDate, format: t.dateFormat };
  const fileValues: Record<string, string> = {
    count: String(rows.length),
    total: formatAmount(total, t.amountFormat),
    companyCode: asciiText(f.companyCode),
    companyAccount: f.companyAccount,
    period: f.period,
    runId: String(f.runId),
    template: f.templateCode,
  };
  const remark = asciiText(fillPlaceholders(t.remark, fileValues, date));
  const serialise = (lines: string[][]): string =>
    lines.length === 0
      ? ''
      : t.format === 'csv'
        ? stringify(lines, { delimiter: t.delimiter, record_delimiter: eol })
        : lines.map((cells) => cells.join('') + eol).join('');

  const detail = rows.map((r, i) => {
    const values: Record<BankRowField, string> = {
      sequence: String(i + 1),
      accountNumber: r.accountNumber,
      accountName: asciiText(r.accountName),
      amount: formatAmount(r.amount, t.amountFormat),
      currency: 'IDR',
      bankCode: r.bankCode,
      bankName: asciiText(r.bankName),
      employeeNumber: asciiText(r.employeeNumber),
      employeeName: asciiText(r.employeeName),
      email: asciiText(r.email),
      remark,
    };
    return t.columns.map((c, n) => {
      const value = c.field ? values[c.field] : asciiText(fillPlaceholders(c.value ?? '', { ...fileValues, ...values }, date));
      const truncate = c.field !== undefined && BANK_TRUNCATED_FIELDS.includes(c.field);
      return fitCell(value, c, truncate, `Row ${i + 1} column ${n + 1} (${c.header || c.field || 'value'})`);
    });
  });
  const detailText = serialise(detail);
  const checksum = checksumOf(t, rows, total, detailText);
  const withChecksum = { ...fileValues, checksum: checksum ?? '' };
  const block = (part: 'header' | 'trailer') =>
    serialise(
      t[part].map((cells, r) =>
        cells.map((cell, n) =>
          fitCell(asciiText(fillPlaceholders(cell.value, withChecksum, date)), cell, false, `${part} row ${r + 1} cell ${n + 1}`),
        ),
      ),
    );
  const headings = t.columnHeaders ? serialise([t.columns.map((c) => fitCell(c.header, c, true, 'column header'))]) : '';
  return {
    fileName: safeFileName(fillPlaceholders(t.fileNamePattern, withChecksum, date)),
    content: block('header') + headings + detailText + block('trailer'),
    count: rows.length,
    total,
    checksum,
  };
}
