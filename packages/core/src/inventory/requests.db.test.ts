import { beforeAll, describe, expect, it } from 'vitest';
import { useDbEnv } from '../testing/db-env';
import { displayNameOf } from '../testing/fixtures';
import { failure } from '../testing/expect';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { AppError } from '../shared/errors';
import { adjustStock, createItem, createService, createUnit, createWarehouse, findMovements, findStock } from './catalogue';
import {
  cancelPurchaseRequest,
  createPurchaseRequest,
  decidePurchaseRequest,
  getPurchaseRequest,
  listMyPurchaseRequests,
  listPurchaseRequestApprovals,
  listTeamPurchaseRequests,
  raisePurchaseRequestForWarehouseRequest,
  updatePurchaseRequest,
} from './purchase-requests';
import {
  cancelWarehouseRequest,
  createWarehouseRequest,
  decideWarehouseRequest,
  getWarehouseRequest,
  issueWarehouseRequest,
  listAllWarehouseRequests,
  listMyWarehouseRequests,
  listTeamWarehouseRequests,
  listWarehouseRequestPurchaseRequests,
  updateWarehouseRequest,
} from './warehouse-requests';

const { env, actor, ctx } = useDbEnv();
/** Employee in department 0 who asks for things. */
let requester: Actor;
/** Employee in department 1 (outside the requester's scope). */
let stranger: Actor;
/** Supervisor in department 0: sees the requester's team view. */
let supervisor: Actor;
/** Department head in department 0: managerial tier for department 0. */
let head: Actor;
/** Managerial approver in department 1: managerial tier, but not for department 0. */
let otherHead: Actor;
let keeper: Actor;
let keeper2: Actor;
let coo: Actor;
let units: { pcs: number; hour: number };
let variant: { soap: number; paper: number };
let serviceId: number;
let warehouseId: number;

beforeAll(async () => {
  requester = await actor(['employee'], 0);
  stranger = await actor(['employee'], 1);
  supervisor = await actor(['supervisor'], 0);
  head = await actor(['department-head'], 0);
  otherHead = await actor(['managerial'], 1);
  keeper = await actor(['warehouse-manager'], 1);
  keeper2 = await actor(['warehouse-manager'], 1);
  coo = await actor(['c-level'], 1);
  const m = requirePermission(keeper, 'inventory.manage');
  units = {
    pcs: (await createUnit(ctx(keeper), m, { name: 'Pcs' })).id,
    hour: (await createUnit(ctx(keeper), m, { name: 'Hour' })).id,
  };
  variant = {
    soap: (await createItem(ctx(keeper), m, { name: 'Soap', unitId: units.pcs })).variants[0]!.id,
    paper: (await createItem(ctx(keeper), m, { name: 'Paper', unitId: units.pcs })).variants[0]!.id,
  };
  serviceId = (await createService(ctx(keeper), m, { name: 'Printer repair', unitId: units.hour })).id;
  warehouseId = (await createWarehouse(ctx(keeper), m, { companyOfficeId: env.org.officeId, name: 'Main' })).id;
  await adjustStock(ctx(keeper), m, { variantId: variant.soap, warehouseId, quantity: 20, note: 'Opening count' });
});

const g = {
  request: (a: Actor) => requirePermission(a, 'inventory.request'),
  view: (a: Actor) => requirePermission(a, 'inventory.view'),
  manage: (a: Actor) => requirePermission(a, 'inventory.manage'),
  warehouse: (a: Actor) => requirePermission(a, 'inventory.approve.warehouse'),
  managerial: (a: Actor) => requirePermission(a, 'inventory.approve.managerial'),
  coo: (a: Actor) => requirePermission(a, 'inventory.approve.coo'),
};

const soapOnHand = async () =>
  (await findStock(ctx(keeper), g.view(keeper), { variantId: variant.soap, warehouseId })).rows[0]!.onHand;

/** A purchase request line of paper (10 Pcs at Rp 45.000, for payslips) unless `over` says otherwise. */
const line = (over: Record<string, unknown> = {}) => ({
  kind: 'item' as const,
  variantId: variant.paper,
  unitId: units.pcs,
  quantity: 10,
  estimatedPrice: 45000,
  neededBy: '2026-12-15',
  reason: 'Printing payslips',
  ...over,
});

