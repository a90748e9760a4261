import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type StatusChange, statusChangeColumns } from '../shared/status-history';
import type { z } from 'zod';
import { audit } from '../audit/index';
import type { Actor } from '../access/index';
import { type Decision, decisionRefusal } from '../access/index';
import { type Grant, hasPermission } from '../access/index';
import { approvalRoute, checkDuties, transition } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { userName } from '../shared/employee-sql';
import { AppError, invalid } from '../shared/errors';
import { assertPlausibleDates } from '../shared/plausible-date';
import type { Page, In } from '../shared/zod';
import {
  type InventoryReader,
  notOwnNeed,
  notPriorPurchaseDecider,
  ownRequest,
  purchaseRequestVisible,
  teamRequest,
  tierActsOn,
} from './access';
import { requestLineName, requestLineNameColumns } from './request-lines';
import { attachmentsOf } from './attachments';
import { companyToday } from './catalogue';
import {
  changeOwnRequest,
  requesterColumns,
  type RequestListFilter,
  requestColumns,
  requesterOf,
  requestPage,
  unknownRefs,
} from './requests';
import { defined } from '../shared/patch';
import {
  APPROVAL_STATUS,
  APPROVAL_TIER_LABELS,
  APPROVAL_TIER_PERMISSION,
  APPROVAL_TIERS,
  type ApprovalStatus,
  type ApprovalTier,
  catalogueIdInput,
  createPurchaseRequestInput,
  decisionInput,
  documentNumber,
  listApprovalsInput,
  listPurchaseRequestsInput,
  PURCHASE_REQUEST_STATUS_LABELS,
  type PurchaseRequestDetail,
  type PurchaseRequestLine,
  type PurchaseRequestRow,
  type PurchaseRequestStatus,
  type PurchaseRequestStep,
  raisePurchaseRequestInput,
  REQUEST_STATUS,
  REQUEST_STATUS_LABELS,
  type RequestStatus,
  TIER_PENDING,
  updatePurchaseRequestInput,
  variantLabel,
} from './schema';

type Request = Grant<'inventory.request'>;
type View = Grant<'inventory.view'>;
type Manage = Grant<'inventory.manage'>;
type TierGrant<T extends ApprovalTier> = Grant<(typeof APPROVAL_TIER_PERMISSION)[T]>;
type LineInput = z.output<typeof createPurchaseRequestInput>['lines'][number];

/** The route (spec §4): managerial → warehouse → COO, each tier's step waiting in its pending status. */
const ROUTE = approvalRoute(APPROVAL_TIERS, TIER_PENDING, 'approved');

const notFound = () => new AppError('NOT_FOUND', 'Purchase request not found');

function base(db: Db) {
  return db
    .selectFrom('inventory_purchase_requests as r')
    .innerJoin('users as ru', 'ru.id', 'r.requester_user_id')
    .leftJoin('employees as e', 'e.id', 'r.requester_employee_id')
    .innerJoin('inventory_warehouses as w', 'w.id', 'r.warehouse_id');
}

const rowColumns = [
  ...requestColumns,
  'r.warehouse_request_id as warehouseRequestId',
  'r.note',
  'r.created_at as createdAt',
  sql<number>`(select count(*)::int from inventory_purchase_request_lines l where l.purchase_request_id = r.id)`.as('lines'),
  // quantity × estimated price summed in numeric: integer rupiah, exact (can exceed bigint).
  sql<string>`(select coalesce(sum(l.quantity::numeric * l.estimated_price), 0)::text
    from inventory_purchase_request_lines l where l.purchase_request_id = r.id)`.as('estimatedTotal'),
  sql<string | null>`(select string_agg(h.tier, ',') from inventory_purchase_request_history h
    where h.purchase_request_id = r.id and h.action = 'approved')`.as('approvedTiers'),
  sql<string | null>`(select max(h.tier) from inventory_purchase_request_history h
    where h.purchase_request_id = r.id and h.action = 'rejected')`.as('rejectedTier'),
] as const;

interface RawRow {
  id: number;
  status: PurchaseRequestStatus;
  requesterUserId: number;
  requesterEmployeeId: number | null;
  requesterName: string;
  warehouseId: number;
  warehouse: string;
  warehouseRequestId: number | null;
  note: string | null;
  createdAt: Date;
  lines: number;
  estimatedTotal: string;
  approvedTiers: string | null;
  rejectedTier: string | null;
}

