import { pdfText } from '@hr/core/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Headers, useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 5 });

const B = '/api/web/v2/inventories';

let keeper: Headers;
/** A second warehouse manager: nobody approves a request they raised themselves. */
let keeper2: Headers;
let requester: Headers;
let head: Headers;
let coo: Headers;
let staff: Headers;
let officeId: number;

const userFor = t.headersFor('inv', 'inventory-pass-1');

beforeAll(async () => {
  keeper = await userFor(['warehouse-manager'], 1);
  requester = await userFor(['employee'], 2);
  head = await userFor(['department-head'], 3);
  coo = await userFor(['c-level'], 4);
  keeper2 = await userFor(['warehouse-manager'], 5);
  staff = await t.bearer(t.staff);
  officeId = (await t.tdb.db.selectFrom('company_offices').select('id').executeTakeFirstOrThrow()).id;
});

const call = t.call;

describe('inventory over REST (spec §7 /api/web/v2/inventories/)', () => {
  let unitId: number;
  let soap: number;
  let paper: number;
  let warehouseId: number;
  /** A purchase request line for `quantity` bars of soap at `estimatedPrice` rupiah each. */
  const soapLine = (quantity: number, estimatedPrice: number, neededBy = '2026-12-01', reason = 'Pantry') => ({
    kind: 'item',
    variantId: soap,
    unitId,
    quantity,
    estimatedPrice,
    neededBy,
    reason,
  });
  /** The requester asks for soap for the pantry (see soapLine); returns the request id. */
  const requestSoap = async (quantity: number, estimatedPrice: number): Promise<number> =>
    (await call('POST', `${B}/purchase-requests`, requester, { warehouseId, lines: [soapLine(quantity, estimatedPrice)] })).json()
      .result.id;

  it('catalogue: units, items with warehouse variants ("-" when unnamed), services, warehouses, stock', async () => {
    const unit = await call('POST', `${B}/settings/items/units`, keeper, { name: 'Pcs' });
    expect(unit.json()).toEqual({
      status: 'success',
      success: 'Unit created',
      errors: [],
      result: { id: expect.any(Number), name: 'Pcs' },
    });
    unitId = unit.json().result.id;
    soap = (await call('POST', `${B}/items`, keeper, { name: 'Soap', unitId })).json().result.variants[0].id;
    const paperItem = (await call('POST', `${B}/items`, keeper, { name: 'Paper', unitId, variants: ['A4', ''] })).json().result;
    paper = paperItem.variants.find((v: { label: string }) => v.label === 'A4').id;
    const lookup = await call('GET', `${B}/items/warehouses`, requester);
    expect(lookup.json()).toMatchObject({ status: 'success', success: 'Item warehouses' });
    expect(lookup.json().results.map((v: { item: string; name: string }) => `${v.item}/${v.name}`)).toEqual([
      'Paper/-',
      'Paper/A4',
      'Soap/-',
    ]);
    expect((await call('GET', `${B}/settings/items/units`, requester)).json().results).toEqual([{ id: unitId, name: 'Pcs' }]);
    expect((await call('POST', `${B}/services`, keeper, { name: 'Courier', unitId })).statusCode).toBe(200);
    expect((await call('GET', `${B}/services`, requester)).json().results).toEqual([
      { id: expect.any(Number), name: 'Courier', unitId, unit: 'Pcs', description: null },
    ]);
    warehouseId = (await call('POST', `${B}/warehouses`, keeper, { companyOfficeId: officeId, name: 'Main' })).json().result.id;
    const adj = await call('POST', `${B}/stocks/adjustments`, keeper, {
      variantId: soap,
      warehouseId,
      quantity: 10,
      note: 'Opening',
    });
    expect(adj.json().result).toEqual({
      id: expect.any(Number),
      number: expect.stringMatching(/^ADJ-\d{6}$/),
      variantId: soap,
      warehouseId,
      onHand: 10,
    });
    const stock = await call('GET', `${B}/stocks?warehouseId=${warehouseId}&pageSize=10`, keeper);
    expect(stock.json().results).toMatchObject({ total: 1, rows: [{ item: 'Soap', variant: '-', onHand: 10 }] });

    // An employee cannot manage the catalogue: PM0001 / 403.
    const denied = await call('POST', `${B}/settings/items/units`, requester, { name: 'Box' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errors[0].code).toBe('PM0001');
    // Validation: GL0001 naming the field.
    const bad = await call('POST', `${B}/stocks/adjustments`, keeper, { variantId: soap, warehouseId, quantity: 0, note: '' });
    expect(refusedParams(bad)).toEqual(['note', 'quantity']);
    const oversell = await call('POST', `${B}/stocks/adjustments`, keeper, {
      variantId: soap,
      warehouseId,
      quantity: -11,
      note: 'Broken',
    });
    expect(oversell.statusCode).toBe(409);
    expect(oversell.json().errors[0].msg).toBe('Not enough stock of Soap (-) in Main: 10 Pcs on hand, 11 asked');
  });

  it('warehouse request with stock: requested → approved → issued', async () => {
    const created = await call('POST', `${B}/warehouse-requests`, requester, {
      warehouseId,
      lines: [{ variantId: soap, quantity: 3, note: '' }],
    });
    expect(created.json()).toMatchObject({
      status: 'success',
      success: 'Warehouse request created',
      result: { status: 3, statusLabel: 'Pending' },
    });
    const id = created.json().result.id as number;
    expect(
      (await call('GET', `${B}/warehouse-requests`, requester)).json().results.rows.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    expect((await call('GET', `${B}/warehouse-requests/team`, head)).json().results.total).toBe(1);
    // Out of scope: NOT_FOUND, not FORBIDDEN (existence never leaks).
    expect((await call('GET', `${B}/warehouse-requests/${id}`, staff)).statusCode).toBe(404);
    // The requester cannot approve their own request without the warehouse role.
    expect((await call('POST', `${B}/warehouse-requests/${id}/approval`, requester, { decision: 'approve' })).statusCode).toBe(
      403,
    );
    const approved = await call('POST', `${B}/warehouse-requests/${id}/approval`, keeper, { decision: 'approve' });
    expect(approved.json().result).toMatchObject({ status: 1, statusLabel: 'Approved' });
    const issued = await call('POST', `${B}/warehouse-requests/${id}/issue`, keeper);
    expect(issued.json()).toMatchObject({
      success: 'Items issued',
      result: { fulfilment: 'full', lineItems: [{ issuedQuantity: 3, onHand: 7 }] },
    });
  });

  it('without stock: purchase request linked to the warehouse request, three approvals by three users, strict order', async () => {
    const wr = (
      await call('POST', `${B}/warehouse-requests`, requester, { warehouseId, lines: [{ variantId: paper, quantity: 50 }] })
    ).json().result;
    await call('POST', `${B}/warehouse-requests/${wr.id}/approval`, keeper, { decision: 'approve', note: 'Will buy' });
    expect((await call('POST', `${B}/warehouse-requests/${wr.id}/issue`, keeper)).statusCode).toBe(409);
    const raised = await call('POST', `${B}/warehouse-requests/${wr.id}/purchase-requests`, keeper, {
      warehouseId,
      lines: [
        {
          kind: 'item',
          variantId: paper,
          unitId,
          quantity: 50,
          estimatedPrice: '52000',
          neededBy: '2026-12-20',
          reason: 'Short',
        },
      ],
    });
    expect(raised.json()).toMatchObject({
      success: 'Purchase request created',
      result: { warehouseRequestId: wr.id, estimatedTotal: '2600000' },
    });
    const prId = raised.json().result.id as number;
    const linked = await call('GET', `${B}/warehouse-requests/${wr.id}/purchase-requests`, requester);
    expect(linked.json().results.map((p: { id: number }) => p.id)).toEqual([prId]);

    // The keeper is in the requester's department but holds no managerial tier: 403.
    expect(
      (await call('POST', `${B}/purchase-requests/${prId}/approval/managerial`, keeper, { decision: 'approve' })).statusCode,
    ).toBe(403);
    // COO before the others: refused with a clear message.
    const early = await call('POST', `${B}/purchase-requests/${prId}/approval/COO`, coo, { decision: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].msg).toBe(
      'This purchase request is not waiting for COO approval (now: Waiting for managerial approval)',
    );
    expect(
      (await call('GET', `${B}/purchase-requests/approvals?tier=managerial`, head))
        .json()
        .results.rows.map((r: { id: number }) => r.id),
    ).toEqual([prId]);
    const m = await call('POST', `${B}/purchase-requests/${prId}/approval/managerial`, head, { decision: 'approve', note: 'ok' });
    expect(m.json()).toMatchObject({ success: 'Managerial approval recorded', result: { status: 'pending_warehouse' } });
    // The keeper raised it: he may not approve it at his own tier (clear refusal); another warehouse manager may.
    const own = await call('POST', `${B}/purchase-requests/${prId}/approval/warehouse`, keeper, { decision: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0].msg).toBe('You filed this purchase request, so another person must decide it');
    await call('POST', `${B}/purchase-requests/${prId}/approval/warehouse`, keeper2, { decision: 'approve' });
    const c = await call('POST', `${B}/purchase-requests/${prId}/approval/COO`, coo, { decision: 'approve' });
    expect(c.json().result).toMatchObject({ status: 'approved', approval: { managerial: 1, warehouse: 1, coo: 1 } });
    expect(c.json().result.history.map((h: { action: string; tier: string | null }) => `${h.action}:${h.tier}`)).toEqual([
      'submitted:null',
      'approved:managerial',
      'approved:warehouse',
      'approved:coo',
    ]);
    const reject = await call('POST', `${B}/purchase-requests/${prId}/approval/COO`, coo, { decision: 'reject' });
    expect(reject.statusCode).toBe(400);
    expect(reject.json().errors[0].attributes).toEqual([{ param: 'note', msg: 'is required to reject' }]);

    // Order, partial receipt into stock, then the warehouse request can be issued.
    const lineId = c.json().result.lineItems[0].id as number;
    const po = await call('POST', `${B}/purchase-requests/${prId}/purchase-orders`, keeper, {
      supplier: 'PT Kertas',
      orderDate: '2026-11-23',
      taxRateBp: 1100,
      lines: [{ purchaseRequestLineId: lineId, quantity: 50, unitPrice: 51000 }],
    });
    expect(po.json()).toMatchObject({
      success: 'Purchase order created',
      result: { subtotal: '2550000', tax: '280500', total: '2830500' },
    });
    const poId = po.json().result.id as number;
    const poLine = po.json().result.lines[0].id as number;
    const rc = await call('POST', `${B}/purchase-orders/${poId}/purchase-receives`, keeper, {
      receivedDate: '2026-11-25',
      lines: [{ purchaseOrderLineId: poLine, quantity: 30 }],
    });
    expect(rc.json()).toMatchObject({ success: 'Purchase receive recorded', result: { purchaseOrderId: poId } });
    const over = await call('POST', `${B}/purchase-orders/${poId}/purchase-receives`, keeper, {
      receivedDate: '2026-11-26',
      lines: [{ purchaseOrderLineId: poLine, quantity: 21 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].attributes).toEqual([
      { param: 'lines.0.quantity', msg: 'must be at most 20 (still to receive)' },
    ]);
    await call('POST', `${B}/purchase-orders/${poId}/purchase-receives`, keeper, {
      receivedDate: '2026-11-27',
      lines: [{ purchaseOrderLineId: poLine, quantity: 20 }],
    });
    expect((await call('GET', `${B}/warehouse-requests/${wr.id}/purchase-orders`, requester)).json().results[0]).toMatchObject({
      id: poId,
      receiveLabel: 'Received',
    });
    expect((await call('GET', `${B}/warehouse-requests/${wr.id}/purchase-receives`, requester)).json().results).toHaveLength(2);
    expect((await call('GET', `${B}/purchase-requests/${prId}/purchase-receives`, staff)).statusCode).toBe(404);
    const done = await call('POST', `${B}/warehouse-requests/${wr.id}/issue`, keeper);
    expect(done.json().result).toMatchObject({ fulfilment: 'full', lineItems: [{ issuedQuantity: 50, onHand: 0 }] });
    journey = { wr: wr.id, pr: prId, po: poId };
  });

  let journey = { wr: 0, pr: 0, po: 0 };

  it('PDF downloads under both bases: warehouse request, purchase request, purchase order', async () => {
    const wrPdf = await call('GET', `${B}/warehouse-requests/${journey.wr}/download`, requester);
    expect(wrPdf.statusCode).toBe(200);
    expect(wrPdf.headers['content-type']).toBe('application/pdf');
    expect(wrPdf.headers['content-disposition']).toContain(`WR-${String(journey.wr).padStart(6, '0')}.pdf`);
    expect(pdfText(wrPdf.rawPayload)).toContain('Paper (A4)');
    const prPdf = await call('GET', `/v2/h/inventory/purchase-requests/${journey.pr}/download`, requester);
    expect(prPdf.statusCode).toBe(200);
    expect(pdfText(prPdf.rawPayload)).toContain('Rp 2.600.000');
    const poPdf = await call('GET', `${B}/purchase-orders/${journey.po}/download`, keeper);
    expect(pdfText(poPdf.rawPayload)).toContain('PT Kertas');
    expect(pdfText(poPdf.rawPayload)).toContain('Rp 2.830.500');
    // Someone who may not open the request gets the envelope's 404, not a file.
    const hidden = await call('GET', `${B}/purchase-orders/${journey.po}/download`, staff);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().status).toBe('error');
  });

  it("the spec's /v2/h/inventory family names answer (purchaseRequest, warehouseRequest, item, service, setting/unit); the kebab names stay as aliases", async () => {
    const H = '/v2/h/inventory';
    const same = async (spec: string, kebab: string, who: Headers) => {
      const a = await call('GET', `${H}${spec}`, who);
      expect(a.statusCode, spec).toBe(200);
      expect(a.json()).toEqual((await call('GET', `${H}${kebab}`, who)).json());
      expect(a.json()).toEqual((await call('GET', `${B}${kebab}`, who)).json());
    };
    await same(`/purchaseRequest/${journey.pr}`, `/purchase-requests/${journey.pr}`, requester);
    await same('/purchaseRequest/team', '/purchase-requests/team', head);
    await same(
      `/warehouseRequest/${journey.wr}/purchase-requests`,
      `/warehouse-requests/${journey.wr}/purchase-requests`,
      requester,
    );
    await same('/item', '/items', keeper);
    await same('/item/warehouses', '/items/warehouses', requester);
    await same('/service', '/services', requester);
    await same('/setting/unit', '/settings/items/units', requester);
    expect((await call('GET', `${H}/purchaseRequest/${journey.pr}/download`, requester)).headers['content-type']).toBe(
      'application/pdf',
    );
    const paths = Object.keys((await call('GET', '/v2/h/openapi.json', requester)).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${H}/purchaseRequest/{id}/approval/COO`,
        `${H}/purchase-requests/{id}/approval/COO`,
        `${H}/setting/unit`,
      ]),
    );
  });

  it('purchase request attachments: upload (base64 JSON), list, download, delete while editable; types refused', async () => {
    const id = await requestSoap(2, 9000);
    const pdf = Buffer.from('%PDF-1.4 quotation');
    const up = await call('POST', `${B}/purchase-requests/${id}/attachments`, requester, {
      name: 'quotation.pdf',
      mime: 'application/pdf',
      contentBase64: pdf.toString('base64'),
    });
    expect(up.json()).toMatchObject({
      status: 'success',
      success: 'Attachment uploaded',
      results: [{ name: 'quotation.pdf', size: pdf.length }],
    });
    const attachmentId = up.json().results[0].id as number;
    expect((await call('GET', `/v2/h/inventory/purchase-requests/${id}/attachments`, head)).json().results).toHaveLength(1);
    const file = await call('GET', `${B}/purchase-requests/${id}/attachments/${attachmentId}`, head);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const html = await call('POST', `${B}/purchase-requests/${id}/attachments`, requester, {
      name: 'x.html',
      mime: 'text/html',
      contentBase64: Buffer.from('<b>x</b>').toString('base64'),
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().errors[0]).toMatchObject({
      code: 'GL0001',
      attributes: [{ param: 'mime', msg: 'must be a PDF, JPG, PNG, XLSX or DOCX file' }],
    });
    expect((await call('DELETE', `${B}/purchase-requests/${id}/attachments/${attachmentId}`, head)).statusCode).toBe(403);
    const del = await call('DELETE', `${B}/purchase-requests/${id}/attachments/${attachmentId}`, requester);
    expect(del.json()).toMatchObject({ success: 'Attachment deleted', results: [] });
    expect((await call('POST', `${B}/purchase-requests/${id}/cancel`, requester)).statusCode).toBe(200);
  });

  it('purchase requests: own list, team list, edit only before the first approval', async () => {
    const id = await requestSoap(5, 12000);
    const edit = await call('PUT', `${B}/purchase-requests/${id}`, requester, { note: 'Lemon scent' });
    expect(edit.json().result).toMatchObject({ note: 'Lemon scent', can: { edit: true } });
    const mine = await call('GET', `${B}/purchase-requests?status=pending_managerial`, requester);
    expect(mine.json().results.rows.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await call('GET', `${B}/purchase-requests/team?search=lemon`, head)).json().results.total).toBe(1);
    expect((await call('GET', `${B}/purchase-requests/team`, requester)).statusCode).toBe(403);
    await call('POST', `${B}/purchase-requests/${id}/approval/managerial`, head, { decision: 'approve' });
    const late = await call('PUT', `${B}/purchase-requests/${id}`, requester, { note: 'x' });
    expect(late.statusCode).toBe(409);
    expect((await call('GET', `${B}/purchase-requests/${id}`, staff)).statusCode).toBe(404);
    expect(
      (await call('GET', `${B}/purchase-requests?from=2026-02-01&to=2026-01-01`, requester)).json().errors[0].attributes,
    ).toEqual([{ param: 'to', msg: 'must not be before from' }]);
  });

  it('segregation of duties (issue 16): one person decides at most one tier, never their own request', async () => {
    const admin = await t.bearer(t.admin);
    const line = soapLine(1, 1000, '2026-12-01', 'x');
    const id = (await call('POST', `${B}/purchase-requests`, requester, { warehouseId, lines: [line] })).json().result.id;
    // Superadmin holds all three tiers: the first one passes …
    const m = await call('POST', `${B}/purchase-requests/${id}/approval/managerial`, admin, { decision: 'approve' });
    expect(m.json().result.status).toBe('pending_warehouse');
    // … the next one is refused, the screen says why, and the approval list leaves it out.
    const twice = 'You already decided an earlier step of this purchase request; each step must be decided by a different person';
    const w = await call('POST', `${B}/purchase-requests/${id}/approval/warehouse`, admin, { decision: 'approve' });
    expect([w.statusCode, w.json().errors[0].msg]).toEqual([403, twice]);
    const reject = await call('POST', `${B}/purchase-requests/${id}/approval/warehouse`, admin, {
      decision: 'reject',
      note: 'n',
    });
    expect(reject.statusCode).toBe(403);
    expect((await call('GET', `${B}/purchase-requests/${id}`, admin)).json().result.can).toMatchObject({
      approve: null,
      approveRefusal: twice,
    });
    const list = await call('GET', `${B}/purchase-requests/approvals?tier=warehouse&pageSize=100`, admin);
    expect(list.json().results.rows.map((r: { id: number }) => r.id)).not.toContain(id);
    // A second and a third person pass; the superadmin cannot come back for the last tier either.
    expect(
      (await call('POST', `${B}/purchase-requests/${id}/approval/warehouse`, keeper, { decision: 'approve' })).statusCode,
    ).toBe(200);
    const last = await call('POST', `${B}/purchase-requests/${id}/approval/COO`, admin, { decision: 'approve' });
    expect([last.statusCode, last.json().errors[0].msg]).toEqual([403, twice]);
    const c = await call('POST', `${B}/purchase-requests/${id}/approval/COO`, coo, { decision: 'approve' });
    expect(c.json().result.status).toBe('approved');

    // Never one's own request, at any tier.
    const mine = (await call('POST', `${B}/purchase-requests`, admin, { warehouseId, lines: [line] })).json().result.id;
    const own = await call('POST', `${B}/purchase-requests/${mine}/approval/managerial`, admin, { decision: 'approve' });
    expect([own.statusCode, own.json().errors[0].msg]).toEqual([
      403,
      'You filed this purchase request, so another person must decide it',
    ]);
    const wr = (
      await call('POST', `${B}/warehouse-requests`, keeper, { warehouseId, lines: [{ variantId: soap, quantity: 1 }] })
    ).json().result;
    expect(wr.can).toMatchObject({ decide: false, decideRefusal: 'You cannot decide your own warehouse request' });
    const ownWr = await call('POST', `${B}/warehouse-requests/${wr.id}/approval`, keeper, { decision: 'approve' });
    expect([ownWr.statusCode, ownWr.json().errors[0].msg]).toEqual([403, 'You cannot decide your own warehouse request']);
    expect((await call('GET', `${B}/warehouse-requests/${wr.id}`, keeper2)).json().result.can).toMatchObject({
      decide: true,
      decideRefusal: null,
    });
  });

  it('dates far outside a plausible range are refused naming the field (issue 16 item 13)', async () => {
    const line = soapLine(1, 1000, '1900-01-01', 'x');
    const pr = await call('POST', `${B}/purchase-requests`, requester, { warehouseId, lines: [line] });
    expect(pr.statusCode).toBe(400);
    expect(pr.json().errors[0]).toMatchObject({
      code: 'GL0001',
      attributes: [
        { param: 'lines.0.neededBy', msg: expect.stringMatching(/^must be between 01\/01\/2000 and \d{2}\/\d{2}\/\d{4}$/) },
      ],
    });
    const wr = await call('POST', `${B}/warehouse-requests`, requester, {
      warehouseId,
      neededDate: '2099-01-01',
      lines: [{ variantId: soap, quantity: 1 }],
    });
    expect(wr.json().errors[0].attributes.map((a: { param: string }) => a.param)).toEqual(['neededDate']);
  });
});
