import { APPROVAL_STATUS } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { cx } from '../../ui/cx';
import type { Column } from '../../ui/DataTable';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { ActivateRegistrationDialog } from './ActivateRegistrationDialog';
import { RejectRegistrationDialog } from './RejectRegistrationDialog';
import { fullName, type RegistrationRow } from './registration-row';

const TABS = [
  { status: APPROVAL_STATUS.Pending, key: 'registrations.pending' },
  { status: APPROVAL_STATUS.Approved, key: 'registrations.approved' },
  { status: APPROVAL_STATUS.Disapproved, key: 'registrations.disapproved' },
] as const;

/** Self-registrations by approval status; pending ones can be activated or rejected. */
export function RegistrationsPage() {
  const { t } = useTranslation();
  const canDecide = useCan('employee.registration.decide');
  const [status, setStatus] = useState<number>(APPROVAL_STATUS.Pending);
  const paging = usePaging();
  const [activating, setActivating] = useState<RegistrationRow | null>(null);
  const [rejecting, setRejecting] = useState<RegistrationRow | null>(null);
  const list = trpc.employee.registration.list.useQuery(
    { status, page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );
  const pending = status === APPROVAL_STATUS.Pending;

  const columns: Column<RegistrationRow>[] = [
    { key: 'name', header: t('registrations.name'), cell: fullName },
    { key: 'email', header: t('registrations.email'), cell: (r) => r.email },
    { key: 'gender', header: t('registrations.gender'), cell: (r) => r.gender },
    {
      key: 'birthDate',
      header: t('registrations.birthDate'),
      cell: (r) => formatIsoDate(r.birthDate),
      className: 'whitespace-nowrap',
    },
    { key: 'religion', header: t('registrations.religion'), cell: (r) => r.religion },
    { key: 'education', header: t('registrations.education'), cell: (r) => r.educationLevel },
    { key: 'marital', header: t('registrations.maritalStatus'), cell: (r) => r.maritalStatus },
    {
      key: 'at',
      header: pending ? t('registrations.submittedAt') : t('registrations.decidedAt'),
      cell: (r) => formatDateTime(pending ? r.createdAt : r.decidedAt),
      className: 'whitespace-nowrap',
    },
  ];
  if (pending && canDecide) {
    columns.push({
      key: 'actions',
      header: t('app.actions'),
      className: 'whitespace-nowrap',
      cell: (r) => (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => setActivating(r)}>
            {t('registrations.activate')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setRejecting(r)}>
            {t('registrations.reject')}
          </Button>
        </div>
      ),
    });
  }

  return (
    <>
      <PageTitle>{t('routes.employee.registration')}</PageTitle>
      <Card>
        <div role="tablist" className="mb-4 flex gap-1 border-b border-slate-200">
          {TABS.map((tab) => (
            <button
              key={tab.status}
              type="button"
              role="tab"
              aria-selected={status === tab.status}
              onClick={() => {
                setStatus(tab.status);
                paging.setPage(1);
              }}
              className={cx(
                '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
                status === tab.status ? 'border-sky-700 text-sky-800' : 'border-transparent text-slate-500 hover:text-slate-800',
              )}
            >
              {t(tab.key)}
            </button>
          ))}
        </div>
        <PagedTable columns={columns} query={list} paging={paging} empty={t('registrations.empty')} />
      </Card>
      {activating ? <ActivateRegistrationDialog registration={activating} onClose={() => setActivating(null)} /> : null}
      {rejecting ? <RejectRegistrationDialog registration={rejecting} onClose={() => setRejecting(null)} /> : null}
    </>
  );
}