function toRow(r: RawRow): PurchaseRequestRow {
  const approved = new Set((r.approvedTiers ?? '').split(',').filter(Boolean));
  const approval = Object.fromEntries(
    APPROVAL_TIERS.map((t): [ApprovalTier, ApprovalStatus] => [
      t,
      approved.has(t) ? APPROVAL_STATUS.Approved : r.rejectedTier === t ? APPROVAL_STATUS.Disapproved : APPROVAL_STATUS.Pending,
    ]),
  ) as Record<ApprovalTier, ApprovalStatus>;
  return {
    id: r.id,
    number: documentNumber('PR', r.id),
    status: r.status,
    statusLabel: PURCHASE_REQUEST_STATUS_LABELS[r.status],
    approval,
    requester: requesterOf(r),
    warehouseId: r.warehouseId,
    warehouse: r.warehouse,
    warehouseRequestId: r.warehouseRequestId,
    warehouseRequestNumber: r.warehouseRequestId === null ? null : documentNumber('WR', r.warehouseRequestId),
    note: r.note,
    lines: r.lines,
    estimatedTotal: r.estimatedTotal,
    createdAt: r.createdAt,
  };
}

async function listWhere(
  db: Db,
  where: RawBuilder<SqlBool>,
  f: RequestListFilter & { status?: PurchaseRequestStatus | undefined },
): Promise<Page<PurchaseRequestRow>> {
  return requestPage(base(db).where(where).select(rowColumns), 'PR', f, (r) => toRow(r as RawRow));
}

/** The caller's own purchase requests. */
export async function listMyPurchaseRequests(ctx: Ctx, grant: Request, raw: In<typeof listPurchaseRequestsInput>) {
  return listWhere(ctx.db, ownRequest(grant.actor), listPurchaseRequestsInput.parse(raw));
}

/** Requests of the people in the caller's scope (spec purchase-requests/team). */
export async function listTeamPurchaseRequests(ctx: Ctx, grant: View, raw: In<typeof listPurchaseRequestsInput>) {
  return listWhere(ctx.db, teamRequest(grant.actor), listPurchaseRequestsInput.parse(raw));
}

/** Every purchase request the caller may open (warehouse staff: all of them). */
export async function listAllPurchaseRequests(ctx: Ctx, grant: Manage, raw: In<typeof listPurchaseRequestsInput>) {
  return listWhere(ctx.db, purchaseRequestVisible(grant.actor), listPurchaseRequestsInput.parse(raw));
}

/**
 * Requests waiting for the given tier that the caller may act on. FORBIDDEN without the tier's
 * permission (the managerial tier sees its own scope; warehouse and COO see all).
 */
export async function listPurchaseRequestApprovals(ctx: Ctx, grant: InventoryReader, raw: In<typeof listApprovalsInput>) {
  const f = listApprovalsInput.parse(raw);
  const actor = grant.actor;
  if (!hasPermission(actor, APPROVAL_TIER_PERMISSION[f.tier]))
    throw new AppError('FORBIDDEN', `You do not hold the ${APPROVAL_TIER_LABELS[f.tier]} approval`);
  // Never the caller's own requests, nor those whose earlier tier they decided (purchaseDecisions).
  return listWhere(
    ctx.db,
    sql<SqlBool>`(${tierActsOn(actor, f.tier)} and ${notOwnNeed(actor)} and ${notPriorPurchaseDecider(actor)})`,
    {
      ...f,
      status: TIER_PENDING[f.tier],
    },
  );
}

/** Purchase requests linked to one warehouse request (any reader of that request sees them). */
export async function purchaseRequestsOfWarehouseRequest(db: Db, warehouseRequestId: number): Promise<PurchaseRequestRow[]> {
  const rows = await base(db)
    .where('r.warehouse_request_id', '=', warehouseRequestId)
    .select(rowColumns)
    .orderBy('r.id')
    .execute();
  return rows.map((r) => toRow(r as RawRow));
}

async function visibleRow(db: Db, actor: Actor, id: number): Promise<RawRow> {
  const row = await base(db).where('r.id', '=', id).where(purchaseRequestVisible(actor)).select(rowColumns).executeTakeFirst();
  if (!row) throw notFound();
  return row as RawRow;
}

