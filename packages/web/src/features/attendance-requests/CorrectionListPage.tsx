import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Select } from '../../ui/Select';
import { ListCard } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect, DepartmentSelect } from '../shared/OrgSelects';
import { CorrectionDetailModal } from './CorrectionDetailModal';
import {
  BulkBar,
  type CorrectionRow,
  notifyBulk,
  STATUS_OPTIONS,
  StatusBadge,
  selectColumn,
  TYPE_OPTIONS,
  timesOf,
  useSelection,
} from './shared';
import './texts';

/**
 * /attendance/timesheet/correction: corrections of the employees in the caller's scope, filtered
 * by status, type, office, department, period and name; approvers pick rows for bulk approve,
 * disapprove, cancel and delete (spec §4), and open one to decide it with the day's timesheet.
 */
export function CorrectionListPage() {
  const { t } = useTranslation();
  const canDecide = useCan('attendance.approve');
  const list = useListState();
  const sel = useSelection();
  const utils = trpc.useUtils();
  const [status, setStatus] = useState('3');
  const [type, setType] = useState('');
  const [officeId, setOfficeId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const query = trpc.attendanceRequest.correction.list.useQuery(
    {
      ...list.query,
      ...(status ? { status: Number(status) } : {}),
      ...(type ? { type: Number(type) } : {}),
      ...(officeId ? { companyOfficeId: Number(officeId) } : {}),
      ...(departmentId ? { departmentId: Number(departmentId) } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const after = (r: Parameters<typeof notifyBulk>[0]) => {
    notifyBulk(r, t('attreq.bulkDone', { done: r.done, failed: r.failed }));
    sel.clear();
    void utils.attendanceRequest.correction.invalidate();
  };
  const bulkApprove = trpc.attendanceRequest.correction.bulkApprove.useMutation({ onSuccess: after });
  const bulkDisapprove = trpc.attendanceRequest.correction.bulkDisapprove.useMutation({ onSuccess: after });
  const bulkCancel = trpc.attendanceRequest.correction.bulkCancel.useMutation({ onSuccess: after });
  const bulkDelete = trpc.attendanceRequest.correction.bulkDelete.useMutation({ onSuccess: after });
  /** A filter change also drops the selection (the rows change). */
  const clearing = (setter: (v: string) => void) => (v: string) => {
    setter(v);
    sel.clear();
  };
  const filter = (setter: (v: string) => void) => list.filter(clearing(setter));
  const rows = query.data?.rows ?? [];
  const columns: Column<CorrectionRow>[] = [
    ...(canDecide ? [selectColumn<CorrectionRow>(sel, t('attreq.select'))] : []),
    { key: 'date', header: t('attreq.date'), cell: (r) => formatIsoDate(r.date), className: 'whitespace-nowrap' },
    { key: 'employee', header: t('attreq.employee'), cell: (r) => `${r.employeeNumber} ${r.employeeName}` },
    { key: 'department', header: t('attreq.department'), cell: (r) => r.department ?? '-' },
    { key: 'type', header: t('attreq.type'), cell: (r) => r.typeLabel },
    { key: 'times', header: t('attreq.times'), cell: (r) => timesOf(r), className: 'whitespace-nowrap' },
    { key: 'reason', header: t('attreq.reason'), cell: (r) => r.reason },
    { key: 'status', header: t('attreq.status'), cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
    {
      key: 'open',
      header: '',
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(r.id)} aria-label={`${t('attreq.details')} #${r.id}`}>
          {t('attreq.details')}
        </Button>
      ),
    },
  ];
  const ids = sel.ids;
  return (
    <>
      <PageTitle>{t('routes.attendance.timesheetCorrection')}</PageTitle>
      {canDecide ? (
        <BulkBar
          count={ids.length}
          actions={[
            {
              label: t('attreq.approve'),
              variant: 'primary',
              busy: bulkApprove.isPending,
              onClick: () => bulkApprove.mutate({ ids }),
            },
            { label: t('attreq.disapprove'), busy: bulkDisapprove.isPending, onClick: () => bulkDisapprove.mutate({ ids }) },
            { label: t('attreq.cancel'), busy: bulkCancel.isPending, onClick: () => bulkCancel.mutate({ ids }) },
            {
              label: t('attreq.delete'),
              variant: 'danger',
              busy: bulkDelete.isPending,
              onClick: () => {
                if (window.confirm(t('attreq.confirmDelete'))) bulkDelete.mutate({ ids });
              },
            },
          ]}
          onSelectPage={() =>
            sel.setAll(
              rows.map((r) => r.id),
              true,
            )
          }
        />
      ) : null}
      <ListCard
        title={t('attreq.corrections')}
        list={list}
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t('app.search')}
        filters={
          <>
            <Select
              aria-label={t('attreq.status')}
              placeholder={t('attreq.allStatuses')}
              value={status}
              onChange={filter(setStatus)}
              options={STATUS_OPTIONS}
            />
            <Select
              aria-label={t('attreq.type')}
              placeholder={t('attreq.allTypes')}
              value={type}
              onChange={filter(setType)}
              options={TYPE_OPTIONS}
            />
            <CompanyOfficeSelect
              aria-label={t('attreq.allOffices')}
              placeholder={t('attreq.allOffices')}
              value={officeId}
              onChange={filter((v: string) => {
                setOfficeId(v);
                setDepartmentId('');
              })}
            />
            <DepartmentSelect
              aria-label={t('attreq.department')}
              placeholder={t('attreq.allDepartments')}
              companyOfficeId={officeId ? Number(officeId) : undefined}
              value={departmentId}
              onChange={filter(setDepartmentId)}
            />
            <DatePicker ariaLabel={t('attreq.from')} placeholder={t('attreq.from')} value={from} onChange={filter(setFrom)} />
            <DatePicker ariaLabel={t('attreq.to')} placeholder={t('attreq.to')} value={to} onChange={filter(setTo)} />
          </>
        }
        empty={t('attreq.noCorrections')}
      />
      <CorrectionDetailModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
