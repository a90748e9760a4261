import type { JobPositionRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { PlacementConfirmationsCard } from '../permissions/PlacementConfirmationsCard';
import { JobLevelSelect } from '../shared/ReferenceSelects';
import { toId } from '../shared/use-lookups';
import { useJobPositionForm, jobPositionViews } from './job-position-form';
import { CrudListCard } from '../../ui/CrudListCard';
import { linkColumn } from '../../ui/link-column';
import { useListState } from '../../lib/use-list-state';
import { OrgFilters, OrgFormDialog, useOrgDelete, useOrgSave } from './org-crud';

function AddJobPositionDialog({ officeId, onClose }: { officeId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { save, pending } = useOrgSave(trpc.org.jobPosition, 'jobPosition');
  const form = useJobPositionForm(null, { companyOfficeId: officeId });
  return (
    <OrgFormDialog
      what={t('org.entity.jobPosition')}
      editing={null}
      form={form}
      views={jobPositionViews()}
      pending={pending}
      save={(input) => save(null, input)}
      onClose={onClose}
    />
  );
}

/** /misc/jobPosition: job positions with search and filters; a name opens its setting screen. */
export function JobPositionListPage() {
  const { t } = useTranslation();
  const list = useListState();
  const { value: officeId, set: setOfficeId } = list.param('office');
  const { value: departmentId, set: setDepartmentId } = list.param('department');
  const { value: divisionId, set: setDivisionId } = list.param('division');
  const { value: sectionId, set: setSectionId } = list.param('section');
  const { value: jobLevelId, set: setJobLevelId } = list.param('level');
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
  const remove = useOrgDelete(trpc.org.jobPosition, 'jobPosition');
  const settingPath = (r: JobPositionRow) => `/misc/jobPosition/${r.id}/setting`;

  return (
    <>
      <PageTitle>{t('routes.misc.jobPosition')}</PageTitle>
      <CrudListCard
        title={t('org.tabs.jobPositions')}
        list={list}
        query={query}
        columns={[
          linkColumn<JobPositionRow>('name', t('org.fields.name'), settingPath, (r) => r.name),
          { key: 'level', header: t('org.fields.jobLevel'), cell: (r) => r.jobLevel ?? t('app.none') },
          { key: 'section', header: t('org.fields.section'), cell: (r) => r.section ?? t('app.none') },
          { key: 'division', header: t('org.fields.division'), cell: (r) => r.division ?? t('app.none') },
          { key: 'department', header: t('org.fields.department'), cell: (r) => r.department },
          { key: 'office', header: t('org.fields.companyOffice'), cell: (r) => r.companyOffice },
          { key: 'employees', header: t('org.fields.employees'), cell: (r) => r.employees },
        ]}
        filters={
          <>
            <OrgFilters
              list={list}
              office={[officeId, setOfficeId]}
              department={[departmentId, setDepartmentId]}
              division={[divisionId, setDivisionId]}
              section={[sectionId, setSectionId]}
            />
            <JobLevelSelect
              aria-label={t('org.fields.jobLevel')}
              placeholder={t('org.allLevels')}
              value={jobLevelId}
              onChange={list.filter(setJobLevelId)}
            />
          </>
        }
        empty={t('org.empty')}
        canManage={useCan('org.manage')}
        // A position is edited on its setting screen.
        editable={false}
        rowActions={(r) => (
          <Link
            to={settingPath(r)}
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('org.setting')}
          </Link>
        )}
        form={(_row, onClose) => <AddJobPositionDialog officeId={officeId} onClose={onClose} />}
        remove={{ name: (r) => r.name, run: remove }}
      />
      <PlacementConfirmationsCard />
    </>
  );
}