describe('warehouse requests', () => {
  it('with stock: requested → approved by the warehouse → issued; stock goes down with a ledger line naming the request', async () => {
    const wr = await createWarehouseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      neededDate: '2026-12-01',
      note: 'For the pantry',
      lines: [{ variantId: variant.soap, quantity: 4, note: 'Lemon if possible' }],
    });
    expect(wr).toMatchObject({
      number: `WR-${String(wr.id).padStart(6, '0')}`,
      status: 3,
      statusLabel: 'Pending',
      fulfilment: 'none',
      warehouse: 'Main',
      can: { edit: true, cancel: true, decide: false, issue: false },
    });
    expect(wr.lineItems).toEqual([
      expect.objectContaining({
        item: 'Soap',
        variant: '-',
        unit: 'Pcs',
        quantity: 4,
        issuedQuantity: 0,
        onHand: 20,
        shortage: 0,
      }),
    ]);
    // Issuing before approval is refused.
    expect((await failure(issueWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id }))).message).toBe(
      'Only an approved request can be issued; this one is Pending',
    );
    const approved = await decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: wr.id, decision: 'approve' });
    // "Decided by" names the person, not their e-mail address.
    expect(approved).toMatchObject({ status: 1, statusLabel: 'Approved', decidedBy: await displayNameOf(env.db, keeper) });
    const issued = await issueWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id });
    expect(issued).toMatchObject({ fulfilment: 'full', fulfilmentLabel: 'Issued', can: { issue: false } });
    expect(await soapOnHand()).toBe(16);
    const moves = await findMovements(ctx(keeper), g.view(keeper), { variantId: variant.soap, kind: 'issue' });
    expect(moves.rows[0]).toMatchObject({
      quantity: -4,
      balanceAfter: 16,
      sourceType: 'warehouse_request',
      sourceId: wr.id,
      actor: await displayNameOf(env.db, keeper),
    });
    expect((await failure(issueWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id }))).message).toBe(
      'Everything on this request has already been issued',
    );
  });

  it('the requester edits or cancels only while pending; others cannot; out of scope is NOT_FOUND', async () => {
    const wr = await createWarehouseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      lines: [{ variantId: variant.soap, quantity: 1 }],
    });
    const edited = await updateWarehouseRequest(ctx(requester), g.request(requester), {
      id: wr.id,
      lines: [
        { variantId: variant.soap, quantity: 2 },
        { variantId: variant.paper, quantity: 5 },
      ],
    });
    expect(edited.lineItems.map((l) => [l.item, l.quantity])).toEqual([
      ['Soap', 2],
      ['Paper', 5],
    ]);
    const bad = await failure(
      updateWarehouseRequest(ctx(requester), g.request(requester), { id: wr.id, lines: [{ variantId: 999999, quantity: 1 }] }),
    );
    expect(bad.fields).toEqual([{ param: 'lines.0.variantId', msg: 'is not a known item variant' }]);
    // A stranger (other department, no warehouse role) cannot even see it.
    expect((await failure(getWarehouseRequest(ctx(stranger), g.request(stranger), { id: wr.id }))).code).toBe('NOT_FOUND');
    expect((await failure(cancelWarehouseRequest(ctx(stranger), g.request(stranger), { id: wr.id }))).code).toBe('NOT_FOUND');
    // The supervisor of the same department sees it in the team view but cannot edit it.
    expect((await failure(updateWarehouseRequest(ctx(supervisor), g.request(supervisor), { id: wr.id, note: 'x' }))).code).toBe(
      'FORBIDDEN',
    );
    const cancelled = await cancelWarehouseRequest(ctx(requester), g.request(requester), { id: wr.id });
    expect(cancelled).toMatchObject({ status: 4, statusLabel: 'Cancel' });
    const late = await failure(updateWarehouseRequest(ctx(requester), g.request(requester), { id: wr.id, note: 'too late' }));
    expect(late.code).toBe('CONFLICT');
    expect(late.message).toBe('This warehouse request is Cancel and can no longer be edited');
  });

  it('lists: own, team (the caller’s scope) and the warehouse queue, with status and search filters', async () => {
    const mine = await listMyWarehouseRequests(ctx(requester), g.request(requester), {});
    expect(mine.total).toBe(2);
    const team = await listTeamWarehouseRequests(ctx(supervisor), g.view(supervisor), {});
    expect(team.rows.map((r) => r.requester.userId)).toEqual([requester.userId, requester.userId]);
    expect((await listTeamWarehouseRequests(ctx(otherHead), g.view(otherHead), {})).total).toBe(0);
    expect((await listMyWarehouseRequests(ctx(stranger), g.request(stranger), {})).total).toBe(0);
    const queue = await listAllWarehouseRequests(ctx(keeper), g.manage(keeper), { status: 4 });
    expect(queue.rows.map((r) => r.statusLabel)).toEqual(['Cancel']);
    const byNumber = await listAllWarehouseRequests(ctx(keeper), g.manage(keeper), { search: mine.rows[1]!.number });
    expect(byNumber.rows.map((r) => r.id)).toEqual([mine.rows[1]!.id]);
    expect((await listAllWarehouseRequests(ctx(keeper), g.manage(keeper), { search: 'pantry' })).total).toBe(1);
  });

  it('five concurrent warehouse approvals: exactly one wins, the rest get a clear refusal', async () => {
    const wr = await createWarehouseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      lines: [{ variantId: variant.soap, quantity: 1 }],
    });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        decideWarehouseRequest(ctx(i % 2 ? keeper2 : keeper), g.warehouse(i % 2 ? keeper2 : keeper), {
          id: wr.id,
          decision: i === 0 ? 'reject' : 'approve',
          note: 'decided',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as AppError).message).toMatch(
          /^This warehouse request is (Approved|Disapproved) and can no longer be decided$/,
        );
  });

  it('a reject needs a note', async () => {
    await expect(decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: 1, decision: 'reject' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['note'], message: 'is required to reject' })],
    });
  });

  it('concurrent issues of requests for the same stock never oversell; the last one gets what is left, or nothing', async () => {
    const stock = await soapOnHand();
    const each = Math.ceil(stock / 2);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const wr = await createWarehouseRequest(ctx(requester), g.request(requester), {
        warehouseId,
        lines: [{ variantId: variant.soap, quantity: each }],
      });
      await decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: wr.id, decision: 'approve' });
      ids.push(wr.id);
    }
    const results = await Promise.allSettled(ids.map((id) => issueWarehouseRequest(ctx(keeper), g.manage(keeper), { id })));
    // Everything on hand went out, never more; what each request got adds up to the stock.
    expect(await soapOnHand()).toBe(0);
    const issued = await Promise.all(
      ids.map(async (id) => (await getWarehouseRequest(ctx(keeper), g.request(keeper), { id })).lineItems[0]!.issuedQuantity),
    );
    expect(issued.reduce((a, b) => a + b, 0)).toBe(stock);
    // The one that found the shelf empty was refused with a message a person can act on, and issued nothing.
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as AppError).message).toMatch(
      /^Nothing on this request is in stock in Main: Soap \(-\) \d+ Pcs outstanding\. Raise a purchase request/,
    );
    expect(issued[results.indexOf(refused)]).toBe(0);
  });

  it('a request short of stock is issued in part and its remainder stays open (issue 19 item 15)', async () => {
    await adjustStock(ctx(keeper), g.manage(keeper), { variantId: variant.soap, warehouseId, quantity: 3, note: 'Count' });
    const wr = await createWarehouseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      lines: [{ variantId: variant.soap, quantity: 5 }],
    });
    await decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: wr.id, decision: 'approve' });
    const before = await getWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id });
    expect(before.lineItems[0]).toMatchObject({ outstanding: 5, onHand: 3, shortage: 2, onOrder: 0 });
    expect(before.can).toMatchObject({ issue: true, raisePurchaseRequest: true });
    // Asking for more than is on hand names the line and the limit.
    const tooMany = await failure(
      issueWarehouseRequest(ctx(keeper), g.manage(keeper), {
        id: wr.id,
        lines: [{ lineId: before.lineItems[0]!.id, quantity: 4 }],
      }),
    );
    expect(tooMany.fields).toEqual([{ param: 'lines.0.quantity', msg: 'must be at most 3 (on hand in Main)' }]);
    const part = await issueWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id });
    expect(part).toMatchObject({ status: 1, fulfilment: 'partial', fulfilmentLabel: 'Partially issued' });
    expect(part.lineItems[0]).toMatchObject({ issuedQuantity: 3, outstanding: 2, onHand: 0, shortage: 2 });
    // Nothing left on the shelf: no issue button until stock arrives; the shortage can still be ordered.
    expect(part.can).toMatchObject({ issue: false, raisePurchaseRequest: true });
    expect(await soapOnHand()).toBe(0);
  });
});

