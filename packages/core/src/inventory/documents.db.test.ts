import { beforeAll, describe, expect, it } from 'vitest';
import { useDbEnv } from '../testing/db-env';
import { failure } from '../testing/expect';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { pdfText } from '../testing/pdf';
import {
  addPurchaseRequestAttachment,
  deletePurchaseRequestAttachment,
  downloadPurchaseRequestAttachment,
  listPurchaseRequestAttachments,
} from './attachments';
import { adjustStock, createItem, createUnit, createWarehouse, findMovements } from './catalogue';
import { downloadPurchaseOrderPdf, downloadPurchaseRequestPdf, downloadWarehouseRequestPdf } from './documents';
import { createPurchaseOrder, receivePurchaseOrder } from './purchase-orders';
import {
  createPurchaseRequest,
  decidePurchaseRequest,
  getPurchaseRequest,
  listPurchaseRequestApprovals,
  raisePurchaseRequestForWarehouseRequest,
} from './purchase-requests';
import { ATTACHMENT_MAX_BYTES } from './schema';
import { createWarehouseRequest, decideWarehouseRequest, getWarehouseRequest, issueWarehouseRequest } from './warehouse-requests';

const { env, actor, ctx } = useDbEnv();
/** Employee of department 0. */
let requester: Actor;
let stranger: Actor;
/** Department head of department 0 (managerial tier for it); also asks for things himself. */
let head: Actor;
/** Warehouse manager (warehouse tier, warehouse staff). */
let keeper: Actor;
/** Inventory staff: raises purchase requests for warehouse requests; no approval tier. */
let staff: Actor;
let coo: Actor;
let pcs: number;
let towel: number;
let warehouseId: number;

const g = {
  request: (a: Actor) => requirePermission(a, 'inventory.request'),
  manage: (a: Actor) => requirePermission(a, 'inventory.manage'),
  managerial: (a: Actor) => requirePermission(a, 'inventory.approve.managerial'),
  warehouse: (a: Actor) => requirePermission(a, 'inventory.approve.warehouse'),
  coo: (a: Actor) => requirePermission(a, 'inventory.approve.coo'),
};

beforeAll(async () => {
  requester = await actor(['employee'], 0);
  stranger = await actor(['employee'], 1);
  head = await actor(['department-head'], 0);
  keeper = await actor(['warehouse-manager'], 1);
  staff = await actor(['inventory-staff'], 1);
  coo = await actor(['c-level'], 1);
  pcs = (await createUnit(ctx(keeper), g.manage(keeper), { name: 'Pcs' })).id;
  towel = (await createItem(ctx(keeper), g.manage(keeper), { name: 'Towel', code: 'TWL', unitId: pcs })).variants[0]!.id;
  warehouseId = (await createWarehouse(ctx(keeper), g.manage(keeper), { companyOfficeId: env.org.officeId, name: 'Main' })).id;
});

const line = (quantity: number, price = 25000) => ({
  kind: 'item' as const,
  variantId: towel,
  unitId: pcs,
  quantity,
  estimatedPrice: price,
  neededBy: '2026-12-20',
  reason: 'Guest rooms',
});

const newRequest = (who: Actor, quantity = 4) =>
  createPurchaseRequest(ctx(who), g.request(who), { warehouseId, note: 'For the lobby', lines: [line(quantity)] });

