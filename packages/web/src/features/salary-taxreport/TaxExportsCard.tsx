import { taxReportMarkFiledInput } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { serverMessage } from '../../lib/server-messages';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ActionModal } from '../../ui/ActionModal';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { FormDialog } from '../../ui/FormDialog';
import { QueryTable } from '../../ui/QueryTable';
import { formatRupiah } from '../salary-runs/run-format';
import { DownloadButton } from '../salary-tax/DownloadButton';
import type { TaxExport } from './taxreport-format';
import './texts';

const money = 'whitespace-nowrap text-right tabular-nums';
const STATUS_TONE: Record<TaxExport['status'], string> = {
  exported: 'text-amber-700',
  filed: 'text-green-700',
  discarded: 'text-slate-500 line-through',
};

/** Refreshes what an export changes: the history and the preview (change per slip, next action). */
export function useRefreshTaxReport() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.salary.taxReport.list.invalidate(), utils.salary.taxReport.preview.invalidate()]);
}

function MarkFiledDialog({ target, onClose }: { target: TaxExport; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshTaxReport();
  const mark = trpc.salary.taxReport.markFiled.useMutation();
  const form = useSchemaForm({
    idPrefix: 'tax-filed',
    fields: [{ key: 'coretaxReference', label: t('coretax.coretaxReference'), required: true }] as const,
    initial: { coretaxReference: '' },
    schema: taxReportMarkFiledInput,
    toInput: (v) => ({ id: target.id, coretaxReference: v.coretaxReference }),
  });
  return (
    <FormDialog
      title={t('coretax.markFiledTitle', { fileName: target.fileName })}
      intro={<p className="text-sm text-slate-600">{t('coretax.markFiledIntro')}</p>}
      form={form}
      pending={mark.isPending}
      onClose={onClose}
      views={[{ key: 'coretaxReference', maxLength: 100 }]}
      save={async (input) => {
        await mark.mutateAsync(input);
        notifySuccess(serverMessage('salary.taxReport.markFiled'));
        await refresh();
      }}
    />
  );
}

function DiscardDialog({ target, onClose }: { target: TaxExport; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshTaxReport();
  const discard = trpc.salary.taxReport.discard.useMutation();
  return (
    <ActionModal
      title={t('coretax.discardTitle', { fileName: target.fileName })}
      actionLabel={t('coretax.discard')}
      variant="danger"
      busy={discard.isPending}
      onClose={onClose}
      onAction={() =>
        void discard.mutateAsync({ id: target.id }).then(async () => {
          notifySuccess(serverMessage('salary.taxReport.discard'));
          onClose();
          await refresh();
        })
      }
    >
      <p className="text-sm text-slate-700">{t('coretax.discardText')}</p>
    </ActionModal>
  );
}

/**
 * The exports of the chosen period and file (every status, newest first): download the recorded XML, mark an
 * export filed with its Coretax reference, or discard one that was not filed (salary.update).
 */
export function TaxExportsCard({ input }: { input: { period: string; kind: TaxExport['kind']; companyOfficeId?: number } }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const canUpdate = useCan('salary.update');
  const list = trpc.salary.taxReport.list.useQuery({ ...input, pageSize: 100 });
  const [filing, setFiling] = useState<TaxExport | null>(null);
  const [discarding, setDiscarding] = useState<TaxExport | null>(null);
  const columns: Column<TaxExport>[] = [
    {
      key: 'file',
      header: t('coretax.fileName'),
      cell: (x) => (
        <>
          <span className="block min-w-48 break-all font-mono text-xs">{x.fileName}</span>
          <span className="block text-xs text-slate-500">
            {x.sequence === 0 ? t('coretax.original') : t('coretax.replacementNo', { n: x.sequence })}
            {' · '}
            {x.companyOffice ?? t('coretax.allOffices')}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('coretax.status'),
      cell: (x) => (
        <span className={STATUS_TONE[x.status]} data-testid="coretax-export-status">
          {t(`coretax.status_${x.status}`)}
        </span>
      ),
    },
    { key: 'slips', header: t('coretax.slips'), cell: (x) => x.slips, className: 'text-right tabular-nums' },
    { key: 'gross', header: t('coretax.gross'), cell: (x) => formatRupiah(x.gross), className: money },
    { key: 'tax', header: t('coretax.tax'), cell: (x) => formatRupiah(x.tax), className: money },
    { key: 'reference', header: t('coretax.coretaxReference'), cell: (x) => x.coretaxReference ?? '-' },
    { key: 'at', header: t('coretax.createdAt'), cell: (x) => formatDateTime(x.createdAt), className: 'whitespace-nowrap' },
    {
      key: 'actions',
      header: '',
      cell: (x) => (
        <div className="flex flex-wrap gap-2">
          <DownloadButton label={t('coretax.download')} fetchFile={() => utils.salary.taxReport.download.fetch({ id: x.id })} />
          {canUpdate && x.status === 'exported' ? (
            <>
              <Button size="sm" onClick={() => setFiling(x)}>
                {t('coretax.markFiled')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDiscarding(x)}>
                {t('coretax.discard')}
              </Button>
            </>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <Card title={t('coretax.exports')} className="mt-4">
      <QueryTable
        caption={t('coretax.exports')}
        query={{ ...list, data: list.data?.rows }}
        columns={columns}
        empty={t('coretax.noExports')}
      />
      {filing ? <MarkFiledDialog target={filing} onClose={() => setFiling(null)} /> : null}
      {discarding ? <DiscardDialog target={discarding} onClose={() => setDiscarding(null)} /> : null}
    </Card>
  );
}
