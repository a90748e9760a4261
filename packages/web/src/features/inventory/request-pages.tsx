import { keepPreviousData } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouterOutputs } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import type { ListCardProps } from '../../ui/ListCard';
import type { ListState } from '../../lib/use-list-state';
import type { Column } from '../../ui/DataTable';
import type { SelectOption } from '../../ui/Select';
import { idOrUndefined } from './InventorySelects';
import {
  EditRequestFrame,
  type RequestKind,
  RequestListCard,
  useEditableRequest,
  useRequestFilters,
  useRequestId,
} from './request-parts';
import './texts';

/**
 * The page kit shared by the purchase and warehouse requests: each page passes its own tRPC
 * procedures (`trpc.inventory.purchaseRequest` or `…warehouseRequest`) and the types they return.
 */

interface Fetched<T> {
  data: T | undefined;
  isFetching: boolean;
  isError: boolean;
}

/** A query by request id. */
interface ById<T> {
  useQuery: (input: { id: number }, opts: { enabled: boolean }) => Fetched<T>;
}

/** What a request's procedures return: its detail, a line of it, a linked purchase order and a goods receipt. */
export interface RequestTypes<K extends RequestKind> {
  Detail: RouterOutputs['inventory'][K]['get'];
  Line: RouterOutputs['inventory'][K]['get']['lineItems'][number];
  Order: RouterOutputs['inventory'][K]['purchaseOrders'][number];
  Receive: RouterOutputs['inventory'][K]['purchaseReceives'][number];
}

/** The request a detail route names (`detail`), with its linked purchase orders and goods receipts. */
export function useRequestDetail<K extends RequestKind>(procs: {
  get: ById<RequestTypes<K>['Detail']>;
  purchaseOrders: ById<readonly RequestTypes<K>['Order'][]>;
  purchaseReceives: ById<readonly RequestTypes<K>['Receive'][]>;
}) {
  const { id, valid } = useRequestId();
  return {
    detail: procs.get.useQuery({ id }, { enabled: valid }),
    orders: procs.purchaseOrders.useQuery({ id }, { enabled: valid }),
    receives: procs.purchaseReceives.useQuery({ id }, { enabled: valid }),
  };
}

interface Updates<V> {
  useMutation: (opts: ReturnType<typeof useEditableRequest>) => { mutate: (input: V) => void; isPending: boolean };
}

/**
 * /inventory/<kind>/{id}/edit: the request (one that may no longer be edited sends the caller to its
 * detail), its title, then `children` (its form): saving updates it, shows "Saved" and opens its detail.
 */
export function RequestEditPage<D extends { number: string; can: { edit: boolean } }, V>({
  kind,
  procs,
  children,
}: {
  kind: RequestKind;
  procs: { get: ById<D>; update: Updates<V & { id: number }> };
  children: (request: D, form: { pending: boolean; onSave: (v: V) => void }) => ReactNode;
}) {
  const { id, valid } = useRequestId();
  const d = procs.get.useQuery({ id }, { enabled: valid }).data;
  const update = procs.update.useMutation(useEditableRequest(kind, id, d));
  return (
    <EditRequestFrame kind={kind} request={d}>
      {(r) => children(r, { pending: update.isPending, onSave: (v) => update.mutate({ id, ...v }) })}
    </EditRequestFrame>
  );
}

/** Whose requests a list shows: the caller's own, their team's, or every request (the warehouse's queue). */
export type RequestView = 'own' | 'team' | 'all';

/** A paged request list query. */
interface Pages<I, R> {
  useQuery: (input: I, opts: { placeholderData: typeof keepPreviousData; enabled: boolean }) => ListCardProps<R>['query'];
}

type ListInput<S> = ListState['query'] & { status: S | undefined; warehouseId: number | undefined };

/**
 * A request list in `view` with its status and warehouse filters (`status` reads the status filter
 * as the query's input). Only the view's query is fetched; the page before stays while the next loads.
 */
export function RequestViewList<S, R extends { id: number }>({
  procs,
  view,
  status,
  allTitle,
  ...card
}: {
  procs: Record<'list' | 'team' | 'all', Pages<ListInput<S>, R>>;
  view: RequestView;
  status: (filter: string) => S | undefined;
  statuses: readonly SelectOption[];
  /** The title of the `all` view. */
  allTitle: string;
  columns: Column<R>[];
}) {
  const { t } = useTranslation();
  const f = useRequestFilters();
  const input = { ...f.list.query, status: status(f.status), warehouseId: idOrUndefined(f.warehouseId) };
  const own = procs.list.useQuery(input, { placeholderData: keepPreviousData, enabled: view === 'own' });
  const team = procs.team.useQuery(input, { placeholderData: keepPreviousData, enabled: view === 'team' });
  const all = procs.all.useQuery(input, { placeholderData: keepPreviousData, enabled: view === 'all' });
  return (
    <RequestListCard
      {...card}
      title={view === 'team' ? t('inv.teamRequests') : view === 'all' ? allTitle : t('inv.myRequests')}
      filters={f}
      query={view === 'team' ? team : view === 'all' ? all : own}
    />
  );
}

/** /inventory/<kind>/team: the title, then the kind's request list (`List`) in the team view. */
export function RequestTeamPage({ kind, List }: { kind: RequestKind; List: ComponentType<{ view: RequestView }> }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(`routes.inventory.${kind}Team`)}</PageTitle>
      <List view="team" />
    </>
  );
}
