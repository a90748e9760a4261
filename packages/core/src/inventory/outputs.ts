/*
 * Output schemas of the inventory procedures (issue 17): what the services return today, field for field,
 * so the OpenAPI document types each result. Procedures check results against them with the
 * server's `returns()` (it never strips a field). Dates are Date objects here; JSON carries ISO text.
 */
import { z } from 'zod';
import { idOutput, pageOutput } from '../shared/outputs';

const fulfilmentShape = z.enum(['none', 'full', 'partial']);
const warehouseRequestStatusShape = z.union([z.literal(3), z.literal(1), z.literal(2), z.literal(4)]);
const purchaseRequestStatusShape = z.enum([
  'cancelled',
  'approved',
  'rejected',
  'pending_managerial',
  'pending_warehouse',
  'pending_coo',
]);
const tierStateShape = z.union([z.literal(3), z.literal(1), z.literal(2)]);
const unitRowShape = z.object({ id: z.number(), name: z.string(), uses: z.number() });
const itemWarehouseOptionShape = z.object({
  id: z.number(),
  itemId: z.number(),
  item: z.string(),
  name: z.string(),
  unitId: z.number(),
  unit: z.string(),
});
const variantRowShape = z.object({ id: z.number(), itemId: z.number(), name: z.string(), label: z.string() });
const itemRowShape = z.object({
  id: z.number(),
  code: z.string().nullable(),
  name: z.string(),
  unitId: z.number(),
  unit: z.string(),
  description: z.string().nullable(),
  variants: z.array(variantRowShape),
  onHand: z.number(),
});
const serviceRowShape = z.object({
  id: z.number(),
  name: z.string(),
  unitId: z.number().nullable(),
  unit: z.string().nullable(),
  description: z.string().nullable(),
});
const warehouseRowShape = z.object({ id: z.number(), name: z.string(), companyOfficeId: z.number(), companyOffice: z.string() });
const stockRowShape = z.object({
  variantId: z.number(),
  itemId: z.number(),
  item: z.string(),
  variant: z.string(),
  warehouseId: z.number(),
  warehouse: z.string(),
  unit: z.string(),
  onHand: z.number(),
});
const movementRowShape = z.object({
  id: z.string(),
  kind: z.enum(['receipt', 'issue', 'adjustment']),
  kindLabel: z.string(),
  variantId: z.number(),
  item: z.string(),
  variant: z.string(),
  warehouseId: z.number(),
  warehouse: z.string(),
  quantity: z.number(),
  balanceAfter: z.number(),
  sourceType: z.string(),
  sourceId: z.number().nullable(),
  sourceNumber: z.string().nullable(),
  note: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.date(),
});
const personShape = z.object({ userId: z.number(), employeeId: z.number().nullable(), name: z.string() });
const warehouseRequestRowShape = z.object({
  id: z.number(),
  number: z.string(),
  status: warehouseRequestStatusShape,
  statusLabel: z.string(),
  fulfilment: fulfilmentShape,
  fulfilmentLabel: z.string(),
  requester: personShape,
  warehouseId: z.number(),
  warehouse: z.string(),
  neededDate: z.string().nullable(),
  note: z.string().nullable(),
  lines: z.number(),
  createdAt: z.date(),
});
const warehouseRequestLineShape = z.object({
  id: z.number(),
  variantId: z.number(),
  itemId: z.number(),
  item: z.string(),
  variant: z.string(),
  unitId: z.number(),
  unit: z.string(),
  quantity: z.number(),
  issuedQuantity: z.number(),
  outstanding: z.number(),
  onHand: z.number(),
  shortage: z.number(),
  onOrder: z.number(),
  note: z.string().nullable(),
});
const purchaseRequestRowShape = z.object({
  id: z.number(),
  number: z.string(),
  status: purchaseRequestStatusShape,
  statusLabel: z.string(),
  approval: z.object({
    managerial: tierStateShape,
    warehouse: tierStateShape,
    coo: tierStateShape,
  }),
  requester: personShape,
  warehouseId: z.number(),
  warehouse: z.string(),
  warehouseRequestId: z.number().nullable(),
  warehouseRequestNumber: z.string().nullable(),
  note: z.string().nullable(),
  lines: z.number(),
  estimatedTotal: z.string(),
  createdAt: z.date(),
});
const warehouseRequestDetailShape = z.object({
  lineItems: z.array(warehouseRequestLineShape),
  decidedBy: z.string().nullable(),
  decidedAt: z.date().nullable(),
  decisionNote: z.string().nullable(),
  purchaseRequests: z.array(purchaseRequestRowShape),
  can: z.object({
    edit: z.boolean(),
    cancel: z.boolean(),
    decide: z.boolean(),
    decideRefusal: z.string().nullable(),
    issue: z.boolean(),
    raisePurchaseRequest: z.boolean(),
  }),
  ...warehouseRequestRowShape.shape,
});
const purchaseOrderLineShape = z.object({
  id: z.number(),
  purchaseRequestLineId: z.number(),
  kind: z.enum(['item', 'service']),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.string(),
  amount: z.string(),
  receivedQuantity: z.number(),
});
const purchaseOrderShape = z.object({
  id: z.number(),
  number: z.string(),
  purchaseRequestId: z.number(),
  purchaseRequestNumber: z.string(),
  warehouseId: z.number(),
  warehouse: z.string(),
  supplier: z.string(),
  orderDate: z.string(),
  deliveryDate: z.string().nullable(),
  taxRateBp: z.number(),
  note: z.string().nullable(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  fulfilment: fulfilmentShape,
  receiveLabel: z.string(),
  lines: z.array(purchaseOrderLineShape),
  createdAt: z.date(),
});
const purchaseReceiveShape = z.object({
  id: z.number(),
  number: z.string(),
  purchaseOrderId: z.number(),
  purchaseOrderNumber: z.string(),
  receivedDate: z.string(),
  note: z.string().nullable(),
  receivedBy: z.string(),
  lines: z.array(z.object({ purchaseOrderLineId: z.number(), name: z.string(), unit: z.string(), quantity: z.number() })),
  createdAt: z.date(),
});
const purchaseRequestLineShape = z.object({
  id: z.number(),
  kind: z.enum(['item', 'service']),
  variantId: z.number().nullable(),
  serviceId: z.number().nullable(),
  name: z.string(),
  variant: z.string().nullable(),
  unitId: z.number(),
  unit: z.string(),
  quantity: z.number(),
  estimatedPrice: z.string(),
  estimatedAmount: z.string(),
  neededBy: z.string(),
  reason: z.string(),
  orderedQuantity: z.number(),
});
const purchaseRequestStepShape = z.object({
  id: z.string(),
  action: z.enum(['cancelled', 'approved', 'rejected', 'submitted', 'edited']),
  tier: z.enum(['managerial', 'warehouse', 'coo']).nullable(),
  fromStatus: purchaseRequestStatusShape.nullable(),
  toStatus: purchaseRequestStatusShape,
  note: z.string().nullable(),
  actorUserId: z.number(),
  actor: z.string(),
  at: z.date(),
});
const purchaseRequestAttachmentShape = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  uploadedBy: z.string(),
  createdAt: z.date(),
});
const purchaseRequestDetailShape = z.object({
  lineItems: z.array(purchaseRequestLineShape),
  history: z.array(purchaseRequestStepShape),
  attachments: z.array(purchaseRequestAttachmentShape),
  can: z.object({
    edit: z.boolean(),
    cancel: z.boolean(),
    approve: z.enum(['managerial', 'warehouse', 'coo']).nullable(),
    approveRefusal: z.string().nullable(),
    attach: z.boolean(),
    order: z.boolean(),
    receive: z.boolean(),
  }),
  ...purchaseRequestRowShape.shape,
});

