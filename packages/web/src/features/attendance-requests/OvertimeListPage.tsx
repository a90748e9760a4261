import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { OvertimeDetailModal } from './OvertimeDetailModal';
import {
  BulkBar,
  DAY_KIND_OPTIONS,
  notifyBulk,
  type OvertimeRow,
  STATUS_OPTIONS,
  StatusBadge,
  selectColumn,
  timesOf,
  useSelection,
} from './shared';
import './texts';

/**
 * /attendance/overtime: overtime of the employees in scope, filtered by status, day type, office,
 * department, period and name; approvers approve, disapprove and delete in bulk (spec §4) or open
 * one to approve fewer hours with the pay preview.
 */
export function OvertimeListPage() {
  const { t } = useTranslation();
  const canDecide = useCan('attendance.approve');
  const list = useListState();
  const sel = useSelection();
  const utils = trpc.useUtils();
  const [status, setStatus] = useState('3');
  const [dayType, setDayType] = useState('');
  const [officeId, setOfficeId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const query = trpc.attendanceRequest.overtime.list.useQuery(
    {
      ...list.query,
      ...(status ? { status: Number(status) } : {}),
      ...(dayType ? { dayType: dayType as OvertimeRow['dayType'] } : {}),
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
    void utils.attendanceRequest.overtime.invalidate();
  };
  const bulkApprove = trpc.attendanceRequest.overtime.bulkApprove.useMutation({ onSuccess: after });
  const bulkDisapprove = trpc.attendanceRequest.overtime.bulkDisapprove.useMutation({ onSuccess: after });
  const bulkDelete = trpc.attendanceRequest.overtime.bulkDelete.useMutation({ onSuccess: after });
  /** A filter change also drops the selection (the rows change). */
  const clearing = (setter: (v: string) => void) => (v: string) => {
    setter(v);
    sel.clear();
  };
  const filter = (setter: (v: string) => void) => list.filter(clearing(setter));
  const rows = query.data?.rows ?? [];
  const columns: Column<OvertimeRow>[] = [
    ...(canDecide ? [selectColumn<OvertimeRow>(sel, t('attreq.select'))] : []),
    { key: 'date', header: t('attreq.date'), cell: (r) => formatIsoDate(r.date), className: 'whitespace-nowrap' },
    { key: 'employee', header: t('attreq.employee'), cell: (r) => `${r.employeeNumber} ${r.employeeName}` },
    { key: 'department', header: t('attreq.department'), cell: (r) => r.department ?? '-' },
    { key: 'dayType', header: t('attreq.dayType'), cell: (r) => r.dayTypeLabel },
    { key: 'times', header: t('attreq.times'), cell: (r) => timesOf(r), className: 'whitespace-nowrap' },
    { key: 'hours', header: t('attreq.plannedHours'), cell: (r) => r.hours, className: 'text-right tabular-nums' },
    {
      key: 'approved',
      header: t('attreq.approvedHours'),
      cell: (r) => r.approvedHours ?? '-',
      className: 'text-right tabular-nums',
    },
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
      <PageTitle
        actions={
          canDecide ? (
            <Link
              to="/attendance/overtime/add"
              className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800"
            >
              {t('attreq.addOvertime')}
            </Link>
          ) : null
        }
      >
        {t('routes.attendance.overtime')}
      </PageTitle>
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
        title={t('attreq.overtime')}
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
              aria-label={t('attreq.dayType')}
              placeholder={t('attreq.allDayTypes')}
              value={dayType}
              onChange={filter(setDayType)}
              options={DAY_KIND_OPTIONS}
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
        empty={t('attreq.noOvertime')}
      />
      <OvertimeDetailModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
