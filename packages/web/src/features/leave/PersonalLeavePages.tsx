import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { saveBase64 } from '../../lib/save-file';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { BalanceCard, LEAVE_STATUSES, LeaveForm, type LeaveHalf, type LeaveRow, leaveDates, StatusBadge } from './leave-shared';
import { StepProgress } from './LeaveApprovals';
import './texts';

/** /personal/leave: the caller's annual balance and their requests (cancel while pending). */
export function PersonalLeavePage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const balance = trpc.leave.personal.balance.useQuery();
  const list = trpc.leave.personal.list.useQuery(
    { page, pageSize, ...(status ? { status: Number(status) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const cancel = trpc.leave.personal.cancel.useMutation({
    meta: { successMessage: () => t('leave.saved') },
    onSuccess: () => void utils.leave.invalidate(),
  });
  const [editing, setEditing] = useState<LeaveRow | null>(null);
  const update = trpc.leave.personal.update.useMutation({
    meta: { successMessage: () => t('leave.saved') },
    onSuccess: () => {
      setEditing(null);
      void utils.leave.invalidate();
    },
  });
  const half = (h: LeaveHalf) => t(`leave.${h}`);
  const columns: Column<LeaveRow>[] = [
    { key: 'type', header: t('leave.leaveType'), cell: (r) => r.leaveType },
    { key: 'dates', header: t('leave.dates'), cell: (r) => leaveDates(r, half), className: 'whitespace-nowrap' },
    { key: 'days', header: t('leave.days'), cell: (r) => r.days, className: 'text-right tabular-nums' },
    { key: 'reason', header: t('leave.reason'), cell: (r) => r.reason },
    {
      key: 'status',
      header: t('leave.status'),
      cell: (r) => (
        <>
          <StatusBadge status={r.status} label={r.statusLabel} />
          <StepProgress row={r} own />
        </>
      ),
    },
    { key: 'note', header: t('leave.note'), cell: (r) => r.decisionNote ?? '' },
    { key: 'at', header: t('leave.requestedAt'), cell: (r) => formatDateTime(r.createdAt), className: 'whitespace-nowrap' },
    {
      key: 'actions',
      header: t('app.actions'),
      cell: (r) => (
        <div className="flex gap-2">
          {r.attachmentName ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void utils.leave.personal.attachment.fetch({ id: r.id }).then(saveBase64)}
            >
              {r.attachmentName}
            </Button>
          ) : null}
          {r.status === 3 ? (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
                {t('leave.edit')}
              </Button>
              <Button size="sm" variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: r.id })}>
                {t('leave.cancel')}
              </Button>
            </>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <>
      <PageTitle
        actions={
          <Link
            to="/personal/leave/add"
            className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800"
          >
            {t('leave.requestLeave')}
          </Link>
        }
      >
        {t('routes.personal.leave')}
      </PageTitle>
      <div className="space-y-4">
        {balance.data ? <BalanceCard balance={balance.data} /> : null}
        <Card title={t('leave.myRequests')}>
          <div className="mb-4 grid gap-3 sm:grid-cols-3">
            <Select
              aria-label={t('leave.status')}
              placeholder={t('leave.allStatuses')}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={LEAVE_STATUSES}
            />
          </div>
          <DataTable
            caption={t('leave.myRequests')}
            columns={columns}
            rows={list.data?.rows ?? []}
            rowKey={(r) => r.id}
            loading={list.isFetching}
            failed={list.isError && !list.data}
            onRetry={() => void list.refetch()}
            empty={t('leave.noRequests')}
          />
          <Pagination
            page={page}
            pageSize={pageSize}
            total={list.data?.total ?? 0}
            onPage={setPage}
            onPageSize={(n) => {
              setPageSize(n);
              setPage(1);
            }}
          />
        </Card>
      </div>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={t('leave.edit')}>
        {editing ? (
          <LeaveForm
            own
            initial={{
              leaveTypeId: editing.leaveTypeId,
              startDate: editing.startDate,
              endDate: editing.endDate,
              halfDay: editing.halfDay,
              reason: editing.reason,
            }}
            existingAttachment={editing.attachmentName}
            submitLabel={t('leave.save')}
            pending={update.isPending}
            onSubmit={(v) => update.mutateAsync({ ...v, id: editing.id })}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}

/** /personal/leave/add: the caller requests leave; the balance and the working days are shown. */
export function PersonalLeaveAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const balance = trpc.leave.personal.balance.useQuery();
  const create = trpc.leave.personal.create.useMutation({
    meta: { successMessage: () => t('leave.requested') },
    onSuccess: () => {
      void utils.leave.invalidate();
      void navigate('/personal/leave');
    },
  });
  return (
    <>
      <PageTitle>{t('routes.personal.leaveAdd')}</PageTitle>
      <div className="space-y-4">
        {balance.data ? <BalanceCard balance={balance.data} /> : null}
        <Card>
          <LeaveForm
            own
            submitLabel={t('leave.submitRequest')}
            pending={create.isPending}
            onSubmit={(v) => create.mutateAsync(v)}
            onCancel={() => void navigate('/personal/leave')}
          />
        </Card>
      </div>
    </>
  );
}
