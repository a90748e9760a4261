import { type PlacedUnit, placedUnitProcedures } from './placed-units';
import { listProcedure, querySections } from './queries';
import { sectionUses } from './usage';
import { deleteProcedure } from './records';
import { createSectionInput, listSectionsInput, updateSectionInput } from './schema';

// Sections (the spec's "sectionDepartment")

export const findSections = listProcedure(listSectionsInput, querySections);

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

export const { create: createSection, update: updateSection } = placedUnitProcedures(
  section,
  createSectionInput,
  updateSectionInput,
);

export const deleteSection = deleteProcedure('sections', {
  entity: 'section',
  label: 'Section',
  uses: (trx, id) => sectionUses(trx, id, true),
});
