import { requirePermission, type Scope } from '../access/index';
import { audit, saveAuditedSettings } from '../audit/index';
import { Dec, getIncomeTax, queryFinalisedSlipEmployees, queryFinalisedYearSlips, sumRupiah } from '../payroll/index';
import { type Ctx, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, conflict, forbidden, invalid, notFound } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import type { z } from 'zod';
import type { taxIdentityOutput, taxReportPreviewOutput, taxReportPreviewRowOutput } from './outputs';
import {
  type EmployeeTaxData,
  type ExportRow,
  queryEmployeeTaxData,
  queryExport,
  queryExports,
  queryExportXml,
  queryFingerprints,
  queryIdentity,
  queryLiveExports,
} from './queries';
import { annualRow, type BuiltRow, monthlyRow, periodEnd, type SlipLine, type SlipSource, slipForm } from './rules';
import {
  saveTaxIdentityInput,
  type TaxReportKind,
  taxReportExportInput,
  taxReportIdInput,
  taxReportListInput,
  taxReportMarkFiledInput,
  taxReportPreviewInput,
} from './schema';
import { buildXml, fingerprint } from './xml';
import type { SalaryView as View, SalaryUpdate as Update, SalarySetting as Setting } from '../shared/salary-grants';
import { fileDownload } from '../shared/file-download';

/*
 * Coretax e-Bupot PPh 21 (issue 18 §1; docs/coretax.md): the company's tax identity, the preview of a file,
 * the export (recorded with each slip's fingerprint), replacements (pembetulan) and the filed state.
 */

type Identity = z.output<typeof taxIdentityOutput>;
type Preview = z.output<typeof taxReportPreviewOutput>;
type PreviewRow = z.output<typeof taxReportPreviewRowOutput>;
type FileResult = { id: number; fileName: string; contentType: string; base64: string };

const XML_TYPE = 'application/xml';
const SHORT: Record<TaxReportKind, string> = { bpmp: 'BPMP', bp21: 'BP21', bpa1: 'BPA1' };

/** salary/taxReport/identity: the company NPWP and the NITKU of every office. */
export async function getTaxIdentity(ctx: Ctx, _grant: View): Promise<Identity> {
  return queryIdentity(ctx.db);
}

/**
 * salary/taxReport/identity/save: the company NPWP (the withholder's TIN, always the head office's) and each
 * listed office's NITKU (the NPWP + a 6-digit branch code). Offices not listed keep their NITKU. Audited.
 */
export async function saveTaxIdentity(ctx: Ctx, grant: Setting, raw: In<typeof saveTaxIdentityInput>): Promise<Identity> {
  const input = saveTaxIdentityInput.parse(raw);
  return saveAuditedSettings(ctx, {
    action: 'taxReport.identity.save',
    entity: 'tax_identity',
    read: queryIdentity,
    write: async (trx, before) => {
      const known = new Set(before.offices.map((o) => o.companyOfficeId));
      const unknown = input.offices.flatMap((o, i) =>
        known.has(o.companyOfficeId) ? [] : [{ param: `offices.${i}.companyOfficeId`, msg: 'is not a known company office' }],
      );
      if (unknown.length) throw invalid(unknown);
      // An NITKU must follow the NPWP: changing the NPWP with offices left out would leave them pointing at the old one.
      const stale = before.offices.filter(
        (o) => o.nitku && !o.nitku.startsWith(input.npwp) && !input.offices.some((x) => x.companyOfficeId === o.companyOfficeId),
      );
      if (stale.length)
        throw invalid([{ param: 'offices', msg: `must also give the new NITKU of ${stale.map((o) => o.name).join(', ')}` }]);
      await trx
        .insertInto('tax_company_identity')
        .values({ id: 1, npwp: input.npwp, updated_by: grant.actor.userId || null })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ npwp: input.npwp, updated_by: grant.actor.userId || null, updated_at: ctx.clock() }),
        )
        .execute();
      for (const [i, o] of input.offices.entries())
        await dbWrite(
          () =>
            trx
              .insertInto('tax_office_identities')
              .values({ company_office_id: o.companyOfficeId, nitku: o.nitku })
              .onConflict((oc) => oc.column('company_office_id').doUpdateSet({ nitku: o.nitku, updated_at: ctx.clock() }))
              .execute(),
          {
            unique: {
              tax_office_identities_nitku_uq: () => invalid([{ param: `offices.${i}.nitku`, msg: 'is used by another office' }]),
            },
          },
        );
    },
  });
}

/** A file is a company document: building or reading one needs company-wide data scope. */
function requireAllScope(scope: Scope, what: string): void {
  if (scope.kind !== 'all') throw forbidden(`${what} covers every employee of the period: it needs company-wide data scope`);
}

