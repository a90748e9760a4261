import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import {
  EMPLOYEE_LIST_COLUMNS,
  EMPLOYEE_LIST_DEFAULT_COLUMNS,
  EMPLOYEE_SORTS,
  type EmployeeListColumn,
  type EmployeeListRow,
  RESIGNED_WORKING,
} from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showOfficeFilter, useCan, useSession } from '../../lib/can';
import { formatIsoDate } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useListState } from '../../lib/use-list-state';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable, nextSort, type SortState } from '../../ui/DataTable';
import { Pagination } from '../../ui/Pagination';
import { FixedSelect } from '../shared/FixedSelect';
import { CompanyOfficeSelect, DepartmentSelect, DivisionSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { AddEmployeeDialog } from './AddEmployeeDialog';
import { ImportEmployeesDialog } from './ImportEmployeesDialog';
import { PendingUpdateRequestsCard } from './UpdateRequests';
import { Button } from '../../ui/Button';
import { SearchInput } from '../../ui/SearchInput';
import { useFileDownload } from '../../lib/use-file-download';
import { linkColumn } from '../../ui/link-column';

type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

/** Typing in the search box queries the server once it has paused this long. */
export const SEARCH_DEBOUNCE_MS = 350;

const resignedLabel = (v: number) => (v === RESIGNED_WORKING.Resigned ? 'Resigned' : 'Work');

const COLUMNS_KEY = 'hr.employeeList.columns';

/** The columns this browser shows (and downloads), remembered between visits. */
function useColumnChoice() {
  const [chosen, setChosen] = useState<EmployeeListColumn[]>(() => {
    try {
      const saved = JSON.parse(globalThis.localStorage?.getItem(COLUMNS_KEY) ?? 'null') as unknown;
      if (Array.isArray(saved)) {
        const valid = EMPLOYEE_LIST_COLUMNS.filter((c) => saved.includes(c));
        if (valid.length) return valid;
      }
    } catch {
      // A damaged entry falls back to the default.
    }
    return [...EMPLOYEE_LIST_DEFAULT_COLUMNS];
  });
  const toggle = (c: EmployeeListColumn) =>
    setChosen((now) => {
      const next = now.includes(c) ? now.filter((x) => x !== c) : EMPLOYEE_LIST_COLUMNS.filter((x) => x === c || now.includes(x));
      if (next.length === 0) return now;
      globalThis.localStorage?.setItem(COLUMNS_KEY, JSON.stringify(next));
      return next;
    });
  return { chosen, toggle };
}

export function EmployeeListPage() {
  const { t } = useTranslation();
  const user = useSession();
  // Search, filters, sort and page live in the URL (lib/use-list-state): Back from an employee shows the list as it was.
  const state = useListState();
  const { search, setSearch, page, setPage, pageSize, setPageSize } = state;
  const debouncedSearch = state.query.search ?? '';
  const { value: officeId, set: setOfficeId } = state.param('office');
  const { value: departmentId, set: setDepartmentId } = state.param('department');
  const { value: divisionId, set: setDivisionId } = state.param('division');
  const { value: resigned, set: setResigned } = state.param('status');
  const sortParam = state.param('sort', 'name');
  const orderParam = state.param('order', 'asc');
  const sort: SortState = {
    key: (EMPLOYEE_SORTS as readonly string[]).includes(sortParam.value) ? sortParam.value : 'name',
    order: orderParam.value === 'desc' ? 'desc' : 'asc',
  };
  const setSort = (next: SortState) => {
    sortParam.set(next.key);
    orderParam.set(next.order);
  };
  const officeFilter = showOfficeFilter(user);
  const canCreate = useCan('employee.create');
  const canApproveRequests = useCan('employee.editRequest.approve');
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const { chosen, toggle } = useColumnChoice();
  const utils = trpc.useUtils();
  const { busy: downloading, download: save } = useFileDownload();

  const filters = {
    search: debouncedSearch || undefined,
    companyOfficeId: toId(officeId),
    departmentId: toId(departmentId),
    divisionId: toId(divisionId),
    resigned: resigned === '' ? undefined : Number(resigned),
    sort: sort.key as EmployeeSort,
    order: sort.order,
  };
  const list = trpc.employee.list.useQuery({ ...filters, page, pageSize }, { placeholderData: keepPreviousData });
  const download = () =>
    save(() => utils.employee.download.fetch({ ...filters, columns: chosen })).catch((err) => notifyError(err, 'query'));

  const filter = state.filter;

  const allColumns: (Column<EmployeeListRow> & { key: EmployeeListColumn })[] = [
    {
      key: 'number',
      header: t('employees.number'),
      sortKey: 'employeeNumber',
      cell: (r) => r.employeeNumber,
      className: 'whitespace-nowrap',
    },
    linkColumn(
      'name',
      t('employees.name'),
      (r) => `/employee/list/${r.id}/detail`,
      (r) => r.name,
      { sortKey: 'name' },
    ),
    { key: 'email', header: t('employees.email'), cell: (r) => r.email },
    { key: 'gender', header: t('employees.gender'), cell: (r) => r.gender },
    { key: 'office', header: t('employees.office'), sortKey: 'office', cell: (r) => r.companyOffice },
    { key: 'department', header: t('employees.department'), sortKey: 'department', cell: (r) => r.department ?? t('app.none') },
    { key: 'division', header: t('employees.division'), cell: (r) => r.division ?? t('app.none') },
    { key: 'jobPosition', header: t('employees.jobPosition'), cell: (r) => r.jobPosition ?? t('app.none') },
    {
      key: 'entryDate',
      header: t('employees.entryDate'),
      sortKey: 'entryDate',
      cell: (r) => formatIsoDate(r.entryDate),
      className: 'whitespace-nowrap',
    },
    { key: 'status', header: t('employees.status'), cell: (r) => resignedLabel(r.resigned) },
  ];

  const columns = allColumns.filter((c) => chosen.includes(c.key));

  const data = list.data;
  return (
    <>
      <PageTitle
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Popover className="relative">
              <PopoverButton as={Button} variant="secondary">
                {t('employees.columns')}
              </PopoverButton>
              <PopoverPanel
                anchor="bottom end"
                className="z-30 mt-1 w-60 rounded-md border border-slate-200 bg-white p-3 shadow-lg"
              >
                <p className="mb-2 text-xs text-slate-500">{t('employees.columnsHint')}</p>
                <ul className="space-y-1 text-sm">
                  {allColumns.map((c) => (
                    <li key={c.key}>
                      <label className="flex items-center gap-2">
                        <input type="checkbox" checked={chosen.includes(c.key)} onChange={() => toggle(c.key)} />
                        {c.header}
                      </label>
                    </li>
                  ))}
                </ul>
              </PopoverPanel>
            </Popover>
            <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
              {downloading ? t('employees.downloading') : t('employees.download')}
            </Button>
            {canCreate ? (
              <Button variant="secondary" onClick={() => setImporting(true)}>
                {t('employeeImport.button')}
              </Button>
            ) : null}
            {canCreate ? <Button onClick={() => setAdding(true)}>{t('employeeDetail.addEmployee')}</Button> : null}
          </div>
        }
      >
        {t('routes.employee.list')}
      </PageTitle>
      {adding ? <AddEmployeeDialog onClose={() => setAdding(false)} /> : null}
      {importing ? <ImportEmployeesDialog onClose={() => setImporting(false)} /> : null}
      {canApproveRequests ? <PendingUpdateRequestsCard /> : null}
      <Card>
        <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
          <SearchInput
            label={t('app.search')}
            placeholder={t('employees.searchPlaceholder')}
            value={search}
            onValue={setSearch}
            name="search"
            className="lg:col-span-2"
          />
          {officeFilter ? (
            <CompanyOfficeSelect
              name="companyOfficeId"
              aria-label={t('employees.office')}
              value={officeId}
              onChange={filter(setOfficeId, setDepartmentId, setDivisionId)}
            />
          ) : null}
          <DepartmentSelect
            name="departmentId"
            aria-label={t('employees.department')}
            companyOfficeId={toId(officeId)}
            value={departmentId}
            onChange={filter(setDepartmentId, setDivisionId)}
          />
          <DivisionSelect
            name="divisionId"
            aria-label={t('employees.division')}
            companyOfficeId={toId(officeId)}
            departmentId={toId(departmentId)}
            value={divisionId}
            onChange={filter(setDivisionId)}
          />
          <FixedSelect
            list="resignedWorking"
            name="resigned"
            aria-label={t('employees.status')}
            placeholder={t('employees.allStatuses')}
            value={resigned}
            onChange={filter(setResigned)}
          />
        </div>
        <DataTable
          caption={t('routes.employee.list')}
          columns={columns}
          rows={data?.rows ?? []}
          sort={sort}
          onSort={(key) => setSort(nextSort(sort, key))}
          loading={list.isFetching}
          failed={list.isError && !list.data}
          onRetry={() => void list.refetch()}
          empty={t('employees.empty')}
        />
        <Pagination
          page={page}
          pageSize={pageSize}
          total={data?.total ?? 0}
          totalLabel={t(data?.totalCapped ? 'employees.totalCapped' : 'employees.total', { count: data?.total ?? 0 })}
          onPage={setPage}
          onPageSize={setPageSize}
        />
      </Card>
    </>
  );
}
