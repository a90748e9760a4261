import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { ChevronDownIcon, ChevronRightIcon } from '../../ui/Icons';
import { Spinner } from '../../ui/Spinner';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { branchKeys, type TreeNode, toTree } from './org-chart-tree';

const KIND_STYLE: Record<TreeNode['kind'], string> = {
  office: 'font-semibold text-slate-900',
  department: 'font-medium text-slate-900',
  division: 'text-slate-800',
  section: 'text-slate-700',
  position: 'text-slate-600',
};

function Branch({ nodes, open, toggle }: { nodes: TreeNode[]; open: Set<string>; toggle: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-0.5">
      {nodes.map((n) => {
        const expanded = open.has(n.key);
        const hasChildren = n.children.length > 0;
        return (
          <li key={n.key}>
            <div className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-slate-50">
              {hasChildren ? (
                <button
                  type="button"
                  className="rounded p-0.5 text-slate-500 hover:bg-slate-200"
                  aria-expanded={expanded}
                  aria-label={expanded ? t('org.chart.collapse', { name: n.name }) : t('org.chart.expand', { name: n.name })}
                  onClick={() => toggle(n.key)}
                >
                  {expanded ? <ChevronDownIcon width={14} height={14} /> : <ChevronRightIcon width={14} height={14} />}
                </button>
              ) : (
                <span className="inline-block w-[18px]" />
              )}
              <span className="text-xs uppercase tracking-wide text-slate-400">{t(`org.chart.kind.${n.kind}`)}</span>
              <span className={cx('text-sm', KIND_STYLE[n.kind])}>{n.name}</span>
              {n.note ? <span className="text-xs text-slate-500">({n.note})</span> : null}
              <span
                className="ml-auto rounded-full bg-sky-50 px-2 text-xs tabular-nums text-sky-800"
                title={t('org.chart.headcount', { count: n.headcount })}
              >
                {n.headcount}
              </span>
            </div>
            {hasChildren && expanded ? (
              <div className="ml-5 border-l border-slate-200 pl-2">
                <Branch nodes={n.children} open={open} toggle={toggle} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The org chart as an expandable tree with the headcount of working employees at each node. */
export function OrgChartTree() {
  const { t } = useTranslation();
  const [officeId, setOfficeId] = useState('');
  const q = trpc.org.chart.useQuery({ companyOfficeId: toId(officeId) });
  const tree = q.data ? toTree(q.data) : [];
  const [open, setOpen] = useState<Set<string> | null>(null);
  // Offices start expanded; the user's choices win afterwards.
  const expanded = open ?? new Set(tree.map((n) => n.key));
  const toggle = (key: string) => {
    const next = new Set(expanded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpen(next);
  };
  return (
    <Card
      title={t('org.tabs.chart')}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <div className="w-56">
            <CompanyOfficeSelect
              aria-label={t('org.fields.companyOffice')}
              placeholder={t('org.allOffices')}
              value={officeId}
              onChange={(v) => {
                setOfficeId(v);
                setOpen(null);
              }}
            />
          </div>
          <Button size="sm" variant="secondary" onClick={() => setOpen(new Set(branchKeys(tree)))}>
            {t('org.chart.expandAll')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setOpen(new Set())}>
            {t('org.chart.collapseAll')}
          </Button>
        </div>
      }
    >
      {q.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : tree.length === 0 ? (
        <p className="text-sm text-slate-500">{q.isError ? t('table.loadError') : t('org.empty')}</p>
      ) : (
        <div data-testid="org-chart">
          <p className="mb-2 text-sm text-slate-600">{t('org.chart.total', { count: q.data?.headcount ?? 0 })}</p>
          <Branch nodes={tree} open={expanded} toggle={toggle} />
        </div>
      )}
    </Card>
  );
}