const PDF_BYTES = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 0x20)]);
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('self-approval is never allowed', () => {
  it('a requester holding the managerial tier cannot approve or reject their own purchase request', async () => {
    const pr = await newRequest(head);
    expect(pr.can.approve).toBeNull();
    for (const decision of ['approve', 'reject'] as const) {
      const e = await failure(
        decidePurchaseRequest(ctx(head), g.managerial(head), 'managerial', { id: pr.id, decision, note: 'mine' }),
      );
      expect(e.code).toBe('FORBIDDEN');
      expect(e.message).toBe('You cannot decide your own purchase request');
    }
    // Nor does it show in their approval queue, while others' requests do.
    const other = await newRequest(requester);
    const queue = await listPurchaseRequestApprovals(ctx(head), g.request(head), { tier: 'managerial' });
    expect(queue.rows.map((r) => r.id)).toContain(other.id);
    expect(queue.rows.map((r) => r.id)).not.toContain(pr.id);
    expect((await getPurchaseRequest(ctx(head), g.request(head), { id: pr.id })).status).toBe('pending_managerial');
  });

  it('the warehouse and COO tiers cannot approve their own either, even when it waits for their tier', async () => {
    const manager1 = await actor(['managerial'], 1);
    const mine = await newRequest(keeper);
    await decidePurchaseRequest(ctx(manager1), g.managerial(manager1), 'managerial', { id: mine.id, decision: 'approve' });
    const w = await failure(
      decidePurchaseRequest(ctx(keeper), g.warehouse(keeper), 'warehouse', { id: mine.id, decision: 'approve' }),
    );
    expect(w.code).toBe('FORBIDDEN');
    expect(w.message).toBe('You cannot decide your own purchase request');

    const boss = await newRequest(coo);
    await decidePurchaseRequest(ctx(manager1), g.managerial(manager1), 'managerial', { id: boss.id, decision: 'approve' });
    const waiting = await decidePurchaseRequest(ctx(keeper), g.warehouse(keeper), 'warehouse', {
      id: boss.id,
      decision: 'approve',
    });
    expect(waiting.status).toBe('pending_coo');
    expect((await getPurchaseRequest(ctx(coo), g.request(coo), { id: boss.id })).can.approve).toBeNull();
    const c = await failure(decidePurchaseRequest(ctx(coo), g.coo(coo), 'coo', { id: boss.id, decision: 'reject', note: 'x' }));
    expect(c.code).toBe('FORBIDDEN');
    expect((await getPurchaseRequest(ctx(coo), g.request(coo), { id: boss.id })).status).toBe('pending_coo');
  });

  it('a warehouse manager cannot decide their own warehouse request; another warehouse approver can', async () => {
    const wr = await createWarehouseRequest(ctx(keeper), g.request(keeper), {
      warehouseId,
      lines: [{ variantId: towel, quantity: 1 }],
    });
    expect(wr.can.decide).toBe(false);
    const e = await failure(decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: wr.id, decision: 'approve' }));
    expect(e.code).toBe('FORBIDDEN');
    expect(e.message).toBe('You cannot decide your own warehouse request');
    const keeper2 = await actor(['warehouse-manager'], 1);
    expect((await getWarehouseRequest(ctx(keeper2), g.request(keeper2), { id: wr.id })).can.decide).toBe(true);
    const ok = await decideWarehouseRequest(ctx(keeper2), g.warehouse(keeper2), { id: wr.id, decision: 'reject', note: 'No' });
    expect(ok.statusLabel).toBe('Disapproved');
  });

  it('the employee whose warehouse request a purchase request was raised for cannot approve it', async () => {
    const wr = await createWarehouseRequest(ctx(head), g.request(head), {
      warehouseId,
      lines: [{ variantId: towel, quantity: 2 }],
    });
    await decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: wr.id, decision: 'approve' });
    const pr = await raisePurchaseRequestForWarehouseRequest(ctx(staff), g.manage(staff), {
      id: wr.id,
      warehouseId,
      lines: [line(2)],
    });
    expect((await getPurchaseRequest(ctx(head), g.request(head), { id: pr.id })).can.approve).toBeNull();
    const e = await failure(
      decidePurchaseRequest(ctx(head), g.managerial(head), 'managerial', { id: pr.id, decision: 'approve' }),
    );
    expect(e.code).toBe('FORBIDDEN');
  });
});

