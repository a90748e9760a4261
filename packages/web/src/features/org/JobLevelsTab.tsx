import { createJobLevelInput, type JobLevelRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListState } from '../../lib/use-list-state';
import { type FormFieldDef, numberOrUndefined } from '../../lib/use-schema-form';
import { trpc } from '../../lib/trpc';
import { CrudListCard } from '../../ui/CrudListCard';
import { useOrgColumns, useOrgCrud } from './org-crud';

type Key = 'name' | 'rank';

export function JobLevelsTab() {
  const { t } = useTranslation();
  const list = useListState();
  const query = trpc.org.jobLevel.list.useQuery(list.query, { placeholderData: keepPreviousData });
  const rank = { key: 'rank', header: t('org.fields.rank'), cell: (r: JobLevelRow) => r.rank, className: 'w-20' };
  const columns = useOrgColumns<JobLevelRow>('name', 'jobPositions', 'employees');
  const crud = useOrgCrud('jobLevel', trpc.org.jobLevel);
  return (
    <CrudListCard
      title={t('org.tabs.jobLevels')}
      list={list}
      query={query}
      columns={[rank, ...columns]}
      filters={
        <Link to="/misc/jobPosition" className="self-center text-sm text-sky-700 hover:underline">
          {t('routes.misc.jobPosition')}
        </Link>
      }
      {...crud.card}
      form={crud.form((row: JobLevelRow | null) => ({
        idPrefix: 'job-level',
        fields: [
          { key: 'name', label: t('org.fields.name'), required: true },
          { key: 'rank', label: t('org.fields.rank') },
        ] satisfies FormFieldDef<Key>[],
        initial: { name: row?.name ?? '', rank: String(row?.rank ?? '') },
        schema: createJobLevelInput,
        toInput: (v) => ({ name: v.name, rank: numberOrUndefined(v.rank) }),
        views: [
          { key: 'name', maxLength: 100 },
          { key: 'rank', type: 'number', hint: t('org.hints.rank') },
        ],
      }))}
    />
  );
}
