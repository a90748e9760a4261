import type { OrgChart, OrgChartPosition } from '@hr/core/browser';

export type NodeKind = 'office' | 'department' | 'division' | 'section' | 'position';

/** One node of the org chart as the tree draws it. */
export interface TreeNode {
  /** Unique in the tree: kind + id. */
  key: string;
  kind: NodeKind;
  name: string;
  headcount: number;
  /** Extra text (the job level of a position). */
  note: string | null;
  children: TreeNode[];
}

/** What every level of the chart has: an id, a name and a headcount. */
interface Unit {
  id: number;
  name: string;
  headcount: number;
}

const node = (kind: NodeKind, unit: Unit, note: string | null, children: TreeNode[]): TreeNode => ({
  key: `${kind}-${unit.id}`,
  kind,
  name: unit.name,
  headcount: unit.headcount,
  note,
  children,
});

const position = (p: OrgChartPosition): TreeNode => node('position', p, p.jobLevel, []);

/** Offices → departments → divisions → sections → positions; a level's own positions come after its sub-units. */
export function toTree(chart: OrgChart): TreeNode[] {
  return chart.offices.map((o) =>
    node(
      'office',
      o,
      o.code,
      o.departments.map((d) =>
        node('department', d, null, [
          ...d.divisions.map((v) =>
            node('division', v, null, [
              ...v.sections.map((s) => node('section', s, null, s.positions.map(position))),
              ...v.positions.map(position),
            ]),
          ),
          ...d.positions.map(position),
        ]),
      ),
    ),
  );
}

/** Keys of every node that has children (for "expand all"). */
export function branchKeys(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children)] : []));
}
