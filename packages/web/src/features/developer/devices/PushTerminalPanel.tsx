import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { type Column, DataTable } from '../../../ui/DataTable';
import { TextInput } from '../../../ui/TextInput';

type PushCommand = RouterOutputs['devicePush']['commands'][number];
type PushUser = RouterOutputs['devicePush']['users'][number];

const PUSH_STATUS: Record<PushCommand['status'], string> = {
  pending: 'Waiting for the terminal',
  sent: 'Sent, no answer yet',
  done: 'Done',
  failed: 'Failed',
};
const PUSH_KIND: Record<string, string> = {
  'query-attlog': 'Re-send scans',
  check: 'Check',
  reboot: 'Reboot',
  'upload-users': 'Upload users',
  'backup-users': 'Back up users',
};
/** ZKTeco privilege codes as the terminal reports them. */
const PRIVILEGE: Record<number, string> = { 0: 'User', 2: 'Enroller', 6: 'Administrator', 14: 'Super admin' };

/** 'yyyy-mm-ddThh:mm' (datetime-local) → 'yyyy-mm-ddThh:mm:ss'. */
const withSeconds = (v: string) => (v.length === 16 ? `${v}:00` : v);

/**
 * The push terminal cards of /developer/fingerspot/:id/detail (driver adms): its office-network
 * restriction, the commands queued for its next /iclock/getrequest with their results, and the users
 * and fingerprint templates its OPERLOG reported (the server's backup of the terminal).
 */
export function PushTerminalPanel({ id }: { id: number }) {
  const utils = trpc.useUtils();
  const settings = trpc.devicePush.settings.useQuery({ id });
  const commands = trpc.devicePush.commands.useQuery({ id }, { refetchInterval: 15_000 });
  const users = trpc.devicePush.users.useQuery({ id });
  const save = trpc.devicePush.saveSettings.useMutation({
    meta: { successMessage: () => 'Push terminal settings saved' },
    onSuccess: () => void utils.devicePush.settings.invalidate({ id }),
  });
  const queue = trpc.devicePush.queueCommand.useMutation({
    meta: { successMessage: () => 'Command queued; the terminal picks it up at its next heartbeat' },
    onSuccess: () => void utils.devicePush.commands.invalidate({ id }),
  });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const s = settings.data;

  const commandColumns: Column<PushCommand>[] = [
    { key: 'kind', header: 'Command', cell: (r) => PUSH_KIND[r.kind] ?? r.kind },
    { key: 'cmd', header: 'Sent as', cell: (r) => <code className="font-mono text-xs break-all">{r.cmd}</code> },
    {
      key: 'status',
      header: 'Result',
      cell: (r) => (
        <span className={r.status === 'failed' ? 'text-red-700' : r.status === 'done' ? 'text-green-700' : 'text-slate-600'}>
          {PUSH_STATUS[r.status]}
          {r.returnCode !== null && r.returnCode !== 0 ? ` (code ${r.returnCode})` : ''}
        </span>
      ),
    },
    { key: 'created', header: 'Queued', cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
  ];
  const userColumns: Column<PushUser>[] = [
    { key: 'pin', header: 'PIN', cell: (r) => <code className="font-mono text-xs">{r.pin}</code> },
    { key: 'name', header: 'Name on the terminal', cell: (r) => r.name },
    { key: 'privilege', header: 'Privilege', cell: (r) => PRIVILEGE[r.privilege] ?? String(r.privilege) },
    { key: 'card', header: 'Card', cell: (r) => (r.card ? String(r.card) : '–') },
    { key: 'templates', header: 'Fingerprints', cell: (r) => r.templates },
  ];

  return (
    <>
      <Card title="Push terminal">
        {s ? (
          <div className="space-y-3 text-sm text-slate-700">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={s.officeNetworksOnly}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ id, officeNetworksOnly: e.target.checked })}
              />
              Accept this terminal's pushes only from an office network (Developer › Network hotspots)
            </label>
            <dl className="grid gap-3 sm:grid-cols-4">
              <div>
                <dt className="text-xs font-medium uppercase text-slate-500">Push version</dt>
                <dd>{s.pushVersion ?? '–'}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase text-slate-500">Scan stamp</dt>
                <dd>{s.attlogStamp ?? '–'}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase text-slate-500">Scans rejected</dt>
                <dd>{s.rowsRejected}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase text-slate-500">Last refusal</dt>
                <dd>
                  {s.lastRefusal ? `${s.lastRefusal}${s.lastRefusalAt ? ` (${formatDateTime(s.lastRefusalAt)})` : ''}` : '–'}
                </dd>
              </div>
            </dl>
          </div>
        ) : (
          <p className="text-sm text-slate-500">{settings.isError ? 'Push settings could not be loaded.' : 'Loading...'}</p>
        )}
      </Card>
      <Card
        title="Push commands"
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <TextInput
              aria-label="Re-send from"
              type="datetime-local"
              step={1}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
            <TextInput
              aria-label="Re-send to"
              type="datetime-local"
              step={1}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
            <Button
              size="sm"
              variant="secondary"
              disabled={queue.isPending}
              onClick={() => queue.mutate({ id, kind: 'query-attlog', from: withSeconds(from), to: withSeconds(to) })}
            >
              Re-send scans
            </Button>
            <Button size="sm" variant="secondary" disabled={queue.isPending} onClick={() => queue.mutate({ id, kind: 'check' })}>
              Check
            </Button>
            <Button size="sm" variant="secondary" disabled={queue.isPending} onClick={() => queue.mutate({ id, kind: 'reboot' })}>
              Reboot
            </Button>
          </div>
        }
      >
        <p className="mb-2 text-xs text-slate-500">
          The terminal collects these at its next heartbeat (/iclock/getrequest) and reports each result. Re-send asks the
          terminal for its scans between two times on its own clock; scans already stored are not stored twice.
        </p>
        <DataTable
          columns={commandColumns}
          rows={commands.data ?? []}
          rowKey={(r) => r.id}
          loading={commands.isFetching && !commands.data}
          failed={commands.isError && !commands.data}
          onRetry={() => void commands.refetch()}
          empty="No commands queued for this terminal yet."
        />
      </Card>
      <Card title={`Users and fingerprint templates on the terminal (${users.data?.length ?? 0})`}>
        <p className="mb-2 text-xs text-slate-500">
          Kept from what the terminal pushes (OPERLOG): a backup of its users and templates that Upload users restores.
        </p>
        <DataTable
          columns={userColumns}
          rows={users.data ?? []}
          rowKey={(r) => r.pin}
          loading={users.isFetching && !users.data}
          failed={users.isError && !users.data}
          onRetry={() => void users.refetch()}
          empty="The terminal has not reported any user yet."
        />
      </Card>
    </>
  );
}
