import { type PlacedUnit, placedUnitProcedures } from './placed-units';
import { listProcedure, queryDivisions } from './queries';
import { divisionUses } from './usage';
import { deleteProcedure } from './records';
import { createDivisionInput, listDivisionsInput, updateDivisionInput } from './schema';

// Divisions

export const findDivisions = listProcedure(listDivisionsInput, queryDivisions);

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

export const { create: createDivision, update: updateDivision } = placedUnitProcedures(
  division,
  createDivisionInput,
  updateDivisionInput,
);

export const deleteDivision = deleteProcedure('divisions', { entity: 'division', label: 'Division', uses: divisionUses });
