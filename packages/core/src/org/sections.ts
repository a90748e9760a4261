import { type Ctx, inTransaction } from '../shared/context';
import { refuseIfUsed } from '../shared/db-errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { namesPlacement, resolvePlacement } from './placement';
import { querySections } from './queries';
import { sectionUses } from './usage';
import { auditRow, insertRow, updateRow, changedMeanwhile, deleteProcedure, lockedRow, nameTaken } from './records';
import { createSectionInput, listSectionsInput, type SectionRow, updateSectionInput } from './schema';

// Sections (the spec's "sectionDepartment")

export async function findSections(ctx: Ctx, _grant: View, raw: In<typeof listSectionsInput>): Promise<Page<SectionRow>> {
  return querySections(ctx.db, listSectionsInput.parse(raw));
}

const sectionWrite = (name: string) => ({
  unique: { sections_division_name_uq: nameTaken(`A section named ${name} already exists in this division`) },
  onForeignKey: changedMeanwhile,
});

export async function createSection(ctx: Ctx, _grant: Manage, raw: In<typeof createSectionInput>) {
  const input = createSectionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, input, 'divisionId');
    const row = await insertRow(
      trx,
      'sections',
      {
        company_office_id: at.companyOfficeId!,
        department_id: at.departmentId!,
        division_id: at.divisionId!,
        name: input.name,
      },
      sectionWrite(input.name),
    );
    return auditRow(ctx, trx, 'section', row);
  });
}

export async function updateSection(ctx: Ctx, _grant: Manage, raw: In<typeof updateSectionInput>) {
  const { id, name: newName, ...placed } = updateSectionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'sections', id, 'Section');
    let at = { companyOfficeId: before.company_office_id, departmentId: before.department_id, divisionId: before.division_id };
    if (namesPlacement(placed)) {
      const p = await resolvePlacement(trx, placed, 'divisionId');
      at = { companyOfficeId: p.companyOfficeId!, departmentId: p.departmentId!, divisionId: p.divisionId! };
    }
    if (at.divisionId !== before.division_id) {
      refuseIfUsed(`Section ${before.name} cannot move to another division: it`, await sectionUses(trx, id));
    }
    const name = newName ?? before.name;
    const row = await updateRow(
      trx,
      'sections',
      id,
      { name, company_office_id: at.companyOfficeId, department_id: at.departmentId, division_id: at.divisionId },
      sectionWrite(name),
    );
    return auditRow(ctx, trx, 'section', row, before);
  });
}

export const deleteSection = deleteProcedure('sections', {
  entity: 'section',
  label: 'Section',
  uses: (trx, id) => sectionUses(trx, id, true),
});
