import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { ActionModal } from '../../ui/ActionModal';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatRp, readUpload, saveBase64 } from './coop-shared';
import './texts';
import { RefusalNote } from '../../ui/RefusalNote';
import { enumLabel } from '../../lib/enum-labels';
import { Fact } from '../shared/approvals/Fact';
import { toastThen } from '../../lib/toast-then';

type Detail = RouterOutputs['cooperative']['withdrawal']['get'];
type FileRow = Detail['files'][number];
type HistoryRow = Detail['history'][number];

function DecideDialog({
  decision,
  pending,
  onConfirm,
  onClose,
}: {
  decision: 'approve' | 'disapprove';
  pending: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <ActionModal
      onClose={onClose}
      title={decision === 'approve' ? t('coop.approve') : t('coop.disapprove')}
      actionLabel={decision === 'approve' ? t('coop.approve') : t('coop.disapprove')}
      variant={decision === 'approve' ? 'primary' : 'danger'}
      busy={pending}
      onAction={() => onConfirm(note.trim())}
    >
      <TextField id="coop-decision-note" label={t('coop.decisionNote')} value={note} maxLength={500} onValue={setNote} />
    </ActionModal>
  );
}

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/** /cooperative/withdrawal/{id}/detail: the request, its files (delete / cancel of a delete), decision and history. */
export function WithdrawalDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const utils = trpc.useUtils();
  const detail = trpc.cooperative.withdrawal.get.useQuery({ id }, { enabled: valid });
  const refresh = () => void utils.cooperative.invalidate();
  const ok = toastThen(refresh);
  const [deciding, setDeciding] = useState<'approve' | 'disapprove' | null>(null);
  const decided = {
    ...ok,
    onSuccess: () => {
      setDeciding(null);
      refresh();
    },
  };
  const approve = trpc.cooperative.withdrawal.approve.useMutation(decided);
  const disapprove = trpc.cooperative.withdrawal.disapprove.useMutation(decided);
  const cancel = trpc.cooperative.withdrawal.cancel.useMutation(ok);
  const delFile = trpc.cooperative.withdrawal.deleteFile.useMutation(ok);
  const undoFile = trpc.cooperative.withdrawal.cancelDeleteFile.useMutation(ok);
  const addFile = trpc.cooperative.withdrawal.addFile.useMutation(ok);
  const [fileError, setFileError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const d = detail.data;
  if (!valid) return null;
  if (!d) return detail.isError ? null : <Spinner label={t('app.loading')} />;

  const pickFile = async (f: File | undefined) => {
    if (!f) return;
    const u = await readUpload(f);
    if (picker.current) picker.current.value = '';
    if (!u) {
      setFileError(t('coop.badFile', { name: f.name }));
      return;
    }
    setFileError(null);
    addFile.mutate({ id, ...u });
  };
  const download = async (f: FileRow) => saveBase64(await utils.cooperative.withdrawal.downloadFile.fetch({ id, fileId: f.id }));

  const fileColumns: Column<FileRow>[] = [
    {
      key: 'name',
      header: t('coop.files'),
      cell: (f) => (f.deleted ? <span className="text-slate-400 line-through">{f.name}</span> : f.name),
    },
    { key: 'size', header: t('coop.size'), cell: (f) => kb(f.size) },
    { key: 'state', header: t('coop.status'), cell: (f) => (f.deleted ? t('coop.deleted') : '') },
    {
      key: 'actions',
      header: '',
      cell: (f) => (
        <div className="flex gap-2">
          {!f.deleted ? (
            <Button size="sm" variant="secondary" onClick={() => void download(f)}>
              {t('coop.download')}
            </Button>
          ) : null}
          {d.can.editFiles && !f.deleted ? (
            <Button size="sm" variant="ghost" className="text-red-700" onClick={() => delFile.mutate({ id, fileId: f.id })}>
              {t('coop.delete')}
            </Button>
          ) : null}
          {d.can.editFiles && f.deleted ? (
            <Button size="sm" variant="ghost" onClick={() => undoFile.mutate({ id, fileId: f.id })}>
              {t('coop.cancelDelete')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const historyColumns: Column<HistoryRow>[] = [
    { key: 'at', header: t('coop.at'), cell: (h) => formatDateTime(h.at), className: 'whitespace-nowrap' },
    {
      key: 'action',
      header: t('coop.status'),
      cell: (h) => `${t(`coop.action.${h.action}`)}${h.step && d.approvalSteps > 1 ? ` (${h.step}/${d.approvalSteps})` : ''}`,
    },
    { key: 'actor', header: t('coop.actor'), cell: (h) => h.actor },
    { key: 'note', header: t('coop.note'), cell: (h) => h.note ?? '' },
  ];

  return (
    <>
      <PageTitle
        actions={
          <div className="flex gap-2">
            {d.can.approve ? <Button onClick={() => setDeciding('approve')}>{t('coop.approve')}</Button> : null}
            {d.can.disapprove ? (
              <Button variant="danger" onClick={() => setDeciding('disapprove')}>
                {t('coop.disapprove')}
              </Button>
            ) : null}
            {/* Segregation of duties: say why the decision buttons are not shown (docs/security.md). */}
            <RefusalNote reason={d.can.decideRefusal} />
            {d.can.cancel ? (
              <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate({ id })}>
                {t('coop.cancel')}
              </Button>
            ) : null}
          </div>
        }
      >
        {t('routes.cooperative.withdrawalDetail')} #{d.id}
      </PageTitle>
      <div className="space-y-4">
        <Card>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Fact label={t('coop.requester')} valueClassName="">
              {d.employeeNumber} {d.employeeName}
            </Fact>
            <Fact label={t('coop.office')} valueClassName="">
              {d.companyOffice}
            </Fact>
            <Fact label={t('coop.amount')} valueClassName="font-semibold tabular-nums">
              Rp {formatRp(d.amount)}
            </Fact>
            <Fact label={t('coop.reason')} valueClassName="" className="sm:col-span-2">
              {d.reason}
            </Fact>
            <Fact label={t('coop.status')} valueClassName="" testId="withdrawal-status">
              {enumLabel('requestStatus', d.status, d.statusLabel)}
              {d.status === 3 && d.approvalSteps > 1 ? ` (${t('coop.approvals')} ${d.approvals}/${d.approvalSteps})` : ''}
            </Fact>
            <Fact label={t('coop.createdAt')} valueClassName="">
              {formatDateTime(d.createdAt)}
            </Fact>
            {d.decidedAt ? (
              <Fact label={t('coop.decided')} valueClassName="">
                {formatDateTime(d.decidedAt)}
                {d.decisionNote ? ` (${d.decisionNote})` : ''}
              </Fact>
            ) : null}
          </dl>
        </Card>
        <Card
          title={t('coop.files')}
          actions={
            d.can.editFiles ? (
              <>
                <input
                  ref={picker}
                  type="file"
                  className="sr-only"
                  id="coop-add-file"
                  accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
                  onChange={(e) => void pickFile(e.target.files?.[0])}
                />
                <Button size="sm" variant="secondary" disabled={addFile.isPending} onClick={() => picker.current?.click()}>
                  {t('coop.addFile')}
                </Button>
              </>
            ) : null
          }
        >
          {fileError ? (
            <p role="alert" className="mb-2 text-sm text-red-600">
              {fileError}
            </p>
          ) : null}
          <DataTable caption={t('coop.files')} columns={fileColumns} rows={d.files} empty={t('coop.noFiles')} />
          <p className="mt-2 text-xs text-slate-500">{t('coop.filesHint')}</p>
        </Card>
        <Card title={t('coop.history')}>
          <DataTable
            caption={t('coop.history')}
            columns={historyColumns}
            rows={d.history}
            rowKey={(h) => `${h.action}-${String(h.at)}`}
            empty=""
          />
        </Card>
        <Link to="/cooperative/withdrawal" className="text-sm text-sky-700 hover:underline">
          {t('routes.cooperative.withdrawal')}
        </Link>
      </div>
      {deciding ? (
        <DecideDialog
          decision={deciding}
          pending={approve.isPending || disapprove.isPending}
          onClose={() => setDeciding(null)}
          onConfirm={(note) =>
            deciding === 'approve'
              ? approve.mutate({ id, ...(note ? { note } : {}) })
              : disapprove.mutate({ id, ...(note ? { note } : {}) })
          }
        />
      ) : null}
    </>
  );
}
