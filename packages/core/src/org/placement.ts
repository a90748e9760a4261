import type { Db } from '../shared/context';
import { type FieldIssue, invalid } from '../shared/errors';

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
  if (fields.length) throw invalid(fields);

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
  if (fields.length) throw invalid(fields);
  return placement;
}

const PLACEMENT_KEYS = ['companyOfficeId', 'departmentId', 'divisionId', 'sectionId'] as const;
/** Placement fields change together: an update that names any of them is placed by those alone. */
export const namesPlacement = (input: Want) => PLACEMENT_KEYS.some((k) => input[k] !== undefined);

/**
 * The organisation chain of a placement chosen field by field (an employee's record, a registration approved):
 * the department is in the office, the division in the department, the section in the division; each one that is
 * given must exist. The field issues (GL0001), none when the chain holds. Unlike resolvePlacement, nothing is filled
 * in: a division without its department is refused.
 */
export async function placementChainIssues(
  db: Db,
  p: { officeId: number; departmentId: number | null; divisionId: number | null; sectionId: number | null },
): Promise<FieldIssue[]> {
  const [d, v, s] = await Promise.all([
    p.departmentId === null
      ? undefined
      : db.selectFrom('departments').select('company_office_id').where('id', '=', p.departmentId).executeTakeFirst(),
    p.divisionId === null
      ? undefined
      : db.selectFrom('divisions').select('department_id').where('id', '=', p.divisionId).executeTakeFirst(),
    p.sectionId === null
      ? undefined
      : db.selectFrom('sections').select('division_id').where('id', '=', p.sectionId).executeTakeFirst(),
  ]);
  const issues: FieldIssue[] = [];
  if (p.departmentId !== null) {
    if (!d) issues.push({ param: 'departmentId', msg: 'does not exist' });
    else if (d.company_office_id !== p.officeId) issues.push({ param: 'departmentId', msg: 'is not in the chosen office' });
  }
  if (p.divisionId !== null) {
    if (!v) issues.push({ param: 'divisionId', msg: 'does not exist' });
    else if (p.departmentId === null || v.department_id !== p.departmentId)
      issues.push({ param: 'divisionId', msg: 'is not in the chosen department' });
  }
  if (p.sectionId !== null) {
    if (!s) issues.push({ param: 'sectionId', msg: 'does not exist' });
    else if (p.divisionId === null || s.division_id !== p.divisionId)
      issues.push({ param: 'sectionId', msg: 'is not in the chosen division' });
  }
  return issues;
}
