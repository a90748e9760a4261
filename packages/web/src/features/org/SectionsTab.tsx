import { createSectionInput, type SectionRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { useListState } from '../../lib/use-list-state';
import type { FormFieldDef } from '../../lib/use-schema-form';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { CrudListCard } from '../../ui/CrudListCard';
import { SectionRolesDialog } from '../permissions/SectionRolesDialog';
import { orgParentViews } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { OrgFilters, useOrgColumns, useOrgCrud } from './org-crud';

type Key = 'companyOfficeId' | 'departmentId' | 'divisionId' | 'name';

export function SectionsTab({ officeId, setOfficeId }: { officeId: string; setOfficeId: (v: string) => void }) {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const canSeeRoles = useCan('permission.view');
  const list = useListState();
  const [departmentId, setDepartmentId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  const query = trpc.org.section.list.useQuery(
    { ...list.query, companyOfficeId: toId(officeId), departmentId: toId(departmentId), divisionId: toId(divisionId) },
    { placeholderData: keepPreviousData },
  );
  const columns = useOrgColumns<SectionRow>('name', 'division', 'department', 'companyOffice', 'jobPositions', 'employees');
  const crud = useOrgCrud('section', trpc.org.section);
  const [rolesOf, setRolesOf] = useState<SectionRow | null>(null);
  return (
    <CrudListCard
      title={t('org.tabs.sections')}
      list={list}
      query={query}
      columns={columns}
      filters={
        <OrgFilters
          list={list}
          office={[officeId, setOfficeId]}
          department={[departmentId, setDepartmentId]}
          division={[divisionId, setDivisionId]}
        />
      }
      {...crud.card}
      canManage={canManage}
      showActions={canManage || canSeeRoles}
      rowActions={(r) => (
        <>
          {canManage ? crud.positions.button(r) : null}
          {canSeeRoles ? (
            <Button size="sm" variant="secondary" onClick={() => setRolesOf(r)}>
              {t('permissions.sectionRoles')}
            </Button>
          ) : null}
        </>
      )}
      form={crud.form((row: SectionRow | null) => ({
        idPrefix: 'section',
        fields: [
          {
            key: 'companyOfficeId',
            label: t('org.fields.companyOffice'),
            required: true,
            resets: ['departmentId', 'divisionId'],
          },
          { key: 'departmentId', label: t('org.fields.department'), required: true, resets: ['divisionId'] },
          { key: 'divisionId', label: t('org.fields.division'), required: true },
          { key: 'name', label: t('org.fields.name'), required: true },
        ] satisfies FormFieldDef<Key>[],
        initial: {
          companyOfficeId: String(row?.companyOfficeId ?? officeId),
          departmentId: row ? String(row.departmentId) : '',
          divisionId: row ? String(row.divisionId) : '',
          name: row?.name ?? '',
        },
        schema: createSectionInput,
        toInput: (v) => ({
          companyOfficeId: toId(v.companyOfficeId),
          departmentId: toId(v.departmentId),
          divisionId: toId(v.divisionId) as number,
          name: v.name,
        }),
        views: [...orgParentViews<Key>('companyOfficeId', 'departmentId', 'divisionId'), { key: 'name', maxLength: 100 }],
      }))}
    >
      {crud.card.children}
      <SectionRolesDialog section={rolesOf} onClose={() => setRolesOf(null)} />
    </CrudListCard>
  );
}
