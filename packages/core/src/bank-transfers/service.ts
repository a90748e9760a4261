import { createHash } from 'node:crypto';
import { type Grant, requirePermission } from '../access/index';
import { audit } from '../audit/index';
import { getPayrollRun, type PayslipSummary } from '../payroll/index';
import { type Ctx, inTransaction } from '../shared/context';
import { todayWib } from '../shared/date-ranges';
import { AppError, forbidden, invalid, notFound } from '../shared/errors';
import type { In } from '../shared/zod';
import {
  deleteTemplateRow,
  type EmployeeBank,
  insertExport,
  insertTemplate,
  queryBankName,
  queryEmployeeBanks,
  queryExport,
  queryExports,
  queryTemplate,
  queryTemplates,
  type StoredTemplate,
  updateTemplateRow,
} from './queries';
import { renderTransferFile, type PayRow } from './render';
import { accountProblems, CellOverflow } from './rules';
import {
  type BankProblem,
  type BankTemplateDefinition,
  type BankTemplateRow,
  type BankTransferExportResult,
  type BankTransferExportRow,
  type BankTransferLeftOut,
  type BankTransferLine,
  type BankTransferPreview,
  bankTemplateCodeInput,
  bankTemplateDefinition,
  bankTransferDownloadInput,
  bankTransferExportInput,
  bankTransferExportsInput,
  bankTransferPreviewInput,
  copyBankTemplateInput,
  createBankTemplateInput,
  updateBankTemplateInput,
} from './schema';
import { BUILT_IN_TEMPLATES, builtInTemplate } from './templates';
import type { SalaryView as View, SalaryUpdate as Update, SalarySetting as Setting } from '../shared/salary-grants';
import { fileDownload } from '../shared/file-download';

/**
 * A transfer file pays a whole run, so it needs the whole company (like generating the run, spec §6): a caller
 * limited to their department would get a file that silently misses everyone else.
 */
function requireCompanyScope(grant: Grant): void {
  if (grant.scope.kind !== 'all')
    throw forbidden('Bank transfer files cover every employee of a run: they need access to every employee');
}

// ---------------------------------------------------------------------------------------------
// Templates

const rowOf = (t: { code: string; name: string; definition: BankTemplateDefinition }, builtIn: boolean): BankTemplateRow => ({
  code: t.code,
  name: t.name,
  builtIn,
  bankCode: t.definition.bankCode,
  format: t.definition.format,
  definition: t.definition,
});

/** A stored definition passed the schema when saved; parsing again applies defaults added since. */
const storedRow = (t: StoredTemplate): BankTemplateRow =>
  rowOf(
    {
      ...t,
      definition: bankTemplateDefinition.parse(typeof t.definition === 'string' ? JSON.parse(t.definition) : t.definition),
    },
    false,
  );

async function templateOf(ctx: Ctx, code: string): Promise<BankTemplateRow> {
  const b = builtInTemplate(code);
  if (b) return rowOf(b, true);
  const t = await queryTemplate(ctx.db, code);
  if (!t) throw notFound('Bank transfer template');
  return storedRow(t);
}

/** The built-in templates, then the admins' ones by code. */
export async function listBankTemplates(ctx: Ctx, _grant: View): Promise<BankTemplateRow[]> {
  return [...BUILT_IN_TEMPLATES.map((t) => rowOf(t, true)), ...(await queryTemplates(ctx.db)).map(storedRow)];
}

export async function getBankTemplate(ctx: Ctx, _grant: View, raw: In<typeof bankTemplateCodeInput>): Promise<BankTemplateRow> {
  return templateOf(ctx, bankTemplateCodeInput.parse(raw).code);
}

async function insertNew(ctx: Ctx, t: { code: string; name: string; definition: BankTemplateDefinition }, param: string) {
  if (builtInTemplate(t.code)) throw invalid([{ param, msg: `${t.code} is a built-in template's code` }]);
  return inTransaction(ctx, async (trx) => {
    const row = await insertTemplate(trx, t, ctx.actor?.userId ?? null);
    if (!row) throw invalid([{ param, msg: `a template ${t.code} already exists` }]);
    await audit(ctx, trx, { action: 'bank_template.create', entity: 'bank_template', entityId: t.code, after: t });
    return storedRow(row);
  });
}

/** salary/bankTransfer/template (POST): an admin's template, validated by the template schema (GL0001 with the fields). */
export async function createBankTemplate(
  ctx: Ctx,
  _grant: Setting,
  raw: In<typeof createBankTemplateInput>,
): Promise<BankTemplateRow> {
  const input = createBankTemplateInput.parse(raw);
  return insertNew(ctx, input, 'code');
}

