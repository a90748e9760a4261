import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { CorrectionDetailModal } from './CorrectionDetailModal';
import { RequestListCard, useApprovalList, useBulkDone, useRequestColumns } from './request-list';
import type { CorrectionRow } from './shared';
import './texts';
import { useEnumLabel } from '../../lib/enum-labels';

/**
 * /attendance/timesheet/correction: corrections of the employees in the caller's scope, filtered
 * by status, type, office, department, period and name; approvers pick rows for bulk approve,
 * disapprove, cancel and delete (spec §4), and open one to decide it with the day's timesheet.
 */
export function CorrectionListPage() {
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const canDecide = useCan('attendance.approve');
  const state = useApprovalList();
  const { sel, kind } = state;
  const utils = trpc.useUtils();
  const query = trpc.attendanceRequest.correction.list.useQuery(
    { ...state.input, ...(kind ? { type: Number(kind) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const onSuccess = useBulkDone(sel, () => utils.attendanceRequest.correction.invalidate());
  const bulkApprove = trpc.attendanceRequest.correction.bulkApprove.useMutation({ onSuccess });
  const bulkDisapprove = trpc.attendanceRequest.correction.bulkDisapprove.useMutation({ onSuccess });
  const bulkCancel = trpc.attendanceRequest.correction.bulkCancel.useMutation({ onSuccess });
  const bulkDelete = trpc.attendanceRequest.correction.bulkDelete.useMutation({ onSuccess });
  const c = useRequestColumns<CorrectionRow>();
  const columns: Column<CorrectionRow>[] = [
    ...(canDecide ? c.select(sel) : []),
    c.date,
    ...c.employee,
    { key: 'type', header: t('attreq.type'), cell: (r) => enumLabel('permitType', r.type, r.typeLabel) },
    c.times,
    c.reason,
    c.status(),
    c.details(state.setOpen),
  ];
  return (
    <>
      <PageTitle>{t('routes.attendance.timesheetCorrection')}</PageTitle>
      <RequestListCard
        title={t('attreq.corrections')}
        state={state}
        bulk={canDecide ? { approve: bulkApprove, disapprove: bulkDisapprove, cancel: bulkCancel, remove: bulkDelete } : null}
        kind="type"
        query={query}
        columns={columns}
        empty={t('attreq.noCorrections')}
      />
      <CorrectionDetailModal id={state.open} onClose={() => state.setOpen(null)} />
    </>
  );
}
