import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/DataTable';
import { formatRupiah } from '../salary-runs/run-format';
import { formatRate, type TaxPreviewRow } from './taxreport-format';
import './texts';

const money = 'whitespace-nowrap text-right tabular-nums';
const CHANGE_TONE: Record<TaxPreviewRow['change'], string> = {
  new: 'bg-sky-100 text-sky-800',
  changed: 'bg-amber-100 text-amber-900',
  unchanged: 'bg-slate-100 text-slate-600',
};

/** Every slip of the file: who, the TIN the file carries, the figures, what changed since the last export, problems. */
export function TaxPreviewTable({
  rows,
  loading,
  failed,
  onRetry,
  empty,
}: {
  rows: readonly TaxPreviewRow[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  empty: string;
}) {
  const { t } = useTranslation();
  const columns: Column<TaxPreviewRow>[] = [
    {
      key: 'employee',
      header: t('coretax.employee'),
      cell: (x) => (
        <>
          <span className="block min-w-36 font-medium">{x.name}</span>
          <span className="block text-xs text-slate-500">
            {x.employeeNumber} · {x.companyOffice}
          </span>
        </>
      ),
    },
    {
      key: 'tin',
      header: t('coretax.nikNpwp'),
      cell: (x) => (
        <>
          <span className="block tabular-nums">{x.nik ?? '-'}</span>
          <span className="block text-xs tabular-nums text-slate-500">{x.npwp ?? '-'}</span>
        </>
      ),
    },
    { key: 'ptkp', header: t('coretax.ptkp'), cell: (x) => x.ptkpStatus, className: 'whitespace-nowrap' },
    { key: 'object', header: t('coretax.objectCode'), cell: (x) => x.taxObjectCode, className: 'whitespace-nowrap' },
    { key: 'gross', header: t('coretax.gross'), cell: (x) => formatRupiah(x.gross), className: money },
    { key: 'rate', header: t('coretax.rate'), cell: (x) => formatRate(x.rate), className: money },
    { key: 'tax', header: t('coretax.tax'), cell: (x) => formatRupiah(x.tax), className: money },
    { key: 'certificate', header: t('coretax.certificate'), cell: (x) => x.certificate },
    {
      key: 'change',
      header: t('coretax.change'),
      cell: (x) => (
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${CHANGE_TONE[x.change]}`} data-testid="coretax-change">
          {t(`coretax.change_${x.change}`)}
        </span>
      ),
    },
    {
      key: 'errors',
      header: t('coretax.errors'),
      cell: (x) => (
        <ul className="min-w-40 text-xs font-medium text-red-700" data-testid="coretax-errors">
          {x.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('coretax.preview')}
      columns={columns}
      rows={rows}
      rowKey={(x) => x.payslipId}
      loading={loading}
      failed={failed}
      onRetry={onRetry}
      empty={empty}
    />
  );
}
