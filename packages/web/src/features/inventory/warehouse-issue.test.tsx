import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { WarehouseRequestDetailPage } from './WarehouseRequestDetailPage';

cleanupAfterEach();

/** An approved warehouse request: 5 boxes of gloves asked, 3 on hand; 2 pens asked, 9 on hand. */
const request = (over: { onOrder?: number; raise?: boolean } = {}) => ({
  id: 3,
  number: 'WR-000003',
  status: 1,
  statusLabel: 'Approved',
  fulfilment: 'none',
  fulfilmentLabel: 'Not issued',
  requester: { userId: 9, employeeId: 11, name: 'Rina Requester' },
  warehouseId: 1,
  warehouse: 'Main',
  neededDate: null,
  note: null,
  lines: 2,
  createdAt: '2026-11-20T03:00:00.000Z',
  lineItems: [
    {
      id: 1,
      variantId: 4,
      itemId: 2,
      item: 'Gloves',
      variant: 'L',
      unitId: 2,
      unit: 'Box',
      quantity: 5,
      issuedQuantity: 0,
      outstanding: 5,
      onHand: 3,
      shortage: 2,
      onOrder: over.onOrder ?? 0,
      note: null,
    },
    {
      id: 2,
      variantId: 5,
      itemId: 3,
      item: 'Pen',
      variant: 'Blue',
      unitId: 2,
      unit: 'Box',
      quantity: 2,
      issuedQuantity: 0,
      outstanding: 2,
      onHand: 9,
      shortage: 0,
      onOrder: 0,
      note: null,
    },
  ],
  decidedBy: 'head@test.co.id',
  decidedAt: '2026-11-21T03:00:00.000Z',
  decisionNote: null,
  purchaseRequests: [],
  can: {
    edit: false,
    cancel: false,
    decide: false,
    decideRefusal: null,
    issue: true,
    raisePurchaseRequest: over.raise ?? true,
  },
});

const open = (handlers: Parameters<typeof fakeTrpcServer>[0]) => {
  const server = fakeTrpcServer({
    'inventory.warehouseRequest.purchaseOrders': () => ({ data: [] }),
    'inventory.warehouseRequest.purchaseReceives': () => ({ data: [] }),
    ...handlers,
  });
  renderRoute(
    '/inventory/warehouseRequest/:id/detail',
    <WarehouseRequestDetailPage />,
    sessionUser(['inventory.request', 'inventory.manage']),
    '/inventory/warehouseRequest/3/detail',
  );
  return server;
};

describe('issuing a warehouse request short of stock', () => {
  it('prefills what is on hand, says what stays open, and issues the part in stock', async () => {
    const server = open({
      'inventory.warehouseRequest.get': () => ({ data: request() }),
      'inventory.warehouseRequest.issue': () => ({ data: request() }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Issue items' }));
    const gloves = screen.getByLabelText('Gloves (L)') as HTMLInputElement;
    const pens = screen.getByLabelText('Pen (Blue)') as HTMLInputElement;
    expect(gloves.value).toBe('3');
    expect(pens.value).toBe('2');
    expect(screen.getByText('Still open afterwards: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'inventory.warehouseRequest.issue')?.input).toEqual({
        id: 3,
        lines: [
          { lineId: 1, quantity: 3 },
          { lineId: 2, quantity: 2 },
        ],
      }),
    );
    // Done: the panel closes.
    await waitFor(() => expect(screen.queryByTestId('issue-panel')).toBeNull());
  });

  it('shows the server refusal of a quantity under its line, not as raw values', async () => {
    open({
      'inventory.warehouseRequest.get': () => ({ data: request() }),
      'inventory.warehouseRequest.issue': () => ({
        error: {
          message: 'Invalid input',
          status: 400,
          data: { fields: [{ param: 'lines.0.quantity', msg: 'must be at most 1 (on hand in Main)' }] },
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Issue items' }));
    fireEvent.change(screen.getByLabelText('Pen (Blue)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue' }));
    // Only the gloves were sent (line 0 of the call): the message lands under the gloves.
    expect(await screen.findByText('must be at most 1 (on hand in Main)')).toBeTruthy();
    expect(screen.getByLabelText('Gloves (L)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/•/)).toBeNull();
  });

  it('does not offer a purchase request for a shortage already on order; Bahasa Indonesia', async () => {
    await i18n.changeLanguage('id');
    try {
      open({ 'inventory.warehouseRequest.get': () => ({ data: request({ onOrder: 2, raise: false }) }) });
      expect(await screen.findByRole('button', { name: 'Keluarkan barang' })).toBeTruthy();
      expect(screen.getByText('Dipesan')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Buat permintaan pembelian untuk kekurangan' })).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
