import { type Ctx, inTransaction } from '../shared/context';
import { camelRow, dbWrite } from '../shared/db-errors';
import { AppError } from '../shared/errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { queryOffices } from './queries';
import { officeUsage } from './usage';
import { auditRow, defined, deleteUnused, lockedRow, nameTaken } from './records';
import { createOfficeInput, idInput, listOfficesInput, type OfficeRow, updateOfficeInput } from './schema';

// Company offices

/** Offices (paginated, search by name, code or city) with counts and their ID index. */
export async function findCompanyOffices(ctx: Ctx, _grant: View, raw: In<typeof listOfficesInput>): Promise<Page<OfficeRow>> {
  return queryOffices(ctx.db, listOfficesInput.parse(raw));
}

const officeUnique = (code: string, name: string) => ({
  company_offices_code_key: () =>
    new AppError('CONFLICT', `Office code ${code} is already used`, { fields: [{ param: 'code', msg: 'is already used' }] }),
  company_offices_name_uq: nameTaken(`An office named ${name} already exists`),
});

export async function createCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof createOfficeInput>) {
  const input = createOfficeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const row = await dbWrite(
      () =>
        trx
          .insertInto('company_offices')
          .values({ code: input.code, name: input.name, address: input.address ?? null, city: input.city ?? null })
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: officeUnique(input.code, input.name) },
    );
    return auditRow(ctx, trx, 'company_office', row);
  });
}

export async function updateCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof updateOfficeInput>) {
  const { id, ...input } = updateOfficeInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'company_offices', id, 'Company office');
    const row = await dbWrite(
      () =>
        trx
          .updateTable('company_offices')
          .set({ ...defined(input), updated_at: ctx.clock() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: officeUnique(input.code ?? before.code, input.name ?? before.name) },
    );
    return auditRow(ctx, trx, 'company_office', row, before);
  });
}

/** Deletes an office nothing uses any more (its ID index goes with it). */
export async function deleteCompanyOffice(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, (trx) =>
    deleteUnused(ctx, trx, 'company_offices', id, {
      entity: 'company_office',
      label: 'Company office',
      uses: async () => {
        const u = await officeUsage(trx, id);
        return [
          [u.employees, 'employee', 'employees'],
          [u.departments, 'department', 'departments'],
          [u.divisions, 'division', 'divisions'],
          [u.sections, 'section', 'sections'],
          [u.jobPositions, 'job position', 'job positions'],
        ];
      },
      auditBefore: async () => {
        const idIndex = await trx.selectFrom('id_indexes').selectAll().where('company_office_id', '=', id).executeTakeFirst();
        return { idIndex: idIndex ? camelRow(idIndex) : null };
      },
    }),
  );
}
