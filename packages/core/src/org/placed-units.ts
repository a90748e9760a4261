import type { z } from 'zod';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { refuseIfUsed, type Use } from '../shared/db-errors';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { namesPlacement, type Placement, resolvePlacement, type Want } from './placement';
import { auditRow, changedMeanwhile, insertRow, lockedRow, nameTaken, type OrgRow, updateRow } from './records';

/*
 * Divisions and sections: named units placed under a parent (a division under a department, a section
 * under a division) that also fixes the levels above it. Both are created and moved the same way.
 */

type UnitTable = 'divisions' | 'sections';

export interface PlacedUnit {
  table: UnitTable;
  /** Audit entity ('division'). */
  entity: string;
  /** Capitalised name for messages ('Division'). */
  label: string;
  /** The parent level that places the unit, and its name in messages ('department'). */
  parent: 'departmentId' | 'divisionId';
  parentName: string;
  /** The unique index on the name under its parent, and the CONFLICT message naming a taken name. */
  nameIndex: string;
  nameTakenMessage: (name: string) => string;
  /** What uses the unit: it may not move to another parent while anything does. */
  uses: (trx: Db, id: number) => Promise<readonly Use[]>;
}

/** The placement columns a unit carries: the office and department, and for a section its division. */
function placementColumns(unit: PlacedUnit, at: Placement) {
  const upper = { company_office_id: at.companyOfficeId!, department_id: at.departmentId! };
  return unit.parent === 'divisionId' ? { ...upper, division_id: at.divisionId! } : upper;
}

const unitWrite = (unit: PlacedUnit, name: string) => ({
  unique: { [unit.nameIndex]: nameTaken(unit.nameTakenMessage(name)) },
  onForeignKey: changedMeanwhile,
});

/** Creates a unit under the parent `input` names (upper levels filled in and checked), audited. */
export async function createPlacedUnit(ctx: Ctx, trx: Db, unit: PlacedUnit, input: Want & { name: string }) {
  const at = await resolvePlacement(trx, input, unit.parent);
  const row = await insertRow(trx, unit.table, { ...placementColumns(unit, at), name: input.name }, unitWrite(unit, input.name));
  return auditRow(ctx, trx, unit.entity, row);
}

/**
 * Renames a unit and, when `placed` names any level, moves it there: to another parent only while
 * nothing uses it. Audited with the row before.
 */
export async function updatePlacedUnit(
  ctx: Ctx,
  trx: Db,
  unit: PlacedUnit,
  id: number,
  newName: string | undefined,
  placed: Want,
) {
  const before = (await lockedRow(trx, unit.table, id, unit.label)) as OrgRow<'divisions'> & Partial<OrgRow<'sections'>>;
  const was: Placement = {
    companyOfficeId: before.company_office_id,
    departmentId: before.department_id,
    divisionId: before.division_id ?? null,
    sectionId: null,
  };
  const at = namesPlacement(placed) ? await resolvePlacement(trx, placed, unit.parent) : was;
  if (at[unit.parent] !== was[unit.parent]) {
    refuseIfUsed(`${unit.label} ${before.name} cannot move to another ${unit.parentName}: it`, await unit.uses(trx, id));
  }
  const name = newName ?? before.name;
  const row = await updateRow(trx, unit.table, id, { name, ...placementColumns(unit, at) }, unitWrite(unit, name));
  return auditRow(ctx, trx, unit.entity, row, before);
}

/**
 * The create and update procedures of a unit: each parses its input, then creates or moves the unit in one
 * transaction ({@link createPlacedUnit}, {@link updatePlacedUnit}).
 */
export function placedUnitProcedures<
  C extends z.ZodType<Want & { name: string }>,
  U extends z.ZodType<Want & { id: number; name?: string | undefined }>,
>(unit: PlacedUnit, createInput: C, updateInput: U) {
  return {
    create: async (ctx: Ctx, _grant: Manage, raw: In<C>) => {
      const input = createInput.parse(raw);
      return inTransaction(ctx, (trx) => createPlacedUnit(ctx, trx, unit, input));
    },
    update: async (ctx: Ctx, _grant: Manage, raw: In<U>) => {
      const { id, name, ...placed } = updateInput.parse(raw);
      return inTransaction(ctx, (trx) => updatePlacedUnit(ctx, trx, unit, id, name, placed));
    },
  };
}
