import { type Ctx, inTransaction } from '../shared/context';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { createPlacedUnit, type PlacedUnit, updatePlacedUnit } from './placed-units';
import { querySections } from './queries';
import { sectionUses } from './usage';
import { deleteProcedure } from './records';
import { createSectionInput, listSectionsInput, type SectionRow, updateSectionInput } from './schema';

// Sections (the spec's "sectionDepartment")

export async function findSections(ctx: Ctx, _grant: View, raw: In<typeof listSectionsInput>): Promise<Page<SectionRow>> {
  return querySections(ctx.db, listSectionsInput.parse(raw));
}

const section: PlacedUnit = {
  table: 'sections',
  entity: 'section',
  label: 'Section',
  parent: 'divisionId',
  parentName: 'division',
  nameIndex: 'sections_division_name_uq',
  nameTakenMessage: (name) => `A section named ${name} already exists in this division`,
  uses: (trx, id) => sectionUses(trx, id),
};

export async function createSection(ctx: Ctx, _grant: Manage, raw: In<typeof createSectionInput>) {
  const input = createSectionInput.parse(raw);
  return inTransaction(ctx, (trx) => createPlacedUnit(ctx, trx, section, input));
}

export async function updateSection(ctx: Ctx, _grant: Manage, raw: In<typeof updateSectionInput>) {
  const { id, name, ...placed } = updateSectionInput.parse(raw);
  return inTransaction(ctx, (trx) => updatePlacedUnit(ctx, trx, section, id, name, placed));
}

export const deleteSection = deleteProcedure('sections', {
  entity: 'section',
  label: 'Section',
  uses: (trx, id) => sectionUses(trx, id, true),
});
