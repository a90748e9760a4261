import type { Grant } from '../access/index';
import { audit } from '../audit/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, invalid, notFound } from '../shared/errors';
import type { In } from '../shared/zod';
import { type LegalValues, resolveLegalValues } from './catalogue';
import { type LegalValueRow, queryLatestValidFrom, queryLegalValue, queryLegalValues } from './queries';
import { addLegalValueInput, legalValueIdInput, listLegalValuesInput } from './schema';

/* The dated legal table (issue 18 §4; docs/legal-tables.md): read by everyone who may see salaries, changed by whoever
 * may change the payroll settings (salary.setting). Every change is audited. */

/** The rows, optionally of one key and region, oldest first within a key. */
export async function listLegalValues(
  ctx: Ctx,
  _grant: Grant<'salary.view'>,
  raw: In<typeof listLegalValuesInput>,
): Promise<{ rows: LegalValueRow[] }> {
  const f = listLegalValuesInput.parse(raw);
  return { rows: await queryLegalValues(ctx.db, { key: f.key, region: f.region ?? null }) };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/**
 * Adds a dated value (next year's cap, a new minimum wage, a new DTP window). Refused with GL0001 when the value is
 * out of the key's range, the region does not fit the key, no source is given, or the valid-from is before the
 * latest row of the same key and region without `correcting`; CONFLICT when a row of that key, region and
 * valid-from exists.
 */
export async function addLegalValue(
  ctx: Ctx,
  _grant: Grant<'salary.setting'>,
  raw: In<typeof addLegalValueInput>,
): Promise<LegalValueRow> {
  const input = addLegalValueInput.parse(raw);
  const region = input.region ?? null;
  return inTransaction(ctx, async (trx) => {
    const latest = await queryLatestValidFrom(trx, input.key, region);
    if (latest && input.validFrom < latest && !input.correcting)
      throw invalid([
        {
          param: 'validFrom',
          msg: `must not be before ${latest}, the latest row of ${input.key}${region ? ` (${region})` : ''}; tick "correcting" to correct history`,
        },
      ]);
    let id: number;
    try {
      const r = await trx
        .insertInto('legal_values')
        .values({
          key: input.key,
          region,
          value: input.value,
          valid_from: input.validFrom,
          valid_to: input.validTo ?? null,
          source: input.source,
          note: input.note ?? null,
          created_by: ctx.actor?.userId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = r.id;
    } catch (e) {
      if (isUniqueViolation(e))
        throw new AppError(
          'CONFLICT',
          `${input.key}${region ? ` (${region})` : ''} already has a row valid from ${input.validFrom}`,
        );
      throw e;
    }
    const row = (await queryLegalValue(trx, id))!;
    await audit(ctx, trx, { action: 'create', entity: 'legal_values', entityId: id, after: row });
    return row;
  });
}

/**
 * Deletes a row no finalised run used, in one guarded statement (a run finalised meanwhile marks the row used and
 * wins). NOT_FOUND for an unknown id; CONFLICT naming the run for a used row.
 */
export async function deleteLegalValue(
  ctx: Ctx,
  _grant: Grant<'salary.setting'>,
  raw: In<typeof legalValueIdInput>,
): Promise<{ id: number; deleted: true }> {
  const { id } = legalValueIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await queryLegalValue(trx, id);
    if (!before) throw notFound('Legal value');
    const res = await trx.deleteFrom('legal_values').where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) {
      const now = await queryLegalValue(trx, id);
      if (!now) throw notFound('Legal value');
      throw new AppError('CONFLICT', `This row was used by ${now.usedBy ?? 'a finalised run'} and cannot be deleted`);
    }
    await audit(ctx, trx, { action: 'delete', entity: 'legal_values', entityId: id, before });
    return { id, deleted: true as const };
  });
}

/**
 * The legal values in force on a pay date from the database's table (a run calls it once). `region`: the company's
 * minimum-wage region. A RangeError names a required key without a row in force.
 */
export async function legalValuesOn(db: Db, payDate: string, region: string | null = null): Promise<LegalValues> {
  return resolveLegalValues(await queryLegalValues(db), payDate, region);
}
