import { beforeAll, describe, expect, it } from 'vitest';
import { useDbEnv } from '../testing/db-env';
import { displayNameOf } from '../testing/fixtures';
import { failure } from '../testing/expect';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { createItem, createService, createUnit, createWarehouse, findMovements, findStock } from './catalogue';
import {
  createPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  listPurchaseRequestOrders,
  listPurchaseRequestReceives,
  listWarehouseRequestOrders,
  listWarehouseRequestReceives,
  orderTotals,
  receivePurchaseOrder,
} from './purchase-orders';
import { createPurchaseRequest, decidePurchaseRequest, raisePurchaseRequestForWarehouseRequest } from './purchase-requests';
import { createWarehouseRequest, decideWarehouseRequest, getWarehouseRequest, issueWarehouseRequest } from './warehouse-requests';

const { env, actor, ctx } = useDbEnv();
let requester: Actor;
let stranger: Actor;
let head: Actor;
let keeper: Actor;
/** A second warehouse manager: takes the warehouse tier of requests the first one raised (nobody approves their own). */
let keeper2: Actor;
let coo: Actor;
let pcs: number;
let towel: number;
let serviceId: number;
let warehouseId: number;

const manage = (a: Actor) => requirePermission(a, 'inventory.manage');
const request = (a: Actor) => requirePermission(a, 'inventory.request');

beforeAll(async () => {
  requester = await actor(['employee'], 0);
  stranger = await actor(['employee'], 1);
  head = await actor(['department-head'], 0);
  keeper = await actor(['warehouse-manager'], 1);
  keeper2 = await actor(['warehouse-manager'], 1);
  coo = await actor(['c-level'], 1);
  pcs = (await createUnit(ctx(keeper), manage(keeper), { name: 'Pcs' })).id;
  towel = (await createItem(ctx(keeper), manage(keeper), { name: 'Towel', unitId: pcs })).variants[0]!.id;
  serviceId = (await createService(ctx(keeper), manage(keeper), { name: 'Laundry', unitId: pcs })).id;
  warehouseId = (await createWarehouse(ctx(keeper), manage(keeper), { companyOfficeId: env.org.officeId, name: 'Main' })).id;
});

async function approveAll(id: number) {
  await decidePurchaseRequest(ctx(head), requirePermission(head, 'inventory.approve.managerial'), 'managerial', {
    id,
    decision: 'approve',
  });
  await decidePurchaseRequest(ctx(keeper2), requirePermission(keeper2, 'inventory.approve.warehouse'), 'warehouse', {
    id,
    decision: 'approve',
  });
  return decidePurchaseRequest(ctx(coo), requirePermission(coo, 'inventory.approve.coo'), 'coo', { id, decision: 'approve' });
}

const towelsOnHand = async () =>
  (await findStock(ctx(keeper), requirePermission(keeper, 'inventory.view'), { variantId: towel, warehouseId })).rows[0]
    ?.onHand ?? 0;

describe('order totals', () => {
  it('tax is subtotal × basis points / 10000, rounded half up to the rupiah', () => {
    expect(orderTotals(1_000_000n, 1100)).toEqual([110_000n, 1_110_000n]);
    expect(orderTotals(45n, 1100)).toEqual([5n, 50n]); // 4.95 → 5
    expect(orderTotals(40n, 1100)).toEqual([4n, 44n]); // 4.4 → 4
    expect(orderTotals(50n, 1000)).toEqual([5n, 55n]);
    expect(orderTotals(999_999_999_999_999n, 10_000)).toEqual([999_999_999_999_999n, 1_999_999_999_999_998n]);
  });
});

