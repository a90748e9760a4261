import { type Ctx, inTransaction } from '../shared/context';
import { refuseIfUsed } from '../shared/db-errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { namesPlacement, resolvePlacement } from './placement';
import { queryDivisions } from './queries';
import { divisionUses } from './usage';
import { auditRow, insertRow, updateRow, changedMeanwhile, deleteProcedure, lockedRow, nameTaken } from './records';
import { createDivisionInput, type DivisionRow, listDivisionsInput, updateDivisionInput } from './schema';

// Divisions

export async function findDivisions(ctx: Ctx, _grant: View, raw: In<typeof listDivisionsInput>): Promise<Page<DivisionRow>> {
  return queryDivisions(ctx.db, listDivisionsInput.parse(raw));
}

const divisionWrite = (name: string) => ({
  unique: { divisions_department_name_uq: nameTaken(`A division named ${name} already exists in this department`) },
  onForeignKey: changedMeanwhile,
});

export async function createDivision(ctx: Ctx, _grant: Manage, raw: In<typeof createDivisionInput>) {
  const input = createDivisionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, input, 'departmentId');
    const row = await insertRow(
      trx,
      'divisions',
      { company_office_id: at.companyOfficeId!, department_id: at.departmentId!, name: input.name },
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
      refuseIfUsed(`Division ${before.name} cannot move to another department: it`, await divisionUses(trx, id));
    }
    const name = newName ?? before.name;
    const row = await updateRow(
      trx,
      'divisions',
      id,
      { name, company_office_id: at.companyOfficeId, department_id: at.departmentId },
      divisionWrite(name),
    );
    return auditRow(ctx, trx, 'division', row, before);
  });
}

export const deleteDivision = deleteProcedure('divisions', { entity: 'division', label: 'Division', uses: divisionUses });
