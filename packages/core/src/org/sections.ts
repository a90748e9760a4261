import { type Ctx, inTransaction } from '../shared/context';
import { dbWrite, refuseIfUsed, type Use } from '../shared/db-errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { namesPlacement, resolvePlacement } from './placement';
import { querySections } from './queries';
import { sectionUsage } from './usage';
import { auditRow, changedMeanwhile, deleteUnused, lockedRow, nameTaken } from './records';
import { createSectionInput, idInput, listSectionsInput, type SectionRow, updateSectionInput } from './schema';

// Sections (the spec's "sectionDepartment")

export async function findSections(ctx: Ctx, _grant: View, raw: In<typeof listSectionsInput>): Promise<Page<SectionRow>> {
  return querySections(ctx.db, listSectionsInput.parse(raw));
}

const sectionUses = (u: Awaited<ReturnType<typeof sectionUsage>>): Use[] => [
  [u.employees, 'employee', 'employees'],
  [u.jobPositions, 'job position', 'job positions'],
];
/** Deleting also needs the section's role grants gone (unassigned first). */
const sectionDeleteUses = (u: Awaited<ReturnType<typeof sectionUsage>>): Use[] => [
  ...sectionUses(u),
  [u.grants, 'role grant', 'role grants'],
];

const sectionWrite = (name: string) => ({
  unique: { sections_division_name_uq: nameTaken(`A section named ${name} already exists in this division`) },
  onForeignKey: changedMeanwhile,
});

export async function createSection(ctx: Ctx, _grant: Manage, raw: In<typeof createSectionInput>) {
  const input = createSectionInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, input, 'divisionId');
    const row = await dbWrite(
      () =>
        trx
          .insertInto('sections')
          .values({
            company_office_id: at.companyOfficeId!,
            department_id: at.departmentId!,
            division_id: at.divisionId!,
            name: input.name,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
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
      refuseIfUsed(`Section ${before.name} cannot move to another division: it`, sectionUses(await sectionUsage(trx, id)));
    }
    const name = newName ?? before.name;
    const row = await dbWrite(
      () =>
        trx
          .updateTable('sections')
          .set({ name, company_office_id: at.companyOfficeId, department_id: at.departmentId, division_id: at.divisionId })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      sectionWrite(name),
    );
    return auditRow(ctx, trx, 'section', row, before);
  });
}

export async function deleteSection(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, (trx) =>
    deleteUnused(ctx, trx, 'sections', id, {
      entity: 'section',
      label: 'Section',
      uses: async () => sectionDeleteUses(await sectionUsage(trx, id)),
    }),
  );
}
