import type { BankProblem, BankTemplateDefinition } from './schema';

/*
 * Pure rules of bank transfer files (issue 18 §2; docs/bank-files.md): which account can be paid, how a value
 * is written into a cell. No database, no I/O.
 */

/**
 * Account-number lengths of the banks whose length is known (digits, no separators). Sources: the banks'
 * own account-number formats as printed on passbooks and in their transfer forms — BCA 10, Mandiri 13,
 * BNI 10, BRI 15 (the issue's list; the demo seed uses the same). Any other bank: 5 to 20 digits.
 */
export const ACCOUNT_LENGTHS: Readonly<Record<string, number>> = { '014': 10, '008': 13, '009': 10, '002': 15 };
const ANY_BANK = { min: 5, max: 20 };

export interface PayeeBank {
  bankCode: string | null;
  bankName: string | null;
  /** The employee has a bank chosen (the reference row may lack a code). */
  hasBank: boolean;
  accountNumber: string | null;
  accountName: string | null;
}

/**
 * Why this employee's account cannot be paid by a file of `template` (empty: it can). Every problem is named,
 * none is fixed silently: an account number with spaces or dots is invalid, not cleaned.
 */
export function accountProblems(
  p: PayeeBank,
  template: Pick<BankTemplateDefinition, 'bankCode'>,
  templateBank: string | null,
): BankProblem[] {
  const out: BankProblem[] = [];
  const account = p.accountNumber?.trim() ?? '';
  if (!account) out.push({ code: 'no-account', message: 'No bank account number' });
  if (!p.hasBank) out.push({ code: 'no-bank', message: 'No bank chosen' });
  if (account) {
    const len = p.bankCode ? ACCOUNT_LENGTHS[p.bankCode] : undefined;
    if (!/^\d+$/.test(account)) out.push({ code: 'invalid-account', message: 'The account number must be digits only' });
    else if (len !== undefined && account.length !== len)
      out.push({
        code: 'invalid-account',
        message: `A ${p.bankName ?? p.bankCode} account number has ${len} digits, not ${account.length}`,
      });
    else if (len === undefined && (account.length < ANY_BANK.min || account.length > ANY_BANK.max))
      out.push({ code: 'invalid-account', message: `The account number must have ${ANY_BANK.min} to ${ANY_BANK.max} digits` });
  }
  if (!p.accountName?.trim()) out.push({ code: 'no-account-name', message: 'No account holder name' });
  if (template.bankCode && p.hasBank && p.bankCode !== template.bankCode)
    out.push({
      code: 'other-bank',
      message: `The account is at ${p.bankName ?? 'another bank'}; this template pays ${templateBank ?? template.bankCode} accounts only`,
    });
  return out;
}

/** `yyyy-mm-dd` written with the tokens yyyy, yy, MM, dd. */
export function formatDate(iso: string, format: string): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  return format.replace(/yyyy|yy|MM|dd/g, (t) => (t === 'yyyy' ? y : t === 'yy' ? y.slice(2) : t === 'MM' ? m : d));
}

/** Whole rupiah as the template writes amounts (no float: the value is already an integer string). */
export const formatAmount = (rupiah: bigint, format: BankTemplateDefinition['amountFormat']): string =>
  format === 'decimal2' ? `${rupiah}.00` : String(rupiah);

/**
 * Bank files are plain ASCII: letters with diacritics lose the mark (É → E), anything else outside printable
 * ASCII becomes a space, runs of spaces collapse. Names are the only free text that reaches a file.
 */
export const asciiText = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** Replaces `{name}` and `{date:FORMAT}` with values; a name without a value stays as written. */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  date: { iso: string; format: string },
): string {
  return text.replace(/\{([A-Za-z]+)(?::([^{}]*))?\}/g, (whole, name: string, arg: string | undefined) => {
    if (name === 'date') return formatDate(date.iso, arg ?? date.format);
    return values[name] ?? whole;
  });
}

export class CellOverflow extends Error {}

/**
 * A value fitted to a cell: padded to `width` (default: a space, aligned left),
 * cut to `width` only when `truncate` (free text); a number that does not fit is an error, never cut.
 */
export function fitCell(
  value: string,
  cell: { width?: number | undefined; align?: 'left' | 'right' | undefined; pad?: string | undefined },
  truncate: boolean,
  what: string,
): string {
  if (cell.width === undefined) return value;
  if (value.length > cell.width) {
    if (!truncate) throw new CellOverflow(`${what}: "${value}" is longer than its width ${cell.width}`);
    return value.slice(0, cell.width);
  }
  const pad = cell.pad ?? ' ';
  return cell.align === 'right' ? value.padStart(cell.width, pad) : value.padEnd(cell.width, pad);
}
