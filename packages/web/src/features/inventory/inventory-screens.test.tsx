import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderAs, renderRoutes } from '../../testing/render-screen';
import { stubResizeObserver } from '../../testing/resize-observer';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { formatRupiah } from './InventorySelects';
import { purchaseRequestDetail } from './purchase-request.fixture';
import { fakePurchaseRequestServer, renderPurchaseRequestDetail } from './purchase-request.testing';
import { firstInvalidPurchaseRequestField, PurchaseRequestAddPage, type PrLine } from './PurchaseRequestFormPage';
import { WarehouseRequestListPage } from './WarehouseRequestListPage';

cleanupAfterEach();

const user = (permissions: string[]) => sessionUser(permissions, { email: 'head@test.co.id', name: 'Head' });

const detail = (approve: 'managerial' | 'warehouse' | 'coo' | null) => ({
  ...purchaseRequestDetail(1),
  history: [
    {
      id: '1',
      action: 'submitted',
      tier: null,
      fromStatus: null,
      toStatus: 'pending_managerial',
      note: null,
      actorUserId: 9,
      actor: 'Rina Requester',
      at: '2026-11-22T03:00:00.000Z',
    },
  ],
  can: { edit: false, cancel: false, approve, attach: false, order: false, receive: false },
});

const renderDetail = (permissions: string[]) => renderPurchaseRequestDetail(user(permissions));

describe('purchase request detail', () => {
  it('without a tier to act on there is no approve or reject button', async () => {
    fakePurchaseRequestServer(detail(null));
    renderDetail(['inventory.request']);
    expect(await screen.findByText('Paper A4 (-)')).toBeTruthy();
    expect(screen.getByText('1.250.000', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('Managerial: Pending · Warehouse: Pending · COO: Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
  });

  it('the managerial approver rejects only with a note; the call goes to the managerial tier', async () => {
    const server = fakePurchaseRequestServer(detail('managerial'), [], {
      'inventory.purchaseRequest.approveManagerial': () => ({ data: { ...detail(null), status: 'rejected' } }),
    });
    renderDetail(['inventory.request', 'inventory.approve.managerial']);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject (Managerial)' }));
    const dialogReject = screen.getAllByRole('button', { name: 'Reject' }).at(-1)!;
    fireEvent.click(dialogReject);
    // No note: the note is marked and focused, nothing is sent.
    const note = screen.getByLabelText(/Note \(required to reject\)/);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
    expect(server.calls.some((c) => c.path === 'inventory.purchaseRequest.approveManagerial')).toBe(false);
    fireEvent.change(note, { target: { value: 'Over budget' } });
    fireEvent.click(dialogReject);
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'inventory.purchaseRequest.approveManagerial')?.input).toEqual({
        id: 12,
        decision: 'reject',
        note: 'Over budget',
      }),
    );
  });
});

describe('warehouse request list', () => {
  it('shows the server rows as text with their status and issue labels; filters go to the server', async () => {
    const server = fakeTrpcServer({
      'inventory.warehouseRequest.list': () => ({
        data: {
          rows: [
            {
              id: 3,
              number: 'WR-000003',
              status: 3,
              statusLabel: 'Pending',
              fulfilment: 'none',
              fulfilmentLabel: 'Not issued',
              requester: { userId: 5, employeeId: 3, name: '<b>Head</b>' },
              warehouseId: 1,
              warehouse: 'Main',
              neededDate: null,
              note: null,
              lines: 2,
              createdAt: '2026-11-22T03:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 25,
        },
      }),
      'inventory.warehouse.list': () => ({ data: [{ id: 1, name: 'Main', companyOfficeId: 1, companyOffice: 'Jakarta' }] }),
    });
    renderAs(<WarehouseRequestListPage />, user(['inventory.request']));
    expect(await screen.findByText('WR-000003')).toBeTruthy();
    expect(screen.getByText('<b>Head</b>')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('Not issued')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '1' } });
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === 'inventory.warehouseRequest.list').at(-1)?.input).toMatchObject({
        status: 1,
        page: 1,
      }),
    );
  });
});

