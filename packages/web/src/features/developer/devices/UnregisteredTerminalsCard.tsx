import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { type RouterInputs, trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import type { Column } from '../../../ui/DataTable';
import { QueryTable } from '../../../ui/QueryTable';
import { toastThen } from '../../../lib/toast-then';

/** What is known of a terminal seen but not registered: when, how often and how many of its scans were refused. */
interface SeenRow {
  firstSeenAt: Date | string;
  lastSeenAt: Date | string;
  requests: number;
  rowsRefused: number;
}

interface Props<R extends SeenRow> {
  seen: UseQueryResult<R[], unknown>;
  /** Refreshes the card's own list once a terminal is registered. */
  invalidate: () => Promise<void>;
  /** The columns before the first and last seen, calls and refused scans ones. */
  columns: Column<R>[];
  /** The headers of the first seen, last seen, calls and refused scans columns. */
  seenHeaders: [first: string, last: string, requests: string, refused: string];
  rowKey: (r: R) => string;
  /**
   * The terminal a click on Register creates, active, of no office and on Jakarta time (then its edit
   * form opens to name it and pick its office).
   */
  terminalOf: (r: R) => Omit<RouterInputs['device']['create'], 'companyOfficeId' | 'timeZone' | 'active'>;
  title: string;
  intro: string;
  empty: string;
  registerLabel: string;
}

/**
 * "Seen, not registered" (push serials, cloud ids): terminals that called the server without being
 * registered, each with a Register button. Hidden while there are none.
 */
export function UnregisteredTerminalsCard<R extends SeenRow>(p: Props<R>) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const register = trpc.device.create.useMutation(
    toastThen((d) => {
      void utils.device.list.invalidate();
      void p.invalidate();
      void navigate(`/developer/fingerspot/${d.id}/edit`);
    }),
  );
  const rows = p.seen.data ?? [];
  if (!p.seen.isError && rows.length === 0) return null;
  const [first, last, requests, refused] = p.seenHeaders;
  const columns: Column<R>[] = [
    ...p.columns,
    { key: 'first', header: first, cell: (r) => formatDateTime(r.firstSeenAt), className: 'whitespace-nowrap' },
    { key: 'last', header: last, cell: (r) => formatDateTime(r.lastSeenAt), className: 'whitespace-nowrap' },
    { key: 'requests', header: requests, cell: (r) => r.requests.toLocaleString('id-ID') },
    { key: 'refused', header: refused, cell: (r) => r.rowsRefused.toLocaleString('id-ID') },
    {
      key: 'register',
      header: '',
      cell: (r) => (
        <Button
          size="sm"
          disabled={register.isPending}
          onClick={() => register.mutate({ ...p.terminalOf(r), companyOfficeId: null, timeZone: 'Asia/Jakarta', active: true })}
        >
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
