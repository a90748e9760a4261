import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../lib/can';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { LinkButton } from '../../ui/LinkButton';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { editDeleteColumn, PagedRows, SearchFilters, useAttendanceChange, DeleteRowDialog } from './shared';
import './texts';

type Row = RouterOutputs['attendance']['shift']['list']['rows'][number];

/** /attendance/shift: shifts shown as "name (start - end)", with overnight, break and grace minutes. */
export function ShiftListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan('attendance.manage');
  const list = useListState();
  const { value: officeId, set: setOfficeId } = list.param('office');
  const [deleting, setDeleting] = useState<Row | null>(null);
  const query = trpc.attendance.shift.list.useQuery(
    { ...list.query, ...(toId(officeId) ? { companyOfficeId: toId(officeId) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.attendance.shift.delete.useMutation({
    ...useAttendanceChange(() => setDeleting(null)),
    onError: () => setDeleting(null),
  });
  const columns: Column<Row>[] = [
    { key: 'label', header: t('att.shift'), cell: (r) => <span className="font-medium">{r.label}</span> },
    { key: 'office', header: t('att.office'), cell: (r) => r.companyOffice ?? t('att.allOffices') },
    {
      key: 'overnight',
      header: t('att.overnight'),
      cell: (r) =>
        r.overnight ? (
          <span className="rounded bg-indigo-100 px-2 py-0.5 text-xs text-indigo-800">{t('app.yes')}</span>
        ) : (
          t('app.no')
        ),
    },
    { key: 'break', header: t('att.breakMinutes'), cell: (r) => r.breakMinutes, className: 'text-right tabular-nums' },
    { key: 'lateGrace', header: t('att.lateGrace'), cell: (r) => r.lateGraceMinutes, className: 'text-right tabular-nums' },
    { key: 'earlyGrace', header: t('att.earlyGrace'), cell: (r) => r.earlyGraceMinutes, className: 'text-right tabular-nums' },
  ];
  if (canManage) columns.push(editDeleteColumn<Row>(t, (r) => void navigate(`/attendance/shift/${r.id}/edit`), setDeleting));
  return (
    <>
      <PageTitle
        actions={canManage ? <LinkButton to="/attendance/shift/add">{t('routes.attendance.shiftAdd')}</LinkButton> : null}
      >
        {t('routes.attendance.shift')}
      </PageTitle>
      <Card>
        <SearchFilters list={list} placeholder={t('att.searchShift')}>
          <CompanyOfficeSelect
            aria-label={t('att.office')}
            placeholder={t('att.allOffices')}
            value={officeId}
            onChange={list.filter(setOfficeId)}
          />
        </SearchFilters>
        <PagedRows caption={t('routes.attendance.shift')} list={list} query={query} columns={columns} empty={t('att.noShifts')} />
      </Card>
      <DeleteRowDialog
        row={deleting}
        title={t('att.deleteShift')}
        busy={remove.isPending}
        onDelete={remove.mutate}
        onClose={() => setDeleting(null)}
      >
        {(r) => t('att.deleteShiftConfirm', { label: r.label })}
      </DeleteRowDialog>
    </>
  );
}
