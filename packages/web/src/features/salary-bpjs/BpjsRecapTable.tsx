import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/DataTable';
import { formatRupiah } from '../salary-runs/run-format';
import type { BpjsRecapRow } from './bpjs-format';
import './texts';

const money = 'whitespace-nowrap text-right tabular-nums';

/** The recap per programme (Kesehatan, JHT, JKK, JKM, JP, JKP): company and employee share, total, headcount. */
export function BpjsRecapTable({ rows, loading }: { rows: readonly BpjsRecapRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const columns: Column<BpjsRecapRow>[] = [
    { key: 'programme', header: t('bpjs.programme'), cell: (r) => t(`bpjs.programme_${r.programme}`) },
    { key: 'company', header: t('bpjs.company'), cell: (r) => formatRupiah(r.company), className: money },
    { key: 'employee', header: t('bpjs.employeeShare'), cell: (r) => formatRupiah(r.employee), className: money },
    { key: 'total', header: t('bpjs.total'), cell: (r) => formatRupiah(r.total), className: money },
    { key: 'headcount', header: t('bpjs.headcount'), cell: (r) => r.headcount, className: 'text-right tabular-nums' },
  ];
  return (
    <DataTable
      caption={t('bpjs.recap')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.programme}
      loading={loading}
      empty={t('bpjs.noRows')}
    />
  );
}
