import { type BankTemplateDefinition, type BankTemplateDefinitionInput, bankTemplateDefinition } from './schema';

/*
 * Built-in templates (issue 18 §2). The banks do not publish their bulk-payroll layouts
 * (/work/shared/reference/id-compliance-2026.md "BPJS / bank files"; each bank hands its layout to the company
 * with the cash-management contract). These are BEST-EFFORT layouts carrying the fields every bank's bulk upload
 * is known to need (credit account, account holder name, amount, currency IDR, remark; e-mail where the bank can
 * notify the payee), in the shape each product is described as having. They are labelled as such on screen and in
 * docs/bank-files.md; an admin copies one and adjusts the copy to the layout the bank gave them, without code.
 */

export interface BuiltInTemplate {
  code: string;
  name: string;
  definition: BankTemplateDefinition;
}

const R = { align: 'right', pad: '0' } as const;

const defs: { code: string; name: string; definition: BankTemplateDefinitionInput }[] = [
  {
    // KlikBCA Bisnis multi-payroll: a fixed-width text file, BCA accounts only. Assumed layout: a header record
    // "0" with the company code BCA assigns, the effective date, the debit account, the record count and the total;
    // then one "1" record per payee. Amounts with two decimals, zero-filled.
    code: 'BCA-MULTIPAYROLL',
    name: 'BCA KlikBCA Bisnis multi-payroll (best-effort layout)',
    definition: {
      format: 'fixed-width',
      bankCode: '014',
      dateFormat: 'ddMMyyyy',
      amountFormat: 'decimal2',
      fileNamePattern: 'BCA_MP_{companyCode}_{date:yyyyMMdd}.txt',
      header: [
        [
          { value: '0', width: 1 },
          { value: '{companyCode}', width: 10 },
          { value: '{date}', width: 8 },
          { value: '{companyAccount}', width: 10 },
          { value: '{count}', width: 5, ...R },
          { value: '{total}', width: 17, ...R },
        ],
      ],
      columns: [
        { header: 'Record', value: '1', width: 1 },
        { header: 'Account', field: 'accountNumber', width: 10 },
        { header: 'Amount', field: 'amount', width: 17, ...R },
        { header: 'Employee No', field: 'employeeNumber', width: 15 },
        { header: 'Name', field: 'accountName', width: 30 },
        { header: 'Remark', field: 'remark', width: 18 },
      ],
    },
  },
  {
    // Mandiri Kopra bulk transfer (the CSV inherited from Mandiri Cash Management): a first line "P" with the
    // effective date, the debit account, the count and the total, then one line per payee; the payee's bank code
    // and name let Kopra route transfers to other banks (SKN/BI-FAST), so any bank is accepted.
    code: 'MANDIRI-KOPRA',
    name: 'Mandiri Kopra bulk transfer CSV (best-effort layout)',
    definition: {
      format: 'csv',
      dateFormat: 'yyyyMMdd',
      fileNamePattern: 'MANDIRI_KOPRA_{period}_{date:yyyyMMdd}.csv',
      header: [[{ value: 'P' }, { value: '{date}' }, { value: '{companyAccount}' }, { value: '{count}' }, { value: '{total}' }]],
      columns: [
        { header: 'Credit Account', field: 'accountNumber' },
        { header: 'Credit Account Name', field: 'accountName' },
        { header: 'Currency', field: 'currency' },
        { header: 'Amount', field: 'amount' },
        { header: 'Remark', field: 'remark' },
        { header: 'Reference', field: 'employeeNumber' },
        { header: 'Bank Code', field: 'bankCode' },
        { header: 'Bank Name', field: 'bankName' },
        { header: 'Email', field: 'email' },
      ],
    },
  },
  {
    // BNI Direct bulk payroll CSV: BNI accounts only; column headers, then a TOTAL line with count and total.
    code: 'BNI-BULK-CSV',
    name: 'BNI bulk payroll CSV (best-effort layout)',
    definition: {
      format: 'csv',
      bankCode: '009',
      columnHeaders: true,
      dateFormat: 'dd/MM/yyyy',
      fileNamePattern: 'BNI_PAYROLL_{period}.csv',
      columns: [
        { header: 'No', field: 'sequence' },
        { header: 'Account Number', field: 'accountNumber' },
        { header: 'Account Name', field: 'accountName' },
        { header: 'Amount', field: 'amount' },
        { header: 'Currency', field: 'currency' },
        { header: 'Remark', field: 'remark' },
        { header: 'Email', field: 'email' },
        { header: 'Effective Date', value: '{date}' },
      ],
      trailer: [[{ value: 'TOTAL' }, { value: '{count}' }, { value: '{total}' }]],
    },
  },
  {
    // BRI CMS (QLola) bulk payroll CSV: BRI accounts only, semicolon-separated, Indonesian headers, and two
    // trailer lines with the record count and the total.
    code: 'BRI-BULK-CSV',
    name: 'BRI bulk payroll CSV (best-effort layout)',
    definition: {
      format: 'csv',
      bankCode: '002',
      delimiter: ';',
      columnHeaders: true,
      fileNamePattern: 'BRI_PAYROLL_{period}.csv',
      columns: [
        { header: 'No', field: 'sequence' },
        { header: 'Nomor Rekening', field: 'accountNumber' },
        { header: 'Nama Pemilik Rekening', field: 'accountName' },
        { header: 'Nominal', field: 'amount' },
        { header: 'Mata Uang', field: 'currency' },
        { header: 'Keterangan', field: 'remark' },
      ],
      trailer: [
        [{ value: 'JUMLAH DATA' }, { value: '{count}' }],
        [{ value: 'TOTAL NOMINAL' }, { value: '{total}' }],
      ],
    },
  },
  {
    // Any bank: one line per payee with everything the file knows; for a bank without a template, or for checking.
    code: 'GENERIC-CSV',
    name: 'Generic CSV (any bank)',
    definition: {
      format: 'csv',
      columnHeaders: true,
      fileNamePattern: 'salary_transfer_{period}_run{runId}.csv',
      columns: [
        { header: 'No', field: 'sequence' },
        { header: 'Employee No', field: 'employeeNumber' },
        { header: 'Employee Name', field: 'employeeName' },
        { header: 'Bank Code', field: 'bankCode' },
        { header: 'Bank Name', field: 'bankName' },
        { header: 'Account Number', field: 'accountNumber' },
        { header: 'Account Name', field: 'accountName' },
        { header: 'Currency', field: 'currency' },
        { header: 'Amount', field: 'amount' },
        { header: 'Remark', field: 'remark' },
        { header: 'Email', field: 'email' },
      ],
    },
  },
];

/** The built-in templates, checked by the same schema as an admin's (a broken one fails at start, and in tests). */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = defs.map((d) => ({
  code: d.code,
  name: d.name,
  definition: bankTemplateDefinition.parse(d.definition),
}));

export const builtInTemplate = (code: string): BuiltInTemplate | undefined => BUILT_IN_TEMPLATES.find((t) => t.code === code);
