import { type Ctx, inTransaction } from '../shared/context';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { createPlacedUnit, type PlacedUnit, updatePlacedUnit } from './placed-units';
import { queryDivisions } from './queries';
import { divisionUses } from './usage';
import { deleteProcedure } from './records';
import { createDivisionInput, type DivisionRow, listDivisionsInput, updateDivisionInput } from './schema';

// Divisions

export async function findDivisions(ctx: Ctx, _grant: View, raw: In<typeof listDivisionsInput>): Promise<Page<DivisionRow>> {
  return queryDivisions(ctx.db, listDivisionsInput.parse(raw));
}

const division: PlacedUnit = {
  table: 'divisions',
  entity: 'division',
  label: 'Division',
  parent: 'departmentId',
  parentName: 'department',
  nameIndex: 'divisions_department_name_uq',
  nameTakenMessage: (name) => `A division named ${name} already exists in this department`,
  uses: divisionUses,
};

export async function createDivision(ctx: Ctx, _grant: Manage, raw: In<typeof createDivisionInput>) {
  const input = createDivisionInput.parse(raw);
  return inTransaction(ctx, (trx) => createPlacedUnit(ctx, trx, division, input));
}

export async function updateDivision(ctx: Ctx, _grant: Manage, raw: In<typeof updateDivisionInput>) {
  const { id, name, ...placed } = updateDivisionInput.parse(raw);
  return inTransaction(ctx, (trx) => updatePlacedUnit(ctx, trx, division, id, name, placed));
}

export const deleteDivision = deleteProcedure('divisions', { entity: 'division', label: 'Division', uses: divisionUses });