describe('purchase request attachments', () => {
  it('the requester uploads, lists, downloads and deletes while the request is editable', async () => {
    const pr = await newRequest(requester);
    expect(pr.can.attach).toBe(true);
    const list = await addPurchaseRequestAttachment(ctx(requester), g.request(requester), {
      id: pr.id,
      name: 'quotation.pdf',
      mime: 'application/pdf',
      contentBase64: PDF_BYTES.toString('base64'),
    });
    expect(list).toMatchObject([{ name: 'quotation.pdf', mime: 'application/pdf', size: PDF_BYTES.length }]);
    await addPurchaseRequestAttachment(ctx(requester), g.request(requester), {
      id: pr.id,
      name: 'photo.png',
      mime: 'image/png',
      contentBase64: PNG_BYTES.toString('base64'),
    });
    // The approver sees and downloads them; a stranger gets NOT_FOUND.
    const seen = await listPurchaseRequestAttachments(ctx(head), g.request(head), { id: pr.id });
    expect(seen.map((a) => a.name)).toEqual(['quotation.pdf', 'photo.png']);
    const file = await downloadPurchaseRequestAttachment(ctx(head), g.request(head), { id: pr.id, attachmentId: seen[0]!.id });
    expect(file).toEqual({ fileName: 'quotation.pdf', contentType: 'application/pdf', base64: PDF_BYTES.toString('base64') });
    expect(
      (
        await failure(
          downloadPurchaseRequestAttachment(ctx(stranger), g.request(stranger), { id: pr.id, attachmentId: seen[0]!.id }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    // Only the requester changes them.
    const other = await failure(
      deletePurchaseRequestAttachment(ctx(head), g.request(head), { id: pr.id, attachmentId: seen[1]!.id }),
    );
    expect(other.code).toBe('FORBIDDEN');
    const after = await deletePurchaseRequestAttachment(ctx(requester), g.request(requester), {
      id: pr.id,
      attachmentId: seen[1]!.id,
    });
    expect(after.map((a) => a.name)).toEqual(['quotation.pdf']);
    expect((await getPurchaseRequest(ctx(requester), g.request(requester), { id: pr.id })).attachments).toHaveLength(1);

    // After the first approval they are frozen.
    await decidePurchaseRequest(ctx(head), g.managerial(head), 'managerial', { id: pr.id, decision: 'approve' });
    const frozen = await failure(
      addPurchaseRequestAttachment(ctx(requester), g.request(requester), {
        id: pr.id,
        name: 'late.pdf',
        mime: 'application/pdf',
        contentBase64: PDF_BYTES.toString('base64'),
      }),
    );
    expect(frozen.code).toBe('CONFLICT');
    expect(frozen.message).toBe(
      'Attachments can be changed only before the first approval; this purchase request is Waiting for warehouse approval',
    );
    expect(
      (
        await failure(
          deletePurchaseRequestAttachment(ctx(requester), g.request(requester), { id: pr.id, attachmentId: seen[0]!.id }),
        )
      ).code,
    ).toBe('CONFLICT');
    expect((await getPurchaseRequest(ctx(requester), g.request(requester), { id: pr.id })).can.attach).toBe(false);
  });

  it('refuses disallowed types, content not matching its type, and files over 700 KB', async () => {
    const pr = await newRequest(requester);
    const add = (mime: string, bytes: Buffer) =>
      addPurchaseRequestAttachment(ctx(requester), g.request(requester), {
        id: pr.id,
        name: 'x',
        mime: mime as 'application/pdf',
        contentBase64: bytes.toString('base64'),
      });
    // Schema checks (GL0001 over the API, naming the field).
    await expect(add('text/html', Buffer.from('<script>alert(1)</script>'))).rejects.toThrow(
      'must be a PDF, JPG, PNG, XLSX or DOCX file',
    );
    await expect(add('application/pdf', Buffer.concat([PDF_BYTES, Buffer.alloc(ATTACHMENT_MAX_BYTES)]))).rejects.toThrow(
      'must be at most 700 KB',
    );
    // Just over the limit in bytes although the base64 passes the length check.
    const over = await failure(add('application/pdf', Buffer.concat([PDF_BYTES, Buffer.alloc(ATTACHMENT_MAX_BYTES - 70)])));
    expect(over.fields).toEqual([{ param: 'contentBase64', msg: 'must be at most 700 KB' }]);
    const fake = await failure(add('application/pdf', Buffer.from('MZ not a pdf')));
    expect(fake.code).toBe('VALIDATION');
    expect(fake.fields).toEqual([{ param: 'contentBase64', msg: 'content does not match the file type' }]);
    expect(await listPurchaseRequestAttachments(ctx(requester), g.request(requester), { id: pr.id })).toEqual([]);
  });
});

describe('PDF documents', () => {
  it('warehouse request, purchase request and purchase order PDFs carry their numbers, lines and totals', async () => {
    await adjustStock(ctx(keeper), g.manage(keeper), { variantId: towel, warehouseId, quantity: 1, note: 'Found one' });
    const wr = await createWarehouseRequest(ctx(requester), g.request(requester), {
      warehouseId,
      neededDate: '2026-12-01',
      lines: [{ variantId: towel, quantity: 6, note: 'Bathroom' }],
    });
    await decideWarehouseRequest(ctx(keeper), g.warehouse(keeper), { id: wr.id, decision: 'approve', note: 'OK' });
    const pr = await raisePurchaseRequestForWarehouseRequest(ctx(staff), g.manage(staff), {
      id: wr.id,
      warehouseId,
      lines: [line(6, 1250000)],
    });
    await decidePurchaseRequest(ctx(head), g.managerial(head), 'managerial', { id: pr.id, decision: 'approve', note: 'Fine' });
    await decidePurchaseRequest(ctx(keeper), g.warehouse(keeper), 'warehouse', { id: pr.id, decision: 'approve' });
    await decidePurchaseRequest(ctx(coo), g.coo(coo), 'coo', { id: pr.id, decision: 'approve' });

    const wrPdf = await downloadWarehouseRequestPdf(ctx(requester), g.request(requester), { id: wr.id });
    expect(wrPdf.fileName).toBe(`${wr.number}.pdf`);
    expect(wrPdf.contentType).toBe('application/pdf');
    const wrText = pdfText(Buffer.from(wrPdf.base64, 'base64'));
    for (const s of [`Warehouse request ${wr.number}`, 'Towel (-)', 'Bathroom', '01/12/2026', pr.number, 'Approved'])
      expect(wrText).toContain(s);

    const prPdf = await downloadPurchaseRequestPdf(ctx(coo), g.request(coo), { id: pr.id });
    const prText = pdfText(Buffer.from(prPdf.base64, 'base64'));
    for (const s of [
      `Purchase request ${pr.number}`,
      'Rp 1.250.000',
      'Rp 7.500.000',
      '20/12/2026',
      'Managerial',
      'Fine',
      'COO',
      wr.number,
    ])
      expect(prText).toContain(s);

    const po = await createPurchaseOrder(ctx(staff), g.manage(staff), {
      id: pr.id,
      supplier: 'PT Handuk Jaya',
      orderDate: '2026-11-23',
      deliveryDate: '2026-11-30',
      taxRateBp: 1100,
      lines: [{ purchaseRequestLineId: pr.lineItems[0]!.id, quantity: 6, unitPrice: 1200000 }],
    });
    await receivePurchaseOrder(ctx(staff), g.manage(staff), {
      id: po.id,
      receivedDate: '2026-11-24',
      lines: [{ purchaseOrderLineId: po.lines[0]!.id, quantity: 2 }],
    });
    const poPdf = await downloadPurchaseOrderPdf(ctx(requester), g.request(requester), { id: po.id });
    expect(poPdf.fileName).toBe(`${po.number}.pdf`);
    const poText = pdfText(Buffer.from(poPdf.base64, 'base64'));
    // 6 × 1.200.000 = 7.200.000; 11% tax = 792.000; total 7.992.000.
    for (const s of [
      'PT Handuk Jaya',
      'Rp 7.200.000',
      'Tax (11%)',
      'Rp 792.000',
      'Rp 7.992.000',
      '30/11/2026',
      'Partially received',
    ])
      expect(poText).toContain(s);

    // Others' documents are NOT_FOUND, as their details are.
    expect((await failure(downloadWarehouseRequestPdf(ctx(stranger), g.request(stranger), { id: wr.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await failure(downloadPurchaseOrderPdf(ctx(stranger), g.request(stranger), { id: po.id }))).code).toBe('NOT_FOUND');

    // Issue what arrived; the ledger names each source document.
    await issueWarehouseRequest(ctx(keeper), g.manage(keeper), {
      id: wr.id,
      lines: [{ lineId: wr.lineItems[0]!.id, quantity: 3 }],
    });
    const ledger = await findMovements(ctx(keeper), requirePermission(keeper, 'inventory.view'), { variantId: towel });
    expect(ledger.rows.map((m) => [m.kindLabel, m.quantity, m.sourceNumber])).toEqual([
      ['Issue', -3, wr.number],
      ['Receipt', 2, 'RCV-000001'],
      ['Adjustment', 1, 'ADJ-000001'],
    ]);
  });
});
