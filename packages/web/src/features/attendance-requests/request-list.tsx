import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../../lib/format';
import { type ListState, useListState } from '../../lib/use-list-state';
import type { Column } from '../../ui/DataTable';
import { RowActionButton } from '../../ui/RowActionButton';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { OfficeDepartmentFilter } from '../shared/approvals/OfficeDepartmentFilter';
import { PeriodFilter } from '../shared/approvals/PeriodFilter';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import {
  BulkBar,
  type BulkOutcome,
  DAY_KIND_OPTIONS,
  notifyBulk,
  STATUS_OPTIONS,
  StatusBadge,
  selectColumn,
  TYPE_OPTIONS,
  timesOf,
  useSelection,
} from './shared';
import './texts';
import { enumLabel } from '../../lib/enum-labels';

type Selection = ReturnType<typeof useSelection>;

/** The filter values every request list has: status, a kind (correction type or day type) and the period. */
function useBaseFilters(list: ListState, initialStatus: string, onChange?: () => void) {
  // Kept in the URL with the list's page (lib/use-list-state), so Back shows the list as it was.
  const { value: status, set: setStatus } = list.param('status', initialStatus);
  const { value: kind, set: setKind } = list.param('kind');
  const { value: from, set: setFrom } = list.param('from');
  const { value: to, set: setTo } = list.param('to');
  /** A filter change also runs `onChange` (an approver's list drops the selection: the rows change). */
  const also = (setter: (v: string) => void) => (v: string) => {
    setter(v);
    onChange?.();
  };
  const filter = (setter: (v: string) => void, ...resets: ((v: string) => void)[]) => list.filter(also(setter), ...resets);
  return { status, setStatus, kind, setKind, from, setFrom, to, setTo, filter };
}