describe('purchase requests: managerial → warehouse → COO', () => {
  it('submit, edit before the first approval, three approvals by three different users; history records each step', async () => {
    const pr = await createPurchaseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      note: 'Year-end',
      lines: [
        line(),
        {
          kind: 'service',
          serviceId,
          unitId: units.hour,
          quantity: 2,
          estimatedPrice: '150000',
          neededBy: '2026-12-10',
          reason: 'Jammed',
        },
      ],
    });
    expect(pr).toMatchObject({
      status: 'pending_managerial',
      statusLabel: 'Waiting for managerial approval',
      approval: { managerial: 3, warehouse: 3, coo: 3 },
      estimatedTotal: '750000',
      can: { edit: true, cancel: true, approve: null },
    });
    expect(pr.lineItems.map((l) => [l.name, l.unit, l.estimatedAmount])).toEqual([
      ['Paper (-)', 'Pcs', '450000'],
      ['Printer repair', 'Hour', '300000'],
    ]);
    const edited = await updatePurchaseRequest(ctx(requester), g.request(requester), {
      id: pr.id,
      lines: [line({ quantity: 20 })],
    });
    expect(edited.estimatedTotal).toBe('900000');

    // Out of order: the warehouse and COO tiers cannot act before the managerial tier.
    const early = await failure(
      decidePurchaseRequest(ctx(keeper), g.warehouse(keeper), 'warehouse', { id: pr.id, decision: 'approve' }),
    );
    expect(early.code).toBe('CONFLICT');
    expect(early.message).toBe(
      'This purchase request is not waiting for Warehouse approval (now: Waiting for managerial approval)',
    );
    expect((await failure(decidePurchaseRequest(ctx(coo), g.coo(coo), 'coo', { id: pr.id, decision: 'approve' }))).code).toBe(
      'CONFLICT',
    );
    // A managerial approver of another department: not in scope → NOT_FOUND.
    expect(
      (
        await failure(
          decidePurchaseRequest(ctx(otherHead), g.managerial(otherHead), 'managerial', { id: pr.id, decision: 'approve' }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    // A user without the tier permission gets no grant at all.
    expect(() => g.managerial(requester)).toThrow(AppError);

    expect((await getPurchaseRequest(ctx(head), g.request(head), { id: pr.id })).can.approve).toBe('managerial');
    const m = await decidePurchaseRequest(ctx(head), g.managerial(head), 'managerial', {
      id: pr.id,
      decision: 'approve',
      note: 'OK',
    });
    expect(m).toMatchObject({
      status: 'pending_warehouse',
      approval: { managerial: 1, warehouse: 3, coo: 3 },
      can: { approve: null },
    });
    // Editing is over after the first approval.
    const late = await failure(updatePurchaseRequest(ctx(requester), g.request(requester), { id: pr.id, note: 'more' }));
    expect(late.code).toBe('CONFLICT');
    expect(late.message).toBe(
      'This purchase request can no longer be edited (Waiting for warehouse approval); editing is possible only before the first approval',
    );
    const w = await decidePurchaseRequest(ctx(keeper), g.warehouse(keeper), 'warehouse', { id: pr.id, decision: 'approve' });
    expect(w.status).toBe('pending_coo');
    const c = await decidePurchaseRequest(ctx(coo), g.coo(coo), 'coo', { id: pr.id, decision: 'approve', note: 'Go' });
    expect(c).toMatchObject({ status: 'approved', statusLabel: 'Approved', approval: { managerial: 1, warehouse: 1, coo: 1 } });
    expect(c.history.map((h) => [h.action, h.tier, h.fromStatus, h.toStatus, h.actorUserId, h.note])).toEqual([
      ['submitted', null, null, 'pending_managerial', requester.userId, null],
      ['edited', null, 'pending_managerial', 'pending_managerial', requester.userId, null],
      ['approved', 'managerial', 'pending_managerial', 'pending_warehouse', head.userId, 'OK'],
      ['approved', 'warehouse', 'pending_warehouse', 'pending_coo', keeper.userId, null],
      ['approved', 'coo', 'pending_coo', 'approved', coo.userId, 'Go'],
    ]);
    expect(c.history.every((h) => h.at instanceof Date)).toBe(true);
  });

  it('five concurrent managerial approvals: one winner, one transition in the history', async () => {
    const pr = await createPurchaseRequest(ctx(requester), g.request(requester), { warehouseId, lines: [line()] });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        decidePurchaseRequest(ctx(head), g.managerial(head), 'managerial', { id: pr.id, decision: 'approve', note: 'yes' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') {
        expect((r.reason as AppError).code).toBe('CONFLICT');
        expect((r.reason as AppError).message).toBe(
          'This purchase request is not waiting for Managerial approval (now: Waiting for warehouse approval)',
        );
      }
    const detail = await getPurchaseRequest(ctx(requester), g.request(requester), { id: pr.id });
    expect(detail.history.filter((h) => h.action === 'approved')).toHaveLength(1);
  });

  it('a rejection ends the request, with its note; the requester cannot cancel it then', async () => {
    const pr = await createPurchaseRequest(ctx(requester), g.request(requester), { warehouseId, lines: [line()] });
    await decidePurchaseRequest(ctx(head), g.managerial(head), 'managerial', { id: pr.id, decision: 'approve' });
    const r = await decidePurchaseRequest(ctx(keeper), g.warehouse(keeper), 'warehouse', {
      id: pr.id,
      decision: 'reject',
      note: 'Stock arriving next week',
    });
    expect(r).toMatchObject({
      status: 'rejected',
      statusLabel: 'Disapproved',
      approval: { managerial: 1, warehouse: 2, coo: 3 },
    });
    expect(r.history.at(-1)).toMatchObject({ action: 'rejected', tier: 'warehouse', note: 'Stock arriving next week' });
    expect((await failure(cancelPurchaseRequest(ctx(requester), g.request(requester), { id: pr.id }))).code).toBe('CONFLICT');
  });

  it('cancel while waiting; visibility: own, team, approvers; strangers get NOT_FOUND', async () => {
    const pr = await createPurchaseRequest(ctx(requester), g.request(requester), { warehouseId, lines: [line()] });
    expect((await failure(getPurchaseRequest(ctx(stranger), g.request(stranger), { id: pr.id }))).code).toBe('NOT_FOUND');
    expect((await failure(cancelPurchaseRequest(ctx(stranger), g.request(stranger), { id: pr.id }))).code).toBe('NOT_FOUND');
    expect((await failure(getPurchaseRequest(ctx(otherHead), g.request(otherHead), { id: pr.id }))).code).toBe('NOT_FOUND');
    expect((await getPurchaseRequest(ctx(supervisor), g.request(supervisor), { id: pr.id })).id).toBe(pr.id);
    expect((await getPurchaseRequest(ctx(coo), g.request(coo), { id: pr.id })).can.approve).toBeNull();

    const waitingM = await listPurchaseRequestApprovals(ctx(head), g.request(head), { tier: 'managerial' });
    expect(waitingM.rows.map((r) => r.id)).toContain(pr.id);
    expect((await listPurchaseRequestApprovals(ctx(otherHead), g.request(otherHead), { tier: 'managerial' })).total).toBe(0);
    expect((await failure(listPurchaseRequestApprovals(ctx(head), g.request(head), { tier: 'coo' }))).code).toBe('FORBIDDEN');

    const cancelled = await cancelPurchaseRequest(ctx(requester), g.request(requester), { id: pr.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', statusLabel: 'Cancel' });
    expect(cancelled.history.at(-1)).toMatchObject({
      action: 'cancelled',
      fromStatus: 'pending_managerial',
      toStatus: 'cancelled',
    });
    expect(
      (await listPurchaseRequestApprovals(ctx(head), g.request(head), { tier: 'managerial' })).rows.map((r) => r.id),
    ).not.toContain(pr.id);

    const mine = await listMyPurchaseRequests(ctx(requester), g.request(requester), { status: 'cancelled' });
    expect(mine.rows.map((r) => r.id)).toEqual([pr.id]);
    const team = await listTeamPurchaseRequests(ctx(supervisor), g.view(supervisor), { search: pr.number });
    expect(team.rows.map((r) => r.id)).toEqual([pr.id]);
    expect((await listMyPurchaseRequests(ctx(stranger), g.request(stranger), {})).total).toBe(0);
  });

  it('the largest amounts stay exact (beyond 64-bit integers)', async () => {
    const pr = await createPurchaseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      lines: [line({ quantity: 1_000_000, estimatedPrice: '999999999999999' }), line({ quantity: 1, estimatedPrice: '1' })],
    });
    expect(pr.lineItems[0]!.estimatedAmount).toBe('999999999999999000000');
    expect(pr.estimatedTotal).toBe('999999999999999000001');
  });

  it('line validation names the field: item lines need a variant, service lines a service; unknown ids refused', async () => {
    const bad = await failure(
      createPurchaseRequest(ctx(requester), g.request(requester), {
        warehouseId,
        lines: [line({ variantId: 999999 }), line({ unitId: 999999 })],
      }),
    );
    expect(bad.fields).toEqual([
      { param: 'lines.0.variantId', msg: 'is not a known item variant' },
      { param: 'lines.1.unitId', msg: 'is not a known unit' },
    ]);
    await expect(
      createPurchaseRequest(ctx(requester), g.request(requester), { warehouseId, lines: [line({ kind: 'service' })] }),
    ).rejects.toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ path: ['lines', 0, 'serviceId'] })]) });
    await expect(
      createPurchaseRequest(ctx(requester), g.request(requester), { warehouseId, lines: [line({ estimatedPrice: 1.5 })] }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['lines', 0, 'estimatedPrice'] })] });
  });
});

