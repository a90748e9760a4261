import { createIdIndexInput, formatEmployeeNumber, type IdIndexRow, ID_INDEX_LIMITS } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { CrudListCard } from '../../ui/CrudListCard';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, numberOrUndefined, useSchemaForm } from '../../lib/use-schema-form';
import { OrgFilters, OrgFormDialog, useOrgDelete, useOrgSave } from './org-crud';

type Key = 'companyOfficeId' | 'prefix' | 'nextNumber' | 'padding';

function IdIndexDialog({ index, officeId, onClose }: { index: IdIndexRow | null; officeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { pending, create, update } = useOrgSave(trpc.org.idIndex, 'idIndex');
  const form = useSchemaForm({
    idPrefix: 'id-index',
    fields: [
      { key: 'companyOfficeId', label: t('org.fields.companyOffice'), required: true },
      { key: 'prefix', label: t('org.fields.prefix') },
      { key: 'nextNumber', label: t('org.fields.nextNumber'), required: true },
      { key: 'padding', label: t('org.fields.padding'), required: true },
    ] satisfies FormFieldDef<Key>[],
    initial: {
      companyOfficeId: String(index?.companyOfficeId ?? officeId),
      prefix: index?.prefix ?? '',
      nextNumber: String(index?.nextNumber ?? 1),
      padding: String(index?.padding ?? 5),
    },
    schema: createIdIndexInput,
    toInput: (v) => ({
      companyOfficeId: toId(v.companyOfficeId) as number,
      prefix: v.prefix,
      nextNumber: numberOrUndefined(v.nextNumber),
      padding: numberOrUndefined(v.padding),
    }),
  });
  const next = Number(form.values.nextNumber);
  const pad = Number(form.values.padding);
  const preview =
    Number.isInteger(next) &&
    next > 0 &&
    Number.isInteger(pad) &&
    pad >= ID_INDEX_LIMITS.paddingMin &&
    pad <= ID_INDEX_LIMITS.paddingMax
      ? formatEmployeeNumber(form.values.prefix.trim(), next, pad)
      : null;
  return (
    <OrgFormDialog
      what={t('org.entity.idIndex')}
      editing={index?.companyOffice ?? null}
      intro={<p className="text-sm text-slate-600">{t('org.hints.idIndex')}</p>}
      form={form}
      views={[
        {
          key: 'companyOfficeId',
          // The office of an existing ID index does not change (delete it and create one for the other office).
          render: (p) => <CompanyOfficeSelect {...p} disabled={index !== null} />,
        },
        {
          key: 'prefix',
          maxLength: ID_INDEX_LIMITS.prefixMax,
          hint: preview ? t('org.idIndexPreview', { number: preview }) : t('org.hints.prefix'),
        },
        { key: 'nextNumber', type: 'number' },
        { key: 'padding', type: 'number', hint: t('org.hints.padding') },
      ]}
      pending={pending}
      // The office of an existing ID index is not sent: it does not change.
      save={({ companyOfficeId, ...rest }) => (index ? update({ id: index.id, ...rest }) : create({ companyOfficeId, ...rest }))}
      onClose={onClose}
    />
  );
}

/** The employee-number scheme per office; offices without one number `<office code>-NNNNN`. */
export function IdIndexTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const list = useListState();
  const query = trpc.org.idIndex.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId) },
    { placeholderData: keepPreviousData },
  );
  const remove = useOrgDelete(trpc.org.idIndex, 'idIndex');
  return (
    <CrudListCard
      title={t('org.tabs.idIndex')}
      list={list}
      query={query}
      columns={[
        { key: 'office', header: t('org.fields.companyOffice'), cell: (r: IdIndexRow) => r.companyOffice },
        { key: 'prefix', header: t('org.fields.prefix'), cell: (r) => <code className="font-mono text-xs">{r.prefix}</code> },
        { key: 'nextNumber', header: t('org.fields.nextNumber'), cell: (r) => r.nextNumber },
        { key: 'padding', header: t('org.fields.padding'), cell: (r) => r.padding },
        {
          key: 'next',
          header: t('org.fields.nextEmployeeNumber'),
          cell: (r) => <code className="font-mono text-xs">{r.next}</code>,
        },
      ]}
      filters={<OrgFilters list={list} office={[officeId, setOfficeId]} />}
      empty={t('org.noIdIndex')}
      searchPlaceholder={t('org.searchOffice')}
      canManage={useCan('org.manage')}
      form={(row, onClose) => <IdIndexDialog index={row} officeId={officeId} onClose={onClose} />}
      remove={{ name: (r) => r.companyOffice, run: remove }}
    />
  );
}
