import { createOfficeInput, type OfficeRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../lib/use-list-state';
import type { FormFieldDef } from '../../lib/use-schema-form';
import { trpc } from '../../lib/trpc';
import { CrudListCard } from '../../ui/CrudListCard';
import { Select } from '../../ui/Select';
import { useOrgCrud } from './org-crud';
import { TextButton } from '../../ui/link-column';

type Key = 'code' | 'name' | 'address' | 'city' | 'timeZone';

/** Indonesia's three zones by their usual names. */
const TIME_ZONES = [
  { value: 'Asia/Jakarta', label: 'WIB (Asia/Jakarta)' },
  { value: 'Asia/Makassar', label: 'WITA (Asia/Makassar)' },
  { value: 'Asia/Jayapura', label: 'WIT (Asia/Jayapura)' },
];

type CountTab = 'departments' | 'divisions' | 'sections';

/** Company offices with their counts and ID index; a count opens the tab listing those items. */
export function OfficesTab({ onShow }: { onShow: (tab: CountTab | 'idIndex', officeId: number) => void }) {
  const { t } = useTranslation();
  const list = useListState();
  const query = trpc.org.office.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const crud = useOrgCrud('office', trpc.org.office);
  const count = (tab: CountTab) => ({
    key: tab,
    header: t(`org.fields.${tab}`),
    cell: (r: OfficeRow) => <TextButton onClick={() => onShow(tab, r.id)}>{r[tab]}</TextButton>,
  });
  return (
    <CrudListCard
      title={t('org.tabs.offices')}
      list={list}
      query={query}
      columns={[
        { key: 'code', header: t('org.fields.code'), cell: (r) => r.code, className: 'whitespace-nowrap' },
        { key: 'name', header: t('org.fields.name'), cell: (r) => r.name },
        { key: 'city', header: t('org.fields.city'), cell: (r) => r.city ?? t('app.none') },
        count('departments'),
        count('divisions'),
        count('sections'),
        { key: 'employees', header: t('org.fields.employees'), cell: (r) => r.employees },
        {
          key: 'idIndex',
          header: t('org.fields.nextEmployeeNumber'),
          className: 'whitespace-nowrap',
          cell: (r) => (
            <button
              type="button"
              className="font-mono text-xs text-sky-700 hover:underline"
              onClick={() => onShow('idIndex', r.id)}
            >
              {r.nextEmployeeNumber}
            </button>
          ),
        },
      ]}
      searchPlaceholder={t('org.searchOffice')}
      {...crud.card}
      form={crud.form((row: OfficeRow | null) => ({
        idPrefix: 'office',
        fields: [
          { key: 'code', label: t('org.fields.code'), required: true },
          { key: 'name', label: t('org.fields.name'), required: true },
          { key: 'city', label: t('org.fields.city') },
          { key: 'address', label: t('org.fields.address') },
          { key: 'timeZone', label: t('org.fields.timeZone') },
        ] satisfies FormFieldDef<Key>[],
        initial: {
          code: row?.code ?? '',
          name: row?.name ?? '',
          city: row?.city ?? '',
          address: row?.address ?? '',
          timeZone: row?.timeZone ?? '',
        },
        schema: createOfficeInput,
        toInput: (v) => ({ code: v.code, name: v.name, city: v.city, address: v.address, timeZone: v.timeZone || null }),
        views: [
          { key: 'code', maxLength: 10, hint: t('org.hints.officeCode') },
          { key: 'name', maxLength: 100 },
          { key: 'city', maxLength: 100 },
          { key: 'address', maxLength: 500 },
          {
            key: 'timeZone',
            hint: t('org.hints.officeTimeZone'),
            render: (p) => (
              <Select {...p} options={TIME_ZONES} placeholder={t('org.hints.companyTimeZone')} onChange={(v) => p.onChange(v)} />
            ),
          },
        ],
      }))}
    />
  );
}