interface Built {
  identity: Awaited<ReturnType<typeof queryIdentity>>;
  rows: (PreviewRow & { built: BuiltRow; fingerprint: string })[];
  exports: ExportRow[];
}

/**
 * The rows of a file: every FINALISED payslip of the period (and office) in scope that belongs to this kind
 * of file (rules.ts slipForm), built field for field, with what blocks it and what changed since the exports
 * already made of the same period, kind and office.
 */
async function build(ctx: Ctx, scope: Scope, view: View, input: z.output<typeof taxReportPreviewInput>): Promise<Built> {
  const [year, month] = input.period.split('-').map(Number) as [number, number];
  const identity = await queryIdentity(ctx.db);
  const { rows: employees } = await queryFinalisedSlipEmployees(ctx.db, scope, {
    year,
    month,
    companyOfficeId: input.companyOfficeId,
  });
  const ids = employees.map((e) => e.id);
  const [slips, extra] = await Promise.all([
    queryFinalisedYearSlips(ctx.db, ids, year, true),
    queryEmployeeTaxData(ctx.db, ids, periodEnd(input.period)),
  ]);
  const nitku = new Map(identity.offices.map((o) => [o.companyOfficeId, o.nitku]));
  const exports = await queryLiveExports(ctx.db, input.period, input.kind, input.companyOfficeId ?? null);
  const sameChain = exports.filter((x) => x.companyOfficeId === (input.companyOfficeId ?? null));
  const previous = await queryFingerprints(
    ctx.db,
    sameChain.map((x) => x.id),
  );
  const rows: Built['rows'] = [];
  for (const e of employees) {
    const data = extra.get(e.id) as EmployeeTaxData;
    for (const slip of (slips.get(e.id) ?? []).filter((s) => s.period === input.period)) {
      const source: SlipSource = {
        payslipId: slip.id,
        runId: slip.runId,
        employeeId: e.id,
        employeeNumber: e.employeeNumber,
        name: e.name,
        period: slip.period,
        ptkpStatus: slip.ptkpStatus,
        taxableGross: slip.taxableGross,
        pph21: slip.pph21,
        lines: (slip.lines ?? []) as SlipLine[],
        nationalId: e.nationalId,
        taxId: e.taxId,
        ...data,
      };
      const form = slipForm(source);
      if (form.kind !== input.kind) continue;
      const id = { nitku: nitku.get(data.companyOfficeId) ?? null };
      let built: BuiltRow;
      if (form.kind === 'bpa1') {
        // The product's own 1721-A1 figures (payroll/income-tax), never recomputed here.
        const detail = await getIncomeTax(ctx, view, { id: e.id, year });
        built = annualRow(source, detail, id);
      } else {
        // Coretax takes a gross above 0 only: a month without taxable income has nothing to report.
        if (!new Dec(slip.taxableGross).gt(0)) continue;
        built = monthlyRow(source, form, id);
      }
      const print = fingerprint(built.xml);
      const before = previous.get(e.id);
      rows.push({
        payslipId: slip.id,
        runId: slip.runId,
        employeeId: e.id,
        employeeNumber: e.employeeNumber,
        name: e.name,
        companyOffice: data.companyOffice,
        nik: e.nationalId,
        npwp: e.taxId,
        counterpartTin: built.counterpartTin,
        ptkpStatus: slip.ptkpStatus,
        position: data.position,
        taxObjectCode: built.taxObjectCode,
        gross: built.gross,
        rate: built.rate,
        tax: built.tax,
        certificate: built.certificate,
        change: before === undefined ? 'new' : before === print ? 'unchanged' : 'changed',
        errors: built.errors,
        built,
        fingerprint: print,
      });
    }
  }
  return { identity, rows, exports };
}

const officeText = (office: number | null | undefined, name?: string | null) =>
  office ? `office ${name ?? `#${office}`}` : 'all offices';

/** What an export of this scope would do now, and why not when it cannot. */
function nextStep(b: Built, office: number | null): { next: Preview['next']; reason: string | null } {
  const other = b.exports.find((x) => x.companyOfficeId !== office);
  if (other)
    return {
      next: 'none',
      reason: `${SHORT[other.kind]} ${other.period} was exported for ${officeText(other.companyOfficeId, other.companyOffice)} as #${other.id}; an export for ${officeText(office)} would report its slips twice`,
    };
  if (b.exports.length === 0) return { next: 'new', reason: null };
  const open = b.exports.find((x) => x.status !== 'filed');
  if (open)
    return {
      next: 'none',
      reason: `Export #${open.id} is not filed yet: upload it to Coretax and mark it filed, or discard it`,
    };
  if (!b.rows.some((r) => r.change !== 'unchanged'))
    return { next: 'none', reason: `Nothing changed since export #${b.exports.at(-1)!.id}: no replacement is needed` };
  return { next: 'replacement', reason: null };
}

