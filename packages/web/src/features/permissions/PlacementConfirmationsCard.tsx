import { useTranslation } from 'react-i18next';
import { Can, useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { RefusalNote } from '../../ui/RefusalNote';
import { toastThen } from '../../lib/toast-then';
import { RowActionButton } from '../../ui/RowActionButton';

type Row = RouterOutputs['permission']['placement']['list']['rows'][number];

/**
 * Placements that widened someone's permissions and wait for a second person (issue 16 item 3;
 * docs/security.md §1.4). Approve / Reject show only with permission.approve and when the server
 * gives no refusal (the mover and the subject never decide; the reason is shown instead).
 */
export function PlacementConfirmationsCard() {
  return (
    <Can permission="permission.view">
      <PendingPlacements />
    </Can>
  );
}

function PendingPlacements() {
  const { t } = useTranslation();
  const canApprove = useCan('permission.approve');
  const utils = trpc.useUtils();
  const list = trpc.permission.placement.list.useQuery({ status: 'pending', pageSize: 100 });
  const refresh = () => void utils.permission.invalidate();
  const approve = trpc.permission.placement.approve.useMutation(toastThen(refresh));
  const reject = trpc.permission.placement.reject.useMutation(toastThen(refresh));
  const busy = approve.isPending || reject.isPending;

  const actions = (r: Row) => {
    if (!canApprove) return null;
    if (r.approveRefusal) return <RefusalNote reason={r.approveRefusal} />;
    return (
      <div className="flex flex-wrap gap-1">
        <RowActionButton
          label={t('placementConfirmations.approve')}
          of={r.employeeName}
          busy={busy}
          onClick={() => approve.mutate({ id: r.id })}
        />
        <RowActionButton
          label={t('placementConfirmations.reject')}
          of={r.employeeName}
          variant="danger"
          busy={busy}
          onClick={() => reject.mutate({ id: r.id })}
        />
      </div>
    );
  };

  const columns: Column<Row>[] = [
    { key: 'employee', header: t('placementConfirmations.employee'), cell: (r) => `${r.employeeName} (${r.employeeNumber})` },
    {
      key: 'placement',
      header: t('placementConfirmations.placement'),
      cell: (r) => [r.jobPosition, r.section].filter(Boolean).join(' · '),
    },
    { key: 'added', header: t('placementConfirmations.permissionsAdded'), cell: (r) => r.permissionsAdded.join(', ') },
    {
      key: 'requestedBy',
      header: t('placementConfirmations.requestedBy'),
      cell: (r) => `${r.requestedBy} · ${formatDateTime(r.requestedAt)}`,
    },
    { key: 'actions', header: t('placementConfirmations.actions'), cell: actions },
  ];

  return (
    <Card title={t('placementConfirmations.title')} className="mt-4">
      <div className="space-y-3" data-testid="placement-confirmations">
        <p className="text-sm text-slate-600">{t('placementConfirmations.hint')}</p>
        <DataTable
          columns={columns}
          rows={list.data?.rows ?? []}
          loading={list.isLoading}
          failed={list.isError}
          onRetry={() => void list.refetch()}
          empty={t('placementConfirmations.none')}
        />
      </div>
    </Card>
  );
}
