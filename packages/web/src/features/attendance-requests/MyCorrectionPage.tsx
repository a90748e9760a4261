import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Select } from '../../ui/Select';
import { ListCard } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { CorrectionDetailModal } from './CorrectionDetailModal';
import { CorrectionForm } from './CorrectionForm';
import { type CorrectionRow, STATUS_OPTIONS, StatusBadge, TYPE_OPTIONS, timesOf } from './shared';
import './texts';

/**
 * /personal/attendance/correction: the employee requests a correction of one of their days (the
 * form shows that day's timesheet) and follows their requests: change or cancel while pending.
 */
export function MyCorrectionPage() {
  const { t } = useTranslation();
  const list = useListState(10);
  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [editing, setEditing] = useState<CorrectionRow | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const query = trpc.attendanceRequest.correction.mine.useQuery(
    {
      ...list.query,
      ...(status ? { status: Number(status) } : {}),
      ...(type ? { type: Number(type) } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<CorrectionRow>[] = [
    { key: 'date', header: t('attreq.date'), cell: (r) => formatIsoDate(r.date), className: 'whitespace-nowrap' },
    { key: 'type', header: t('attreq.type'), cell: (r) => r.typeLabel },
    { key: 'times', header: t('attreq.times'), cell: (r) => timesOf(r), className: 'whitespace-nowrap' },
    { key: 'reason', header: t('attreq.reason'), cell: (r) => r.reason },
    {
      key: 'status',
      header: t('attreq.status'),
      cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} testId={`my-correction-status-${r.id}`} />,
    },
    {
      key: 'actions',
      header: '',
      cell: (r) => (
        <div className="flex gap-2">
          {r.status === 3 ? (
            <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
              {t('attreq.edit')}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => setOpen(r.id)} aria-label={`${t('attreq.details')} #${r.id}`}>
            {t('attreq.details')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <>
      <PageTitle>{t('routes.personal.attendanceCorrection')}</PageTitle>
      <div className="space-y-4">
        <CorrectionForm editing={editing} onDone={() => setEditing(null)} />
        <ListCard
          title={t('attreq.myCorrections')}
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
              <Select
                aria-label={t('attreq.type')}
                placeholder={t('attreq.allTypes')}
                value={type}
                onChange={list.filter(setType)}
                options={TYPE_OPTIONS}
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
          empty={t('attreq.noCorrections')}
        />
      </div>
      <CorrectionDetailModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
