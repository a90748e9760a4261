import { sql } from 'kysely';
import type { Db } from '../shared/context';
import { countedPage } from '../shared/page';
import type { TaxReportKind, TaxReportStatus } from './tables';

/* SQL only (Kysely). Payroll figures are read through @hr/core/payroll (service.ts); these are this module's own tables and the employee data a row needs. */

export interface IdentityRow {
  npwp: string | null;
  offices: { companyOfficeId: number; name: string; nitku: string | null }[];
}

/** The company NPWP and every office with its NITKU (null when none is set). */
export async function queryIdentity(db: Db): Promise<IdentityRow> {
  const [company, offices] = await Promise.all([
    db.selectFrom('tax_company_identity').select('npwp').where('id', '=', 1).executeTakeFirst(),
    db
      .selectFrom('company_offices as o')
      .leftJoin('tax_office_identities as t', 't.company_office_id', 'o.id')
      .select(['o.id as companyOfficeId', 'o.name', 't.nitku'])
      .orderBy('o.id')
      .execute(),
  ]);
  return { npwp: company?.npwp ?? null, offices };
}

export interface EmployeeTaxData {
  position: string | null;
  companyOfficeId: number;
  companyOffice: string;
  /** Contract type of the latest contract started by `date`, else the employee record's (spec §3). */
  contractType: number | null;
}

/** Job position, office and contract type in force at `date` of some employees (one query). */
export async function queryEmployeeTaxData(db: Db, ids: readonly number[], date: string): Promise<Map<number, EmployeeTaxData>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{
    id: number;
    position: string | null;
    company_office_id: number;
    office: string;
    contract_type: number | null;
  }>`
    select e.id, p.name as position, e.company_office_id, o.name as office,
      coalesce((select c.contract_type from employee_contracts c
                where c.employee_id = e.id and c.start_date <= ${date}::date
                order by c.start_date desc, c.id desc limit 1), e.contract_type) as contract_type
    from employees e
    join company_offices o on o.id = e.company_office_id
    left join job_positions p on p.id = e.job_position_id
    where e.id = any(${sql.val(ids)}::int[])`.execute(db);
  return new Map(
    rows.rows.map((r) => [
      r.id,
      { position: r.position, companyOfficeId: r.company_office_id, companyOffice: r.office, contractType: r.contract_type },
    ]),
  );
}

export interface ExportRow {
  id: number;
  period: string;
  kind: TaxReportKind;
  companyOfficeId: number | null;
  companyOffice: string | null;
  sequence: number;
  status: TaxReportStatus;
  fileName: string;
  slips: number;
  gross: string;
  tax: string;
  coretaxReference: string | null;
  createdBy: number | null;
  createdAt: Date;
  filedBy: number | null;
  filedAt: Date | null;
}

function exportsQuery(db: Db) {
  return db
    .selectFrom('tax_report_exports as x')
    .leftJoin('company_offices as o', 'o.id', 'x.company_office_id')
    .select([
      'x.id',
      'x.period',
      'x.kind',
      'x.company_office_id as companyOfficeId',
      'o.name as companyOffice',
      'x.sequence',
      'x.status',
      'x.file_name as fileName',
      'x.slips',
      sql<string>`x.gross::text`.as('gross'),
      sql<string>`x.tax::text`.as('tax'),
      'x.coretax_reference as coretaxReference',
      'x.created_by as createdBy',
      'x.created_at as createdAt',
      'x.filed_by as filedBy',
      'x.filed_at as filedAt',
    ]);
}

/** Exports, newest period first, filtered; with the page's total. */
export async function queryExports(
  db: Db,
  f: { period?: string | undefined; kind?: TaxReportKind | undefined; companyOfficeId?: number | undefined },
  page: { page: number; pageSize: number },
): Promise<{ rows: ExportRow[]; total: number }> {
  let q = exportsQuery(db);
  if (f.period) q = q.where('x.period', '=', f.period);
  if (f.kind) q = q.where('x.kind', '=', f.kind);
  if (f.companyOfficeId) q = q.where('x.company_office_id', '=', f.companyOfficeId);
  const { rows, total } = await countedPage(q, page, (q) => q.orderBy('x.period', 'desc').orderBy('x.id', 'desc'));
  return { rows, total };
}

export async function queryExport(db: Db, id: number): Promise<ExportRow | undefined> {
  return exportsQuery(db).where('x.id', '=', id).executeTakeFirst();
}

export async function queryExportXml(db: Db, id: number): Promise<{ fileName: string; xml: string } | undefined> {
  return db.selectFrom('tax_report_exports').select(['file_name as fileName', 'xml']).where('id', '=', id).executeTakeFirst();
}

/**
 * Live (not discarded) exports of a period and kind whose office overlaps `office`: the same office, or either
 * side covering every office (null). Oldest first.
 */
export async function queryLiveExports(db: Db, period: string, kind: TaxReportKind, office: number | null): Promise<ExportRow[]> {
  let q = exportsQuery(db).where('x.period', '=', period).where('x.kind', '=', kind).where('x.status', '<>', 'discarded');
  if (office !== null)
    q = q.where((eb) => eb.or([eb('x.company_office_id', '=', office), eb('x.company_office_id', 'is', null)]));
  return q.orderBy('x.sequence').orderBy('x.id').execute();
}

/** The latest exported fingerprint of each employee in the given live exports. */
export async function queryFingerprints(db: Db, exportIds: readonly number[]): Promise<Map<number, string>> {
  if (exportIds.length === 0) return new Map();
  const rows = await sql<{ employee_id: number; fingerprint: string }>`
    select distinct on (employee_id) employee_id, fingerprint
    from tax_report_export_slips
    where export_id = any(${sql.val(exportIds)}::int[])
    order by employee_id, export_id desc`.execute(db);
  return new Map(rows.rows.map((r) => [r.employee_id, r.fingerprint]));
}
