import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { fieldErrorText } from '../../lib/field-error-text';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { type ListState, useListState } from '../../lib/use-list-state';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { LinkButton } from '../../ui/LinkButton';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import type { SelectOption } from '../../ui/Select';
import { FilterSelect } from '../shared/approvals/FilterSelect';
import { SearchListCard } from '../shared/approvals/SearchListCard';
import { DownloadButton } from './DownloadButton';
import { digitsOnly, WarehouseSelect } from './InventorySelects';
import './texts';
import { linkColumn } from '../../ui/link-column';
import { toastThen } from '../../lib/toast-then';

/** The two kinds of inventory request: their routes are `/inventory/<kind>/…`. */
export type RequestKind = 'warehouseRequest' | 'purchaseRequest';

/** A request list page's title with its "Add" link. */
export function RequestPageTitle({ kind }: { kind: RequestKind }) {
  const { t } = useTranslation();
  return (
    <PageTitle actions={<LinkButton to={`/inventory/${kind}/add`}>{t('inv.add')}</LinkButton>}>
      {t(`routes.inventory.${kind}`)}
    </PageTitle>
  );
}

/** Status and warehouse filters of a request list (with its search and paging). */
export function useRequestFilters() {
  const list = useListState();
  const { value: status, set: setStatus } = list.param('status');
  const { value: warehouseId, set: setWarehouseId } = list.param('warehouse');
  return { list, status, setStatus, warehouseId, setWarehouseId };
}

interface RequestRow {
  id: number;
  number: string;
  requester: { name: string };
  warehouse: string;
}

/** The number (a link to the detail), requester and warehouse columns every request list starts with. */
export function useRequestLeadColumns<R extends RequestRow>(kind: RequestKind): Column<R>[] {
  const { t } = useTranslation();
  return [
    linkColumn(
      'number',
      t('inv.number'),
      (r) => `/inventory/${kind}/${r.id}/detail`,
      (r) => r.number,
    ),
    { key: 'requester', header: t('inv.requester'), cell: (r) => r.requester.name },
    { key: 'warehouse', header: t('inv.warehouse'), cell: (r) => r.warehouse },
  ];
}

/** A request list with its status and warehouse filters. */
export function RequestListCard<R extends { id: number }>({
  filters: f,
  statuses,
  ...card
}: {
  filters: ReturnType<typeof useRequestFilters> & { list: ListState };
  statuses: readonly SelectOption[];
  title: string;
  query: Parameters<typeof SearchListCard<R>>[0]['query'];
  columns: Column<R>[];
}) {
  const { t } = useTranslation();
  return (
    <SearchListCard
      {...card}
      list={f.list}
      filters={
        <>
          <FilterSelect
            label={t('inv.status')}
            all={t('inv.allStatuses')}
            value={f.status}
            onChange={f.list.filter(f.setStatus)}
            options={statuses}
          />
          <WarehouseSelect
            aria-label={t('inv.warehouse')}
            placeholder={t('inv.allWarehouses')}
            value={f.warehouseId}
            onChange={f.list.filter(f.setWarehouseId)}
          />
        </>
      }
      empty={t('inv.empty')}
    />
  );
}

/** A titled card holding one table of a request's detail (keyed by id; "None" when empty). */
export function TableCard<R extends { id: number | string }>({
  title,
  columns,
  rows,
  loading,
}: {
  title: string;
  columns: Column<R>[];
  rows: readonly R[];
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} className="mt-4">
      <DataTable columns={columns} rows={rows} {...(loading === undefined ? {} : { loading })} empty={t('inv.none')} />
    </Card>
  );
}

