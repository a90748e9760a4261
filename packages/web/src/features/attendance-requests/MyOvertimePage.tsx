import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Select } from '../../ui/Select';
import { ListCard } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { OvertimeDetailModal } from './OvertimeDetailModal';
import { type OvertimeRow, STATUS_OPTIONS, StatusBadge, timesOf } from './shared';
import './texts';

/** /personal/overtime: the employee's own overtime requests, with their status and approved hours. */
export function MyOvertimePage() {
  const { t } = useTranslation();
  const list = useListState(10);
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const query = trpc.attendanceRequest.overtime.mine.useQuery(
    {
      ...list.query,
      ...(status ? { status: Number(status) } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<OvertimeRow>[] = [
    { key: 'date', header: t('attreq.date'), cell: (r) => formatIsoDate(r.date), className: 'whitespace-nowrap' },
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
  return (
    <>
      <PageTitle
        actions={
          <Link
            to="/personal/overtime/add"
            className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800"
          >
            {t('attreq.newOvertime')}
          </Link>
        }
      >
        {t('routes.personal.overtime')}
      </PageTitle>
      <ListCard
        title={t('attreq.myOvertime')}
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
              onChange={list.filter(setStatus)}
              options={STATUS_OPTIONS}
            />
            <DatePicker
              ariaLabel={t('attreq.from')}
              placeholder={t('attreq.from')}
              value={from}
              onChange={list.filter(setFrom)}
            />
            <DatePicker ariaLabel={t('attreq.to')} placeholder={t('attreq.to')} value={to} onChange={list.filter(setTo)} />
          </>
        }
        empty={t('attreq.noOvertime')}
      />
      <OvertimeDetailModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