/** Whether the actor may take `tier`'s step on a request (permission and, for managerial, scope). */
async function mayActAt(db: Db, actor: Actor, id: number, tier: ApprovalTier): Promise<boolean> {
  if (!hasPermission(actor, APPROVAL_TIER_PERMISSION[tier])) return false;
  const row = await base(db).where('r.id', '=', id).where(tierActsOn(actor, tier)).select('r.id').executeTakeFirst();
  return !!row;
}

async function linesOf(db: Db, id: number): Promise<PurchaseRequestLine[]> {
  const rows = await db
    .selectFrom('inventory_purchase_request_lines as l')
    .innerJoin('inventory_units as u', 'u.id', 'l.unit_id')
    .select([
      'l.id',
      'l.kind',
      'l.variant_id as variantId',
      'l.service_id as serviceId',
      ...requestLineNameColumns,
      'l.unit_id as unitId',
      'u.name as unit',
      'l.quantity',
      'l.estimated_price as estimatedPrice',
      sql<string>`(l.quantity::numeric * l.estimated_price)::text`.as('estimatedAmount'),
      'l.needed_by as neededBy',
      'l.reason',
      sql<number>`(select coalesce(sum(ol.quantity), 0)::int from inventory_purchase_order_lines ol
        where ol.purchase_request_line_id = l.id)`.as('orderedQuantity'),
    ])
    .where('l.purchase_request_id', '=', id)
    .orderBy('l.position')
    .execute();
  return rows.map(({ itemName, variantName, serviceName, ...r }) => ({
    ...r,
    name: requestLineName({ kind: r.kind, itemName, variantName, serviceName }),
    variant: r.kind === 'item' ? variantLabel(variantName) : null,
  }));
}

async function historyOf(db: Db, id: number): Promise<PurchaseRequestStep[]> {
  const rows = await db
    .selectFrom('inventory_purchase_request_history as h')
    .innerJoin('users as u', 'u.id', 'h.actor_user_id')
    .leftJoin('employees as e', 'e.id', 'u.employee_id')
    .select([
      'h.id',
      'h.action',
      'h.tier',
      'h.from_status as fromStatus',
      'h.to_status as toStatus',
      'h.note',
      'h.actor_user_id as actorUserId',
      userName().as('actor'),
      'h.created_at as at',
    ])
    .where('h.purchase_request_id', '=', id)
    .orderBy('h.id')
    .execute();
  return rows;
}

/** One request with lines, approval history and what the caller may do now. */
export async function getPurchaseRequest(
  ctx: Ctx,
  grant: InventoryReader,
  raw: In<typeof catalogueIdInput>,
): Promise<PurchaseRequestDetail> {
  const { id } = catalogueIdInput.parse(raw);
  const actor = grant.actor;
  const row = toRow(await visibleRow(ctx.db, actor, id));
  const [lineItems, history, attachments] = await Promise.all([
    linesOf(ctx.db, id),
    historyOf(ctx.db, id),
    attachmentsOf(ctx.db, id),
  ]);
  const own = row.requester.userId === actor.userId;
  const tier = ROUTE.stepOf(row.status);
  const holdsTier = tier !== null && (await mayActAt(ctx.db, actor, id, tier));
  // The screen hides the buttons and says why when the approval helper would refuse.
  const approveRefusal = holdsTier
    ? await decisionRefusal(checkDuties(ctx.db, actor, (await purchaseDecisions(ctx.db, id)).all))
    : null;
  const approve = holdsTier && approveRefusal === null ? tier : null;
  const editable = own && row.status === 'pending_managerial';
  const manage = hasPermission(actor, 'inventory.manage');
  return {
    ...row,
    lineItems,
    history,
    attachments,
    can: {
      edit: editable,
      cancel: own && tier !== null,
      approve,
      approveRefusal,
      attach: editable,
      order: manage && row.status === 'approved' && lineItems.some((l) => l.orderedQuantity < l.quantity),
      receive: manage,
    },
  };
}

/**
 * Segregation of duties (docs/security.md) for one tier's step, as the approval kit checks them:
 * never the actor's own request (they filed it, it is about their employee record, or — raised for
 * a warehouse request — they asked for the goods), never a second tier of one request by the same
 * person, never after their manager relation to the requester changed after filing. `own` holds
 * only "never one's own" (it holds whatever the request's status); `all` every rule.
 */
