import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { LinkButton } from '../../ui/LinkButton';
import { OvertimeDetailModal } from './OvertimeDetailModal';
import { RequestListCard, useApprovalList, useBulkDone, useOvertimeColumns, useRequestColumns } from './request-list';
import type { OvertimeRow } from './shared';
import './texts';

/**
 * /attendance/overtime: overtime of the employees in scope, filtered by status, day type, office,
 * department, period and name; approvers approve, disapprove and delete in bulk (spec §4) or open
 * one to approve fewer hours with the pay preview.
 */
export function OvertimeListPage() {
  const { t } = useTranslation();
  const canDecide = useCan('attendance.approve');
  const state = useApprovalList();
  const { sel, kind } = state;
  const utils = trpc.useUtils();
  const query = trpc.attendanceRequest.overtime.list.useQuery(
    { ...state.input, ...(kind ? { dayType: kind as OvertimeRow['dayType'] } : {}) },
    { placeholderData: keepPreviousData },
  );
  const onSuccess = useBulkDone(sel, () => utils.attendanceRequest.overtime.invalidate());
  const bulkApprove = trpc.attendanceRequest.overtime.bulkApprove.useMutation({ onSuccess });
  const bulkDisapprove = trpc.attendanceRequest.overtime.bulkDisapprove.useMutation({ onSuccess });
  const bulkDelete = trpc.attendanceRequest.overtime.bulkDelete.useMutation({ onSuccess });
  const c = useRequestColumns<OvertimeRow>();
  const overtime = useOvertimeColumns<OvertimeRow>(state.setOpen);
  const columns: Column<OvertimeRow>[] = [...(canDecide ? c.select(sel) : []), c.date, ...c.employee, ...overtime];
  return (
    <>
      <PageTitle actions={canDecide ? <LinkButton to="/attendance/overtime/add">{t('attreq.addOvertime')}</LinkButton> : null}>
        {t('routes.attendance.overtime')}
      </PageTitle>
      <RequestListCard
        title={t('attreq.overtime')}
        state={state}
        bulk={canDecide ? { approve: bulkApprove, disapprove: bulkDisapprove, remove: bulkDelete } : null}
        kind="dayType"
        query={query}
        columns={columns}
        empty={t('attreq.noOvertime')}
      />
      <OvertimeDetailModal id={state.open} onClose={() => state.setOpen(null)} />
    </>
  );
}