/** A copy of any template (a built-in one included) under a new code, for an admin to adjust. */
export async function copyBankTemplate(
  ctx: Ctx,
  _grant: Setting,
  raw: In<typeof copyBankTemplateInput>,
): Promise<BankTemplateRow> {
  const input = copyBankTemplateInput.parse(raw);
  const source = await templateOf(ctx, input.code);
  return insertNew(ctx, { code: input.newCode, name: input.name, definition: source.definition }, 'newCode');
}

const builtInLocked = (code: string) =>
  new AppError('CONFLICT', `${code} is a built-in template: it cannot be changed or deleted; copy it and change the copy`);

export async function updateBankTemplate(
  ctx: Ctx,
  _grant: Setting,
  raw: In<typeof updateBankTemplateInput>,
): Promise<BankTemplateRow> {
  const input = updateBankTemplateInput.parse(raw);
  if (builtInTemplate(input.code)) throw builtInLocked(input.code);
  return inTransaction(ctx, async (trx) => {
    const before = await queryTemplate(trx, input.code);
    const row = await updateTemplateRow(trx, input.code, input, ctx.clock());
    if (!before || !row) throw notFound('Bank transfer template');
    await audit(ctx, trx, {
      action: 'bank_template.update',
      entity: 'bank_template',
      entityId: input.code,
      before,
      after: input,
    });
    return storedRow(row);
  });
}

export async function deleteBankTemplate(
  ctx: Ctx,
  _grant: Setting,
  raw: In<typeof bankTemplateCodeInput>,
): Promise<{ code: string }> {
  const { code } = bankTemplateCodeInput.parse(raw);
  if (builtInTemplate(code)) throw builtInLocked(code);
  return inTransaction(ctx, async (trx) => {
    const row = await deleteTemplateRow(trx, code);
    if (!row) throw notFound('Bank transfer template');
    await audit(ctx, trx, { action: 'bank_template.delete', entity: 'bank_template', entityId: code, before: row });
    return { code };
  });
}

// ---------------------------------------------------------------------------------------------
// Preview and export

interface RunSlips {
  id: number;
  period: string;
  status: string;
  net: string;
  slips: PayslipSummary[];
}

/** Every payslip of the run, read through payroll's public surface (pages of 500). */
async function runSlips(ctx: Ctx, view: View, runId: number): Promise<RunSlips> {
  const slips: PayslipSummary[] = [];
  for (let page = 1; ; page++) {
    const r = await getPayrollRun(ctx, view, { id: runId, page, pageSize: 500 });
    slips.push(...r.payslips.rows);
    if (slips.length >= r.payslips.total || r.payslips.rows.length === 0)
      return { id: r.id, period: r.period, status: r.status, net: r.net, slips };
  }
}

interface Built {
  run: RunSlips;
  template: BankTemplateRow;
  lines: BankTransferLine[];
  banks: Map<number, EmployeeBank>;
  preview: BankTransferPreview;
}

const sumNet = (lines: readonly BankTransferLine[]) => lines.reduce((a, l) => a + BigInt(l.net), 0n);