describe('raising a purchase request for a warehouse request', () => {
  it('prefills the shortage and sends it linked to the warehouse request', async () => {
    const server = fakeTrpcServer({
      'inventory.warehouseRequest.get': () => ({
        data: {
          id: 3,
          number: 'WR-000003',
          warehouseId: 1,
          neededDate: '2026-12-05',
          lineItems: [
            {
              id: 1,
              variantId: 4,
              unitId: 2,
              item: 'Paper',
              variant: '-',
              unit: 'Ream',
              quantity: 10,
              issuedQuantity: 0,
              outstanding: 10,
              onHand: 4,
              shortage: 6,
              onOrder: 0,
              note: null,
            },
            {
              id: 2,
              variantId: 5,
              unitId: 2,
              item: 'Pen',
              variant: 'Blue',
              unit: 'Ream',
              quantity: 1,
              issuedQuantity: 0,
              outstanding: 1,
              onHand: 9,
              shortage: 0,
              onOrder: 0,
              note: null,
            },
          ],
        },
      }),
      'inventory.warehouse.list': () => ({ data: [{ id: 1, name: 'Main', companyOfficeId: 1, companyOffice: 'Jakarta' }] }),
      'inventory.item.warehouses': () => ({ data: [{ id: 4, itemId: 1, item: 'Paper', name: '-', unitId: 2, unit: 'Ream' }] }),
      'inventory.unit.options': () => ({ data: [{ id: 2, name: 'Ream' }] }),
      'inventory.service.options': () => ({ data: [] }),
      'inventory.warehouseRequest.raisePurchaseRequest': () => ({ data: { id: 77 } }),
    });
    renderRoutes(
      {
        '/inventory/purchaseRequest/add': <PurchaseRequestAddPage />,
        '/inventory/purchaseRequest/:id/detail': <p>detail page</p>,
      },
      user(['inventory.request', 'inventory.manage']),
      '/inventory/purchaseRequest/add?warehouseRequestId=3',
    );
    const qty = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    // Only the short line, for the missing quantity.
    expect(qty.value).toBe('6');
    expect(screen.getAllByLabelText('Quantity')).toHaveLength(1);
    await screen.findByRole('option', { name: 'Paper (-)' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The estimated price is still empty: it is focused and nothing is sent.
    expect(document.activeElement).toBe(screen.getByLabelText('Estimated price (Rp)'));
    fireEvent.change(screen.getByLabelText('Estimated price (Rp)'), { target: { value: '45.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('detail page');
    expect(server.calls.find((c) => c.path === 'inventory.warehouseRequest.raisePurchaseRequest')?.input).toEqual({
      id: 3,
      warehouseId: 1,
      note: 'WR-000003',
      lines: [
        {
          kind: 'item',
          variantId: 4,
          unitId: 2,
          quantity: 6,
          estimatedPrice: '45000',
          neededBy: '2026-12-05',
          reason: 'WR-000003',
        },
      ],
    });
  });
});

describe('the service dropdown (spec §2, issue 20 item 11)', () => {
  it('is searchable: typing narrows the services and picking one fills the line', async () => {
    stubResizeObserver();
    fakeTrpcServer({
      'inventory.warehouse.list': () => ({ data: [{ id: 1, name: 'Main', companyOfficeId: 1, companyOffice: 'Jakarta' }] }),
      'inventory.item.warehouses': () => ({ data: [] }),
      'inventory.unit.options': () => ({ data: [{ id: 2, name: 'Job' }] }),
      'inventory.service.options': () => ({
        data: [
          { id: 5, name: 'Courier' },
          { id: 6, name: 'Air-con cleaning' },
          { id: 7, name: 'Printer repair' },
        ],
      }),
    });
    renderRoute('/inventory/purchaseRequest/add', <PurchaseRequestAddPage />, user(['inventory.request']));
    fireEvent.change(await screen.findByLabelText('Kind'), { target: { value: 'service' } });
    const service = await screen.findByRole('combobox', { name: 'Service' });
    fireEvent.change(service, { target: { value: 'rep' } });
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Printer repair']);
    fireEvent.keyDown(service, { key: 'ArrowDown' });
    fireEvent.keyDown(service, { key: 'Enter' });
    await waitFor(() => expect((service as HTMLInputElement).value).toBe('Printer repair'));
  });
});

describe('form checks and formatting', () => {
  const line = (over: Partial<PrLine> = {}): PrLine => ({
    kind: 'item',
    variantId: '4',
    serviceId: '',
    unitId: '1',
    quantity: '2',
    estimatedPrice: '15000',
    neededBy: '2026-12-01',
    reason: 'Need',
    ...over,
  });
  it('names the first invalid purchase request field in form order', () => {
    expect(firstInvalidPurchaseRequestField('', [line()])).toBe('pr-warehouse');
    expect(firstInvalidPurchaseRequestField('1', [line(), line({ kind: 'service' })])).toBe('pr-line-1-service');
    expect(firstInvalidPurchaseRequestField('1', [line({ quantity: '0' })])).toBe('pr-line-0-quantity');
    expect(firstInvalidPurchaseRequestField('1', [line({ estimatedPrice: '' })])).toBe('pr-line-0-price');
    expect(firstInvalidPurchaseRequestField('1', [line({ reason: '  ' })])).toBe('pr-line-0-reason');
    expect(firstInvalidPurchaseRequestField('1', [line()])).toBeNull();
  });
  it('formats integer rupiah digit strings with thousands dots, without floats', () => {
    expect(formatRupiah('0')).toBe('0');
    expect(formatRupiah('1250000')).toBe('1.250.000');
    expect(formatRupiah('999999999999999')).toBe('999.999.999.999.999');
  });
});
