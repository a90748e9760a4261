import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderAs } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { orderPreview, percentToBp } from './PurchaseOrderDialog';
import { purchaseRequestDetail } from './purchase-request.fixture';
import { fakePurchaseRequestServer, renderPurchaseRequestDetail } from './purchase-request.testing';
import { WarehouseRequestListPage } from './WarehouseRequestListPage';

cleanupAfterEach();

const user = (permissions: string[]) =>
  sessionUser(permissions, { userId: 7, email: 'keeper@test.co.id', name: 'Keeper', employeeId: 4 });

const KEEPER = ['inventory.request', 'inventory.view', 'inventory.manage', 'inventory.approve.warehouse'];

const approved = (over: { attach?: boolean; order?: boolean; attachments?: unknown[] } = {}) => ({
  ...purchaseRequestDetail(31),
  status: over.attach ? 'pending_managerial' : 'approved',
  statusLabel: over.attach ? 'Waiting for managerial approval' : 'Approved',
  approval: { managerial: 1, warehouse: 1, coo: 1 },
  attachments: over.attachments ?? [],
  can: {
    edit: !!over.attach,
    cancel: false,
    approve: null,
    attach: !!over.attach,
    order: over.order ?? !over.attach,
    receive: true,
  },
});

const order = {
  id: 5,
  number: 'PO-000005',
  purchaseRequestId: 12,
  purchaseRequestNumber: 'PR-000012',
  warehouseId: 1,
  warehouse: 'Main',
  supplier: 'PT Kertas',
  orderDate: '2026-11-23',
  deliveryDate: null,
  taxRateBp: 1100,
  note: null,
  subtotal: '1000000',
  tax: '110000',
  total: '1110000',
  fulfilment: 'partial',
  receiveLabel: 'Partially received',
  lines: [
    {
      id: 51,
      purchaseRequestLineId: 31,
      kind: 'item',
      name: 'Paper A4 (-)',
      unit: 'Ream',
      quantity: 20,
      unitPrice: '50000',
      amount: '1000000',
      receivedQuantity: 5,
    },
  ],
  createdAt: '2026-11-23T03:00:00.000Z',
};

const renderDetail = (permissions: string[]) => renderPurchaseRequestDetail(user(permissions));

