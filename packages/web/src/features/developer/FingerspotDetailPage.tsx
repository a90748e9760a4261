import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { LinkButton } from '../../ui/LinkButton';
import { DRIVER_OPTIONS, formatLocal, formatSkew, saveBase64 } from './devices/shared';
import { useFileDownload } from '../../lib/use-file-download';
import { PushTerminalPanel } from './devices/PushTerminalPanel';
import { CloudTerminalPanel } from './devices/CloudTerminalPanel';
import { RefusalsCard } from './devices/RefusalsCard';

type Detail = RouterOutputs['device']['detail'];
type Scan = Detail['recentScans'][number];
type Pin = Detail['mappedPins'][number];
type Command = RouterOutputs['device']['command']['list'][number];

const COMMAND_LABELS: Record<Command['kind'], string> = {
  'upload-users': 'Upload users',
  'backup-users': 'Back up users and templates',
};
/** The scan counts of the log card, in order, with their labels. */
const LOG_COUNTS = [
  ['total', 'Scans'],
  ['mapped', 'Mapped'],
  ['unmapped', 'Unmapped'],
  ['today', 'Today'],
] as const;
/** The commands the page queues for the agent, with their buttons' texts. */
const TERMINAL_COMMANDS: [Command['kind'], string][] = [
  ['upload-users', 'Upload users to the terminal'],
  ['backup-users', 'Back up users and templates'],
];
const STATUS_LABELS: Record<Command['status'], string> = {
  pending: 'Waiting for the agent',
  done: 'Done',
  failed: 'Failed',
};

const linkClass = 'text-sky-700 underline hover:text-sky-900';

