import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { type RouterOutputs, trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import type { Column } from '../../../ui/DataTable';
import { QueryTable } from '../../../ui/QueryTable';
import { TextInput } from '../../../ui/TextInput';
import { TerminalFact } from './TerminalFact';
import './terminal-texts';
import { toastThen } from '../../../lib/toast-then';

type PushCommand = RouterOutputs['devicePush']['commands'][number];
type PushUser = RouterOutputs['devicePush']['users'][number];

const PUSH_STATUS = {
  pending: 'devTerm.push.waitingTerminal',
  sent: 'devTerm.push.sent',
  done: 'devTerm.detail.done',
  failed: 'devTerm.detail.failed',
} as const satisfies Record<PushCommand['status'], string>;
const PUSH_KIND = {
  'query-attlog': 'devTerm.push.resendScans',
  check: 'devTerm.push.check',
  reboot: 'devTerm.push.reboot',
  'upload-users': 'devTerm.detail.uploadUsers',
  'backup-users': 'devTerm.push.backupUsers',
} as const;
/** ZKTeco privilege codes as the terminal reports them. */
const PRIVILEGE = {
  0: 'devTerm.push.privUser',
  2: 'devTerm.push.privEnroller',
  6: 'devTerm.push.privAdmin',
  14: 'devTerm.push.privSuperAdmin',
} as const;

/** 'yyyy-mm-ddThh:mm' (datetime-local) → 'yyyy-mm-ddThh:mm:ss'. */
const withSeconds = (v: string) => (v.length === 16 ? `${v}:00` : v);

/**
 * The push terminal cards of /developer/fingerspot/:id/detail (driver adms): its office-network
 * restriction, the commands queued for its next /iclock/getrequest with their results, and the users
 * and fingerprint templates its OPERLOG reported (the server's backup of the terminal).
 */
export function PushTerminalPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const settings = trpc.devicePush.settings.useQuery({ id });
  const commands = trpc.devicePush.commands.useQuery({ id }, { refetchInterval: 15_000 });
  const users = trpc.devicePush.users.useQuery({ id });
  const save = trpc.devicePush.saveSettings.useMutation(toastThen(() => void utils.devicePush.settings.invalidate({ id })));
  const queue = trpc.devicePush.queueCommand.useMutation(toastThen(() => void utils.devicePush.commands.invalidate({ id })));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const s = settings.data;

  const commandColumns: Column<PushCommand>[] = [
    {
      key: 'kind',
      header: t('devTerm.command'),
      cell: (r) => (r.kind in PUSH_KIND ? t(PUSH_KIND[r.kind as keyof typeof PUSH_KIND]) : r.kind),
    },
    { key: 'cmd', header: t('devTerm.push.sentAs'), cell: (r) => <code className="font-mono text-xs break-all">{r.cmd}</code> },
    {
      key: 'status',
      header: t('devTerm.push.result'),
      cell: (r) => (
        <span className={r.status === 'failed' ? 'text-red-700' : r.status === 'done' ? 'text-green-700' : 'text-slate-600'}>
          {t(PUSH_STATUS[r.status])}
          {r.returnCode !== null && r.returnCode !== 0 ? t('devTerm.push.code', { code: r.returnCode }) : ''}
        </span>
      ),
    },
    { key: 'created', header: t('devTerm.queued'), cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
  ];
  const userColumns: Column<PushUser>[] = [
    { key: 'pin', header: t('devTerm.pin'), cell: (r) => <code className="font-mono text-xs">{r.pin}</code> },
    { key: 'name', header: t('devTerm.push.nameOnTerminal'), cell: (r) => r.name },
    {
      key: 'privilege',
      header: t('devTerm.push.privilege'),
      cell: (r) => (r.privilege in PRIVILEGE ? t(PRIVILEGE[r.privilege as keyof typeof PRIVILEGE]) : String(r.privilege)),
    },
    { key: 'card', header: t('devTerm.push.card'), cell: (r) => (r.card ? String(r.card) : '–') },
    { key: 'templates', header: t('devTerm.push.fingerprints'), cell: (r) => r.templates },
  ];

  return (
    <>
      <Card title={t('devTerm.push.title')}>
        {s ? (
          <div className="space-y-3 text-sm text-slate-700">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={s.officeNetworksOnly}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ id, officeNetworksOnly: e.target.checked })}
              />
              {t('devTerm.push.officeOnly')}
            </label>
            <dl className="grid gap-3 sm:grid-cols-4">
              <TerminalFact label={t('devTerm.pushVersion')} valueClassName="">
                {s.pushVersion ?? '–'}
              </TerminalFact>
              <TerminalFact label={t('devTerm.push.scanStamp')} valueClassName="">
                {s.attlogStamp ?? '–'}
              </TerminalFact>
              <TerminalFact label={t('devTerm.push.scansRejected')} valueClassName="">
                {s.rowsRejected}
              </TerminalFact>
              <TerminalFact label={t('devTerm.push.lastRefusal')} valueClassName="">
                {s.lastRefusal ? `${s.lastRefusal}${s.lastRefusalAt ? ` (${formatDateTime(s.lastRefusalAt)})` : ''}` : '–'}
              </TerminalFact>
            </dl>
          </div>
        ) : (
          <p className="text-sm text-slate-500">{settings.isError ? t('devTerm.push.settingsFailed') : t('devTerm.loading')}</p>
        )}
      </Card>
      <Card
        title={t('devTerm.push.commands')}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <TextInput
              aria-label={t('devTerm.push.resendFrom')}
              type="datetime-local"
              step={1}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
            <TextInput
              aria-label={t('devTerm.push.resendTo')}
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
              {t('devTerm.push.resendScans')}
            </Button>
            <Button size="sm" variant="secondary" disabled={queue.isPending} onClick={() => queue.mutate({ id, kind: 'check' })}>
              {t('devTerm.push.check')}
            </Button>
            <Button size="sm" variant="secondary" disabled={queue.isPending} onClick={() => queue.mutate({ id, kind: 'reboot' })}>
              {t('devTerm.push.reboot')}
            </Button>
          </div>
        }
      >
        <p className="mb-2 text-xs text-slate-500">{t('devTerm.push.commandsIntro')}</p>
        <QueryTable query={commands} columns={commandColumns} empty={t('devTerm.push.noCommands')} keepRows />
      </Card>
      <Card title={t('devTerm.push.usersTitle', { count: users.data?.length ?? 0 })}>
        <p className="mb-2 text-xs text-slate-500">{t('devTerm.push.usersIntro')}</p>
        <QueryTable query={users} columns={userColumns} rowKey={(r) => r.pin} empty={t('devTerm.push.noUsers')} keepRows />
      </Card>
    </>
  );
}
