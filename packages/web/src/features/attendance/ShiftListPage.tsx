import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../lib/can';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Modal } from '../../ui/Modal';
import { TextInput } from '../../ui/TextInput';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { PagedRows } from './shared';
import './texts';

type Row = RouterOutputs['attendance']['shift']['list']['rows'][number];

/** /attendance/shift: shifts shown as "name (start - end)", with overnight, break and grace minutes. */
export function ShiftListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan('attendance.manage');
  const list = useListState();
  const [officeId, setOfficeId] = useState('');
  const [deleting, setDeleting] = useState<Row | null>(null);
  const query = trpc.attendance.shift.list.useQuery(
    { ...list.query, ...(toId(officeId) ? { companyOfficeId: toId(officeId) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = trpc.attendance.shift.delete.useMutation({
    meta: { successMessage: () => t('att.shiftDeleted') },
    onSuccess: () => {
      setDeleting(null);
      void utils.attendance.invalidate();
    },
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
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('app.actions'),
      cell: (r) => (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" onClick={() => void navigate(`/attendance/shift/${r.id}/edit`)}>
            {t('app.edit')}
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setDeleting(r)}>
            {t('att.delete')}
          </Button>
        </div>
      ),
    });
  }
  return (
    <>
      <PageTitle
        actions={
          canManage ? (
            <Link
              to="/attendance/shift/add"
              className="rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white hover:bg-sky-800"
            >
              {t('routes.attendance.shiftAdd')}
            </Link>
          ) : null
        }
      >
        {t('routes.attendance.shift')}
      </PageTitle>
      <Card>
        <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextInput
            type="search"
            aria-label={t('app.search')}
            placeholder={t('att.searchShift')}
            value={list.search}
            maxLength={100}
            onChange={(e) => list.setSearch(e.target.value)}
          />
          <CompanyOfficeSelect
            aria-label={t('att.office')}
            placeholder={t('att.allOffices')}
            value={officeId}
            onChange={list.filter(setOfficeId)}
          />
        </div>
        <PagedRows
          caption={t('routes.attendance.shift')}
          list={list}
          query={query}
          columns={columns}
          rowKey={(r) => r.id}
          empty={t('att.noShifts')}
        />
      </Card>
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('att.deleteShift')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('app.cancel')}
            </Button>
            <Button variant="danger" disabled={remove.isPending} onClick={() => deleting && remove.mutate({ id: deleting.id })}>
              {t('att.delete')}
            </Button>
          </>
        }
      >
        <p className="text-sm">{deleting ? t('att.deleteShiftConfirm', { label: deleting.label }) : null}</p>
      </Modal>
    </>
  );
}
