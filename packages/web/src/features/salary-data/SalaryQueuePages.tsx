import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../lib/can';
import { formatIsoDate } from '../../lib/format';
import { useToastThenGo } from '../../lib/toast-then';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { LinkButton } from '../../ui/LinkButton';
import { QueueForm } from './QueueForm';
import { ConfirmDelete, EmployeeFilteredCard, type QueueRow, rp, useEmployeeFilters } from './salary-shared';
import './texts';
import { NotFoundNote } from '../../ui/NotFoundNote';
import { linkColumn } from '../../ui/link-column';
import { toastThen } from '../../lib/toast-then';

/** Pending / applied badge of a queued salary change. */
export function QueueStatus({ row }: { row: QueueRow }) {
  const { t } = useTranslation();
  return row.status === 'applied' ? (
    <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800" data-testid="queue-status">
      {t('salaryData.applied')} #{row.appliedRunId}
    </span>
  ) : (
    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800" data-testid="queue-status">
      {t('salaryData.pending')}
    </span>
  );
}

/** Columns of a queue table; edit/delete only on pending entries and for salary.update holders. */
export function useQueueColumns(withEmployee: boolean): { columns: Column<QueueRow>[]; dialog: React.ReactNode } {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const editor = useCan('salary.update');
  const [deleting, setDeleting] = useState<QueueRow | null>(null);
  const remove = trpc.salary.queue.delete.useMutation(
    toastThen(() => {
      setDeleting(null);
      void utils.salary.invalidate();
    }),
  );
  const columns: Column<QueueRow>[] = [
    ...(withEmployee
      ? [
          linkColumn<QueueRow>(
            'employee',
            t('salaryData.employee'),
            (r) => `/salary/employee/${r.employeeId}/detail`,
            (r) => `${r.employeeNumber} ${r.employeeName}`,
          ),
        ]
      : []),
    {
      key: 'date',
      header: t('salaryData.effectiveDate'),
      cell: (r) => formatIsoDate(r.effectiveDate),
      className: 'whitespace-nowrap',
    },
    {
      key: 'basic',
      header: t('salaryData.newBasicSalary'),
      cell: (r) => rp(r.basicSalary),
      className: 'text-right tabular-nums',
    },
    { key: 'note', header: t('salaryData.note'), cell: (r) => r.note ?? '' },
    { key: 'status', header: t('salaryData.status'), cell: (r) => <QueueStatus row={r} /> },
    ...(editor
      ? [
          {
            key: 'actions',
            header: t('app.actions'),
            cell: (r: QueueRow) =>
              r.status === 'pending' ? (
                <div className="flex gap-1 whitespace-nowrap">
                  <Link
                    to={`/salary/queue/${r.id}/edit?employeeId=${r.employeeId}`}
                    className="px-2 py-1 text-sm text-sky-700 hover:underline"
                  >
                    {t('salaryData.edit')}
                  </Link>
                  <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setDeleting(r)}>
                    {t('salaryData.delete')}
                  </Button>
                </div>
              ) : null,
          },
        ]
      : []),
  ];
  const dialog = (
    <ConfirmDelete
      what={deleting ? `${deleting.employeeName} · ${formatIsoDate(deleting.effectiveDate)} · ${rp(deleting.basicSalary)}` : null}
      pending={remove.isPending}
      onClose={() => setDeleting(null)}
      onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
    />
  );
  return { columns, dialog };
}

/** /salary/queue: basic-salary changes effective on a date, by employee and status. */
export function SalaryQueueListPage() {
  const { t } = useTranslation();
  const editor = useCan('salary.update');
  const filters = useEmployeeFilters('status', 'queue-employee', t('salaryData.status'), t('salaryData.allStatuses'));
  const query = trpc.salary.queue.list.useQuery(
    { ...filters.input, ...(filters.value ? { status: filters.value as QueueRow['status'] } : {}) },
    { placeholderData: keepPreviousData },
  );
  const { columns, dialog } = useQueueColumns(true);
  return (
    <>
      <PageTitle actions={editor ? <LinkButton to="/salary/queue/add">{t('salaryData.queueAdd')}</LinkButton> : null}>
        {t('routes.salary.queue')}
      </PageTitle>
      <EmployeeFilteredCard
        filters={filters}
        options={[
          { value: 'pending', label: t('salaryData.pending') },
          { value: 'applied', label: t('salaryData.applied') },
        ]}
        columns={columns}
        query={query}
        empty={t('salaryData.noQueue')}
      />
      {dialog}
    </>
  );
}

/** /salary/queue/add (optionally `?employeeId=` preselected from the employee's salary page). */
export function SalaryQueueAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = trpc.salary.queue.create.useMutation(useToastThenGo('/salary/queue', (u) => u.salary.invalidate()));
  const preset = Number(params.get('employeeId')) || undefined;
  return (
    <>
      <PageTitle>{t('routes.salary.queueAdd')}</PageTitle>
      <Card>
        <QueueForm
          {...(preset ? { initial: { employeeId: preset } } : {})}
          pending={create.isPending}
          onSubmit={(v) => create.mutateAsync(v)}
          onCancel={() => void navigate('/salary/queue')}
        />
      </Card>
    </>
  );
}

/**
 * /salary/queue/{id}/edit: a pending change can be edited; an applied one is shown read-only.
 * There is no single-entry procedure, so the entry is found in its employee's queue (`?employeeId=`,
 * set by the list's Edit link) or else among the latest 500 changes.
 */
export function SalaryQueueEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(useParams().id);
  const employeeId = Number(params.get('employeeId')) || undefined;
  const list = trpc.salary.queue.list.useQuery({ pageSize: 500, ...(employeeId ? { employeeId } : {}) });
  const update = trpc.salary.queue.update.useMutation(useToastThenGo('/salary/queue', (u) => u.salary.invalidate()));
  const row = list.data?.rows.find((r) => r.id === id);
  return (
    <>
      <PageTitle>{t('routes.salary.queueEdit')}</PageTitle>
      <Card>
        {list.isFetching && !list.data ? (
          <Spinner />
        ) : !row ? (
          <NotFoundNote text={t('salaryData.notFound')} back={t('salaryData.back')} to="/salary/queue" />
        ) : row.status === 'applied' ? (
          <div className="space-y-2 text-sm text-slate-700">
            <p>
              <strong>
                {row.employeeNumber} {row.employeeName}
              </strong>{' '}
              <QueueStatus row={row} />
            </p>
            <p>
              {t('salaryData.effectiveDate')}: {formatIsoDate(row.effectiveDate)} · {t('salaryData.newBasicSalary')}:{' '}
              {rp(row.basicSalary)}
            </p>
            <p role="note">{t('salaryData.appliedReadOnly')}</p>
          </div>
        ) : (
          <QueueForm
            employee={
              <p className="py-2 text-sm font-medium">
                {row.employeeNumber} {row.employeeName}
              </p>
            }
            initial={{ basicSalary: row.basicSalary, effectiveDate: row.effectiveDate, note: row.note }}
            pending={update.isPending}
            onSubmit={(v) =>
              update.mutateAsync({ id: row.id, basicSalary: v.basicSalary, effectiveDate: v.effectiveDate, note: v.note })
            }
            onCancel={() => void navigate('/salary/queue')}
          />
        )}
      </Card>
    </>
  );
}
