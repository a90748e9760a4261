import { type Ctx, inTransaction } from '../shared/context';
import { dbWrite, refuseIfUsed, type Use } from '../shared/db-errors';
import type { In, Page } from '../shared/zod';
import type { Manage, View } from './grants';
import { resolvePlacement } from './placement';
import { queryDepartments } from './queries';
import { departmentUsage } from './usage';
import { auditRow, changedMeanwhile, deleteUnused, lockedRow, nameTaken } from './records';
import { createDepartmentInput, type DepartmentRow, idInput, listDepartmentsInput, updateDepartmentInput } from './schema';

// Departments

export async function findDepartments(
  ctx: Ctx,
  _grant: View,
  raw: In<typeof listDepartmentsInput>,
): Promise<Page<DepartmentRow>> {
  return queryDepartments(ctx.db, listDepartmentsInput.parse(raw));
}

const departmentUses = (u: Awaited<ReturnType<typeof departmentUsage>>): Use[] => [
  [u.employees, 'employee', 'employees'],
  [u.divisions, 'division', 'divisions'],
  [u.sections, 'section', 'sections'],
  [u.jobPositions, 'job position', 'job positions'],
];

const departmentWrite = (name: string) => ({
  unique: { departments_office_name_uq: nameTaken(`A department named ${name} already exists in this office`) },
  onForeignKey: changedMeanwhile,
});

export async function createDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof createDepartmentInput>) {
  const input = createDepartmentInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, { companyOfficeId: input.companyOfficeId }, 'companyOfficeId');
    const row = await dbWrite(
      () =>
        trx
          .insertInto('departments')
          .values({ company_office_id: at.companyOfficeId!, name: input.name })
          .returningAll()
          .executeTakeFirstOrThrow(),
      departmentWrite(input.name),
    );
    return auditRow(ctx, trx, 'department', row);
  });
}

export async function updateDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof updateDepartmentInput>) {
  const { id, ...input } = updateDepartmentInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await lockedRow(trx, 'departments', id, 'Department');
    const officeId = input.companyOfficeId ?? before.company_office_id;
    if (officeId !== before.company_office_id) {
      await resolvePlacement(trx, { companyOfficeId: officeId }, 'companyOfficeId');
      refuseIfUsed(`Department ${before.name} cannot move to another office: it`, departmentUses(await departmentUsage(trx, id)));
    }
    const name = input.name ?? before.name;
    const row = await dbWrite(
      () =>
        trx
          .updateTable('departments')
          .set({ name, company_office_id: officeId })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      departmentWrite(name),
    );
    return auditRow(ctx, trx, 'department', row, before);
  });
}

export async function deleteDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof idInput>): Promise<{ ok: true }> {
  const { id } = idInput.parse(raw);
  return inTransaction(ctx, (trx) =>
    deleteUnused(ctx, trx, 'departments', id, {
      entity: 'department',
      label: 'Department',
      uses: async () => departmentUses(await departmentUsage(trx, id)),
    }),
  );
}