describe('placing a purchase order from an approved request', () => {
  it('prefills what is not ordered yet, shows totals in integer rupiah, refuses too much, sends the order', async () => {
    const server = fakePurchaseRequestServer(approved(), [], {
      'inventory.purchaseRequest.order': () => ({ data: order }),
    });
    renderDetail(KEEPER);
    fireEvent.click(await screen.findByRole('button', { name: 'Place purchase order' }));
    const dialog = screen.getByRole('dialog');
    // 25 × 50.000 = 1.250.000; 11% = 137.500; total 1.387.500.
    expect(within(dialog).getByTestId('po-total').textContent).toBe('1.387.500');
    const qty = within(dialog).getByLabelText('Order quantity Paper A4 (-)');
    fireEvent.change(qty, { target: { value: '26' } });
    fireEvent.change(within(dialog).getByLabelText(/Supplier/), { target: { value: 'PT Kertas' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place purchase order' }));
    expect(within(dialog).getByText('At most 25')).toBeTruthy();
    expect(document.activeElement).toBe(qty);
    expect(server.calls.some((c) => c.path === 'inventory.purchaseRequest.order')).toBe(false);
    fireEvent.change(qty, { target: { value: '20' } });
    fireEvent.change(within(dialog).getByLabelText('Unit price (Rp) Paper A4 (-)'), { target: { value: '48.000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place purchase order' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'inventory.purchaseRequest.order')?.input).toMatchObject({
        id: 12,
        supplier: 'PT Kertas',
        taxRateBp: 1100,
        lines: [{ purchaseRequestLineId: 31, quantity: 20, unitPrice: '48000' }],
      }),
    );
  });

  it('tax percent and totals never use floats', () => {
    expect(percentToBp('11')).toBe(1100);
    expect(percentToBp('2,5')).toBe(250);
    expect(percentToBp('101')).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(orderPreview([{ quantity: '3', unitPrice: '999999999999999' }], 1100)).toEqual([
      '2999999999999997',
      '330000000000000',
      '3329999999999997',
    ]);
  });
});

describe('receiving against an order', () => {
  it('offers what is still to receive, refuses more, and records a partial receipt', async () => {
    const server = fakePurchaseRequestServer(approved({ order: false }), [order], {
      'inventory.purchaseOrder.receive': () => ({ data: {} }),
    });
    renderDetail(KEEPER);
    expect(await screen.findByText('Paper A4 (-): 5/20 Ream')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place purchase order' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('15 Ream')).toBeTruthy();
    const qty = within(dialog).getByLabelText('Quantity received Paper A4 (-)');
    fireEvent.change(qty, { target: { value: '16' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(within(dialog).getByText('At most 15')).toBeTruthy();
    fireEvent.change(qty, { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'inventory.purchaseOrder.receive')?.input).toMatchObject({
        id: 5,
        lines: [{ purchaseOrderLineId: 51, quantity: 10 }],
      }),
    );
  });

  it('without inventory.manage there is no receive or order button, only the PDF', async () => {
    fakePurchaseRequestServer({ ...approved(), can: { ...approved().can, order: false, receive: false } }, [order]);
    renderDetail(['inventory.request']);
    expect(await screen.findByRole('button', { name: 'Download PDF PO-000005' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Receive' })).toBeNull();
  });
});

describe('attachments', () => {
  it('while editable: a disallowed file is refused on the spot; a PDF is sent as base64', async () => {
    const server = fakePurchaseRequestServer(approved({ attach: true }), [], {
      'inventory.purchaseRequest.addAttachment': () => ({ data: [] }),
    });
    renderDetail(['inventory.request']);
    const input = (await screen.findByLabelText('Upload file')) as HTMLInputElement;
    const txt = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [txt] } });
    expect(await screen.findByText('notes.txt: only PDF, JPG, PNG, XLSX or DOCX files of at most 700 KB')).toBeTruthy();
    const pdf = new File(['%PDF-1.4'], 'quote.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'inventory.purchaseRequest.addAttachment')?.input).toEqual({
        id: 12,
        name: 'quote.pdf',
        mime: 'application/pdf',
        contentBase64: btoa('%PDF-1.4'),
      }),
    );
  });

  it('after the first approval the list stays downloadable but cannot change', async () => {
    fakePurchaseRequestServer(
      approved({
        attachments: [
          {
            id: 3,
            name: 'quote.pdf',
            mime: 'application/pdf',
            size: 2048,
            uploadedBy: 'Rina',
            createdAt: '2026-11-22T03:00:00Z',
          },
        ],
      }),
    );
    renderDetail(['inventory.request']);
    expect(await screen.findByText('quote.pdf')).toBeTruthy();
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByLabelText('Upload file')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('warehouse tabs: stock and ledger', () => {
  it('shows stock per item and warehouse; the ledger names each source document', async () => {
    const server = fakeTrpcServer({
      'inventory.warehouseRequest.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
      'inventory.warehouse.list': () => ({ data: [{ id: 1, name: 'Main', companyOfficeId: 1, companyOffice: 'Jakarta' }] }),
      'inventory.item.warehouses': () => ({ data: [] }),
      'inventory.stock.list': () => ({
        data: {
          rows: [
            {
              variantId: 4,
              itemId: 2,
              item: 'Paper A4',
              variant: '-',
              warehouseId: 1,
              warehouse: 'Main',
              unit: 'Ream',
              onHand: 40,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
      'inventory.stock.movements': () => ({
        data: {
          rows: [
            {
              id: '9',
              kind: 'issue',
              kindLabel: 'Issue',
              variantId: 4,
              item: 'Paper A4',
              variant: '-',
              warehouseId: 1,
              warehouse: 'Main',
              quantity: -3,
              balanceAfter: 37,
              sourceType: 'warehouse_request',
              sourceId: 12,
              sourceNumber: 'WR-000012',
              note: null,
              actor: 'keeper@test.co.id',
              createdAt: '2026-11-22T03:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
    });
    renderAs(<WarehouseRequestListPage />, user(KEEPER));
    fireEvent.click(await screen.findByRole('tab', { name: 'Stock on hand' }));
    expect(await screen.findByText('40 Ream')).toBeTruthy();
    // One for a new adjustment, one on the row.
    expect(screen.getAllByRole('button', { name: 'Adjust stock' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Stock ledger' }));
    const link = await screen.findByRole('link', { name: 'WR-000012' });
    expect(link.getAttribute('href')).toBe('/inventory/warehouseRequest/12/detail');
    expect(screen.getByText('-3')).toBeTruthy();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === 'inventory.stock.movements').at(-1)?.input).toMatchObject({
        variantId: 4,
        warehouseId: 1,
      }),
    );
  });

  it('an employee without inventory.view sees no tabs', async () => {
    fakeTrpcServer({
      'inventory.warehouseRequest.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
      'inventory.warehouse.list': () => ({ data: [] }),
    });
    renderAs(<WarehouseRequestListPage />, user(['inventory.request']));
    expect(await screen.findByText('No requests found.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});

describe('items tab', () => {
  it('shows an unnamed variant as "-" and creates an item with its warehouse variants', async () => {
    const server = fakeTrpcServer({
      'inventory.warehouseRequest.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
      'inventory.warehouse.list': () => ({ data: [] }),
      'inventory.unit.options': () => ({ data: [{ id: 2, name: 'Pcs' }] }),
      'inventory.item.list': () => ({
        data: {
          rows: [
            {
              id: 1,
              code: 'PPR-A4',
              name: 'Paper A4',
              unitId: 2,
              unit: 'Ream',
              description: null,
              variants: [{ id: 4, itemId: 1, name: '', label: '-' }],
              onHand: 40,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
      'inventory.item.create': () => ({ data: {} }),
    });
    renderAs(<WarehouseRequestListPage />, user(KEEPER));
    fireEvent.click(await screen.findByRole('tab', { name: 'Items' }));
    expect(await screen.findByRole('button', { name: 'Rename variant Paper A4 (-)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New item' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Name first: it is marked and focused, nothing is sent.
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Name/));
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Uniform shirt' } });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Pcs' })).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText(/Unit/), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/Warehouse variants/), { target: { value: 'S, M , ,L' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'inventory.item.create')?.input).toMatchObject({
        name: 'Uniform shirt',
        unitId: 2,
        variants: ['S', 'M', 'L'],
      }),
    );
  });
});
