import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { GrantKeySelect } from './GrantKeySelect';
import { grantLabel, parseGrantValue } from './grant-labels';
import './texts';
import { toastThen } from '../../lib/toast-then';
import { RowActionButton } from '../../ui/RowActionButton';
import { CheckboxField } from '../../ui/CheckboxField';

type GrantRow = RouterOutputs['permission']['employee']['list']['rows'][number];

/** Grant statuses with a text (`permissions.statuses.<n>`): approved, disapproved, pending, cancelled. */
const NAMED_STATUSES = [1, 2, 3, 4] as const;
const isNamedStatus = (s: number): s is (typeof NAMED_STATUSES)[number] => NAMED_STATUSES.some((n) => n === s);

/** A grant still counts (pending or approved and not unassigned). */
const isLive = (g: GrantRow) => g.revokedAt === null && (g.status === 1 || g.status === 3);

/**
 * The permission and role grants of one employee or job position, with assign, approve (never by
 * the person who assigned it: four-eyes rule, enforced by the server too), cancel and unassign.
 * Buttons show only with permission.assign / permission.approve; the list needs permission.view.
 */
export function SubjectGrantsCard({
  subject,
  subjectId,
  title,
  className,
}: {
  subject: 'employee' | 'jobPosition' | 'sectionDepartment';
  subjectId: number;
  title: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const canAssign = useCan('permission.assign');
  const canApprove = useCan('permission.approve');
  const [showClosed, setShowClosed] = useState(false);
  const [choice, setChoice] = useState('');
  const api = trpc.permission[subject];
  const utils = trpc.useUtils();
  const list = api.list.useQuery({ subjectId, pageSize: 500 });
  const refresh = () => void utils.permission.invalidate();
  const assign = api.assign.useMutation(toastThen(refresh));
  const approve = api.approve.useMutation(toastThen(refresh));
  const cancel = api.cancel.useMutation(toastThen(refresh));
  const unassign = api.unassign.useMutation(toastThen(refresh));
  const busy = assign.isPending || approve.isPending || cancel.isPending || unassign.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const grant = parseGrantValue(choice);
    if (!grant) return;
    assign.mutate({ subjectId, grant } as Parameters<typeof assign.mutate>[0], { onSuccess: () => setChoice('') });
  };

  const statusOf = (g: GrantRow) => {
    if (g.revokedAt) return t('permissions.statuses.revoked');
    return isNamedStatus(g.status) ? t(`permissions.statuses.${g.status}`) : String(g.status);
  };

  const actions = (g: GrantRow) => {
    if (!isLive(g)) return null;
    const mine = g.filedByMe;
    const name = grantLabel(g.kind, g.key);
    return (
      <div className="flex flex-wrap gap-1">
        {g.status === 3 && canApprove && !mine && !g.approveRefusal ? (
          <RowActionButton label={t('permissions.approve')} of={g.key} busy={busy} onClick={() => approve.mutate({ id: g.id })} />
        ) : null}
        {g.status === 3 && mine ? (
          <span className="self-center text-xs text-slate-500">{t('permissions.ownRequest')}</span>
        ) : g.status === 3 && canApprove && g.approveRefusal ? (
          // Segregation of duties: a grant to oneself, one's own job position or section (docs/security.md).
          <span className="self-center text-xs text-slate-500">{g.approveRefusal}</span>
        ) : null}
        {g.status === 3 && canAssign ? (
          <RowActionButton
            label={t('permissions.cancel')}
            of={g.key}
            variant="secondary"
            busy={busy}
            onClick={() => cancel.mutate({ id: g.id })}
          />
        ) : null}
        {g.status === 1 && canAssign ? (
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            aria-label={`${t('permissions.unassign')} ${g.key}`}
            title={name}
            onClick={() => unassign.mutate({ id: g.id })}
          >
            {t('permissions.unassign')}
          </Button>
        ) : null}
      </div>
    );
  };

  const columns: Column<GrantRow>[] = [
    {
      key: 'grant',
      header: t('permissions.grant'),
      cell: (g) => (
        <div>
          <span className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
            {g.kind === 'role' ? t('permissions.kindRole') : t('permissions.kindPermission')}
          </span>
          {grantLabel(g.kind, g.key)}
        </div>
      ),
    },
    { key: 'status', header: t('permissions.status'), cell: statusOf },
    {
      key: 'assignedBy',
      header: t('permissions.assignedBy'),
      cell: (g) => `${g.requestedBy} · ${formatDateTime(g.requestedAt)}`,
    },
    {
      key: 'decidedBy',
      header: t('permissions.decidedBy'),
      cell: (g) => (g.decidedBy ? `${g.decidedBy} · ${formatDateTime(g.decidedAt)}` : ''),
    },
    { key: 'actions', header: t('permissions.actions'), cell: actions },
  ];
  const rows = (list.data?.rows ?? []).filter((g) => showClosed || isLive(g));

  return (
    <Card title={title} {...(className ? { className } : {})}>
      <div className="space-y-3" data-testid={`grants-${subject}`}>
        {canAssign ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <div className="min-w-64 flex-1">
              <label htmlFor={`assign-${subject}-${subjectId}`} className="mb-1 block text-sm font-medium text-slate-700">
                {t('permissions.grant')}
              </label>
              <GrantKeySelect
                id={`assign-${subject}-${subjectId}`}
                value={choice}
                onChange={setChoice}
                rolesOnly={subject === 'sectionDepartment'}
                placeholder={t('permissions.choose')}
              />
            </div>
            <Button type="submit" disabled={!choice || busy}>
              {t('permissions.assign')}
            </Button>
          </form>
        ) : null}
        <DataTable
          columns={columns}
          rows={rows}
          loading={list.isLoading}
          failed={list.isError}
          onRetry={() => void list.refetch()}
          empty={t('permissions.none')}
        />
        <CheckboxField
          label={t('permissions.showClosed')}
          checked={showClosed}
          onChange={setShowClosed}
          className="text-slate-600"
        />
      </div>
    </Card>
  );
}
