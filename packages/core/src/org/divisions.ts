import { type Ctx, inTransaction } from '../shared/context';
import { dbWrite, refuseIfUsed, type Use } from '../shared/db-errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { namesPlacement, resolvePlacement } from './placement';
import { queryDivisions } from './queries';
import { divisionUsage } from './usage';
import { auditRow, changedMeanwhile, deleteUnused, lockedRow, nameTaken } from './records';
import { createDivisionInput, type DivisionRow, idInput, listDivisionsInput, updateDivisionInput } from './schema';

// Divisions

export async function findDivisions(ctx: Ctx, _grant: View, raw: In<typeof listDivisionsInput>): Promise<Page<DivisionRow>> {
  return queryDivisions(ctx.db, listDivisionsInput.parse(raw));
}

const divisionUses = (u: Awaited<ReturnType<typeof divisionUsage>>): Use[] => [
  [u.employees, 'employee', 'employees'],
  [u.sections, 'section', 'sections'],
  [u.jobPositions, 'job position', 'job positions'],
];

const divisionWrite = (name: string) => ({
  unique: { divisions_department_name_uq: nameTaken(`A division named ${name} already exists in this department`) },
  onForeignKey: changedMeanwhile,
});

export async function createDivision(ctx: Ctx, _grant: Manage, raw: In<typeof createDivisionInput>) {
  const input = createDivisionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, input, 'departmentId');
    const row = await dbWrite(
      () =>
        trx
          .insertInto('divisions')
          .values({ company_office_id: at.companyOfficeId!, department_id: at.departmentId!, name: input.name })
          .returningAll()
          .executeTakeFirstOrThrow(),
      divisionWrite(input.name),
    );
    return auditRow(ctx, trx, 'division', row);
  });
}

export async function updateDivision(ctx: Ctx, _grant: Manage, raw: In<typeof updateDivisionInput>) {
  const { id, name: newName, ...placed } = updateDivisionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'divisions', id, 'Division');
    let at = { companyOfficeId: before.company_office_id, departmentId: before.department_id };
    if (namesPlacement(placed)) {
      const p = await resolvePlacement(trx, placed, 'departmentId');
      at = { companyOfficeId: p.companyOfficeId!, departmentId: p.departmentId! };
    }
    if (at.departmentId !== before.department_id) {
      refuseIfUsed(`Division ${before.name} cannot move to another department: it`, divisionUses(await divisionUsage(trx, id)));
    }
    const name = newName ?? before.name;
    const row = await dbWrite(
      () =>
        trx
          .updateTable('divisions')
          .set({ name, company_office_id: at.companyOfficeId, department_id: at.departmentId })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      divisionWrite(name),
    );
    return auditRow(ctx, trx, 'division', row, before);
  });
}

export async function deleteDivision(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, (trx) =>
    deleteUnused(ctx, trx, 'divisions', id, {
      entity: 'division',
      label: 'Division',
      uses: async () => divisionUses(await divisionUsage(trx, id)),
    }),
  );
}
