import { TAX_REPORT_KINDS, type TaxReportKind } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { notifySuccess } from '../../lib/notify';
import { saveBase64 } from '../../lib/save-file';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { MonthPicker, parseMonth } from '../../ui/MonthPicker';
import { Select } from '../../ui/Select';
import { formatRupiah } from '../salary-runs/run-format';
import { TaxExportsCard, useRefreshTaxReport } from './TaxExportsCard';
import { TaxIdentityDialog } from './TaxIdentityDialog';
import { TaxPreviewTable } from './TaxPreviewTable';
import { exportAction, previousMonth, type TaxPreview } from './taxreport-format';
import './texts';
import { FigureList } from '../../ui/FigureList';

const isKind = (v: string | null): v is TaxReportKind => (TAX_REPORT_KINDS as readonly string[]).includes(v ?? '');

/** The totals of the file and the export button, saying what it will do (new file, pembetulan) or why it cannot. */
function ExportBar({
  preview,
  scope,
}: {
  preview: TaxPreview;
  scope: { period: string; kind: TaxReportKind; companyOfficeId?: number };
}) {
  const { t } = useTranslation();
  const canUpdate = useCan('salary.update');
  const refresh = useRefreshTaxReport();
  const make = trpc.salary.taxReport.export.useMutation();
  const action = exportAction(preview);
  const run = async () => {
    const file = await make.mutateAsync({ ...scope, replacement: action.kind === 'replacement' });
    saveBase64(file);
    notifySuccess(t('coretax.exported', { fileName: file.fileName }));
    await refresh();
  };
  const label =
    preview.next === 'new'
      ? t('coretax.exportNew')
      : preview.next === 'replacement'
        ? t('coretax.exportReplacement')
        : t('coretax.cannotExport');
  const why =
    action.kind === 'none'
      ? action.reason
      : action.kind === 'blocked'
        ? t(
            action.why === 'identity'
              ? 'coretax.blockedIdentity'
              : action.why === 'errors'
                ? 'coretax.blockedErrors'
                : 'coretax.blockedEmpty',
          )
        : null;
  const totals: [string, string][] = [
    [t('coretax.slips'), String(preview.totals.slips)],
    [t('coretax.gross'), formatRupiah(preview.totals.gross)],
    [t('coretax.tax'), formatRupiah(preview.totals.tax)],
    [t('coretax.withErrors'), String(preview.totals.withErrors)],
  ];
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
      <FigureList items={totals} className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4" testId="coretax-totals" />
      {canUpdate ? (
        <div className="flex max-w-md flex-col items-end gap-1">
          <Button
            disabled={make.isPending || (action.kind !== 'new' && action.kind !== 'replacement')}
            onClick={() => void run().catch(() => undefined)}
          >
            {label}
          </Button>
          {why ? (
            <p className="text-right text-xs text-slate-600" data-testid="coretax-reason">
              {why}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-slate-600">{t('coretax.noUpdate')}</p>
      )}
    </div>
  );
}

/**
 * /salary/taxReport: the Coretax e-Bupot PPh 21 files (BPMP, BP21, BPA1) of a tax period from finalised payroll
 * (docs/coretax.md). Preview of every slip with its problems and what changed since the last export, the
 * export (a new file, or a replacement "pembetulan" once the earlier ones are filed), the history of exports
 * with download, "mark filed" and discard, and the company tax identity (NPWP, NITKU per office).
 */
export function TaxReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canSetting = useCan('salary.setting');
  const [problemsOnly, setProblemsOnly] = useState(false);
  const [editingIdentity, setEditingIdentity] = useState(false);
  const period = parseMonth(params.get('period')) ? (params.get('period') as string) : previousMonth();
  const kind: TaxReportKind = isKind(params.get('kind')) ? (params.get('kind') as TaxReportKind) : 'bpmp';
  const office = Number(params.get('office')) || undefined;
  const scope = { period, kind, ...(office ? { companyOfficeId: office } : {}) };
  const choose = (key: 'period' | 'kind' | 'office', value: string) => {
    const next = { period, kind, office: office ? String(office) : '', [key]: value };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')), { replace: true });
  };
  const identity = trpc.salary.taxReport.identity.useQuery();
  const preview = trpc.salary.taxReport.preview.useQuery(scope, { placeholderData: keepPreviousData });
  const p = preview.data;
  const rows = (p?.rows ?? []).filter((r) => !problemsOnly || r.errors.length > 0);
  const editButton =
    canSetting && identity.data ? (
      <Button variant="secondary" onClick={() => setEditingIdentity(true)}>
        {t('coretax.editIdentity')}
      </Button>
    ) : null;
  return (
    <>
      <PageTitle actions={editButton}>{t('routes.salary.taxReport')}</PageTitle>
      <Card>
        <div className="grid gap-4 md:grid-cols-[12rem_1fr_16rem]">
          <Field label={t('coretax.period')} htmlFor="coretax-period">
            <MonthPicker
              id="coretax-period"
              ariaLabel={t('coretax.period')}
              value={period}
              onChange={(v) => choose('period', v)}
            />
          </Field>
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700">{t('coretax.kind')}</legend>
            <div className="space-y-1">
              {TAX_REPORT_KINDS.map((k) => (
                <label key={k} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="coretax-kind"
                    className="mt-1"
                    value={k}
                    checked={kind === k}
                    onChange={() => choose('kind', k)}
                  />
                  <span>
                    <span className="font-medium">{k.toUpperCase()}</span>
                    <span className="block text-xs text-slate-500">{t(`coretax.kindHint_${k}`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field label={t('coretax.office')} htmlFor="coretax-office">
            <Select
              id="coretax-office"
              value={office ?? ''}
              placeholder={t('coretax.allOffices')}
              onChange={(v) => choose('office', v)}
              options={(identity.data?.offices ?? []).map((o) => ({ value: o.companyOfficeId, label: o.name }))}
            />
          </Field>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          {t('coretax.withholder')}:{' '}
          <span className="font-medium tabular-nums" data-testid="coretax-npwp">
            {identity.data ? (identity.data.npwp ?? t('coretax.noNpwp')) : '…'}
          </span>
        </p>
        {p && p.identityErrors.length > 0 ? (
          <Banner tone="error" className="mt-3">
            <p className="font-semibold">{t('coretax.identityBlocks')}</p>
            <ul className="list-disc pl-5">
              {p.identityErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
            <div className="mt-2">{editButton ?? <span className="text-xs">{t('coretax.readOnlyIdentity')}</span>}</div>
          </Banner>
        ) : null}
      </Card>
      <TaxExportsCard input={scope} />
      <Card title={t('coretax.preview')} className="mt-4">
        {p ? <ExportBar preview={p} scope={scope} /> : null}
        {p && p.totals.withErrors > 0 ? (
          <Banner tone="error" className="mb-3">
            {t('coretax.problems', { count: p.totals.withErrors })}
          </Banner>
        ) : null}
        <label className="mb-3 flex items-center gap-2 text-sm text-slate-600">
          <input type="checkbox" checked={problemsOnly} onChange={(e) => setProblemsOnly(e.target.checked)} />
          {t('coretax.problemsOnly')}
        </label>
        <TaxPreviewTable
          rows={rows}
          loading={preview.isFetching}
          failed={preview.isError && !p}
          onRetry={() => void preview.refetch()}
          empty={problemsOnly ? t('coretax.noProblemRows') : t('coretax.noRows')}
        />
      </Card>
      {editingIdentity && identity.data ? (
        <TaxIdentityDialog identity={identity.data} onClose={() => setEditingIdentity(false)} />
      ) : null}
    </>
  );
}
