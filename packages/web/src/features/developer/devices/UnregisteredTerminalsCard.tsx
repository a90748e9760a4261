import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type RouterInputs, trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import type { Column } from '../../../ui/DataTable';
import { QueryTable } from '../../../ui/QueryTable';

interface Props<R> {
  seen: UseQueryResult<R[], unknown>;
  /** Refreshes the card's own list once a terminal is registered. */
  invalidate: () => Promise<void>;
  columns: Column<R>[];
  rowKey: (r: R) => string;
  /** The terminal a click on Register creates (then its edit form opens to name it and pick its office). */
  terminalOf: (r: R) => RouterInputs['device']['create'];
  title: string;
  intro: string;
  empty: string;
  registerLabel: string;
}

/**
 * "Seen, not registered" (push serials, cloud ids): terminals that called the server without being
 * registered, each with a Register button. Hidden while there are none.
 */
export function UnregisteredTerminalsCard<R>(p: Props<R>) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const register = trpc.device.create.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: (d) => {
      void utils.device.list.invalidate();
      void p.invalidate();
      void navigate(`/developer/fingerspot/${d.id}/edit`);
    },
  });
  const rows = p.seen.data ?? [];
  if (!p.seen.isError && rows.length === 0) return null;
  const columns: Column<R>[] = [
    ...p.columns,
    {
      key: 'register',
      header: '',
      cell: (r) => (
        <Button size="sm" disabled={register.isPending} onClick={() => register.mutate(p.terminalOf(r))}>
          {p.registerLabel}
        </Button>
      ),
    },
  ];
  return (
    <Card title={p.title} className="mb-4">
      <p className="mb-2 text-xs text-slate-500">{p.intro}</p>
      <QueryTable query={p.seen} columns={columns} rowKey={p.rowKey} empty={p.empty} />
    </Card>
  );
}
