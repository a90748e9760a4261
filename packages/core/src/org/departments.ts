import { type Ctx, inTransaction } from '../shared/context';
import { refuseIfUsed } from '../shared/db-errors';
import type { In } from '../shared/zod';
import type { Manage } from './grants';
import { resolvePlacement } from './placement';
import { listProcedure, queryDepartments } from './queries';
import { departmentUses } from './usage';
import { auditRow, insertRow, updateRow, changedMeanwhile, deleteProcedure, lockedRow, nameTaken } from './records';
import { createDepartmentInput, listDepartmentsInput, updateDepartmentInput } from './schema';

// Departments

export const findDepartments = listProcedure(listDepartmentsInput, queryDepartments);

const departmentWrite = (name: string) => ({
  unique: { departments_office_name_uq: nameTaken(`A department named ${name} already exists in this office`) },
  onForeignKey: changedMeanwhile,
});

export async function createDepartment(ctx: Ctx, _grant: Manage, raw: In<typeof createDepartmentInput>) {
  const input = createDepartmentInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const at = await resolvePlacement(trx, { companyOfficeId: input.companyOfficeId }, 'companyOfficeId');
    const row = await insertRow(
      trx,
      'departments',
      { company_office_id: at.companyOfficeId!, name: input.name },
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
      refuseIfUsed(`Department ${before.name} cannot move to another office: it`, await departmentUses(trx, id));
    }
    const name = input.name ?? before.name;
    const row = await updateRow(trx, 'departments', id, { name, company_office_id: officeId }, departmentWrite(name));
    return auditRow(ctx, trx, 'department', row, before);
  });
}

export const deleteDepartment = deleteProcedure('departments', {
  entity: 'department',
  label: 'Department',
  uses: departmentUses,
});
