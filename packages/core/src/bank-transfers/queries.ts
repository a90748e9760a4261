import type { Db } from '../shared/context';
import { anyId } from '../shared/sql';

/* SQL only (Kysely): admins' templates, the employees' bank details, the export records. */

export interface StoredTemplate {
  id: number;
  code: string;
  name: string;
  definition: unknown;
}

export const queryTemplates = (db: Db): Promise<StoredTemplate[]> =>
  db.selectFrom('bank_transfer_templates').select(['id', 'code', 'name', 'definition']).orderBy('code').execute();

export const queryTemplate = (db: Db, code: string): Promise<StoredTemplate | undefined> =>
  db
    .selectFrom('bank_transfer_templates')
    .select(['id', 'code', 'name', 'definition'])
    .where('code', '=', code)
    .executeTakeFirst();

/** Inserts a template; undefined when the code is taken (the unique index decides, so two creators cannot both win). */
export const insertTemplate = (db: Db, t: { code: string; name: string; definition: unknown }, by: number | null) =>
  db
    .insertInto('bank_transfer_templates')
    .values({ code: t.code, name: t.name, definition: JSON.stringify(t.definition), created_by: by })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning(['id', 'code', 'name', 'definition'])
    .executeTakeFirst();

export const updateTemplateRow = (db: Db, code: string, t: { name: string; definition: unknown }, now: Date) =>
  db
    .updateTable('bank_transfer_templates')
    .set({ name: t.name, definition: JSON.stringify(t.definition), updated_at: now })
    .where('code', '=', code)
    .returning(['id', 'code', 'name', 'definition'])
    .executeTakeFirst();

export const deleteTemplateRow = (db: Db, code: string) =>
  db
    .deleteFrom('bank_transfer_templates')
    .where('code', '=', code)
    .returning(['id', 'code', 'name', 'definition'])
    .executeTakeFirst();

/** The name of a bank by its code (for messages). */
export const queryBankName = async (db: Db, code: string): Promise<string | null> =>
  (await db.selectFrom('banks').select('name').where('code', '=', code).executeTakeFirst())?.name ?? null;

export interface EmployeeBank {
  id: number;
  email: string;
  bankId: number | null;
  bankCode: string | null;
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
}

/** The bank details on the employees' records (employees.bank_id, bank_account_number, bank_account_name). */
export async function queryEmployeeBanks(db: Db, ids: readonly number[]): Promise<Map<number, EmployeeBank>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('employees as e')
    .leftJoin('banks as b', 'b.id', 'e.bank_id')
    .select([
      'e.id',
      'e.email',
      'e.bank_id as bankId',
      'b.code as bankCode',
      'b.name as bankName',
      'e.bank_account_number as accountNumber',
      'e.bank_account_name as accountName',
    ])
    .where(anyId('e.id', ids))
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

const exportCols = [
  'x.id',
  'x.run_id as runId',
  'x.template_code as templateCode',
  'x.template_name as templateName',
  'x.file_name as fileName',
  'x.effective_date as effectiveDate',
  'x.row_count as rowCount',
  'x.total',
  'x.run_net as runNet',
  'x.excluded_count as excludedCount',
  'x.excluded_total as excludedTotal',
  'x.excluded',
  'x.zero_net as zeroNet',
  'x.checksum',
  'x.sha256',
  'x.created_by as createdBy',
  'x.created_at as createdAt',
] as const;

export const queryExports = (db: Db, runId: number) =>
  db.selectFrom('bank_transfer_exports as x').select(exportCols).where('x.run_id', '=', runId).orderBy('x.id', 'desc').execute();

export const queryExport = (db: Db, id: number) =>
  db
    .selectFrom('bank_transfer_exports as x')
    .select([...exportCols, 'x.content'])
    .where('x.id', '=', id)
    .executeTakeFirst();

/** Records an export; returns its id. */
export async function insertExport(
  db: Db,
  v: {
    run_id: number;
    template_code: string;
    template_name: string;
    file_name: string;
    effective_date: string;
    row_count: number;
    total: string;
    run_net: string;
    excluded_count: number;
    excluded_total: string;
    excluded: string;
    zero_net: string;
    checksum: string | null;
    sha256: string;
    content: string;
    created_by: number | null;
  },
): Promise<number> {
  return (await db.insertInto('bank_transfer_exports').values(v).returning('id').executeTakeFirstOrThrow()).id;
}
