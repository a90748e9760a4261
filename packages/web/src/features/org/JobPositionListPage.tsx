import type { JobPositionRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { PlacementConfirmationsCard } from '../permissions/PlacementConfirmationsCard';
import type { Column } from '../../ui/DataTable';
import { CompanyOfficeSelect, DepartmentSelect, DivisionSelect, SectionSelect } from '../shared/OrgSelects';
import { JobLevelSelect } from '../shared/ReferenceSelects';
import { toId } from '../shared/use-lookups';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { FormDialog } from '../../ui/FormDialog';
import { useJobPositionForm, jobPositionViews } from './job-position-form';
import { ListCard, RowActions } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { useRefreshOrg } from './use-refresh';

function AddJobPositionDialog({ officeId, onClose }: { officeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshOrg();
  const create = trpc.org.jobPosition.create.useMutation({
    meta: { successMessage: () => t('org.saved') },
    onSuccess: () => void refresh.jobPosition(),
  });
  const form = useJobPositionForm(null, { companyOfficeId: officeId });
  return (
    <FormDialog
      title={t('org.addWhat', { what: t('org.entity.jobPosition') })}
      form={form}
      views={jobPositionViews()}
      pending={create.isPending}
      save={(input) => create.mutateAsync(input)}
      onClose={onClose}
    />
  );
}

/** /misc/jobPosition: job positions with search and filters; a name opens its setting screen. */
export function JobPositionListPage() {
  const { t } = useTranslation();
  const canManage = useCan('org.manage');
  const list = useListState();
  const [officeId, setOfficeId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  const [sectionId, setSectionId] = useState('');
  const [jobLevelId, setJobLevelId] = useState('');
  const query = trpc.org.jobPosition.list.useQuery(
    {
      ...list.query,
      companyOfficeId: toId(officeId),
      departmentId: toId(departmentId),
      divisionId: toId(divisionId),
      sectionId: toId(sectionId),
      jobLevelId: toId(jobLevelId),
    },
    { placeholderData: keepPreviousData },
  );
  const refresh = useRefreshOrg();
  const remove = trpc.org.jobPosition.delete.useMutation({
    meta: { silent: true, successMessage: () => t('org.deleted') },
    onSuccess: () => void refresh.jobPosition(),
  });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<JobPositionRow | null>(null);
  const settingPath = (r: JobPositionRow) => `/misc/jobPosition/${r.id}/setting`;

  const columns: Column<JobPositionRow>[] = [
    {
      key: 'name',
      header: t('org.fields.name'),
      cell: (r) => (
        <Link to={settingPath(r)} className="text-sky-700 hover:underline">
          {r.name}
        </Link>
      ),
    },
    { key: 'level', header: t('org.fields.jobLevel'), cell: (r) => r.jobLevel ?? t('app.none') },
    { key: 'section', header: t('org.fields.section'), cell: (r) => r.section ?? t('app.none') },
    { key: 'division', header: t('org.fields.division'), cell: (r) => r.division ?? t('app.none') },
    { key: 'department', header: t('org.fields.department'), cell: (r) => r.department },
    { key: 'office', header: t('org.fields.companyOffice'), cell: (r) => r.companyOffice },
    { key: 'employees', header: t('org.fields.employees'), cell: (r) => r.employees },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('app.actions'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <div className="flex gap-2">
          <Link
            to={settingPath(r)}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('org.setting')}
          </Link>
          <RowActions onDelete={() => setDeleting(r)} />
        </div>
      ),
    });
  }

  return (
    <>
      <PageTitle>{t('routes.misc.jobPosition')}</PageTitle>
      <ListCard
        title={t('org.tabs.jobPositions')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        filters={
          <>
            <CompanyOfficeSelect
              aria-label={t('org.fields.companyOffice')}
              placeholder={t('org.allOffices')}
              value={officeId}
              onChange={list.filter(setOfficeId, setDepartmentId, setDivisionId, setSectionId)}
            />
            <DepartmentSelect
              aria-label={t('org.fields.department')}
              placeholder={t('org.allDepartments')}
              companyOfficeId={toId(officeId)}
              value={departmentId}
              onChange={list.filter(setDepartmentId, setDivisionId, setSectionId)}
            />
            <DivisionSelect
              aria-label={t('org.fields.division')}
              placeholder={t('org.allDivisions')}
              companyOfficeId={toId(officeId)}
              departmentId={toId(departmentId)}
              value={divisionId}
              onChange={list.filter(setDivisionId, setSectionId)}
            />
            <SectionSelect
              aria-label={t('org.fields.section')}
              placeholder={t('org.allSections')}
              divisionId={toId(divisionId)}
              departmentId={toId(departmentId)}
              value={sectionId}
              onChange={list.filter(setSectionId)}
            />
            <JobLevelSelect
              aria-label={t('org.fields.jobLevel')}
              placeholder={t('org.allLevels')}
              value={jobLevelId}
              onChange={list.filter(setJobLevelId)}
            />
          </>
        }
        onAdd={canManage ? () => setAdding(true) : undefined}
        empty={t('org.empty')}
      />
      {adding ? <AddJobPositionDialog officeId={officeId} onClose={() => setAdding(false)} /> : null}
      {deleting ? (
        <ConfirmDeleteDialog
          name={deleting.name}
          onConfirm={() => remove.mutateAsync({ id: deleting.id })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
      <PlacementConfirmationsCard />
    </>
  );
}