/** A request detail's actions: the PDF, `first`, Edit and Cancel (when allowed), then the decisions and the rest. */
export function RequestActions({
  kind,
  id,
  can,
  cancel,
  fetchFile,
  first,
  children,
}: {
  kind: RequestKind;
  id: number;
  can: { edit: boolean; cancel: boolean };
  cancel: { mutate: (input: { id: number }) => void; isPending: boolean };
  fetchFile: Parameters<typeof DownloadButton>[0]['fetchFile'];
  first?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <DownloadButton fetchFile={fetchFile} />
      {first}
      {can.edit ? (
        <LinkButton to={`/inventory/${kind}/${id}/edit`} variant="secondary">
          {t('inv.edit')}
        </LinkButton>
      ) : null}
      {can.cancel ? (
        <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate({ id })}>
          {t('inv.cancelRequest')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}

export interface ReceiveRow {
  id: number;
  number: string;
  purchaseOrderNumber: string;
  receivedDate: string;
  lines: readonly { name: string; quantity: string | number; unit: string }[];
}

/** The columns of a request's goods receipts. */
export function useReceiveColumns<R extends ReceiveRow>(): Column<R>[] {
  const { t } = useTranslation();
  return [
    { key: 'number', header: t('inv.number'), cell: (r) => r.number },
    { key: 'order', header: t('inv.linkedOrders'), cell: (r) => r.purchaseOrderNumber },
    { key: 'date', header: t('inv.receivedDate'), cell: (r) => formatIsoDate(r.receivedDate) },
    { key: 'lines', header: t('inv.lines'), cell: (r) => r.lines.map((l) => `${l.name}: ${l.quantity} ${l.unit}`).join(', ') },
  ];
}

/** The `{id}` of a request route; `valid` is false for anything but a positive whole number. */
export function useRequestId() {
  const id = Number(useParams().id);
  return { id, valid: Number.isInteger(id) && id > 0 };
}

/** Options of a request form's save: "Saved", the inventory lists refreshed, then the request's detail. */
export function useSaveAndOpen(kind: RequestKind, scope: 'kind' | 'all' = 'kind') {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  return {
    meta: { successMessage: 'server' as const },
    onSuccess: (r: { id: number }) => {
      void (scope === 'all' ? utils.inventory.invalidate() : utils.inventory[kind].invalidate());
      void navigate(`/inventory/${kind}/${r.id}/detail`);
    },
  };
}

/**
 * The request an edit route opens (`d`): one that may no longer be edited sends the caller to its
 * detail. Returns the options of its update: "Saved", the lists refreshed, then the detail.
 */
export function useEditableRequest<D extends { can: { edit: boolean } }>(kind: RequestKind, id: number, d: D | undefined) {
  const navigate = useNavigate();
  const saved = useSaveAndOpen(kind);
  useEffect(() => {
    if (d && !d.can.edit) void navigate(`/inventory/${kind}/${id}/detail`, { replace: true });
  }, [d, id, kind, navigate]);
  return { ...saved, onSuccess: () => saved.onSuccess({ id }) };
}

/**
 * An edit page: a spinner until the request (`request`) is loaded, then its title ("Edit purchase
 * request PR-000012") and `children` (its form).
 */
export function EditRequestFrame<D extends { number: string }>({
  kind,
  request,
  children,
}: {
  kind: RequestKind;
  request: D | undefined;
  children: (request: D) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!request) return <Spinner label={t('app.loading')} />;
  return (
    <>
      <PageTitle>
        {t(`routes.inventory.${kind}Edit`)} {request.number}
      </PageTitle>
      {children(request)}
    </>
  );
}

/**
 * A request detail's mutation options and decision dialog: `refreshed` shows "Saved" and refreshes
 * the inventory queries; `decided` also closes the approve/reject dialog (`deciding`).
 */
export function useDetailActions() {
  const utils = trpc.useUtils();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const refresh = () => void utils.inventory.invalidate();
  return {
    deciding,
    setDeciding,
    refreshed: toastThen(refresh),
    decided: toastThen(() => {
      setDeciding(null);
      refresh();
    }),
  };
}

/** One labelled value of a request's summary. */
export function Info({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** A request's summary card: requester and warehouse, then `children` (more `Info`), then `after`. */
export function RequestSummary({
  request,
  children,
  after,
}: {
  request: { requester: { name: string }; warehouse: string };
  children: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <Info label={t('inv.requester')} value={request.requester.name} />
        <Info label={t('inv.warehouse')} value={request.warehouse} />
        {children}
      </dl>
      {after}
    </Card>
  );
}

export interface OrderRow {
  id: number;
  number: string;
  supplier: string;
}

/** The number and supplier columns a request's purchase orders start with. */
export function useOrderLeadColumns<O extends OrderRow>(): Column<O>[] {
  const { t } = useTranslation();
  return [
    { key: 'number', header: t('inv.number'), cell: (o) => o.number },
    { key: 'supplier', header: t('inv.supplier'), cell: (o) => o.supplier },
  ];
}

/** The PDF of a purchase order ("Download PO-…"). */
export function OrderDownloadButton({ order }: { order: OrderRow }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  return (
    <DownloadButton
      size="sm"
      variant="ghost"
      label={`${t('inv.download')} ${order.number}`}
      fetchFile={() => utils.inventory.purchaseOrder.download.fetch({ id: order.id })}
    />
  );
}

interface Fetched<R> {
  data: readonly R[] | undefined;
  isFetching: boolean;
}

/** A request's linked purchase orders and goods receipts. */
export function LinkedPurchasing<O extends { id: number }, R extends { id: number }>({
  orders,
  orderColumns,
  receives,
  receiveColumns,
}: {
  orders: Fetched<O>;
  orderColumns: Column<O>[];
  receives: Fetched<R>;
  receiveColumns: Column<R>[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <TableCard title={t('inv.linkedOrders')} columns={orderColumns} rows={orders.data ?? []} loading={orders.isFetching} />
      <TableCard
        title={t('inv.linkedReceives')}
        columns={receiveColumns}
        rows={receives.data ?? []}
        loading={receives.isFetching}
      />
    </>
  );
}

/**
 * The one notice of a dialog's checks: `fail(id, msg)` shows `msg` at the field with that id and
 * focuses it, `clear()` removes it, `err(id)` is the field's notice (or undefined).
 */
export function useFieldNotice() {
  const [invalid, setInvalid] = useState<{ id: string; msg: string } | null>(null);
  return {
    fail: (id: string, msg: string) => {
      setInvalid({ id, msg });
      document.getElementById(id)?.focus();
    },
    clear: () => setInvalid(null),
    err: (id: string) => (invalid?.id === id ? invalid.msg : undefined),
  };
}

/**
 * A whole-number box in a line of an order or receive dialog (named by `label`, digits only), with
 * its message under it when `message` is given.
 */
export function LineNumberInput({
  id,
  label,
  value,
  invalid,
  message,
  onValue,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  message?: string | undefined;
  onValue: (digits: string) => void;
}) {
  return (
    <>
      <TextInput
        id={id}
        aria-label={label}
        inputMode="numeric"
        value={value}
        invalid={invalid}
        onChange={(e) => onValue(digitsOnly(e.target.value))}
      />
      {message ? (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {fieldErrorText(message)}
        </p>
      ) : null}
    </>
  );
}

/**
 * The lines of an order or receive dialog: per line its item, what is still open (`open`, in the
 * line's unit, under `openHeader`), then one cell per input column (`inputs`).
 */
export function DialogLinesTable<L extends { name: string; unit: string }>({
  lines,
  rowKey,
  openHeader,
  open,
  inputs,
}: {
  lines: readonly L[];
  rowKey: (line: L) => number;
  openHeader: string;
  open: (line: L) => number;
  inputs: { header: string; cell: (line: L, i: number) => ReactNode }[];
}) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-slate-500">
          {[t('inv.item'), openHeader, ...inputs.map((c) => c.header)].map((h) => (
            <th key={h} className="py-1 font-medium">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={rowKey(l)} className="align-top">
            <td className="py-1 pr-2">{l.name}</td>
            <td className="py-1 pr-2 whitespace-nowrap">
              {open(l)} {l.unit}
            </td>
            {inputs.map((c, j) => (
              <td key={c.header} className={j === inputs.length - 1 ? 'py-1' : 'py-1 pr-2'}>
                {c.cell(l, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
