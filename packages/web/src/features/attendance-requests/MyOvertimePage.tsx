import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { LinkButton } from '../../ui/LinkButton';
import { OvertimeDetailModal } from './OvertimeDetailModal';
import { RequestListCard, useMyRequestList, useOvertimeColumns, useRequestColumns } from './request-list';
import type { OvertimeRow } from './shared';
import './texts';

/** /personal/overtime: the employee's own overtime requests, with their status and approved hours. */
export function MyOvertimePage() {
  const { t } = useTranslation();
  const state = useMyRequestList();
  const query = trpc.attendanceRequest.overtime.mine.useQuery(state.input, { placeholderData: keepPreviousData });
  const columns: Column<OvertimeRow>[] = [
    useRequestColumns<OvertimeRow>().date,
    ...useOvertimeColumns<OvertimeRow>(state.setOpen),
  ];
  return (
    <>
      <PageTitle actions={<LinkButton to="/personal/overtime/add">{t('attreq.newOvertime')}</LinkButton>}>
        {t('routes.personal.overtime')}
      </PageTitle>
      <RequestListCard
        title={t('attreq.myOvertime')}
        state={state}
        query={query}
        columns={columns}
        empty={t('attreq.noOvertime')}
      />
      <OvertimeDetailModal id={state.open} onClose={() => state.setOpen(null)} />
    </>
  );
}
