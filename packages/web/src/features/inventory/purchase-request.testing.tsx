import { Route, Routes } from 'react-router';
import type { SessionUser } from '@hr/core/browser';
import { SessionProvider } from '../../lib/can';
import { fakeTrpcServer, renderWithProviders } from '../../test/render';
import { PurchaseRequestDetailPage } from './PurchaseRequestDetailPage';

type Handlers = Parameters<typeof fakeTrpcServer>[0];

/**
 * For screen tests: a fake server for the detail of purchase request 12 (`detail`), its purchase
 * orders (`orders`, none by default), no receipts, and the test's own `handlers`.
 */
export const fakePurchaseRequestServer = (detail: unknown, orders: unknown[] = [], handlers: Handlers = {}) =>
  fakeTrpcServer({
    'inventory.purchaseRequest.get': () => ({ data: detail }),
    'inventory.purchaseRequest.purchaseOrders': () => ({ data: orders }),
    'inventory.purchaseRequest.purchaseReceives': () => ({ data: [] }),
    ...handlers,
  });

/** For screen tests: /inventory/purchaseRequest/12/detail as `user`. */
export const renderPurchaseRequestDetail = (user: SessionUser) =>
  renderWithProviders(
    <SessionProvider user={user}>
      <Routes>
        <Route path="/inventory/purchaseRequest/:id/detail" element={<PurchaseRequestDetailPage />} />
      </Routes>
    </SessionProvider>,
    { route: '/inventory/purchaseRequest/12/detail' },
  );
