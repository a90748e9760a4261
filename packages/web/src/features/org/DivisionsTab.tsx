import { createDivisionInput, type DivisionRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../lib/use-list-state';
import type { FormFieldDef } from '../../lib/use-schema-form';
import { trpc } from '../../lib/trpc';
import { CrudListCard } from '../../ui/CrudListCard';
import { orgParentViews } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { OrgFilters, useOrgColumns, useOrgCrud } from './org-crud';

type Key = 'companyOfficeId' | 'departmentId' | 'name';

export function DivisionsTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const list = useListState();
  const [departmentId, setDepartmentId] = useState('');
  const query = trpc.org.division.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId), departmentId: toId(departmentId) },
    { placeholderData: keepPreviousData },
  );
  const columns = useOrgColumns<DivisionRow>('name', 'department', 'companyOffice', 'sections', 'employees');
  const crud = useOrgCrud('division', trpc.org.division);
  return (
    <CrudListCard
      title={t('org.tabs.divisions')}
      list={list}
      query={query}
      columns={columns}
      filters={<OrgFilters list={list} office={[officeId, setOfficeId]} department={[departmentId, setDepartmentId]} />}
      {...crud.card}
      form={crud.form((row: DivisionRow | null) => ({
        idPrefix: 'division',
        fields: [
          { key: 'companyOfficeId', label: t('org.fields.companyOffice'), required: true, resets: ['departmentId'] },
          { key: 'departmentId', label: t('org.fields.department'), required: true },
          { key: 'name', label: t('org.fields.name'), required: true },
        ] satisfies FormFieldDef<Key>[],
        initial: {
          companyOfficeId: String(row?.companyOfficeId ?? officeId),
          departmentId: row ? String(row.departmentId) : '',
          name: row?.name ?? '',
        },
        schema: createDivisionInput,
        toInput: (v) => ({
          companyOfficeId: toId(v.companyOfficeId),
          departmentId: toId(v.departmentId) as number,
          name: v.name,
        }),
        views: [...orgParentViews<Key>('companyOfficeId', 'departmentId'), { key: 'name', maxLength: 100 }],
      }))}
    />
  );
}
