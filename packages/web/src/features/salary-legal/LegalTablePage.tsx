import { addLegalValueInput, LEGAL_KEY_NAMES, LEGAL_KEYS, type LegalKey } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatIsoDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { serverMessage } from '../../lib/server-messages';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { FormDialog } from '../../ui/FormDialog';
import { QueryTable } from '../../ui/QueryTable';
import { Select } from '../../ui/Select';
import './texts';

interface LegalRowView {
  id: number;
  key: string;
  region: string | null;
  value: string;
  validFrom: string;
  validTo: string | null;
  source: string;
  note: string | null;
  usedBy: string | null;
  usedAt: Date | string | null;
}

const keyOptions = LEGAL_KEY_NAMES.map((k) => ({ value: k, label: `${k}: ${LEGAL_KEYS[k].description}` }));
const infoOf = (key: string) => (LEGAL_KEYS as Record<string, (typeof LEGAL_KEYS)[LegalKey] | undefined>)[key];
/** Digits grouped by dots as rupiah are printed in Indonesia; no float (the value is decimal text). */
const grouped = (v: string) => {
  const [i = '', f] = v.split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${f ? `,${f}` : ''}`;
};

function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const add = trpc.legalTable.add.useMutation();
  const form = useSchemaForm({
    idPrefix: 'legal-add',
    fields: [
      { key: 'key', label: t('legal.key'), required: true },
      { key: 'region', label: t('legal.region') },
      { key: 'value', label: t('legal.value'), required: true },
      { key: 'validFrom', label: t('legal.validFrom'), required: true },
      { key: 'validTo', label: t('legal.validTo') },
      { key: 'source', label: t('legal.source'), required: true },
      { key: 'note', label: t('legal.note') },
      { key: 'correcting', label: t('legal.correcting') },
    ] as const,
    initial: { key: '', region: '', value: '', validFrom: '', validTo: '', source: '', note: '', correcting: '' },
    schema: addLegalValueInput,
    toInput: (v) => ({
      key: v.key,
      region: v.region || null,
      value: v.value.trim(),
      validFrom: v.validFrom,
      validTo: v.validTo || null,
      source: v.source,
      note: v.note || null,
      correcting: v.correcting === 'yes',
    }),
  });
  return (
    <FormDialog
      title={t('legal.add')}
      form={form}
      pending={add.isPending}
      onClose={onClose}
      views={[
        {
          key: 'key',
          render: (f) => <Select {...f} options={keyOptions} placeholder="-" />,
        },
        { key: 'region', hint: t('legal.regionHint'), maxLength: 60 },
        { key: 'value', inputMode: 'text', maxLength: 22 },
        {
          key: 'validFrom',
          render: (f) => <DatePicker {...f} />,
        },
        {
          key: 'validTo',
          render: (f) => <DatePicker {...f} />,
        },
        { key: 'source', hint: t('legal.sourceHint'), maxLength: 500 },
        { key: 'note', maxLength: 500 },
        {
          key: 'correcting',
          render: (f) => (
            <input
              id={f.id}
              name={f.name}
              type="checkbox"
              checked={f.value === 'yes'}
              onChange={(e) => f.onChange(e.target.checked ? 'yes' : '')}
            />
          ),
        },
      ]}
      save={async (input) => {
        await add.mutateAsync(input as Parameters<typeof add.mutateAsync>[0]);
        notifySuccess(serverMessage('legalTable.add'));
        await utils.legalTable.invalidate();
      }}
    />
  );
}

/**
 * /salary/legalTable: the dated legal values (BPJS caps and rates, minimum wages, PPh 21 DTP windows) with their
 * sources. Everyone with salary.view reads them; salary.setting adds next year's values and deletes unused rows.
 */
export function LegalTablePage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const mayChange = useCan('salary.setting');
  const [key, setKey] = useState('');
  const list = trpc.legalTable.list.useQuery(key ? { key: key as LegalKey } : {});
  const remove = trpc.legalTable.delete.useMutation();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<LegalRowView | null>(null);
  const query = { ...list, data: list.data?.rows as LegalRowView[] | undefined };
  const columns: Column<LegalRowView>[] = [
    { key: 'key', header: t('legal.key'), cell: (x) => <span className="font-mono text-xs">{x.key}</span> },
    { key: 'region', header: t('legal.region'), cell: (x) => x.region ?? '' },
    {
      key: 'value',
      header: t('legal.value'),
      cell: (x) => {
        const unit = infoOf(x.key)?.unit ?? 'factor';
        return unit === 'rupiah' ? `Rp ${grouped(x.value)}` : `${grouped(x.value)} ${t(`legal.unit_${unit}`)}`;
      },
    },
    { key: 'validFrom', header: t('legal.validFrom'), cell: (x) => formatIsoDate(x.validFrom) },
    { key: 'validTo', header: t('legal.validTo'), cell: (x) => (x.validTo ? formatIsoDate(x.validTo) : t('legal.untilNext')) },
    { key: 'source', header: t('legal.source'), cell: (x) => <span className="text-xs">{x.source}</span> },
    { key: 'note', header: t('legal.note'), cell: (x) => <span className="text-xs text-slate-600">{x.note ?? ''}</span> },
    {
      key: 'used',
      header: t('legal.used'),
      cell: (x) => (x.usedBy ? t('legal.usedBy', { by: x.usedBy }) : t('legal.notUsed')),
    },
    {
      key: 'actions',
      header: '',
      cell: (x) =>
        mayChange && !x.usedAt ? (
          <Button size="sm" variant="secondary" onClick={() => setDeleting(x)}>
            {t('legal.remove')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <PageTitle actions={mayChange ? <Button onClick={() => setAdding(true)}>{t('legal.add')}</Button> : undefined}>
        {t('routes.salary.legalTable')}
      </PageTitle>
      <Card>
        <p className="mb-3 text-sm text-slate-600">{t('legal.intro')}</p>
        <div className="mb-3 max-w-md">
          <Select
            aria-label={t('legal.filterKey')}
            value={key}
            options={keyOptions}
            placeholder={t('legal.allKeys')}
            onChange={setKey}
          />
        </div>
        <QueryTable caption={t('legal.table')} query={query} columns={columns} empty={t('legal.empty')} />
      </Card>
      {adding && <AddDialog onClose={() => setAdding(false)} />}
      {deleting && (
        <ConfirmDeleteDialog
          name={`${deleting.key} ${formatIsoDate(deleting.validFrom)}`}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.mutateAsync({ id: deleting.id });
            notifySuccess(serverMessage('legalTable.delete'));
            await utils.legalTable.invalidate();
          }}
        />
      )}
    </>
  );
}
