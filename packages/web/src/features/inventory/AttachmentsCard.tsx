import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from '@hr/core/browser';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { DownloadButton } from './DownloadButton';
import { readAttachment as readFile } from '../shared/approvals/read-attachment';
import './texts';
import { toastThen } from '../../lib/toast-then';
import { RowActionButton } from '../../ui/RowActionButton';

type Row = RouterOutputs['inventory']['purchaseRequest']['attachments'][number];

/** Reads a picked file as `{ name, mime, contentBase64 }`, or null when its type or size is not allowed. */
export const readAttachment = (f: File) => readFile(f, ATTACHMENT_TYPES, ATTACHMENT_MAX_BYTES);

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The attachments of a purchase request: everyone who may open it downloads them; the requester
 * uploads and deletes while the request waits for managerial approval (`editable`).
 */
export function AttachmentsCard({ requestId, rows, editable }: { requestId: number; rows: Row[]; editable: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [bad, setBad] = useState<string | null>(null);
  const refresh = () => void utils.inventory.purchaseRequest.invalidate();
  const add = trpc.inventory.purchaseRequest.addAttachment.useMutation(toastThen(refresh));
  const remove = trpc.inventory.purchaseRequest.deleteAttachment.useMutation(toastThen(refresh));
  const pick = async (files: FileList | null) => {
    setBad(null);
    for (const f of Array.from(files ?? [])) {
      const file = await readAttachment(f).catch(() => null);
      if (!file) {
        setBad(t('inv.attachBad', { name: f.name }));
        continue;
      }
      await add.mutateAsync({ id: requestId, ...file }).catch(() => undefined);
    }
    if (input.current) input.current.value = '';
  };
  const columns: Column<Row>[] = [
    { key: 'name', header: t('inv.fileName'), cell: (a) => a.name },
    { key: 'size', header: t('inv.size'), cell: (a) => kb(a.size), className: 'text-right' },
    { key: 'by', header: t('inv.uploadedBy'), cell: (a) => `${a.uploadedBy} · ${formatDateTime(a.createdAt)}` },
    {
      key: 'actions',
      header: '',
      cell: (a) => (
        <div className="flex justify-end gap-1">
          <DownloadButton
            size="sm"
            variant="ghost"
            label={t('inv.downloadFile')}
            fetchFile={() => utils.inventory.purchaseRequest.downloadAttachment.fetch({ id: requestId, attachmentId: a.id })}
          />
          {editable ? (
            <RowActionButton
              label={t('inv.remove')}
              of={a.name}
              variant="ghost"
              busy={remove.isPending}
              onClick={() => remove.mutate({ id: requestId, attachmentId: a.id })}
            />
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <Card title={t('inv.attachments')} className="mt-4">
      <DataTable caption={t('inv.attachments')} columns={columns} rows={rows} empty={t('inv.none')} />
      {editable ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <label className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
            {add.isPending ? t('inv.downloading') : t('inv.attach')}
            <input
              ref={input}
              type="file"
              multiple
              className="sr-only"
              aria-label={t('inv.attach')}
              accept=".pdf,.jpg,.jpeg,.png,.xlsx,.docx"
              disabled={add.isPending}
              onChange={(e) => void pick(e.target.files)}
            />
          </label>
          <span className="text-xs text-slate-500">{t('inv.attachHint')}</span>
          {bad ? (
            <p role="alert" className="w-full text-sm text-red-600">
              {bad}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-xs text-slate-500">{t('inv.attachFrozen')}</p>
      )}
    </Card>
  );
}