async function build(
  ctx: Ctx,
  view: View,
  input: { id: number; template: string; excludeEmployeeIds: number[] },
): Promise<Built> {
  requireCompanyScope(view);
  const template = await templateOf(ctx, input.template);
  const run = await runSlips(ctx, view, input.id);
  if (run.status !== 'finalised')
    throw new AppError('CONFLICT', `Payroll run #${run.id} of ${run.period} is ${run.status}: only a finalised run can be paid`);
  const inRun = new Set(run.slips.map((s) => s.employeeId));
  const strangers = input.excludeEmployeeIds.filter((id) => !inRun.has(id));
  if (strangers.length)
    throw invalid([
      { param: 'excludeEmployeeIds', msg: `employee ${strangers.map((id) => `#${id}`).join(', ')} is not in this run` },
    ]);
  const excluded = new Set(input.excludeEmployeeIds);
  const banks = await queryEmployeeBanks(
    ctx.db,
    run.slips.map((s) => s.employeeId),
  );
  const bankCode = template.definition.bankCode;
  const templateBank = bankCode ? await queryBankName(ctx.db, bankCode) : null;
  const lines = run.slips.map((s): BankTransferLine => {
    const b = banks.get(s.employeeId);
    const net = BigInt(s.net);
    const problems: BankProblem[] =
      net < 0n ? [{ code: 'negative-net', message: 'Net pay is negative: nothing can be transferred' }] : [];
    const payee = {
      bankCode: b?.bankCode ?? null,
      bankName: b?.bankName ?? null,
      hasBank: (b?.bankId ?? null) !== null,
      accountNumber: b?.accountNumber ?? null,
      accountName: b?.accountName ?? null,
    };
    if (net > 0n) problems.push(...accountProblems(payee, template.definition, templateBank));
    return {
      employeeId: s.employeeId,
      employeeNumber: s.employeeNumber,
      employeeName: s.employeeName,
      net: s.net,
      bankCode: payee.bankCode,
      bankName: payee.bankName,
      accountNumber: payee.accountNumber,
      accountName: payee.accountName,
      // Nothing to pay wins: a zero-net slip is left out and listed whatever else is true of it.
      status: net === 0n ? 'zero-net' : excluded.has(s.employeeId) ? 'excluded' : problems.length ? 'problem' : 'pay',
      problems,
    };
  });
  const of = (status: BankTransferLine['status']) => lines.filter((l) => l.status === status);
  const [pay, problem, left, zero] = [of('pay'), of('problem'), of('excluded'), of('zero-net')];
  return {
    run,
    template,
    lines,
    banks,
    preview: {
      runId: run.id,
      period: run.period,
      template: { code: template.code, name: template.name },
      runNet: run.net,
      employees: lines.length,
      payCount: pay.length,
      payTotal: String(sumNet(pay)),
      problemCount: problem.length,
      problemTotal: String(sumNet(problem)),
      excludedCount: left.length,
      excludedTotal: String(sumNet(left)),
      zeroNetCount: zero.length,
      canExport: problem.length === 0 && pay.length > 0,
      lines,
    },
  };
}

/**
 * salary/bankTransfer/{id}/preview: every employee of the finalised run with net pay, bank, account and what
 * stops them being paid by this template's file. Nothing is written.
 */
export async function previewBankTransfer(
  ctx: Ctx,
  grant: View,
  raw: In<typeof bankTransferPreviewInput>,
): Promise<BankTransferPreview> {
  return (await build(ctx, grant, bankTransferPreviewInput.parse(raw))).preview;
}

const leftOut = (l: BankTransferLine, reason: string): BankTransferLeftOut => ({
  employeeId: l.employeeId,
  employeeNumber: l.employeeNumber,
  employeeName: l.employeeName,
  net: l.net,
  reason,
});

const usesPlaceholder = (t: BankTemplateDefinition, name: string): boolean => JSON.stringify(t).includes(`{${name}}`);

const CONTENT_TYPE = { csv: 'text/csv', 'fixed-width': 'text/plain' } as const;

/**
 * salary/bankTransfer/{id}/export: the transfer file of a finalised run. Refused while an employee cannot be
 * paid (no, or an invalid, account) unless the caller excludes them by id; those excluded and the zero-net
 * slips are listed in the export record, never dropped silently. The file's total is the run's net pay minus
 * the excluded, to the rupiah (checked here; the record's table checks it again). Recorded and audited.
 */
export async function exportBankTransfer(
  ctx: Ctx,
  grant: Update,
  raw: In<typeof bankTransferExportInput>,
): Promise<BankTransferExportResult> {
  const input = bankTransferExportInput.parse(raw);
  requireCompanyScope(grant);
  const { run, template, lines, banks, preview } = await build(ctx, requirePermission(grant.actor, 'salary.view'), input);
  const blocked = lines.filter((l) => l.status === 'problem');
  if (blocked.length) {
    const names = blocked
      .slice(0, 10)
      .map((l) => `${l.employeeNumber} ${l.employeeName} (${l.problems.map((p) => p.message).join('; ')})`);
    throw new AppError(
      'CONFLICT',
      `${blocked.length} employee(s) cannot be paid by ${template.code}: ${names.join(', ')}${blocked.length > 10 ? ', …' : ''}. ` +
        'Fix their bank details, or exclude them explicitly to pay them another way.',
      { detail: blocked.map((l) => ({ employeeId: l.employeeId, problems: l.problems })) },
    );
  }
  const def = template.definition;
  const companyCode = input.companyCode ?? def.companyCode;
  const companyAccount = input.companyAccount ?? def.companyAccount;
  const missing = [
    ...(usesPlaceholder(def, 'companyCode') && !companyCode ? ['companyCode'] : []),
    ...(usesPlaceholder(def, 'companyAccount') && !companyAccount ? ['companyAccount'] : []),
  ];
  if (missing.length) throw invalid(missing.map((param) => ({ param, msg: `is required by template ${template.code}` })));
  const pay = lines.filter((l) => l.status === 'pay');
  if (pay.length === 0) throw new AppError('CONFLICT', 'Nobody in this run is left to pay by this file');
  const rows: PayRow[] = pay.map((l) => ({
    accountNumber: l.accountNumber!.trim(),
    accountName: l.accountName!,
    amount: BigInt(l.net),
    bankCode: l.bankCode ?? '',
    bankName: l.bankName ?? '',
    employeeNumber: l.employeeNumber,
    employeeName: l.employeeName,
    email: banks.get(l.employeeId)?.email ?? '',
  }));
  const effectiveDate = input.effectiveDate ?? todayWib(ctx.clock());
  let file: ReturnType<typeof renderTransferFile>;
  try {
    file = renderTransferFile(def, rows, {
      templateCode: template.code,
      period: run.period,
      runId: run.id,
      effectiveDate,
      companyCode,
      companyAccount,
    });
  } catch (e) {
    if (e instanceof CellOverflow)
      throw invalid([{ param: 'template', msg: e.message }], `Template ${template.code} does not fit`);
    throw e;
  }
  const excluded = lines
    .filter((l) => l.status === 'excluded')
    .map((l) =>
      leftOut(l, l.problems.length ? `Excluded: ${l.problems.map((p) => p.message).join('; ')}` : 'Excluded by the caller'),
    );
  const zeroNet = lines.filter((l) => l.status === 'zero-net').map((l) => leftOut(l, 'Zero net pay'));
  const excludedTotal = BigInt(preview.excludedTotal);
  // Issue 18 §2: the file pays the run's net pay to the rupiah, less exactly what is listed as excluded.
  if (file.total !== BigInt(run.net) - excludedTotal || String(file.total) !== preview.payTotal)
    throw new AppError('INTERNAL', `Bank file total ${file.total} does not equal run net ${run.net} − excluded ${excludedTotal}`);
  const sha256 = createHash('sha256').update(file.content, 'latin1').digest('hex');
  const id = await inTransaction(ctx, async (trx) => {
    const exportId = await insertExport(trx, {
      run_id: run.id,
      template_code: template.code,
      template_name: template.name,
      file_name: file.fileName,
      effective_date: effectiveDate,
      row_count: file.count,
      total: String(file.total),
      run_net: run.net,
      excluded_count: excluded.length,
      excluded_total: String(excludedTotal),
      excluded: JSON.stringify(excluded),
      zero_net: JSON.stringify(zeroNet),
      checksum: file.checksum,
      sha256,
      content: file.content,
      created_by: ctx.actor?.userId ?? null,
    });
    await audit(ctx, trx, {
      action: 'bank_transfer.export',
      entity: 'payroll_run',
      entityId: run.id,
      after: {
        exportId,
        template: template.code,
        fileName: file.fileName,
        rowCount: file.count,
        total: String(file.total),
        runNet: run.net,
        excluded: excluded.map((x) => ({ employeeId: x.employeeId, net: x.net, reason: x.reason })),
        zeroNet: zeroNet.map((x) => x.employeeId),
        sha256,
      },
    });
    return exportId;
  });
  const record = await exportRecord(ctx, id);
  return {
    ...record.row,
    contentType: CONTENT_TYPE[def.format],
    base64: Buffer.from(record.content, 'latin1').toString('base64'),
  };
}

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

function exportRow(r: Awaited<ReturnType<typeof queryExports>>[number]): BankTransferExportRow {
  return {
    ...r,
    excluded: parsed<BankTransferLeftOut[]>(r.excluded),
    zeroNet: parsed<BankTransferLeftOut[]>(r.zeroNet),
  };
}

async function exportRecord(ctx: Ctx, id: number) {
  const r = await queryExport(ctx.db, id);
  if (!r) throw notFound('Bank transfer export');
  const { content, ...row } = r;
  return { row: exportRow(row), content };
}

/** salary/bankTransfer/{id}/exports: the files made from a run, newest first. */
export async function listBankTransferExports(
  ctx: Ctx,
  grant: View,
  raw: In<typeof bankTransferExportsInput>,
): Promise<BankTransferExportRow[]> {
  requireCompanyScope(grant);
  const { id } = bankTransferExportsInput.parse(raw);
  return (await queryExports(ctx.db, id)).map(exportRow);
}

/** salary/bankTransfer/export/{id}/download: the file of an export exactly as it was made. */
export async function downloadBankTransferExport(
  ctx: Ctx,
  grant: Update,
  raw: In<typeof bankTransferDownloadInput>,
): Promise<{ fileName: string; contentType: string; base64: string }> {
  requireCompanyScope(grant);
  const { id } = bankTransferDownloadInput.parse(raw);
  const { row, content } = await exportRecord(ctx, id);
  const csv = row.fileName.toLowerCase().endsWith('.csv');
  return fileDownload(row.fileName, csv ? 'text/csv' : 'text/plain', Buffer.from(content, 'latin1'));
}