function identityErrors(b: Built): string[] {
  return b.identity.npwp ? [] : ['The company NPWP is not set: save the company tax identity first'];
}

/**
 * salary/taxReport/preview: every finalised payslip of the period that goes into this file, with the employee,
 * NIK/NPWP, PTKP status, gross, rate, tax, certificate and what blocks it; the totals; the exports already made;
 * and what an export would do now. Data-scoped (a scoped caller sees their employees only).
 */
export async function previewTaxReport(ctx: Ctx, grant: View, raw: In<typeof taxReportPreviewInput>): Promise<Preview> {
  const input = taxReportPreviewInput.parse(raw);
  const b = await build(ctx, grant.scope, grant, input);
  const office = input.companyOfficeId ?? null;
  return {
    period: input.period,
    kind: input.kind,
    companyOfficeId: office,
    withholderNpwp: b.identity.npwp,
    identityErrors: identityErrors(b),
    rows: b.rows.map(({ built: _b, fingerprint: _f, ...r }) => r),
    totals: {
      slips: b.rows.length,
      gross: sumRupiah(b.rows.map((r) => r.gross)).toFixed(0),
      tax: sumRupiah(b.rows.map((r) => r.tax)).toFixed(0),
      withErrors: b.rows.filter((r) => r.errors.length > 0).length,
    },
    exports: b.exports,
    ...nextStep(b, office),
  };
}

/**
 * salary/taxReport/export: writes the file and records it. The first export of a period, kind and office holds
 * every slip; a second one as new is refused (CONFLICT). A replacement (pembetulan, `replacement: true`) is made
 * once every earlier export of the chain is filed, and holds only the slips changed since (and any not yet
 * reported). Refused while a slip has errors (the message names the employees). Company-wide scope only.
 */
