import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { Pagination } from '../../ui/Pagination';
import { LinkButton } from '../../ui/LinkButton';
import { driverLabel, formatLocal, formatSkew, saveBase64 } from './devices/shared';
import './devices/terminal-texts';
import { useFileDownload } from '../../lib/use-file-download';
import { PushTerminalPanel } from './devices/PushTerminalPanel';
import { CloudTerminalPanel } from './devices/CloudTerminalPanel';
import { RefusalsCard } from './devices/RefusalsCard';
import { TerminalFact } from './devices/TerminalFact';
import { toastThen } from '../../lib/toast-then';

type Detail = RouterOutputs['device']['detail'];
type Scan = Detail['recentScans'][number];
type Pin = Detail['mappedPins'][number];
type Command = RouterOutputs['device']['command']['list'][number];

const COMMAND_LABELS = {
  'upload-users': 'devTerm.detail.uploadUsers',
  'backup-users': 'devTerm.detail.backupUsersTemplates',
} as const satisfies Record<Command['kind'], string>;
/** The scan counts of the log card, in order, with their labels. */
const LOG_COUNTS = [
  ['total', 'devTerm.scans'],
  ['mapped', 'devTerm.detail.mapped'],
  ['unmapped', 'devTerm.detail.unmapped'],
  ['today', 'devTerm.detail.today'],
] as const;
/** The commands the page queues for the agent, with their buttons' texts. */
const TERMINAL_COMMANDS = [
  ['upload-users', 'devTerm.detail.uploadUsersToTerminal'],
  ['backup-users', 'devTerm.detail.backupUsersTemplates'],
] as const satisfies readonly (readonly [Command['kind'], string])[];
const STATUS_LABELS = {
  pending: 'devTerm.detail.waitingAgent',
  done: 'devTerm.detail.done',
  failed: 'devTerm.detail.failed',
} as const satisfies Record<Command['status'], string>;

const linkClass = 'text-sky-700 underline hover:text-sky-900';

function FilterCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** /developer/fingerspot/:id/detail: last seen, skew, log counts, the scan log, mapped and unmapped PINs. */
export function FingerspotDetailPage() {
  const { t } = useTranslation();
  const { id: raw } = useParams();
  const id = Number(raw);
  const detail = trpc.device.detail.useQuery({ id }, { enabled: id > 0 });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [unmappedOnly, setUnmappedOnly] = useState(false);
  const [outsideOnly, setOutsideOnly] = useState(false);
  /** A scan-log filter's setter that also goes back to the first page. */
  const firstPage =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };
  const scans = trpc.device.scanlog.useQuery(
    { id, page, pageSize, unmapped: unmappedOnly ? true : undefined, outsideNetwork: outsideOnly ? true : undefined },
    { enabled: id > 0 },
  );
  const utils = trpc.useUtils();
  const commands = trpc.device.command.list.useQuery({ id }, { enabled: id > 0 });
  const queue = trpc.device.command.queue.useMutation(toastThen(() => void utils.device.command.list.invalidate({ id })));
  const downloadBackup = async (commandId: number) => {
    saveBase64(await utils.device.command.backup.fetch({ id: commandId }));
  };
  const { busy: exporting, download: save } = useFileDownload();
  const exportXlsx = () => save(() => utils.device.excel.fetch({ deviceId: id }));

  if (detail.isError) {
    return (
      <>
        <PageTitle>{t('routes.developer.fingerspotDetail')}</PageTitle>
        <Card>
          <p className="text-sm text-slate-700">{t('devTerm.notFound')}</p>
          <Link to="/developer/fingerspot" className={linkClass}>
            {t('devTerm.backToList')}
          </Link>
        </Card>
      </>
    );
  }
  const d = detail.data;
  if (!d) return <p className="text-sm text-slate-500">{t('devTerm.loading')}</p>;

  const scanColumns: Column<Scan>[] = [
    { key: 'time', header: t('devTerm.detail.scanTime'), cell: (r) => formatLocal(r.localTime), className: 'whitespace-nowrap' },
    { key: 'pin', header: t('devTerm.pin'), cell: (r) => <code className="font-mono text-xs">{r.pin}</code> },
    {
      key: 'employee',
      header: t('devTerm.employee'),
      cell: (r) =>
        r.employeeId ? (
          `${r.employeeName ?? ''} (${r.employeeNumber ?? ''})`
        ) : (
          <span className="text-amber-700">{t('devTerm.detail.unmapped')}</span>
        ),
    },
    { key: 'state', header: t('devTerm.detail.state'), cell: (r) => r.state },
    { key: 'verify', header: t('devTerm.detail.verify'), cell: (r) => r.verifyType },
    {
      key: 'received',
      header: t('devTerm.detail.received'),
      cell: (r) => formatDateTime(r.receivedAt),
      className: 'whitespace-nowrap',
    },
    {
      key: 'network',
      header: t('devTerm.detail.network'),
      cell: (r) =>
        r.outsideNetwork ? (
          <span className="text-red-700" title={r.ingestIp ? t('devTerm.detail.uploadedFrom', { ip: r.ingestIp }) : undefined}>
            {t('devTerm.detail.outsideNetwork')}
            {r.ingestIp ? ` (${r.ingestIp})` : ''}
          </span>
        ) : (
          <span className="text-slate-500">{t('devTerm.detail.officeNetwork')}</span>
        ),
    },
  ];
  const commandColumns: Column<Command>[] = [
    { key: 'kind', header: t('devTerm.command'), cell: (r) => t(COMMAND_LABELS[r.kind]) },
    {
      key: 'status',
      header: t('devTerm.status'),
      cell: (r) => (
        <span className={r.status === 'failed' ? 'text-red-700' : r.status === 'done' ? 'text-green-700' : 'text-slate-600'}>
          {t(STATUS_LABELS[r.status])}
          {r.error ? `: ${r.error}` : ''}
        </span>
      ),
    },
    { key: 'users', header: t('devTerm.detail.users'), cell: (r) => r.users ?? '–' },
    { key: 'created', header: t('devTerm.queued'), cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
    {
      key: 'finished',
      header: t('devTerm.detail.finished'),
      cell: (r) => (r.finishedAt ? formatDateTime(r.finishedAt) : '–'),
      className: 'whitespace-nowrap',
    },
    {
      key: 'backup',
      header: '',
      cell: (r) =>
        r.hasBackup ? (
          <Button size="sm" variant="secondary" onClick={() => void downloadBackup(r.id)}>
            {t('devTerm.detail.downloadBackup')}
          </Button>
        ) : null,
    },
  ];
  const pinColumns = (mapped: boolean): Column<Pin>[] => [
    { key: 'pin', header: t('devTerm.pin'), cell: (r) => <code className="font-mono text-xs">{r.pin}</code> },
    ...(mapped
      ? [
          {
            key: 'employee',
            header: t('devTerm.employee'),
            cell: (r: Pin) => `${r.employeeName ?? ''} (${r.employeeNumber ?? ''})`,
          },
        ]
      : []),
    { key: 'punches', header: t('devTerm.scans'), cell: (r) => r.punches },
    {
      key: 'first',
      header: t('devTerm.detail.firstScan'),
      cell: (r) => formatLocal(r.firstPunch),
      className: 'whitespace-nowrap',
    },
    { key: 'last', header: t('devTerm.detail.lastScan'), cell: (r) => formatLocal(r.lastPunch), className: 'whitespace-nowrap' },
  ];

  return (
    <>
      <PageTitle
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" disabled={exporting} onClick={() => void exportXlsx()}>
              {t('devTerm.detail.exportXlsx')}
            </Button>
            <LinkButton to={`/developer/fingerspot/${d.id}/edit`}>{t('devTerm.edit')}</LinkButton>
          </div>
        }
      >
        {d.name}
      </PageTitle>
      <div className="space-y-4">
        {d.skewWarning ? (
          <Banner tone="warning">{t('devTerm.detail.skewWarning', { skew: formatSkew(d.status.skewMs) })}</Banner>
        ) : null}
        <RefusalsCard refusals={d.refusals} />
        <Card title={t('devTerm.detail.device')}>
          <dl className="grid gap-4 sm:grid-cols-3">
            <TerminalFact label={t('devTerm.driver')}>{driverLabel(t, d.driver)}</TerminalFact>
            <TerminalFact label={t('devTerm.address')}>
              <code className="font-mono text-xs">{`${d.address}:${d.port}`}</code>
            </TerminalFact>
            <TerminalFact label={t('devTerm.serialNumber')} testId="device-serial">
              <code className="font-mono text-xs">{d.serial}</code>
            </TerminalFact>
            <TerminalFact label={t('devTerm.office')}>{d.companyOffice ?? '–'}</TerminalFact>
            <TerminalFact label={t('devTerm.timeZone')}>{d.timeZone}</TerminalFact>
            <TerminalFact label={t('devTerm.commKey')}>{d.hasCommKey ? t('devTerm.set') : t('devTerm.none')}</TerminalFact>
            <TerminalFact label={t('devTerm.status')}>{d.active ? t('devTerm.active') : t('devTerm.inactive')}</TerminalFact>
            <TerminalFact label={t('devTerm.lastSeen')} testId="last-seen">
              {d.status.lastSeenAt ? formatDateTime(d.status.lastSeenAt) : t('devTerm.never')}
            </TerminalFact>
            <TerminalFact label={t('devTerm.clockSkew')} testId="clock-skew">
              {formatSkew(d.status.skewMs)}
            </TerminalFact>
            <TerminalFact label={t('devTerm.detail.reportedBy')}>{d.status.agent ?? '–'}</TerminalFact>
          </dl>
        </Card>
        <Card title={t('devTerm.detail.logCounts')}>
          <dl className="grid gap-4 sm:grid-cols-6">
            {LOG_COUNTS.map(([key, label]) => (
              <TerminalFact key={key} label={t(label)} testId={`count-${key}`}>
                {d.logCounts[key]}
              </TerminalFact>
            ))}
            <TerminalFact label={t('devTerm.detail.lastScan')}>{formatLocal(d.logCounts.lastPunch) || '–'}</TerminalFact>
            <TerminalFact label={t('devTerm.detail.outsideNetwork')} testId="count-outside">
              {d.logCounts.outsideNetwork}
            </TerminalFact>
          </dl>
        </Card>
        <Card
          title={t('devTerm.detail.scanLog')}
          actions={
            <div className="flex gap-4">
              <FilterCheck
                label={t('devTerm.detail.unmappedOnly')}
                checked={unmappedOnly}
                onChange={firstPage(setUnmappedOnly)}
              />
              <FilterCheck label={t('devTerm.detail.outsideOnly')} checked={outsideOnly} onChange={firstPage(setOutsideOnly)} />
            </div>
          }
        >
          <DataTable
            columns={scanColumns}
            rows={scans.data?.rows ?? []}
            loading={scans.isFetching}
            failed={scans.isError && !scans.data}
            onRetry={() => void scans.refetch()}
            empty={t('devTerm.detail.noScans')}
          />
          <Pagination
            page={page}
            pageSize={pageSize}
            total={scans.data?.total ?? 0}
            onPage={setPage}
            onPageSize={firstPage(setPageSize)}
          />
        </Card>
        {d.driver === 'adms' ? <PushTerminalPanel id={d.id} /> : null}
        {d.driver === 'fingerspot-cloud' ? (
          <CloudTerminalPanel id={d.id} name={d.name} cloudId={d.cloudId} secretSetAt={d.cloudSecretSetAt} />
        ) : null}
        <Card
          title={t('devTerm.detail.terminalUsers')}
          actions={
            <div className="flex gap-2">
              {TERMINAL_COMMANDS.map(([kind, label]) => (
                <Button
                  key={kind}
                  size="sm"
                  variant="secondary"
                  disabled={queue.isPending}
                  onClick={() => queue.mutate({ id, kind })}
                >
                  {t(label)}
                </Button>
              ))}
            </div>
          }
        >
          <p className="mb-2 text-xs text-slate-500">{t('devTerm.detail.terminalUsersIntro')}</p>
          <QueryTable query={commands} columns={commandColumns} empty={t('devTerm.detail.noCommands')} />
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title={t('devTerm.detail.unmappedPins', { count: d.unmappedPins.length })}>
            <p className="mb-2 text-xs text-slate-500">{t('devTerm.detail.unmappedIntro')}</p>
            <DataTable
              columns={pinColumns(false)}
              rows={d.unmappedPins}
              rowKey={(r) => `u${r.pin}`}
              empty={t('devTerm.detail.allMapped')}
            />
          </Card>
          <Card title={t('devTerm.detail.mappedPins', { count: d.mappedPins.length })}>
            <DataTable
              columns={pinColumns(true)}
              rows={d.mappedPins}
              rowKey={(r) => `m${r.pin}-${r.employeeId}`}
              empty={t('devTerm.detail.noMapped')}
            />
          </Card>
        </div>
      </div>
    </>
  );
}
