import type { Db } from '../shared/context';
import { AppError, type FieldIssue } from '../shared/errors';

// Placement: parents must exist and belong together (GL0001 naming the field)

export interface Want {
  companyOfficeId?: number | null | undefined;
  departmentId?: number | null | undefined;
  divisionId?: number | null | undefined;
  sectionId?: number | null | undefined;
}

export interface Placement {
  companyOfficeId: number | null;
  departmentId: number | null;
  divisionId: number | null;
  sectionId: number | null;
}

/**
 * Checks the given parents and fills in the missing upper ones from the lower ones (a section
 * gives its division, a division its department, a department its office). `required` is the
 * lowest level that must end up set.
 */
export async function resolvePlacement(
  db: Db,
  want: Want,
  required: 'companyOfficeId' | 'departmentId' | 'divisionId',
): Promise<Placement> {
  const [o, d, v, s] = await Promise.all([
    want.companyOfficeId
      ? db.selectFrom('company_offices').select(['id', 'name']).where('id', '=', want.companyOfficeId).executeTakeFirst()
      : undefined,
    want.departmentId
      ? db
          .selectFrom('departments')
          .select(['id', 'name', 'company_office_id'])
          .where('id', '=', want.departmentId)
          .executeTakeFirst()
      : undefined,
    want.divisionId
      ? db
          .selectFrom('divisions')
          .select(['id', 'name', 'company_office_id', 'department_id'])
          .where('id', '=', want.divisionId)
          .executeTakeFirst()
      : undefined,
    want.sectionId
      ? db
          .selectFrom('sections')
          .select(['id', 'name', 'company_office_id', 'department_id', 'division_id'])
          .where('id', '=', want.sectionId)
          .executeTakeFirst()
      : undefined,
  ]);
  const fields: FieldIssue[] = [];
  if (want.companyOfficeId && !o) fields.push({ param: 'companyOfficeId', msg: 'is not a known company office' });
  if (want.departmentId && !d) fields.push({ param: 'departmentId', msg: 'is not a known department' });
  if (want.divisionId && !v) fields.push({ param: 'divisionId', msg: 'is not a known division' });
  if (want.sectionId && !s) fields.push({ param: 'sectionId', msg: 'is not a known section' });
  if (fields.length) throw new AppError('VALIDATION', 'Invalid input', { fields });

  if (s && v && s.division_id !== v.id)
    fields.push({ param: 'sectionId', msg: `Section ${s.name} is not in division ${v.name}` });
  const lowerDept = v ?? s;
  if (d && lowerDept && lowerDept.department_id !== d.id) {
    const param = v ? 'divisionId' : 'sectionId';
    fields.push({ param, msg: `${v ? `Division ${v.name}` : `Section ${s!.name}`} is not in department ${d.name}` });
  }
  const lowerOffice = d ?? v ?? s;
  if (o && lowerOffice && lowerOffice.company_office_id !== o.id) {
    const [param, what] = d
      ? ['departmentId', `Department ${d.name}`]
      : v
        ? ['divisionId', `Division ${v.name}`]
        : ['sectionId', `Section ${s!.name}`];
    fields.push({ param, msg: `${what} is not in office ${o.name}` });
  }
  const placement: Placement = {
    companyOfficeId: o?.id ?? lowerOffice?.company_office_id ?? null,
    departmentId: d?.id ?? lowerDept?.department_id ?? null,
    divisionId: v?.id ?? s?.division_id ?? null,
    sectionId: s?.id ?? null,
  };
  if (placement[required] === null) fields.push({ param: required, msg: 'is required' });
  if (fields.length) throw new AppError('VALIDATION', 'Invalid input', { fields });
  return placement;
}

const PLACEMENT_KEYS = ['companyOfficeId', 'departmentId', 'divisionId', 'sectionId'] as const;
/** Placement fields change together: an update that names any of them is placed by those alone. */
export const namesPlacement = (input: Want) => PLACEMENT_KEYS.some((k) => input[k] !== undefined);