describe('warehouse request without stock → linked purchase request', () => {
  it('the warehouse raises a purchase request for the shortage; the request detail lists it', async () => {
    const wr = await createWarehouseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      lines: [{ variantId: variant.paper, quantity: 30 }],
    });
    // Not before the warehouse approved the request.
    expect(
      (
        await failure(
          raisePurchaseRequestForWarehouseRequest(ctx(keeper), g.manage(keeper), {
            id: wr.id,
            warehouseId,
            lines: [line({ quantity: 30, neededBy: '2026-12-20', reason: 'x' })],
          }),
        )
      ).code,
    ).toBe('CONFLICT');
    await decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: wr.id, decision: 'approve' });
    const detail = await getWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id });
    expect(detail.lineItems[0]).toMatchObject({ outstanding: 30, onHand: 0, shortage: 30 });
    expect(detail.can).toMatchObject({ issue: false, raisePurchaseRequest: true });
    expect((await failure(issueWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id }))).message).toBe(
      'Nothing on this request is in stock in Main: Paper (-) 30 Pcs outstanding. Raise a purchase request for the shortage or issue when stock arrives',
    );

    const pr = await raisePurchaseRequestForWarehouseRequest(ctx(keeper), g.manage(keeper), {
      id: wr.id,
      warehouseId,
      lines: [line({ quantity: 30, neededBy: '2026-12-20', reason: 'For WR' })],
    });
    expect(pr).toMatchObject({ warehouseRequestId: wr.id, warehouseRequestNumber: wr.number, status: 'pending_managerial' });
    // Ordered: the detail says so and no longer offers a purchase request for the same shortage.
    const ordered = await getWarehouseRequest(ctx(keeper), g.manage(keeper), { id: wr.id });
    expect(ordered.lineItems[0]).toMatchObject({ shortage: 30, onOrder: 30 });
    expect(ordered.can.raisePurchaseRequest).toBe(false);
    const linked = await listWarehouseRequestPurchaseRequests(ctx(requester), g.request(requester), { id: wr.id });
    expect(linked.map((p) => p.id)).toEqual([pr.id]);
    expect(
      (await getWarehouseRequest(ctx(requester), g.request(requester), { id: wr.id })).purchaseRequests.map((p) => p.number),
    ).toEqual([pr.number]);
    expect((await failure(listWarehouseRequestPurchaseRequests(ctx(stranger), g.request(stranger), { id: wr.id }))).code).toBe(
      'NOT_FOUND',
    );

    // Stock arrives (a counted receipt here; purchase receives are not built yet) and a partial issue, then the rest.
    await adjustStock(ctx(keeper), g.manage(keeper), { variantId: variant.paper, warehouseId, quantity: 12, note: 'Delivery' });
    const part = await issueWarehouseRequest(ctx(keeper), g.manage(keeper), {
      id: wr.id,
      lines: [{ lineId: detail.lineItems[0]!.id, quantity: 12 }],
    });
    expect(part).toMatchObject({ fulfilment: 'partial', fulfilmentLabel: 'Partially issued' });
    expect(part.lineItems[0]).toMatchObject({ issuedQuantity: 12, outstanding: 18, onHand: 0, shortage: 18 });
    const tooMany = await failure(
      issueWarehouseRequest(ctx(keeper), g.manage(keeper), {
        id: wr.id,
        lines: [{ lineId: detail.lineItems[0]!.id, quantity: 19 }],
      }),
    );
    expect(tooMany.fields).toEqual([{ param: 'lines.0.quantity', msg: 'must be at most 18 (still outstanding)' }]);
  });
});
