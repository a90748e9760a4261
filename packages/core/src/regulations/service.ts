import { sql } from 'kysely';
import type { z } from 'zod';
import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import { type Grant, hasPermission } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, invalid } from '../shared/errors';
import { countedPage } from '../shared/page';
import { likePattern } from '../shared/sql';
import { todayOf } from '../shared/date-ranges';
import type { Page, In } from '../shared/zod';
import {
  createRegulationInput,
  latestRegulationsInput,
  listRegulationsInput,
  REGULATION_MAX_FILE_BYTES,
  type RegulationDownload,
  type RegulationRow,
  type regulationFileInput,
  regulationIdInput,
  updateRegulationInput,
} from './schema';
import { fileDownload } from '../shared/file-download';

type View = Grant<'org.view'>;
type Manage = Grant<'org.manage'>;

const ALL_OFFICES = 'All offices';
const notFound = () => new AppError('NOT_FOUND', 'Regulation not found');

/** The first bytes each allowed type must start with, so a renamed file is refused. */
const SIGNATURES: Record<string, number[][]> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'application/msword': [[0xd0, 0xcf, 0x11, 0xe0]],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [[0x50, 0x4b, 0x03, 0x04]],
};

function decodeFile(file: z.output<typeof regulationFileInput>, param = 'file'): Buffer {
  const bytes = Buffer.from(file.contentBase64, 'base64');
  const field = (msg: string) => invalid([{ param: `${param}.contentBase64`, msg }]);
  if (bytes.length === 0) throw field('is required');
  if (bytes.length > REGULATION_MAX_FILE_BYTES) throw field('must be at most 700 KB');
  const ok = (SIGNATURES[file.mime] ?? []).some((sig) => sig.every((b, i) => bytes[i] === b));
  if (!ok) throw field(`is not a ${file.mime} file`);
  return bytes;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('regulations as r')
    .leftJoin('company_offices as o', 'o.id', 'r.company_office_id')
    .select([
      'r.id',
      'r.title',
      'r.description',
      'r.effective_date',
      'r.company_office_id',
      'o.name as office_name',
      'r.file_name',
      'r.mime',
      'r.size',
      'r.created_at',
      'r.updated_at',
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toRow(r: RawRow): RegulationRow {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    effectiveDate: r.effective_date,
    companyOfficeId: r.company_office_id,
    companyOfficeName: r.office_name ?? ALL_OFFICES,
    fileName: r.file_name,
    mime: r.mime,
    size: r.size,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function checkOffice(db: Db, officeId: number | null | undefined) {
  if (!officeId) return;
  const o = await db.selectFrom('company_offices').select('id').where('id', '=', officeId).executeTakeFirst();
  if (!o) throw invalid([{ param: 'companyOfficeId', msg: 'is not a known company office' }]);
}

/** Every regulation (HR's list, `component/regulations`), newest effective date first. */
export async function listRegulations(
  ctx: Ctx,
  _grant: View,
  raw: In<typeof listRegulationsInput>,
): Promise<Page<RegulationRow>> {
  const input = listRegulationsInput.parse(raw);
  let q = baseQuery(ctx.db);
  if (input.search) {
    const like = likePattern(input.search);
    q = q.where((eb) => eb.or([eb('r.title', 'ilike', like), eb('r.file_name', 'ilike', like)]));
  }
  if (input.companyOfficeId)
    q = q.where((eb) => eb.or([eb('r.company_office_id', '=', input.companyOfficeId!), eb('r.company_office_id', 'is', null)]));
  const page = await countedPage(q, input, (q) => q.orderBy('r.effective_date', 'desc').orderBy('r.id', 'desc'));
  return { ...page, rows: page.rows.map(toRow) };
}

/**
 * The regulations that apply to the signed-in employee (their office's and the company-wide
 * ones) in force today: `personal/regulations` and the dashboard widget.
 */
export async function myRegulations(ctx: Ctx, actor: Actor, raw: In<typeof latestRegulationsInput>): Promise<RegulationRow[]> {
  const input = latestRegulationsInput.parse(raw);
  const today = todayOf(ctx);
  const rows = await baseQuery(ctx.db)
    .where((eb) =>
      actor.companyOfficeId === null
        ? eb('r.company_office_id', 'is', null)
        : eb.or([eb('r.company_office_id', 'is', null), eb('r.company_office_id', '=', actor.companyOfficeId)]),
    )
    .where('r.effective_date', '<=', today)
    .orderBy('r.effective_date', 'desc')
    .orderBy('r.id', 'desc')
    .limit(input.limit)
    .execute();
  return rows.map(toRow);
}

export async function getRegulation(ctx: Ctx, _grant: View, raw: In<typeof regulationIdInput>): Promise<RegulationRow> {
  const { id } = regulationIdInput.parse(raw);
  const row = await baseQuery(ctx.db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toRow(row);
}

export async function createRegulation(ctx: Ctx, _grant: Manage, raw: In<typeof createRegulationInput>): Promise<RegulationRow> {
  const input = createRegulationInput.parse(raw);
  const bytes = decodeFile(input.file);
  await checkOffice(ctx.db, input.companyOfficeId);
  return inTransaction(ctx, async (trx) => {
    const { id } = await dbWrite(() =>
      trx
        .insertInto('regulations')
        .values({
          title: input.title,
          description: input.description ?? null,
          effective_date: input.effectiveDate,
          company_office_id: input.companyOfficeId ?? null,
          file_name: input.file.fileName,
          mime: input.file.mime,
          size: bytes.length,
          content: bytes,
          created_by: ctx.actor?.userId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const row = toRow(await baseQuery(trx).where('r.id', '=', id).executeTakeFirstOrThrow());
    await audit(ctx, trx, { action: 'regulation.create', entity: 'regulation', entityId: id, after: row });
    return row;
  });
}

export async function updateRegulation(ctx: Ctx, _grant: Manage, raw: In<typeof updateRegulationInput>): Promise<RegulationRow> {
  const input = updateRegulationInput.parse(raw);
  const bytes = input.file ? decodeFile(input.file) : undefined;
  if (input.companyOfficeId) await checkOffice(ctx.db, input.companyOfficeId);
  return inTransaction(ctx, async (trx) => {
    const before = await baseQuery(trx).where('r.id', '=', input.id).forUpdate('r').executeTakeFirst();
    if (!before) throw notFound();
    await trx
      .updateTable('regulations')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.effectiveDate !== undefined && { effective_date: input.effectiveDate }),
        ...(input.companyOfficeId !== undefined && { company_office_id: input.companyOfficeId }),
        ...(input.file && bytes && { file_name: input.file.fileName, mime: input.file.mime, size: bytes.length, content: bytes }),
        updated_at: sql`now()`,
      })
      .where('id', '=', input.id)
      .execute();
    const after = toRow(await baseQuery(trx).where('r.id', '=', input.id).executeTakeFirstOrThrow());
    await audit(ctx, trx, {
      action: 'regulation.update',
      entity: 'regulation',
      entityId: input.id,
      before: toRow(before),
      after,
    });
    return after;
  });
}

export async function deleteRegulation(ctx: Ctx, _grant: Manage, raw: In<typeof regulationIdInput>): Promise<{ id: number }> {
  const { id } = regulationIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await baseQuery(trx).where('r.id', '=', id).executeTakeFirst();
    const gone = await trx.deleteFrom('regulations').where('id', '=', id).returning('id').executeTakeFirst();
    if (!gone || !before) throw notFound();
    await audit(ctx, trx, { action: 'regulation.delete', entity: 'regulation', entityId: id, before: toRow(before) });
    return { id };
  });
}

/**
 * The document. HR (org.view) may download any; everyone else only one that applies to their
 * office and is in force: another office's regulation is NOT_FOUND.
 */
export async function downloadRegulation(ctx: Ctx, actor: Actor, raw: In<typeof regulationIdInput>): Promise<RegulationDownload> {
  const { id } = regulationIdInput.parse(raw);
  let q = ctx.db.selectFrom('regulations').select(['file_name', 'mime', 'content']).where('id', '=', id);
  if (!hasPermission(actor, 'org.view')) {
    const today = todayOf(ctx);
    q = q
      .where((eb) =>
        actor.companyOfficeId === null
          ? eb('company_office_id', 'is', null)
          : eb.or([eb('company_office_id', 'is', null), eb('company_office_id', '=', actor.companyOfficeId)]),
      )
      .where('effective_date', '<=', today);
  }
  const f = await q.executeTakeFirst();
  if (!f) throw notFound();
  return fileDownload(f.file_name, f.mime, f.content);
}
