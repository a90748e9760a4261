import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { saveBase64 } from '../../lib/save-file';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { PagedCard } from '../../ui/PagedCard';
import { useListState } from '../../lib/use-list-state';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { BalanceCard, LEAVE_STATUSES, LeaveForm, type LeaveRow } from './leave-shared';
import { useRequestColumns } from './request-columns';
import './texts';
import { toastThen, useToastThenGo } from '../../lib/toast-then';

/** /personal/leave: the caller's annual balance and their requests (cancel while pending). */
export function PersonalLeavePage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const paging = useListState();
  const { value: status, set: setStatus } = paging.param('status');
  const balance = trpc.leave.personal.balance.useQuery();
  const list = trpc.leave.personal.list.useQuery(
    { page: paging.page, pageSize: paging.pageSize, ...(status ? { status: Number(status) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const cancel = trpc.leave.personal.cancel.useMutation(toastThen(() => void utils.leave.invalidate()));
  const [editing, setEditing] = useState<LeaveRow | null>(null);
  const update = trpc.leave.personal.update.useMutation(
    toastThen(() => {
      setEditing(null);
      void utils.leave.invalidate();
    }),
  );
  const columns: Column<LeaveRow>[] = [
    ...useRequestColumns(true),
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
        <PagedCard
          title={t('leave.myRequests')}
          list={paging}
          query={list}
          columns={columns}
          filtersClassName="mb-4 grid gap-3 sm:grid-cols-3"
          filters={
            <FilterSelect
              label={t('leave.status')}
              all={t('leave.allStatuses')}
              value={status}
              onChange={paging.filter(setStatus)}
              options={LEAVE_STATUSES}
            />
          }
          empty={t('leave.noRequests')}
        />
      </div>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={t('leave.edit')}>
        {editing ? (
          <LeaveForm
            own
            initial={editing}
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
  const balance = trpc.leave.personal.balance.useQuery();
  const create = trpc.leave.personal.create.useMutation(useToastThenGo('/personal/leave', (u) => u.leave.invalidate()));
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
