/**
 * For screen tests: purchase request PR-000012 of Rina Requester for the Main warehouse, waiting for
 * managerial approval, with one line of 25 reams of A4 paper at Rp 50.000 (line id `lineId`). A
 * test spreads it and sets the status, history, attachments and `can` it needs.
 */
export const purchaseRequestDetail = (lineId: number) => ({
  id: 12,
  number: 'PR-000012',
  status: 'pending_managerial',
  statusLabel: 'Waiting for managerial approval',
  approval: { managerial: 3, warehouse: 3, coo: 3 },
  requester: { userId: 9, employeeId: 2, name: 'Rina Requester' },
  warehouseId: 1,
  warehouse: 'Main',
  warehouseRequestId: null,
  warehouseRequestNumber: null,
  note: null,
  lines: 1,
  estimatedTotal: '1250000',
  createdAt: '2026-11-22T03:00:00.000Z',
  lineItems: [
    {
      id: lineId,
      kind: 'item',
      variantId: 4,
      serviceId: null,
      name: 'Paper A4 (-)',
      variant: '-',
      unitId: 1,
      unit: 'Ream',
      quantity: 25,
      estimatedPrice: '50000',
      estimatedAmount: '1250000',
      neededBy: '2026-12-01',
      reason: 'Payslips',
      orderedQuantity: 0,
    },
  ],
  history: [] as unknown[],
  attachments: [] as unknown[],
});
