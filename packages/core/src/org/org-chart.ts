import type { Ctx } from '../shared/context';
import type { In } from '../shared/zod';
import type { View } from './grants';
import { orgChartRows } from './org-chart-rows';
import {
  type OrgChart,
  type OrgChartDepartment,
  type OrgChartDivision,
  type OrgChartOffice,
  type OrgChartPosition,
  type OrgChartSection,
  orgChartInput,
} from './schema';

// Org chart

/**
 * The org chart: offices → departments → divisions → sections → positions, each node with the
 * number of working employees under it. Positions hang at the lowest level they are placed at.
 */
export async function orgChart(ctx: Ctx, _grant: View, raw?: In<typeof orgChartInput>): Promise<OrgChart> {
  const input = orgChartInput.parse(raw);
  const rows = await orgChartRows(ctx.db, input?.companyOfficeId);
  const offices = new Map<number, OrgChartOffice>();
  const departments = new Map<number, OrgChartDepartment>();
  const divisions = new Map<number, OrgChartDivision>();
  const sections = new Map<number, OrgChartSection>();
  for (const r of rows) {
    const base = { id: r.id, name: r.name, headcount: r.headcount };
    if (r.kind === 'office') offices.set(r.id, { ...base, code: r.code ?? '', departments: [] });
    else if (r.kind === 'department') {
      const d: OrgChartDepartment = { ...base, divisions: [], positions: [] };
      departments.set(r.id, d);
      offices.get(r.officeId)?.departments.push(d);
    } else if (r.kind === 'division') {
      const v: OrgChartDivision = { ...base, sections: [], positions: [] };
      divisions.set(r.id, v);
      departments.get(r.departmentId!)?.divisions.push(v);
    } else if (r.kind === 'section') {
      const s: OrgChartSection = { ...base, positions: [] };
      sections.set(r.id, s);
      divisions.get(r.divisionId!)?.sections.push(s);
    } else {
      const p: OrgChartPosition = { ...base, jobLevel: r.jobLevel };
      const at =
        (r.sectionId !== null ? sections.get(r.sectionId) : undefined) ??
        (r.divisionId !== null ? divisions.get(r.divisionId) : undefined) ??
        (r.departmentId !== null ? departments.get(r.departmentId) : undefined);
      at?.positions.push(p);
    }
  }
  const list = [...offices.values()];
  return { offices: list, headcount: list.reduce((n, o) => n + o.headcount, 0) };
}
