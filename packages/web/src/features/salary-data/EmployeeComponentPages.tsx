import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { EmployeeComponentDialog } from './EmployeeComponentDialog';
import { useSalaryRows } from './salary-crud';
import { EmployeeFilteredCard, type EmployeeComponentRow, Facts, monthText, rp, useEmployeeFilters } from './salary-shared';
import './texts';
import { NotFoundNote } from '../../ui/NotFoundNote';
import { linkColumn } from '../../ui/link-column';

/**
 * Columns of an employee-component table (employee and/or component columns as the page needs)
 * with edit/delete for salary.update holders, and the dialogs those open.
 */
export function useEmployeeComponentColumns(show: { employee: boolean; component: boolean }) {
  const { t } = useTranslation();
  const edit = useSalaryRows<EmployeeComponentRow>({
    api: trpc.salary.employeeComponent,
    deleteName: (r) => `${r.component} · ${r.employeeName}`,
    dialog: (row, onClose) => (row ? <EmployeeComponentDialog row={row} onClose={onClose} /> : null),
  });
  const columns: Column<EmployeeComponentRow>[] = [
    ...(show.employee
      ? [
          linkColumn<EmployeeComponentRow>(
            'employee',
            t('salaryData.employee'),
            (r) => `/salary/employee/${r.employeeId}/detail`,
            (r) => `${r.employeeNumber} ${r.employeeName}`,
          ),
        ]
      : []),
    ...(show.component
      ? [
          linkColumn<EmployeeComponentRow>(
            'component',
            t('salaryData.component'),
            (r) => `/salary/employeeComponent/${r.componentId}/detail`,
            (r) => r.component,
          ),
          { key: 'kind', header: t('salaryData.kind'), cell: (r: EmployeeComponentRow) => t(`salaryData.kinds.${r.kind}`) },
        ]
      : []),
    { key: 'amount', header: t('salaryData.amount'), cell: (r) => rp(r.amount), className: 'text-right tabular-nums' },
    { key: 'formula', header: t('salaryData.formula'), cell: (r) => <code className="text-xs">{r.formula ?? ''}</code> },
    {
      key: 'months',
      header: `${t('salaryData.startMonth')} – ${t('salaryData.endMonth')}`,
      cell: (r) => `${monthText(r.startMonth)} – ${r.endMonth ? monthText(r.endMonth) : t('salaryData.openEnded')}`,
      className: 'whitespace-nowrap',
    },
    ...edit.actions,
  ];
  return { columns, dialogs: edit.dialogs };
}

/** /salary/employeeComponent: employee components across employees, by component and employee. */
export function EmployeeComponentListPage() {
  const { t } = useTranslation();
  const editor = useCan('salary.update');
  const filters = useEmployeeFilters('component', 'ec-filter-employee', t('salaryData.component'), t('salaryData.allComponents'));
  const [adding, setAdding] = useState(false);
  const components = trpc.salary.formula.list.useQuery();
  const query = trpc.salary.employeeComponent.list.useQuery(
    { ...filters.input, ...(filters.value ? { componentId: Number(filters.value) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const { columns, dialogs } = useEmployeeComponentColumns({ employee: true, component: true });
  return (
    <>
      <PageTitle
        actions={editor ? <Button onClick={() => setAdding(true)}>{t('salaryData.addEmployeeComponent')}</Button> : null}
      >
        {t('routes.salary.employeeComponent')}
      </PageTitle>
      <EmployeeFilteredCard
        filters={filters}
        options={(components.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        columns={columns}
        query={query}
        empty={t('salaryData.noComponents')}
      />
      {adding ? <EmployeeComponentDialog row={null} onClose={() => setAdding(false)} /> : null}
      {dialogs}
    </>
  );
}

/** /salary/employeeComponent/{id}/detail: one salary component, its formula, and the employees that have it. */
export function EmployeeComponentDetailPage() {
  const { t } = useTranslation();
  const editor = useCan('salary.update');
  const id = Number(useParams().id);
  const paging = usePaging();
  const [adding, setAdding] = useState(false);
  const components = trpc.salary.formula.list.useQuery();
  const valid = Number.isInteger(id) && id > 0;
  const query = trpc.salary.employeeComponent.list.useQuery(
    { page: paging.page, pageSize: paging.pageSize, componentId: valid ? id : 1 },
    { enabled: valid, placeholderData: keepPreviousData },
  );
  const { columns, dialogs } = useEmployeeComponentColumns({ employee: true, component: false });
  const component = components.data?.find((c) => c.id === id);
  if (!components.data) return <Spinner />;
  if (!component)
    return (
      <Card>
        <NotFoundNote text={t('salaryData.notFound')} back={t('salaryData.back')} to="/salary/employeeComponent" />
      </Card>
    );
  return (
    <>
      <PageTitle
        actions={editor ? <Button onClick={() => setAdding(true)}>{t('salaryData.addEmployeeComponent')}</Button> : null}
      >
        {component.name}
      </PageTitle>
      <div className="space-y-4">
        <Card>
          <Facts
            items={[
              [t('salaryData.kind'), t(`salaryData.kinds.${component.kind}`), 'kind'],
              [t('salaryData.taxable'), component.taxable ? t('salaryData.yes') : t('salaryData.no'), 'taxable'],
              [t('salaryData.everyone'), component.everyone ? t('salaryData.yes') : t('salaryData.no'), 'everyone'],
              [t('salaryData.employees'), String(query.data?.total ?? '-'), 'employees'],
            ]}
          />
          <p className="mt-3 text-sm">
            {t('salaryData.formula')}: <code data-testid="component-formula">{component.formula ?? '-'}</code>
          </p>
        </Card>
        <Card title={t('salaryData.employees')}>
          <PagedTable columns={columns} query={query} paging={paging} empty={t('salaryData.noComponents')} />
        </Card>
      </div>
      {adding ? <EmployeeComponentDialog row={null} componentId={id} onClose={() => setAdding(false)} /> : null}
      {dialogs}
    </>
  );
}