async function purchaseDecisions(db: Db, id: number): Promise<{ own: Decision[]; all: Decision[] }> {
  const r = await db
    .selectFrom('inventory_purchase_requests as r')
    .leftJoin('inventory_warehouse_requests as wr', 'wr.id', 'r.warehouse_request_id')
    .select([
      'r.requester_user_id as requesterUserId',
      'r.created_at as filedAt',
      'wr.requester_user_id as needUserId',
      sql<number | null>`coalesce(wr.requester_employee_id, r.requester_employee_id)`.as('subjectEmployeeId'),
      sql<number[]>`array(select h.actor_user_id from inventory_purchase_request_history h
        where h.purchase_request_id = r.id and h.tier is not null and h.action in ('approved', 'rejected'))`.as('priorDeciders'),
    ])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
  const what = 'purchase request';
  // The one who asked for the goods in the linked warehouse request is its requester too.
  const need: Decision[] = r.needUserId !== null ? [{ what, requestedByUserId: r.needUserId }] : [];
  const own: Decision = { what, requestedByUserId: r.requesterUserId, subjectEmployeeId: r.subjectEmployeeId };
  return {
    own: [...need, own],
    all: [...need, { ...own, filedAt: r.filedAt, priorDeciderUserIds: r.priorDeciders }],
  };
}

/** GL0001 naming each unknown warehouse, item variant, service or unit. */
async function checkRefs(db: Db, warehouseId: number | undefined, lines: LineInput[] | undefined): Promise<void> {
  const { fields, variants } = await unknownRefs(db, warehouseId, lines);
  if (lines?.length) {
    const ids = (k: 'serviceId' | 'unitId') => [...new Set(lines.map((l) => l[k]).filter((v): v is number => !!v))];
    const known = async (table: 'inventory_services' | 'inventory_units', list: number[]) =>
      new Set(list.length ? (await db.selectFrom(table).select('id').where('id', 'in', list).execute()).map((r) => r.id) : []);
    const [services, units] = await Promise.all([
      known('inventory_services', ids('serviceId')),
      known('inventory_units', ids('unitId')),
    ]);
    lines.forEach((l, i) => {
      if (l.variantId && !variants.has(l.variantId))
        fields.push({ param: `lines.${i}.variantId`, msg: 'is not a known item variant' });
      if (l.serviceId && !services.has(l.serviceId))
        fields.push({ param: `lines.${i}.serviceId`, msg: 'is not a known service' });
      if (!units.has(l.unitId)) fields.push({ param: `lines.${i}.unitId`, msg: 'is not a known unit' });
    });
  }
  if (fields.length) throw invalid(fields);
}

/** GL0001 naming each line whose needed-by date is outside 01/01/2000 … today + 1 year. */
function assertPlausibleNeeds(ctx: Ctx, lines: LineInput[] | undefined): void {
  assertPlausibleDates(
    companyToday(ctx),
    (lines ?? []).map((l, i) => ({ param: `lines.${i}.neededBy`, value: l.neededBy })),
  );
}

async function insertLines(db: Db, requestId: number, lines: LineInput[]): Promise<void> {
  await db
    .insertInto('inventory_purchase_request_lines')
    .values(
      lines.map((l, i) => ({
        purchase_request_id: requestId,
        position: i + 1,
        kind: l.kind,
        variant_id: l.kind === 'item' ? (l.variantId ?? null) : null,
        service_id: l.kind === 'service' ? (l.serviceId ?? null) : null,
        unit_id: l.unitId,
        quantity: l.quantity,
        estimated_price: l.estimatedPrice,
        needed_by: l.neededBy,
        reason: l.reason,
      })),
    )
    .execute();
}

async function record(
  db: Db,
  actor: Actor,
  id: number,
  step: StatusChange<PurchaseRequestStep['action'], PurchaseRequestStatus> & { tier?: ApprovalTier | null },
): Promise<void> {
  await db
    .insertInto('inventory_purchase_request_history')
    .values({ purchase_request_id: id, tier: step.tier ?? null, ...statusChangeColumns(actor.userId, step) })
    .execute();
}

