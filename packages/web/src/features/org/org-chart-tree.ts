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

const position = (p: OrgChartPosition): TreeNode => ({
  key: `position-${p.id}`,
  kind: 'position',
  name: p.name,
  headcount: p.headcount,
  note: p.jobLevel,
  children: [],
});

/** Offices → departments → divisions → sections → positions; a level's own positions come after its sub-units. */
export function toTree(chart: OrgChart): TreeNode[] {
  return chart.offices.map((o) => ({
    key: `office-${o.id}`,
    kind: 'office',
    name: o.name,
    headcount: o.headcount,
    note: o.code,
    children: o.departments.map((d) => ({
      key: `department-${d.id}`,
      kind: 'department',
      name: d.name,
      headcount: d.headcount,
      note: null,
      children: [
        ...d.divisions.map(
          (v): TreeNode => ({
            key: `division-${v.id}`,
            kind: 'division',
            name: v.name,
            headcount: v.headcount,
            note: null,
            children: [
              ...v.sections.map(
                (s): TreeNode => ({
                  key: `section-${s.id}`,
                  kind: 'section',
                  name: s.name,
                  headcount: s.headcount,
                  note: null,
                  children: s.positions.map(position),
                }),
              ),
              ...v.positions.map(position),
            ],
          }),
        ),
        ...d.positions.map(position),
      ],
    })),
  }));
}

/** Keys of every node that has children (for "expand all"). */
export function branchKeys(nodes: TreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children)] : []));
}