export async function exportTaxReport(ctx: Ctx, grant: Update, raw: In<typeof taxReportExportInput>): Promise<FileResult> {
  const input = taxReportExportInput.parse(raw);
  requireAllScope(grant.scope, 'A Coretax file');
  const view = requirePermission(grant.actor, 'salary.view');
  const office = input.companyOfficeId ?? null;
  const b = await build(ctx, grant.scope, view, input);
  const label = `${SHORT[input.kind]} ${input.period} (${officeText(office, b.rows[0]?.companyOffice)})`;
  const idErrors = identityErrors(b);
  if (idErrors.length) throw new AppError('PRECONDITION_FAILED', idErrors.join('; '));
  const step = nextStep(b, office);
  if (!input.replacement && b.exports.length)
    throw conflict(
      `${label} was already exported as #${b.exports[0]!.id}; a period is exported as new once: send corrections as a replacement (pembetulan), or discard an export that was not filed`,
    );
  if (input.replacement && step.next !== 'replacement')
    throw conflict(step.next === 'new' ? `${label} has not been exported yet: export it as new first` : step.reason!);
  const rows = input.replacement ? b.rows.filter((r) => r.change !== 'unchanged') : b.rows;
  if (rows.length === 0) throw new AppError('PRECONDITION_FAILED', `${label} has no finalised payslips to report`);
  const blocked = rows.filter((r) => r.errors.length);
  if (blocked.length)
    throw new AppError(
      'PRECONDITION_FAILED',
      `${blocked.length} employee${blocked.length === 1 ? '' : 's'} cannot be reported yet: ${blocked
        .map((r) => `${r.name} (${r.employeeNumber}): ${r.errors.join('; ')}`)
        .join(' | ')}`,
      { detail: blocked.map((r) => ({ employeeId: r.employeeId, name: r.name, errors: r.errors })) },
    );
  const sequence = input.replacement ? Math.max(...b.exports.map((x) => x.sequence)) + 1 : 0;
  const xml = buildXml(
    input.kind,
    b.identity.npwp!,
    rows.map((r) => r.built.xml),
  );
  const fileName = `${SHORT[input.kind]}_${input.period}_${office ? `office-${office}` : 'all-offices'}${
    sequence ? `_pembetulan-${sequence}` : ''
  }.xml`;
  const gross = sumRupiah(rows.map((r) => r.gross)).toFixed(0);
  const tax = sumRupiah(rows.map((r) => r.tax)).toFixed(0);
  const id = await inTransaction(ctx, async (trx) => {
    const x = await dbWrite(
      () =>
        trx
          .insertInto('tax_report_exports')
          .values({
            period: input.period,
            kind: input.kind,
            company_office_id: office,
            sequence,
            file_name: fileName,
            xml,
            slips: rows.length,
            gross,
            tax,
            coretax_reference: null,
            created_by: grant.actor.userId || null,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      // Two exports at the same moment: the database lets one through.
      { unique: { tax_report_exports_chain_uq: () => conflict(`${label} was exported meanwhile by someone else; reload`) } },
    );
    await trx
      .insertInto('tax_report_export_slips')
      .values(
        rows.map((r) => ({
          export_id: x.id,
          employee_id: r.employeeId,
          payslip_id: r.payslipId,
          fingerprint: r.fingerprint,
          replaces: r.change === 'changed',
          gross: r.gross,
          tax: r.tax,
        })),
      )
      .execute();
    await audit(ctx, trx, {
      action: input.replacement ? 'taxReport.replace' : 'taxReport.export',
      entity: 'tax_report_export',
      entityId: x.id,
      after: {
        period: input.period,
        kind: input.kind,
        companyOfficeId: office,
        sequence,
        fileName,
        slips: rows.length,
        gross,
        tax,
        replaces: rows.filter((r) => r.change === 'changed').map((r) => r.employeeId),
      },
    });
    return x.id;
  });
  return { id, ...fileDownload(fileName, XML_TYPE, Buffer.from(xml, 'utf8')) };
}

/** salary/taxReport: the exports made, newest period first. */
export async function listTaxReports(ctx: Ctx, _grant: View, raw: In<typeof taxReportListInput>): Promise<Page<ExportRow>> {
  const input = taxReportListInput.parse(raw);
  const { rows, total } = await queryExports(ctx.db, input, input);
  return { rows, total, page: input.page, pageSize: input.pageSize };
}

/** salary/taxReport/{id}/download: the XML file exactly as exported. Company-wide scope only. */
export async function downloadTaxReport(ctx: Ctx, grant: View, raw: In<typeof taxReportIdInput>): Promise<FileResult> {
  const { id } = taxReportIdInput.parse(raw);
  requireAllScope(grant.scope, 'A Coretax file');
  const x = await queryExportXml(ctx.db, id);
  if (!x) throw notFound('Tax report export');
  return { id, ...fileDownload(x.fileName, XML_TYPE, Buffer.from(x.xml, 'utf8')) };
}

/**
 * Moves an export from `exported` to `to` in one guarded UPDATE (of two concurrent calls one wins); a filed or
 * discarded export never changes again.
 */
async function settle(
  ctx: Ctx,
  grant: Update,
  id: number,
  to: 'filed' | 'discarded',
  set: Record<string, unknown>,
): Promise<ExportRow> {
  return inTransaction(ctx, async (trx) => {
    const r = await trx
      .updateTable('tax_report_exports')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', 'exported')
      .returning('id')
      .executeTakeFirst();
    const row = await queryExport(trx, id);
    if (!row) throw notFound('Tax report export');
    if (!r)
      throw conflict(
        row.status === 'filed'
          ? `Export #${id} was filed${row.coretaxReference ? ` (Coretax reference ${row.coretaxReference})` : ''} and cannot change; send corrections as a replacement`
          : `Export #${id} was discarded and cannot change`,
      );
    await audit(ctx, trx, {
      action: to === 'filed' ? 'taxReport.file' : 'taxReport.discard',
      entity: 'tax_report_export',
      entityId: id,
      before: { status: 'exported' },
      after: { status: to, coretaxReference: row.coretaxReference, by: grant.actor.userId || null },
    });
    return row;
  });
}

/** salary/taxReport/{id}/file: the export was uploaded to Coretax; records its reference. Then it is immutable. */
export async function markTaxReportFiled(ctx: Ctx, grant: Update, raw: In<typeof taxReportMarkFiledInput>): Promise<ExportRow> {
  const input = taxReportMarkFiledInput.parse(raw);
  return settle(ctx, grant, input.id, 'filed', {
    status: 'filed',
    coretax_reference: input.coretaxReference,
    filed_by: grant.actor.userId || null,
    filed_at: ctx.clock(),
  });
}

/** salary/taxReport/{id}/discard: an export not filed is set aside, so the period can be exported again as new. */
export async function discardTaxReport(ctx: Ctx, grant: Update, raw: In<typeof taxReportIdInput>): Promise<ExportRow> {
  const { id } = taxReportIdInput.parse(raw);
  return settle(ctx, grant, id, 'discarded', {
    status: 'discarded',
    discarded_by: grant.actor.userId || null,
    discarded_at: ctx.clock(),
  });
}