async function insertRequest(
  ctx: Ctx,
  trx: Db,
  actor: Actor,
  input: z.output<typeof createPurchaseRequestInput>,
  warehouseRequestId: number | null,
): Promise<number> {
  assertPlausibleNeeds(ctx, input.lines);
  await checkRefs(trx, input.warehouseId, input.lines);
  const row = await trx
    .insertInto('inventory_purchase_requests')
    .values({
      ...requesterColumns(actor),
      warehouse_id: input.warehouseId,
      warehouse_request_id: warehouseRequestId,
      note: input.note ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLines(trx, row.id, input.lines);
  await record(trx, actor, row.id, { action: 'submitted', from: null, to: 'pending_managerial' });
  await audit(ctx, trx, { action: 'create', entity: 'inventory_purchase_request', entityId: row.id, after: input });
  return row.id;
}

/** Submits a purchase request; it waits for managerial approval. */
export async function createPurchaseRequest(ctx: Ctx, grant: Request, raw: In<typeof createPurchaseRequestInput>) {
  const input = createPurchaseRequestInput.parse(raw);
  const id = await inTransaction(ctx, (trx) => insertRequest(ctx, trx, grant.actor, input, null));
  return getPurchaseRequest(ctx, grant, { id });
}

/**
 * The warehouse raises a purchase request for an approved warehouse request it cannot fill from
 * stock; the purchase request is linked to it and shows on its detail.
 */
export async function raisePurchaseRequestForWarehouseRequest(
  ctx: Ctx,
  grant: Manage,
  raw: In<typeof raisePurchaseRequestInput>,
) {
  const { id: warehouseRequestId, ...input } = raisePurchaseRequestInput.parse(raw);
  const id = await inTransaction(ctx, async (trx) => {
    const wr = await trx
      .selectFrom('inventory_warehouse_requests')
      .select(['id', 'status'])
      .where('id', '=', warehouseRequestId)
      .forShare()
      .executeTakeFirst();
    if (!wr) throw new AppError('NOT_FOUND', 'Warehouse request not found');
    if (wr.status !== REQUEST_STATUS.Approved)
      throw new AppError(
        'CONFLICT',
        `A purchase request can be raised only for an approved warehouse request; this one is ${REQUEST_STATUS_LABELS[wr.status as RequestStatus]}`,
      );
    return insertRequest(ctx, trx, grant.actor, input, warehouseRequestId);
  });
  return getPurchaseRequest(ctx, grant, { id });
}

/** Why a conditional update touched no row (NOT_FOUND, FORBIDDEN or CONFLICT naming the status). */
async function explainMiss(db: Db, actor: Actor, id: number, doing: 'edit' | 'cancel'): Promise<AppError> {
  const row = await base(db)
    .where('r.id', '=', id)
    .where(purchaseRequestVisible(actor))
    .select(['r.status', 'r.requester_user_id'])
    .executeTakeFirst();
  if (!row) return notFound();
  if (row.requester_user_id !== actor.userId)
    return new AppError('FORBIDDEN', `Only the requester can ${doing} this purchase request`);
  const label = PURCHASE_REQUEST_STATUS_LABELS[row.status];
  return doing === 'edit'
    ? new AppError(
        'CONFLICT',
        `This purchase request can no longer be edited (${label}); editing is possible only before the first approval`,
      )
    : new AppError('CONFLICT', `This purchase request can no longer be cancelled (${label})`);
}

/** The requester changes a request before its first approval (lines are replaced as a whole). */
export async function updatePurchaseRequest(ctx: Ctx, grant: Request, raw: In<typeof updatePurchaseRequestInput>) {
  const input = updatePurchaseRequestInput.parse(raw);
  assertPlausibleNeeds(ctx, input.lines);
  const actor = grant.actor;
  await inTransaction(ctx, async (trx) => {
    await checkRefs(trx, input.warehouseId, input.lines);
    await changeOwnRequest(trx, 'inventory_purchase_requests', actor, {
      id: input.id,
      from: 'pending_managerial',
      set: defined({ warehouse_id: input.warehouseId, note: input.note }),
      refuse: (trx) => explainMiss(trx, actor, input.id, 'edit'),
    });
    if (input.lines) {
      await trx.deleteFrom('inventory_purchase_request_lines').where('purchase_request_id', '=', input.id).execute();
      await insertLines(trx, input.id, input.lines);
    }
    await record(trx, actor, input.id, { action: 'edited', from: 'pending_managerial', to: 'pending_managerial' });
    await audit(ctx, trx, { action: 'update', entity: 'inventory_purchase_request', entityId: input.id, after: input });
  });
  return getPurchaseRequest(ctx, grant, { id: input.id });
}

/** The requester withdraws a request still waiting for any tier. */
export async function cancelPurchaseRequest(ctx: Ctx, grant: Request, raw: In<typeof catalogueIdInput>) {
  const { id } = catalogueIdInput.parse(raw);
  const actor = grant.actor;
  await inTransaction(ctx, async (trx) => {
    // Lock the row first so the step records the status it really left.
    const current = await trx
      .selectFrom('inventory_purchase_requests')
      .select('status')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    const from = current?.status;
    const refuse = (trx: Db) => explainMiss(trx, actor, id, 'cancel');
    if (!from || !ROUTE.stepOf(from)) throw await refuse(trx);
    // Someone else's request changes nothing (the guard names the requester): refuse says why.
    await changeOwnRequest(trx, 'inventory_purchase_requests', actor, { id, from, set: { status: 'cancelled' }, refuse });
    await record(trx, actor, id, { action: 'cancelled', from, to: 'cancelled' });
    await audit(ctx, trx, { action: 'cancel', entity: 'inventory_purchase_request', entityId: id });
  });
  return getPurchaseRequest(ctx, grant, { id });
}

/**
 * One tier's step (spec §4: managerial → warehouse → COO, each a separate action in that order).
 * Only a holder of the tier's permission, only on a request waiting for that tier (so only after
 * the previous tier approved), and for the managerial tier only within the approver's scope.
 * The transition is one conditional UPDATE … WHERE status = <the tier's pending status>: of N
 * concurrent calls exactly one changes the row and records the step; the others get CONFLICT.
 */
export async function decidePurchaseRequest<T extends ApprovalTier>(
  ctx: Ctx,
  grant: TierGrant<T>,
  tier: T,
  raw: In<typeof decisionInput>,
): Promise<PurchaseRequestDetail> {
  const input = decisionInput.parse(raw);
  const actor = grant.actor;
  if (grant.key !== APPROVAL_TIER_PERMISSION[tier]) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  await inTransaction(ctx, async (trx) => {
    const visible = await base(trx)
      .where('r.id', '=', input.id)
      .where(purchaseRequestVisible(actor))
      .select('r.id')
      .executeTakeFirst();
    if (!visible) throw notFound();
    // Deciders of one request take turns: the checks below then see one state, so a racer that lost
    // hears "not waiting" (CONFLICT) rather than a duty refusal caused by the winner's decision.
    await trx.selectFrom('inventory_purchase_requests').select('id').where('id', '=', input.id).forUpdate().execute();
    const from = ROUTE.pending(tier);
    const notWaiting = async () => {
      const now = await trx
        .selectFrom('inventory_purchase_requests')
        .select('status')
        .where('id', '=', input.id)
        .executeTakeFirstOrThrow();
      return now.status === from
        ? null
        : new AppError(
            'CONFLICT',
            `This purchase request is not waiting for ${APPROVAL_TIER_LABELS[tier]} approval (now: ${PURCHASE_REQUEST_STATUS_LABELS[now.status]})`,
            { detail: { status: now.status } },
          );
    };
    // Nobody decides their own request at any tier, whatever roles they hold and whatever its status.
    await checkDuties(trx, actor, (await purchaseDecisions(trx, input.id)).own);
    // A step already taken is a conflict (it was decided meanwhile) before who may take it.
    const taken = await notWaiting();
    if (taken) throw taken;
    // Nor two tiers of one request, nor after changing its route.
    await checkDuties(trx, actor, (await purchaseDecisions(trx, input.id)).all);
    if (!(await mayActAt(trx, actor, input.id, tier))) throw notFound();
    const to: PurchaseRequestStatus = input.decision === 'approve' ? ROUTE.next(tier) : 'rejected';
    await transition(trx, 'inventory_purchase_requests', {
      id: input.id,
      from,
      set: { status: to, updated_at: sql<Date>`now()` },
      returning: ['id'],
      refuse: async () => (await notWaiting()) ?? new AppError('CONFLICT', 'This purchase request was decided meanwhile'),
    });
    await record(trx, actor, input.id, {
      action: input.decision === 'approve' ? 'approved' : 'rejected',
      tier,
      from,
      to,
      note: input.note ?? null,
    });
    await audit(ctx, trx, {
      action: `${input.decision}.${tier}`,
      entity: 'inventory_purchase_request',
      entityId: input.id,
      before: { status: from },
      after: { status: to, note: input.note ?? null },
    });
  });
  return getPurchaseRequest(ctx, grant, { id: input.id });
}
