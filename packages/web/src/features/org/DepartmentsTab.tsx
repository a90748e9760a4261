import { createDepartmentInput, type DepartmentRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../lib/use-list-state';
import type { FormFieldDef } from '../../lib/use-schema-form';
import { trpc } from '../../lib/trpc';
import { CrudListCard } from '../../ui/CrudListCard';
import { orgParentViews } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { OrgFilters, useOrgColumns, useOrgCrud } from './org-crud';

type Key = 'companyOfficeId' | 'name';

export function DepartmentsTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const list = useListState();
  const query = trpc.org.department.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId) },
    { placeholderData: keepPreviousData },
  );
  const columns = useOrgColumns<DepartmentRow>('name', 'companyOffice', 'divisions', 'employees');
  const crud = useOrgCrud('department', trpc.org.department);
  return (
    <CrudListCard
      title={t('org.tabs.departments')}
      list={list}
      query={query}
      columns={columns}
      filters={<OrgFilters list={list} office={[officeId, setOfficeId]} />}
      {...crud.card}
      form={crud.form((row: DepartmentRow | null) => ({
        idPrefix: 'department',
        fields: [
          { key: 'companyOfficeId', label: t('org.fields.companyOffice'), required: true },
          { key: 'name', label: t('org.fields.name'), required: true },
        ] satisfies FormFieldDef<Key>[],
        initial: { companyOfficeId: String(row?.companyOfficeId ?? officeId), name: row?.name ?? '' },
        schema: createDepartmentInput,
        toInput: (v) => ({ companyOfficeId: toId(v.companyOfficeId) as number, name: v.name }),
        views: [...orgParentViews<Key>('companyOfficeId'), { key: 'name', maxLength: 100 }],
      }))}
    />
  );
}