function Item({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-800" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

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
  const queue = trpc.device.command.queue.useMutation({
    meta: { successMessage: () => 'Command queued; the agent carries it out at its next poll' },
    onSuccess: () => void utils.device.command.list.invalidate({ id }),
  });
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
          <p className="text-sm text-slate-700">This fingerprint device was not found.</p>
          <Link to="/developer/fingerspot" className={linkClass}>
            Back to the list
          </Link>
        </Card>
      </>
    );
  }
  const d = detail.data;
  if (!d) return <p className="text-sm text-slate-500">Loading...</p>;

  const scanColumns: Column<Scan>[] = [
    { key: 'time', header: 'Scan time', cell: (r) => formatLocal(r.localTime), className: 'whitespace-nowrap' },
    { key: 'pin', header: 'PIN', cell: (r) => <code className="font-mono text-xs">{r.pin}</code> },
    {
      key: 'employee',
      header: 'Employee',
      cell: (r) =>
        r.employeeId ? `${r.employeeName ?? ''} (${r.employeeNumber ?? ''})` : <span className="text-amber-700">Unmapped</span>,
    },
    { key: 'state', header: 'State', cell: (r) => r.state },
    { key: 'verify', header: 'Verify', cell: (r) => r.verifyType },
    { key: 'received', header: 'Received', cell: (r) => formatDateTime(r.receivedAt), className: 'whitespace-nowrap' },
    {
      key: 'network',
      header: 'Network',
      cell: (r) =>
        r.outsideNetwork ? (
          <span className="text-red-700" title={r.ingestIp ? `Uploaded from ${r.ingestIp}` : undefined}>
            Outside office network{r.ingestIp ? ` (${r.ingestIp})` : ''}
          </span>
        ) : (
          <span className="text-slate-500">Office</span>
        ),
    },
  ];
  const commandColumns: Column<Command>[] = [
    { key: 'kind', header: 'Command', cell: (r) => COMMAND_LABELS[r.kind] },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <span className={r.status === 'failed' ? 'text-red-700' : r.status === 'done' ? 'text-green-700' : 'text-slate-600'}>
          {STATUS_LABELS[r.status]}
          {r.error ? `: ${r.error}` : ''}
        </span>
      ),
    },
    { key: 'users', header: 'Users', cell: (r) => r.users ?? '–' },
    { key: 'created', header: 'Queued', cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
    {
      key: 'finished',
      header: 'Finished',
      cell: (r) => (r.finishedAt ? formatDateTime(r.finishedAt) : '–'),
      className: 'whitespace-nowrap',
    },
    {
      key: 'backup',
      header: '',
      cell: (r) =>
        r.hasBackup ? (
          <Button size="sm" variant="secondary" onClick={() => void downloadBackup(r.id)}>
            Download backup
          </Button>
        ) : null,
    },
  ];
  const pinColumns = (mapped: boolean): Column<Pin>[] => [
    { key: 'pin', header: 'PIN', cell: (r) => <code className="font-mono text-xs">{r.pin}</code> },
    ...(mapped
      ? [{ key: 'employee', header: 'Employee', cell: (r: Pin) => `${r.employeeName ?? ''} (${r.employeeNumber ?? ''})` }]
      : []),
    { key: 'punches', header: 'Scans', cell: (r) => r.punches },
    { key: 'first', header: 'First scan', cell: (r) => formatLocal(r.firstPunch), className: 'whitespace-nowrap' },
    { key: 'last', header: 'Last scan', cell: (r) => formatLocal(r.lastPunch), className: 'whitespace-nowrap' },
  ];

  return (
    <>
      <PageTitle
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" disabled={exporting} onClick={() => void exportXlsx()}>
              Export scan log (XLSX)
            </Button>
            <LinkButton to={`/developer/fingerspot/${d.id}/edit`}>Edit</LinkButton>
          </div>
        }
      >
        {d.name}
      </PageTitle>
      <div className="space-y-4">
        {d.skewWarning ? (
          <Banner tone="warning">
            The terminal clock is off by {formatSkew(d.status.skewMs)}. Fix the terminal clock; scan times are stored as the
            terminal reports them.
          </Banner>
        ) : null}
        <RefusalsCard refusals={d.refusals} />
        <Card title="Device">
          <dl className="grid gap-4 sm:grid-cols-3">
            <Item label="Driver">{DRIVER_OPTIONS.find((x) => x.value === d.driver)?.label ?? d.driver}</Item>
            <Item label="Address">
              <code className="font-mono text-xs">{`${d.address}:${d.port}`}</code>
            </Item>
            <Item label="Serial number" testId="device-serial">
              <code className="font-mono text-xs">{d.serial}</code>
            </Item>
            <Item label="Office">{d.companyOffice ?? '–'}</Item>
            <Item label="Time zone">{d.timeZone}</Item>
            <Item label="Comm key">{d.hasCommKey ? 'Set' : 'None'}</Item>
            <Item label="Status">{d.active ? 'Active' : 'Inactive'}</Item>
            <Item label="Last seen" testId="last-seen">
              {d.status.lastSeenAt ? formatDateTime(d.status.lastSeenAt) : 'Never'}
            </Item>
            <Item label="Clock skew" testId="clock-skew">
              {formatSkew(d.status.skewMs)}
            </Item>
            <Item label="Reported by">{d.status.agent ?? '–'}</Item>
          </dl>
        </Card>
        <Card title="Log counts">
          <dl className="grid gap-4 sm:grid-cols-6">
            {LOG_COUNTS.map(([key, label]) => (
              <Item key={key} label={label} testId={`count-${key}`}>
                {d.logCounts[key]}
              </Item>
            ))}
            <Item label="Last scan">{formatLocal(d.logCounts.lastPunch) || '–'}</Item>
            <Item label="Outside office network" testId="count-outside">
              {d.logCounts.outsideNetwork}
            </Item>
          </dl>
        </Card>
        <Card
          title="Scan log"
          actions={
            <div className="flex gap-4">
              <FilterCheck label="Unmapped PINs only" checked={unmappedOnly} onChange={firstPage(setUnmappedOnly)} />
              <FilterCheck label="Outside office network only" checked={outsideOnly} onChange={firstPage(setOutsideOnly)} />
            </div>
          }
        >
          <DataTable
            columns={scanColumns}
            rows={scans.data?.rows ?? []}
            rowKey={(r) => r.id}
            loading={scans.isFetching}
            failed={scans.isError && !scans.data}
            onRetry={() => void scans.refetch()}
            empty="No scans received from this terminal yet."
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
          title="Terminal users"
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
                  {label}
                </Button>
              ))}
            </div>
          }
        >
          <p className="mb-2 text-xs text-slate-500">
            The server cannot reach the terminal: the agent on the office network picks these commands up at its next poll. Upload
            sends every PIN mapped to an employee for this terminal, with the employee's name.
          </p>
          <DataTable
            columns={commandColumns}
            rows={commands.data ?? []}
            rowKey={(r) => r.id}
            loading={commands.isFetching}
            failed={commands.isError && !commands.data}
            onRetry={() => void commands.refetch()}
            empty="No commands sent to this terminal yet."
          />
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title={`Unmapped PINs (${d.unmappedPins.length})`}>
            <p className="mb-2 text-xs text-slate-500">
              Scans of these PINs are kept; map a PIN to an employee under attendance to give them its scans.
            </p>
            <DataTable
              columns={pinColumns(false)}
              rows={d.unmappedPins}
              rowKey={(r) => `u${r.pin}`}
              empty="Every PIN is mapped."
            />
          </Card>
          <Card title={`Mapped PINs (${d.mappedPins.length})`}>
            <DataTable
              columns={pinColumns(true)}
              rows={d.mappedPins}
              rowKey={(r) => `m${r.pin}-${r.employeeId}`}
              empty="No mapped PINs yet."
            />
          </Card>
        </div>
      </div>
    </>
  );
}
