import { bankTransferExportInput } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { saveBase64 } from '../../lib/save-file';
import { trpc } from '../../lib/trpc';
import { textOrUndefined, useSchemaForm } from '../../lib/use-schema-form';
import { Banner } from '../../ui/Banner';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { FormFields } from '../../ui/FormFields';
import { QueryTable } from '../../ui/QueryTable';
import { Select } from '../../ui/Select';
import { formatPeriod, formatRupiah } from '../salary-runs/run-format';
import { DownloadButton } from '../salary-tax/DownloadButton';
import type { BankExport, BankLine } from './bank-format';
import './texts';
import { SubmitCell } from '../../ui/FormButtons';
import { FigureList } from '../../ui/FigureList';

const money = 'whitespace-nowrap text-right tabular-nums';
const STATUS_TONE: Record<BankLine['status'], string> = {
  pay: 'text-green-700',
  problem: 'text-red-700',
  excluded: 'text-amber-700',
  'zero-net': 'text-slate-500',
};

/**
 * /salary/bankTransfer: pick a finalised payroll run and a template, see every employee of the run with net pay,
 * bank and account and why someone cannot be paid; exclude those on purpose, then make and download the
 * transfer file (docs/bank-files.md). Making the file needs salary.update.
 */
export function BankTransferPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canExport = useCan('salary.update');
  const utils = trpc.useUtils();
  const runs = trpc.salary.report.list.useQuery({ status: 'finalised', pageSize: 100 });
  const templates = trpc.bankTransfer.templates.useQuery();
  const runId = Number(params.get('run')) || runs.data?.rows[0]?.id || 0;
  const template = params.get('template') || templates.data?.[0]?.code || '';
  const [excluded, setExcluded] = useState<number[]>([]);
  const choose = (key: 'run' | 'template', value: string) => {
    setExcluded([]);
    setParams({ run: String(runId), template, [key]: value }, { replace: true });
  };
  const input = { id: runId, template, excludeEmployeeIds: excluded };
  const preview = trpc.bankTransfer.preview.useQuery(input, {
    enabled: runId > 0 && template !== '',
    placeholderData: keepPreviousData,
  });
  const exports = trpc.bankTransfer.exports.useQuery({ id: runId }, { enabled: runId > 0 });
  const make = trpc.bankTransfer.export.useMutation();
  const form = useSchemaForm({
    idPrefix: 'bank-export',
    fields: [
      { key: 'effectiveDate', label: t('bank.effectiveDate') },
      { key: 'companyCode', label: t('bank.companyCode') },
      { key: 'companyAccount', label: t('bank.companyAccount') },
    ] as const,
    initial: { effectiveDate: '', companyCode: '', companyAccount: '' },
    schema: bankTransferExportInput,
    toInput: (v) => ({
      ...input,
      effectiveDate: textOrUndefined(v.effectiveDate),
      companyCode: textOrUndefined(v.companyCode),
      companyAccount: textOrUndefined(v.companyAccount),
    }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit(async (values) => {
      try {
        const r = await make.mutateAsync(values);
        saveBase64(r);
        notifySuccess(t('bank.made', { fileName: r.fileName, count: r.rowCount, total: formatRupiah(r.total) }));
        await utils.bankTransfer.exports.invalidate({ id: runId });
      } catch (err) {
        if (!form.showServerErrors(err)) notifyError(err, 'mutation');
      }
    });
  };
  const p = preview.data;
  const toggle = (employeeId: number) =>
    setExcluded((xs) => (xs.includes(employeeId) ? xs.filter((x) => x !== employeeId) : [...xs, employeeId]));
  const columns: Column<BankLine>[] = [
    ...(canExport
      ? [
          {
            key: 'exclude',
            header: t('bank.exclude'),
            cell: (l: BankLine) =>
              l.status === 'problem' || l.status === 'excluded' || (l.status === 'pay' && excluded.length > 0) ? (
                <input
                  type="checkbox"
                  aria-label={`${t('bank.exclude')} ${l.employeeName}`}
                  checked={l.status === 'excluded'}
                  onChange={() => toggle(l.employeeId)}
                />
              ) : null,
          },
        ]
      : []),
    {
      key: 'employee',
      header: t('bank.employee'),
      cell: (l) => (
        <>
          <span className="font-medium">{l.employeeName}</span>
          <span className="block text-xs text-slate-500">{l.employeeNumber}</span>
        </>
      ),
    },
    { key: 'net', header: t('bank.net'), cell: (l) => formatRupiah(l.net), className: money },
    { key: 'bank', header: t('bank.bank'), cell: (l) => l.bankName ?? '-' },
    {
      key: 'account',
      header: t('bank.account'),
      cell: (l) => (
        <>
          <span className="tabular-nums">{l.accountNumber ?? '-'}</span>
          <span className="block text-xs text-slate-500">{l.accountName ?? ''}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('bank.status'),
      cell: (l) => (
        <span className={STATUS_TONE[l.status]} data-testid="bank-status">
          {t(`bank.status_${l.status}`)}
        </span>
      ),
    },
    {
      key: 'problem',
      header: t('bank.problem'),
      cell: (l) => (
        <ul className="text-xs text-red-800" data-testid="bank-problems">
          {l.problems.map((x) => (
            <li key={x.code + x.message}>{x.message}</li>
          ))}
        </ul>
      ),
    },
  ];
  const exportColumns: Column<BankExport>[] = [
    { key: 'file', header: t('bank.fileName'), cell: (x) => `${x.fileName} (${x.templateCode})` },
    { key: 'rows', header: t('bank.rows'), cell: (x) => x.rowCount, className: 'text-right' },
    { key: 'total', header: t('bank.total'), cell: (x) => formatRupiah(x.total), className: money },
    {
      key: 'leftOut',
      header: t('bank.leftOut'),
      cell: (x) => (
        <ul className="text-xs">
          {[...x.excluded, ...x.zeroNet].map((o) => (
            <li key={o.employeeId}>
              {o.employeeName}: {o.reason}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'at', header: t('bank.madeAt'), cell: (x) => formatDateTime(x.createdAt) },
    ...(canExport
      ? [
          {
            key: 'download',
            header: '',
            cell: (x: BankExport) => (
              <DownloadButton label={t('bank.download')} fetchFile={() => utils.bankTransfer.download.fetch({ id: x.id })} />
            ),
          },
        ]
      : []),
  ];
  const summary: [string, string][] = p
    ? [
        [t('bank.runNet'), formatRupiah(p.runNet)],
        [t('bank.pay'), `${p.payCount} · ${formatRupiah(p.payTotal)}`],
        [t('bank.problems'), `${p.problemCount} · ${formatRupiah(p.problemTotal)}`],
        [t('bank.excluded'), `${p.excludedCount} · ${formatRupiah(p.excludedTotal)}`],
        [t('bank.zeroNet'), String(p.zeroNetCount)],
      ]
    : [];
  return (
    <>
      <PageTitle>{t('routes.salary.bankTransfer')}</PageTitle>
      <Card>
        <div className="mb-4 grid gap-3 sm:grid-cols-2">
          <Select
            aria-label={t('bank.run')}
            value={runId || ''}
            placeholder={runs.data?.rows.length ? undefined : t('bank.noRuns')}
            loading={runs.isLoading}
            onChange={(v) => choose('run', v)}
            options={(runs.data?.rows ?? []).map((r) => ({
              value: r.id,
              label: `#${r.id} ${formatPeriod(r.period)}${r.companyOffice ? ` ${r.companyOffice}` : ''}`,
            }))}
          />
          <Select
            aria-label={t('bank.template')}
            value={template}
            loading={templates.isLoading}
            onChange={(v) => choose('template', v)}
            options={(templates.data ?? []).map((x) => ({ value: x.code, label: `${x.code}: ${x.name}` }))}
          />
        </div>
        <Banner tone="info" className="mb-4">
          {t('bank.bestEffort')}
        </Banner>
        {p && <FigureList items={summary} className="mb-4 grid gap-2 text-sm sm:grid-cols-5" testId="bank-summary" />}
        {p && p.problemCount > 0 && (
          <Banner tone="warning" className="mb-4">
            {t('bank.blocked', { count: p.problemCount })}
          </Banner>
        )}
        {canExport && <p className="mb-2 text-xs text-slate-500">{t('bank.excludeHint')}</p>}
        <QueryTable
          caption={t('routes.salary.bankTransfer')}
          query={{ ...preview, data: p?.lines }}
          columns={columns}
          rowKey={(l) => l.employeeId}
          empty={t('bank.noLines')}
        />
        {canExport && p && (
          <form onSubmit={submit} noValidate className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-4">
            <div className="sm:col-span-3">
              <FormFields
                form={form}
                views={[
                  {
                    key: 'effectiveDate',
                    render: (f) => <DatePicker {...f} />,
                  },
                  { key: 'companyAccount', inputMode: 'numeric', maxLength: 20 },
                ]}
              />
            </div>
            <SubmitCell className="flex items-end" pending={!p.canExport || make.isPending}>
              {t('bank.makeFile')}
            </SubmitCell>
          </form>
        )}
      </Card>
      <Card title={t('bank.exports')}>
        <QueryTable caption={t('bank.exports')} query={exports} columns={exportColumns} empty={t('bank.noExports')} />
      </Card>
    </>
  );
}