/** The query input of the base filters (only those set). */
const baseInput = (f: { status: string; from: string; to: string }) => ({
  ...(f.status ? { status: Number(f.status) } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

/**
 * State of an approver's request list: paging and search, the filters (Pending first; office and
 * department too), the rows picked for a bulk action (dropped on any filter change) and the open row.
 */
export function useApprovalList() {
  const list = useListState();
  const sel = useSelection();
  const base = useBaseFilters(list, '3', sel.clear);
  const { value: officeId, set: setOfficeId } = list.param('office');
  const { value: departmentId, set: setDepartmentId } = list.param('department');
  const [open, setOpen] = useState<number | null>(null);
  return {
    list,
    sel,
    ...base,
    officeId,
    setOfficeId,
    departmentId,
    setDepartmentId,
    open,
    setOpen,
    input: {
      ...list.query,
      ...baseInput(base),
      ...(officeId ? { companyOfficeId: Number(officeId) } : {}),
      ...(departmentId ? { departmentId: Number(departmentId) } : {}),
    },
  };
}

/** State of the employee's own request list (10 a page, every status). */
export function useMyRequestList() {
  const list = useListState(10);
  const base = useBaseFilters(list, '');
  const [open, setOpen] = useState<number | null>(null);
  return { list, ...base, open, setOpen, input: { ...list.query, ...baseInput(base) } };
}

type BaseFilters = ReturnType<typeof useBaseFilters>;

/** Status, kind (correction type or overtime day type), office and department (approver lists) and period filters. */
function RequestFilters({
  state,
  kind,
}: {
  state: BaseFilters &
    Partial<Pick<ReturnType<typeof useApprovalList>, 'officeId' | 'setOfficeId' | 'departmentId' | 'setDepartmentId'>>;
  kind: 'type' | 'dayType' | undefined;
}) {
  const { t } = useTranslation();
  const f = state;
  const kinds = {
    type: { label: t('attreq.type'), all: t('attreq.allTypes'), options: TYPE_OPTIONS },
    dayType: { label: t('attreq.dayType'), all: t('attreq.allDayTypes'), options: DAY_KIND_OPTIONS },
  };
  return (
    <>
      <FilterSelect
        label={t('attreq.status')}
        all={t('attreq.allStatuses')}
        value={f.status}
        onChange={f.filter(f.setStatus)}
        options={STATUS_OPTIONS}
      />
      {kind ? <FilterSelect {...kinds[kind]} value={f.kind} onChange={f.filter(f.setKind)} /> : null}
      {f.setOfficeId && f.setDepartmentId ? (
        <OfficeDepartmentFilter
          officeLabel={t('attreq.allOffices')}
          allOffices={t('attreq.allOffices')}
          departmentLabel={t('attreq.department')}
          allDepartments={t('attreq.allDepartments')}
          officeId={f.officeId ?? ''}
          departmentId={f.departmentId ?? ''}
          onOffice={f.filter(f.setOfficeId, f.setDepartmentId)}
          onDepartment={f.filter(f.setDepartmentId)}
        />
      ) : null}
      <PeriodFilter
        fromLabel={t('attreq.from')}
        toLabel={t('attreq.to')}
        from={f.from}
        to={f.to}
        onFrom={f.filter(f.setFrom)}
        onTo={f.filter(f.setTo)}
      />
    </>
  );
}

/** A request list card with its filters, under the approver's bulk bar (when given). */
export function RequestListCard<R extends { id: number }>({
  state,
  kind,
  bulk,
  ...card
}: {
  state: Parameters<typeof RequestFilters>[0]['state'] & { list: ListState; sel?: Selection };
  kind?: 'type' | 'dayType';
  bulk?: BulkMutations | null;
  title: string;
  query: Parameters<typeof SearchListCard<R>>[0]['query'];
  columns: Column<R>[];
  empty: string;
}) {
  return (
    <>
      {bulk && state.sel ? <RequestBulkBar sel={state.sel} rows={card.query.data?.rows ?? []} {...bulk} /> : null}
      <SearchListCard {...card} list={state.list} filters={<RequestFilters state={state} kind={kind} />} />
    </>
  );
}

/** A bulk procedure of a request router (tRPC mutation). */
interface BulkMutation {
  mutate: (input: { ids: number[] }) => void;
  isPending: boolean;
}

/** The `onSuccess` of a bulk action: the outcome toast, selection cleared, the router's lists refreshed. */
export function useBulkDone(sel: Selection, invalidate: () => Promise<unknown>) {
  const { t } = useTranslation();
  return (r: BulkOutcome) => {
    notifyBulk(r, t('attreq.bulkDone', { done: r.done, failed: r.failed }));
    sel.clear();
    void invalidate();
  };
}

interface BulkMutations {
  approve: BulkMutation;
  disapprove: BulkMutation;
  cancel?: BulkMutation;
  remove: BulkMutation;
}

/** Approve, disapprove, (cancel,) delete over the rows picked (delete asks first). */
function RequestBulkBar({
  sel,
  rows,
  approve,
  disapprove,
  cancel,
  remove,
}: BulkMutations & { sel: Selection; rows: readonly { id: number }[] }) {
  const { t } = useTranslation();
  const ids = sel.ids;
  return (
    <BulkBar
      count={ids.length}
      actions={[
        { label: t('attreq.approve'), variant: 'primary', busy: approve.isPending, onClick: () => approve.mutate({ ids }) },
        { label: t('attreq.disapprove'), busy: disapprove.isPending, onClick: () => disapprove.mutate({ ids }) },
        ...(cancel ? [{ label: t('attreq.cancel'), busy: cancel.isPending, onClick: () => cancel.mutate({ ids }) }] : []),
        {
          label: t('attreq.delete'),
          variant: 'danger',
          busy: remove.isPending,
          onClick: () => {
            if (window.confirm(t('attreq.confirmDelete'))) remove.mutate({ ids });
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
  );
}

interface RequestRow {
  id: number;
  date: string;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  startTime: string | null;
  endTime: string | null;
  reason: string;
  status: number;
  statusLabel: string;
}

interface HoursRow {
  hours: string;
  approvedHours: string | null;
}

/** The columns the request lists share, to compose per list. */
export function useRequestColumns<R extends RequestRow>() {
  const { t } = useTranslation();
  const date: Column<R> = {
    key: 'date',
    header: t('attreq.date'),
    cell: (r) => formatIsoDate(r.date),
    className: 'whitespace-nowrap',
  };
  const employee: Column<R>[] = [
    { key: 'employee', header: t('attreq.employee'), cell: (r) => `${r.employeeNumber} ${r.employeeName}` },
    { key: 'department', header: t('attreq.department'), cell: (r) => r.department ?? '-' },
  ];
  const times: Column<R> = { key: 'times', header: t('attreq.times'), cell: (r) => timesOf(r), className: 'whitespace-nowrap' };
  const reason: Column<R> = { key: 'reason', header: t('attreq.reason'), cell: (r) => r.reason };
  const status = (testId?: (r: R) => string): Column<R> => ({
    key: 'status',
    header: t('attreq.status'),
    cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} {...(testId ? { testId: testId(r) } : {})} />,
  });
  const details = (onOpen: (id: number) => void): Column<R> => ({
    key: 'open',
    header: '',
    cell: (r) => <RowActionButton label={t('attreq.details')} of={`#${r.id}`} variant="secondary" onClick={() => onOpen(r.id)} />,
  });
  const select = (sel: Selection): Column<R>[] => [selectColumn<R>(sel, t('attreq.select'))];
  return { select, date, employee, times, reason, status, details };
}

/**
 * The columns of an overtime list after the date (and, on HR's list, the employee): day type, times,
 * planned and approved hours, reason, status and the details button (`onOpen`).
 */
export function useOvertimeColumns<R extends RequestRow & HoursRow & { dayType: string; dayTypeLabel: string }>(
  onOpen: (id: number) => void,
): Column<R>[] {
  const { t } = useTranslation();
  const c = useRequestColumns<R>();
  return [
    { key: 'dayType', header: t('attreq.dayType'), cell: (r) => enumLabel('overtimeDayKind', r.dayType, r.dayTypeLabel) },
    c.times,
    { key: 'hours', header: t('attreq.plannedHours'), cell: (r) => r.hours, className: 'text-right tabular-nums' },
    {
      key: 'approved',
      header: t('attreq.approvedHours'),
      cell: (r) => r.approvedHours ?? '-',
      className: 'text-right tabular-nums',
    },
    c.reason,
    c.status(),
    c.details(onOpen),
  ];
}
