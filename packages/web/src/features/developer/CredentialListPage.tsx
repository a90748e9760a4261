import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { ActionModal } from '../../ui/ActionModal';
import { LinkButton } from '../../ui/LinkButton';
import { toastThen } from '../../lib/toast-then';

type CredentialRow = RouterOutputs['auth']['credential']['list'][number];

export function CredentialListPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const list = trpc.auth.credential.list.useQuery();
  const [revoking, setRevoking] = useState<CredentialRow | null>(null);
  const revoke = trpc.auth.credential.revoke.useMutation(
    toastThen(() => {
      setRevoking(null);
      void utils.auth.credential.list.invalidate();
    }),
  );

  const columns: Column<CredentialRow>[] = [
    { key: 'name', header: t('credentials.name'), cell: (r) => r.name },
    { key: 'clientId', header: t('credentials.clientId'), cell: (r) => <code className="font-mono text-xs">{r.clientId}</code> },
    {
      key: 'scope',
      header: t('credentials.scope'),
      cell: (r) => t(r.scopes.includes('full') ? 'credentials.scopeFull' : 'credentials.scopeIngest'),
    },
    {
      key: 'device',
      header: t('credentials.device'),
      cell: (r) => (r.deviceName ? `${r.deviceName} (${r.deviceSerial})` : t('credentials.anyDevice')),
    },
    { key: 'actsAs', header: t('credentials.actsAs'), cell: (r) => r.actsAs },
    {
      key: 'createdAt',
      header: t('credentials.createdAt'),
      cell: (r) => formatDateTime(r.createdAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'status',
      header: t('credentials.status'),
      cell: (r) =>
        r.revokedAt ? (
          <span className="text-slate-500">
            {t('credentials.revoked')} {formatDateTime(r.revokedAt)}
          </span>
        ) : (
          <span className="text-green-700">{t('credentials.active')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('app.actions'),
      cell: (r) =>
        r.revokedAt ? null : (
          <div className="flex gap-2">
            <Link
              to={`/developer/credential/${r.id}/edit`}
              className="rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
              aria-label={`${t('credentials.edit')} ${r.name}`}
            >
              {t('credentials.edit')}
            </Link>
            <Button size="sm" variant="danger" onClick={() => setRevoking(r)}>
              {t('credentials.revoke')}
            </Button>
          </div>
        ),
    },
  ];

  return (
    <>
      <PageTitle actions={<LinkButton to="/developer/credential/add">{t('credentials.add')}</LinkButton>}>
        {t('routes.developer.credential')}
      </PageTitle>
      <Card>
        <QueryTable query={list} columns={columns} empty={t('credentials.empty')} />
      </Card>
      {revoking ? (
        <ActionModal
          variant="danger"
          title={t('credentials.revokeTitle', { name: revoking.name })}
          actionLabel={t('credentials.revoke')}
          busy={revoke.isPending}
          onAction={() => revoke.mutate({ id: revoking.id })}
          onClose={() => setRevoking(null)}
        >
          <p className="text-sm text-slate-700">{t('credentials.revokeText')}</p>
        </ActionModal>
      ) : null}
    </>
  );
}