describe('journey: request without stock → purchase request → three approvals → order → partial receipts → issued', () => {
  it('runs end to end, stock follows every receipt and the warehouse request ends fully issued', async () => {
    const wr = await createWarehouseRequest(ctx(requester), request(requester), {
      warehouseId,
      lines: [{ variantId: towel, quantity: 8 }],
    });
    await decideWarehouseRequest(ctx(keeper), requirePermission(keeper, 'inventory.approve.warehouse'), {
      id: wr.id,
      decision: 'approve',
    });
    const pr = await raisePurchaseRequestForWarehouseRequest(ctx(keeper), manage(keeper), {
      id: wr.id,
      warehouseId,
      lines: [
        {
          kind: 'item',
          variantId: towel,
          unitId: pcs,
          quantity: 10,
          estimatedPrice: 30000,
          neededBy: '2026-12-20',
          reason: 'WR short',
        },
        { kind: 'service', serviceId, unitId: pcs, quantity: 1, estimatedPrice: 50000, neededBy: '2026-12-20', reason: 'Wash' },
      ],
    });
    // Not before the three approvals.
    expect(
      (
        await failure(
          createPurchaseOrder(ctx(keeper), manage(keeper), {
            id: pr.id,
            supplier: 'PT Handuk',
            orderDate: '2026-11-23',
            lines: [{ purchaseRequestLineId: pr.lineItems[0]!.id, quantity: 1, unitPrice: 1 }],
          }),
        )
      ).message,
    ).toBe('Only an approved purchase request can be ordered; this one is Waiting for managerial approval');
    const approved = await approveAll(pr.id);
    expect(approved.status).toBe('approved');
    const [itemLine, serviceLine] = approved.lineItems;

    // Two orders from one request; the second cannot exceed what is left to order.
    const po1 = await createPurchaseOrder(ctx(keeper), manage(keeper), {
      id: pr.id,
      supplier: 'PT Handuk',
      orderDate: '2026-11-23',
      deliveryDate: '2026-11-30',
      taxRateBp: 1100,
      lines: [
        { purchaseRequestLineId: itemLine!.id, quantity: 6, unitPrice: 29500 },
        { purchaseRequestLineId: serviceLine!.id, quantity: 1, unitPrice: '50000' },
      ],
    });
    expect(po1).toMatchObject({
      number: `PO-${String(po1.id).padStart(6, '0')}`,
      subtotal: '227000',
      tax: '24970',
      total: '251970',
      fulfilment: 'none',
      receiveLabel: 'Not received',
    });
    expect(po1.lines.map((l) => [l.name, l.amount])).toEqual([
      ['Towel (-)', '177000'],
      ['Laundry', '50000'],
    ]);
    const over = await failure(
      createPurchaseOrder(ctx(keeper), manage(keeper), {
        id: pr.id,
        supplier: 'CV Lain',
        orderDate: '2026-11-23',
        lines: [{ purchaseRequestLineId: itemLine!.id, quantity: 5, unitPrice: 30000 }],
      }),
    );
    expect(over.fields).toEqual([{ param: 'lines.0.quantity', msg: 'must be at most 4 (not yet ordered)' }]);
    const po2 = await createPurchaseOrder(ctx(keeper), manage(keeper), {
      id: pr.id,
      supplier: 'CV Lain',
      orderDate: '2026-11-24',
      lines: [{ purchaseRequestLineId: itemLine!.id, quantity: 4, unitPrice: 31000 }],
    });

    // Partial receipt: stock goes up by a ledger receipt naming the receive; the service line adds no stock.
    const r1 = await receivePurchaseOrder(ctx(keeper), manage(keeper), {
      id: po1.id,
      receivedDate: '2026-11-28',
      lines: [
        { purchaseOrderLineId: po1.lines[0]!.id, quantity: 4 },
        { purchaseOrderLineId: po1.lines[1]!.id, quantity: 1 },
      ],
    });
    expect(r1).toMatchObject({
      number: `RCV-${String(r1.id).padStart(6, '0')}`,
      receivedBy: await displayNameOf(env.db, keeper),
      purchaseOrderId: po1.id,
    });
    expect(await towelsOnHand()).toBe(4);
    const receipt = (
      await findMovements(ctx(keeper), requirePermission(keeper, 'inventory.view'), { variantId: towel, kind: 'receipt' })
    ).rows;
    expect(receipt).toEqual([
      expect.objectContaining({ quantity: 4, balanceAfter: 4, sourceType: 'purchase_receive', sourceId: r1.id }),
    ]);
    expect((await getPurchaseOrder(ctx(keeper), manage(keeper), { id: po1.id })).receiveLabel).toBe('Partially received');

    // Over-receipt refused, naming the line and what is left.
    const tooMuch = await failure(
      receivePurchaseOrder(ctx(keeper), manage(keeper), {
        id: po1.id,
        receivedDate: '2026-11-29',
        lines: [{ purchaseOrderLineId: po1.lines[0]!.id, quantity: 3 }],
      }),
    );
    expect(tooMuch.fields).toEqual([{ param: 'lines.0.quantity', msg: 'must be at most 2 (still to receive)' }]);
    expect(await towelsOnHand()).toBe(4);

    await receivePurchaseOrder(ctx(keeper), manage(keeper), {
      id: po1.id,
      receivedDate: '2026-11-30',
      lines: [{ purchaseOrderLineId: po1.lines[0]!.id, quantity: 2 }],
    });
    await receivePurchaseOrder(ctx(keeper), manage(keeper), {
      id: po2.id,
      receivedDate: '2026-12-01',
      lines: [{ purchaseOrderLineId: po2.lines[0]!.id, quantity: 4 }],
    });
    expect(await towelsOnHand()).toBe(10);
    expect((await getPurchaseOrder(ctx(keeper), manage(keeper), { id: po1.id })).receiveLabel).toBe('Received');

    // The warehouse request's detail lists the orders and receives; the requester sees them too.
    expect((await listWarehouseRequestOrders(ctx(requester), request(requester), { id: wr.id })).map((o) => o.id)).toEqual([
      po1.id,
      po2.id,
    ]);
    expect(
      (await listWarehouseRequestReceives(ctx(requester), request(requester), { id: wr.id })).map((r) => r.receivedDate),
    ).toEqual(['2026-11-28', '2026-11-30', '2026-12-01']);
    expect((await listPurchaseRequestOrders(ctx(keeper), manage(keeper), { id: pr.id })).length).toBe(2);
    expect((await listPurchaseRequestReceives(ctx(keeper), manage(keeper), { id: pr.id }))[0]!.lines).toEqual([
      { purchaseOrderLineId: po1.lines[0]!.id, name: 'Towel (-)', unit: 'Pcs', quantity: 4 },
      { purchaseOrderLineId: po1.lines[1]!.id, name: 'Laundry', unit: 'Pcs', quantity: 1 },
    ]);
    // Out of scope: NOT_FOUND.
    expect((await failure(listWarehouseRequestOrders(ctx(stranger), request(stranger), { id: wr.id }))).code).toBe('NOT_FOUND');
    expect((await failure(getPurchaseOrder(ctx(stranger), request(stranger), { id: po1.id }))).code).toBe('NOT_FOUND');

    // Now the warehouse issues the request in full.
    const issued = await issueWarehouseRequest(ctx(keeper), manage(keeper), { id: wr.id });
    expect(issued.fulfilment).toBe('full');
    expect(await towelsOnHand()).toBe(2);
    expect((await getWarehouseRequest(ctx(requester), request(requester), { id: wr.id })).fulfilmentLabel).toBe('Issued');

    const list = await listPurchaseOrders(ctx(keeper), manage(keeper), { search: 'handuk' });
    expect(list.rows.map((o) => o.id)).toEqual([po1.id]);
    expect(
      (await listPurchaseOrders(ctx(keeper), manage(keeper), { from: '2026-11-24', to: '2026-11-24' })).rows.map((o) => o.id),
    ).toEqual([po2.id]);
  });

  it('concurrent receipts of the same order never receive more than ordered', async () => {
    const pr = await createPurchaseRequest(ctx(requester), request(requester), {
      warehouseId,
      lines: [
        {
          kind: 'item',
          variantId: towel,
          unitId: pcs,
          quantity: 5,
          estimatedPrice: 1000,
          neededBy: '2026-12-20',
          reason: 'Spare',
        },
      ],
    });
    const approved = await approveAll(pr.id);
    const po = await createPurchaseOrder(ctx(keeper), manage(keeper), {
      id: pr.id,
      supplier: 'PT X',
      orderDate: '2026-11-23',
      lines: [{ purchaseRequestLineId: approved.lineItems[0]!.id, quantity: 5, unitPrice: 1000 }],
    });
    const before = await towelsOnHand();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        receivePurchaseOrder(ctx(keeper), manage(keeper), {
          id: po.id,
          receivedDate: '2026-11-25',
          lines: [{ purchaseOrderLineId: po.lines[0]!.id, quantity: 2 }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await towelsOnHand()).toBe(before + 4);
    expect((await getPurchaseOrder(ctx(keeper), manage(keeper), { id: po.id })).lines[0]!.receivedQuantity).toBe(4);
  });
});
