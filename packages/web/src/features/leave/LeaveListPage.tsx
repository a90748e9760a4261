import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan, useSession } from '../../lib/can';
import { formatDateTime } from '../../lib/format';
import { TOAST_MS } from '../../lib/errors';
import { notifySuccess, showToast } from '../../lib/notify';
import { saveBase64 } from '../../lib/save-file';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { ActionModal } from '../../ui/ActionModal';
import { useListState } from '../../lib/use-list-state';
import { LEAVE_STATUSES, type LeaveRow } from './leave-shared';
import { RequesterBalance } from './RequesterBalance';
import { useRequestColumns } from './request-columns';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { PeriodFilter } from '../shared/approvals/PeriodFilter';
import { OfficeDepartmentFilter } from '../shared/approvals/OfficeDepartmentFilter';
import './texts';
import { TextField } from '../../ui/TextField';

type Action = 'approve' | 'disapprove' | 'cancel' | 'delete';

/**
 * /attendance/leave: requests of employees in the caller's scope, filtered and paginated;
 * approvers decide one (row buttons) or many (checkboxes + bulk buttons, per-item results).
 */
export function LeaveListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const approver = useCan('attendance.approve');
  const utils = trpc.useUtils();
  const list = useListState();
  // The filters live in the URL beside the list's page: Back from a request shows the list as it was.
  const { value: status, set: setStatus } = list.param('status');
  const { value: typeId, set: setTypeId } = list.param('type');
  const { value: officeId, set: setOfficeId } = list.param('office');
  const { value: departmentId, set: setDepartmentId } = list.param('department');
  const { value: from, set: setFrom } = list.param('from');
  const { value: to, set: setTo } = list.param('to');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<{ action: Action; ids: number[] } | null>(null);
  const [note, setNote] = useState('');
  const types = trpc.leave.type.list.useQuery();
  const query = trpc.leave.list.useQuery(
    {
      ...list.query,
      ...(status ? { status: Number(status) } : {}),
      ...(typeId ? { leaveTypeId: Number(typeId) } : {}),
      ...(officeId ? { companyOfficeId: Number(officeId) } : {}),
      ...(departmentId ? { departmentId: Number(departmentId) } : {}),
      ...(from ? { from } : {}),
      ...(to && (!from || to >= from) ? { to } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const done = () => {
    setConfirm(null);
    setNote('');
    setSelected(new Set());
    void utils.leave.invalidate();
    void utils.attendance.invalidate();
  };
  const onBulk = (action: Action) => ({
    onSuccess: (r: { succeeded: number; failed: number; items: { id: number; ok: boolean; message: string }[] }) => {
      const refused = r.items.filter((x) => !x.ok);
      const message = t(`leave.bulkDone_${action}`, { ok: r.succeeded, failed: r.failed });
      if (refused.length)
        showToast({
          type: 'error',
          message,
          details: refused.map((i) => `#${i.id}: ${i.message}`),
          autoClose: TOAST_MS * 2,
        });
      else notifySuccess(message);
      done();
    },
  });
  const bulkApprove = trpc.leave.bulkApprove.useMutation(onBulk('approve'));
  const bulkDisapprove = trpc.leave.bulkDisapprove.useMutation(onBulk('disapprove'));
  const bulkCancel = trpc.leave.bulkCancel.useMutation(onBulk('cancel'));
  const bulkDelete = trpc.leave.bulkDelete.useMutation(onBulk('delete'));
  // The toast is the server's message, naming what happened to what ("Leave approved"), never just the button's verb.
  const one = { onSuccess: done, meta: { successMessage: 'server' } } as const;
  const approve = trpc.leave.approve.useMutation(one);
  const disapprove = trpc.leave.disapprove.useMutation(one);
  const cancel = trpc.leave.cancel.useMutation(one);
  const remove = trpc.leave.delete.useMutation(one);
  const bePaid = trpc.leave.bePaid.useMutation({ onSuccess: () => void utils.leave.invalidate() });
  const busy =
    approve.isPending ||
    disapprove.isPending ||
    cancel.isPending ||
    remove.isPending ||
    bulkApprove.isPending ||
    bulkDisapprove.isPending ||
    bulkCancel.isPending ||
    bulkDelete.isPending;

  const run = () => {
    if (!confirm) return;
    const n = note.trim() || undefined;
    const { action, ids } = confirm;
    if (ids.length === 1) {
      const id = ids[0]!;
      if (action === 'approve') approve.mutate({ id, note: n });
      else if (action === 'disapprove') disapprove.mutate({ id, note: n });
      else if (action === 'cancel') cancel.mutate({ id, note: n });
      else remove.mutate({ id });
      return;
    }
    if (action === 'approve') bulkApprove.mutate({ ids, note: n });
    else if (action === 'disapprove') bulkDisapprove.mutate({ ids, note: n });
    else if (action === 'cancel') bulkCancel.mutate({ ids, note: n });
    else bulkDelete.mutate({ ids });
  };

  const rows = query.data?.rows ?? [];
  const mine = (r: LeaveRow) => session.employeeId !== null && r.employeeId === session.employeeId;
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const requestColumns = useRequestColumns(false);
  const label: Record<Action, string> = {
    approve: t('leave.approve'),
    disapprove: t('leave.disapprove'),
    cancel: t('leave.cancel'),
    delete: t('leave.delete'),
  };
  const columns: Column<LeaveRow>[] = [
    ...(approver
      ? [
          {
            key: 'select',
            header: '',
            cell: (r: LeaveRow) => (
              <input
                type="checkbox"
                aria-label={t('leave.selectRow', { id: r.id })}
                checked={selected.has(r.id)}
                onChange={() => toggle(r.id)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'employee',
      header: t('leave.employee'),
      cell: (r) => (
        <div className="min-w-40">
          <div className="font-medium">{r.employeeName}</div>
          <div className="text-xs text-slate-500">
            {r.employeeNumber} · {r.department ?? '-'}
          </div>
        </div>
      ),
    },
    ...requestColumns,
    {
      key: 'paid',
      header: t('leave.bePaid'),
      cell: (r) =>
        approver && !mine(r) ? (
          <input
            type="checkbox"
            aria-label={`${t('leave.bePaid')} #${r.id}`}
            checked={r.bePaid}
            disabled={bePaid.isPending}
            onChange={(e) => bePaid.mutate({ id: r.id, bePaid: e.target.checked })}
          />
        ) : r.bePaid ? (
          t('leave.yes')
        ) : (
          t('leave.no')
        ),
    },
    {
      key: 'actions',
      header: t('app.actions'),
      // Pinned to the right edge and wrapping, so a narrow window (1366 px with the sidebar) never clips it.
      className: 'sticky right-0 bg-white shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]',
      cell: (r) => (
        <div
          className="flex min-w-36 max-w-64 flex-wrap gap-1"
          title={`${t('leave.requestedAt')} ${formatDateTime(r.createdAt)}`}
        >
          {r.attachmentName ? (
            <Button size="sm" variant="ghost" onClick={() => void utils.leave.attachment.fetch({ id: r.id }).then(saveBase64)}>
              {r.attachmentName}
            </Button>
          ) : null}
          {approver && r.status === 3 && !mine(r) ? (
            <>
              <Button size="sm" onClick={() => setConfirm({ action: 'approve', ids: [r.id] })}>
                {t('leave.approve')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirm({ action: 'disapprove', ids: [r.id] })}>
                {t('leave.disapprove')}
              </Button>
            </>
          ) : null}
          {approver && r.status === 3 ? (
            <Link to={`/attendance/leave/${r.id}/edit`} className="px-2 py-1 text-sm text-sky-700 hover:underline">
              {t('leave.edit')}
            </Link>
          ) : null}
          {approver && (r.status === 3 || (r.status === 1 && !mine(r))) ? (
            <Button size="sm" variant="ghost" onClick={() => setConfirm({ action: 'cancel', ids: [r.id] })}>
              {t('leave.cancel')}
            </Button>
          ) : null}
          {approver && r.status !== 1 && !mine(r) ? (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              onClick={() => setConfirm({ action: 'delete', ids: [r.id] })}
            >
              {t('leave.delete')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const chosen = [...selected].filter((id) => rows.some((r) => r.id === id));
  // The one request being decided, so the approver sees its requester's balance.
  const decided = confirm?.ids.length === 1 ? (rows.find((r) => r.id === confirm.ids[0]) ?? null) : null;
  return (
    <>
      <PageTitle
        actions={
          <div className="flex gap-2">
            <Link
              to="/attendance/leave/schedule"
              className="rounded-md border border-slate-300 px-4 py-2 text-sm hover:bg-slate-50"
            >
              {t('routes.attendance.leaveSchedule')}
            </Link>
            {approver ? (
              <Link
                to="/attendance/leave/add"
                className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800"
              >
                {t('leave.addLeave')}
              </Link>
            ) : null}
          </div>
        }
      >
        {t('routes.attendance.leave')}
      </PageTitle>
      {approver ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              aria-label={t('leave.selectAll')}
              checked={rows.length > 0 && rows.every((r) => selected.has(r.id))}
              onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
            />
            {t('leave.selected', { n: chosen.length })}
          </label>
          {(['approve', 'disapprove', 'cancel', 'delete'] as const).map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === 'approve' ? 'primary' : 'secondary'}
              disabled={chosen.length === 0}
              onClick={() => setConfirm({ action: a, ids: chosen })}
            >
              {label[a]} ({chosen.length})
            </Button>
          ))}
        </div>
      ) : null}
      <SearchListCard
        title={t('routes.attendance.leave')}
        list={list}
        query={query}
        columns={columns}
        filters={
          <>
            <FilterSelect
              label={t('leave.status')}
              all={t('leave.allStatuses')}
              value={status}
              onChange={setStatus}
              options={LEAVE_STATUSES}
            />
            <FilterSelect
              label={t('leave.leaveType')}
              all={t('leave.allTypes')}
              value={typeId}
              onChange={setTypeId}
              options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
            <OfficeDepartmentFilter
              officeLabel={t('leave.office')}
              allOffices={t('leave.allOffices')}
              departmentLabel={t('leave.allDepartments')}
              allDepartments={t('leave.allDepartments')}
              officeId={officeId}
              departmentId={departmentId}
              onOffice={list.filter(setOfficeId, setDepartmentId)}
              onDepartment={setDepartmentId}
            />
            <PeriodFilter fromLabel={t('leave.from')} toLabel={t('leave.to')} from={from} to={to} onFrom={setFrom} onTo={setTo} />
          </>
        }
        empty={t('leave.noRequests')}
      />
      <ActionModal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t('leave.confirmTitle', { action: label[confirm.action], n: confirm.ids.length }) : ''}
        actionLabel={confirm ? label[confirm.action] : ''}
        busy={busy}
        onAction={run}
      >
        {decided && (confirm?.action === 'approve' || confirm?.action === 'disapprove') ? (
          <RequesterBalance request={decided} />
        ) : null}
        {confirm && confirm.action !== 'delete' ? (
          <TextField id="lv-note" label={t('leave.note')} maxLength={500} value={note} onValue={setNote} />
        ) : (
          <p className="text-sm text-slate-700">{t('leave.confirm')}?</p>
        )}
      </ActionModal>
    </>
  );
}
