import { type Ctx, type Db, inTransaction } from '../shared/context';
import { COMPANY_TIME_ZONE } from '../shared/time-zone';
import { camelRow } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { listProcedure, queryOffices } from './queries';
import { officeUses } from './usage';
import { defined } from '../shared/patch';
import { auditRow, insertRow, updateRow, deleteProcedure, lockedRow, nameTaken } from './records';
import { createOfficeInput, listOfficesInput, updateOfficeInput } from './schema';

// Company offices

/** Offices (paginated, search by name, code or city) with counts and their ID index. */
export const findCompanyOffices = listProcedure(listOfficesInput, queryOffices);

const officeUnique = (code: string, name: string) => ({
  company_offices_code_key: () =>
    new AppError('CONFLICT', `Office code ${code} is already used`, { fields: [{ param: 'code', msg: 'is already used' }] }),
  company_offices_name_uq: nameTaken(`An office named ${name} already exists`),
});

export async function createCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof createOfficeInput>) {
  const input = createOfficeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await insertRow(
      trx,
      'company_offices',
      {
        code: input.code,
        name: input.name,
        address: input.address ?? null,
        city: input.city ?? null,
        time_zone: input.timeZone ?? null,
      },
      { unique: officeUnique(input.code, input.name) },
    );
    return auditRow(ctx, trx, 'company_office', row);
  });
}

export async function updateCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof updateOfficeInput>) {
  const { id, timeZone, ...input } = updateOfficeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'company_offices', id, 'Company office');
    const row = await updateRow(
      trx,
      'company_offices',
      id,
      { ...defined(input), ...(timeZone === undefined ? {} : { time_zone: timeZone }), updated_at: ctx.clock() },
      { unique: officeUnique(input.code ?? before.code, input.name ?? before.name) },
    );
    return auditRow(ctx, trx, 'company_office', row, before);
  });
}

/** Deletes an office nothing uses any more (its ID index goes with it). */
export const deleteCompanyOffice = deleteProcedure('company_offices', {
  entity: 'company_office',
  label: 'Company office',
  uses: officeUses,
  auditBefore: async (trx, id) => {
    const idIndex = await trx.selectFrom('id_indexes').selectAll().where('company_office_id', '=', id).executeTakeFirst();
    return { idIndex: idIndex ? camelRow(idIndex) : null };
  },
});

/** The time zone an office works in: its own, else the company's. */
export async function officeTimeZone(db: Db, companyOfficeId: number): Promise<string> {
  const o = await db.selectFrom('company_offices').select('time_zone').where('id', '=', companyOfficeId).executeTakeFirst();
  return o?.time_zone ?? COMPANY_TIME_ZONE;
}