export const unitOptionsOutput = z.array(z.object({ id: z.number(), name: z.string() }));
export const findUnitsOutput = pageOutput(unitRowShape);
export const createUnitOutput = z.object({ id: z.number(), name: z.string() });
export const updateUnitOutput = z.object({ id: z.number(), name: z.string() });
export const deleteUnitOutput = idOutput;
export const itemOptionsOutput = z.array(
  z.object({ id: z.number(), name: z.string(), code: z.string().nullable(), unitId: z.number(), unit: z.string() }),
);
export const itemWarehouseOptionsOutput = z.array(itemWarehouseOptionShape);
export const findItemsOutput = pageOutput(itemRowShape);
export const getItemOutput = itemRowShape;
export const createItemOutput = itemRowShape;
export const updateItemOutput = itemRowShape;
export const createVariantOutput = variantRowShape;
export const updateVariantOutput = variantRowShape;
export const serviceOptionsOutput = z.array(serviceRowShape);
export const findServicesOutput = pageOutput(serviceRowShape);
export const createServiceOutput = serviceRowShape;
export const updateServiceOutput = serviceRowShape;
export const deleteServiceOutput = idOutput;
export const listWarehousesOutput = z.array(warehouseRowShape);
export const createWarehouseOutput = warehouseRowShape;
export const updateWarehouseOutput = warehouseRowShape;
export const findStockOutput = pageOutput(stockRowShape);
export const findMovementsOutput = pageOutput(movementRowShape);
export const adjustStockOutput = z.object({
  id: z.number(),
  number: z.string(),
  variantId: z.number(),
  warehouseId: z.number(),
  onHand: z.number(),
});
export const listMyWarehouseRequestsOutput = pageOutput(warehouseRequestRowShape);
export const listTeamWarehouseRequestsOutput = pageOutput(warehouseRequestRowShape);
export const listAllWarehouseRequestsOutput = pageOutput(warehouseRequestRowShape);
export const getWarehouseRequestOutput = warehouseRequestDetailShape;
export const createWarehouseRequestOutput = warehouseRequestDetailShape;
export const updateWarehouseRequestOutput = warehouseRequestDetailShape;
export const cancelWarehouseRequestOutput = warehouseRequestDetailShape;
export const decideWarehouseRequestOutput = warehouseRequestDetailShape;
export const issueWarehouseRequestOutput = warehouseRequestDetailShape;
export const listWarehouseRequestPurchaseRequestsOutput = z.array(purchaseRequestRowShape);
export const listWarehouseRequestOrdersOutput = z.array(purchaseOrderShape);
export const listWarehouseRequestReceivesOutput = z.array(purchaseReceiveShape);
export const raisePurchaseRequestForWarehouseRequestOutput = purchaseRequestDetailShape;
export const listMyPurchaseRequestsOutput = pageOutput(purchaseRequestRowShape);
export const listTeamPurchaseRequestsOutput = pageOutput(purchaseRequestRowShape);
export const listAllPurchaseRequestsOutput = pageOutput(purchaseRequestRowShape);
export const listPurchaseRequestApprovalsOutput = pageOutput(purchaseRequestRowShape);
export const getPurchaseRequestOutput = purchaseRequestDetailShape;
export const listPurchaseRequestAttachmentsOutput = z.array(purchaseRequestAttachmentShape);
export const addPurchaseRequestAttachmentOutput = z.array(purchaseRequestAttachmentShape);
export const deletePurchaseRequestAttachmentOutput = z.array(purchaseRequestAttachmentShape);
export const createPurchaseRequestOutput = purchaseRequestDetailShape;
export const updatePurchaseRequestOutput = purchaseRequestDetailShape;
export const cancelPurchaseRequestOutput = purchaseRequestDetailShape;
export const listPurchaseRequestOrdersOutput = z.array(purchaseOrderShape);
export const listPurchaseRequestReceivesOutput = z.array(purchaseReceiveShape);
export const createPurchaseOrderOutput = purchaseOrderShape;
export const decidePurchaseRequestOutput = purchaseRequestDetailShape;
export const listPurchaseOrdersOutput = pageOutput(purchaseOrderShape);
export const getPurchaseOrderOutput = purchaseOrderShape;
export const receivePurchaseOrderOutput = purchaseReceiveShape;
