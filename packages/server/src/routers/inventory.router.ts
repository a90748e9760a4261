import {
  addAttachmentInput,
  addPurchaseRequestAttachment,
  adjustStock,
  attachmentIdInput,
  adjustStockInput,
  cancelPurchaseRequest,
  cancelWarehouseRequest,
  catalogueIdInput,
  createItem,
  createItemInput,
  createPurchaseOrder,
  createPurchaseOrderInput,
  createPurchaseRequest,
  createPurchaseRequestInput,
  createService,
  createServiceInput,
  createUnit,
  createUnitInput,
  createVariant,
  createVariantInput,
  createWarehouse,
  createWarehouseInput,
  createWarehouseRequest,
  createWarehouseRequestInput,
  decidePurchaseRequest,
  decideWarehouseRequest,
  decisionInput,
  deletePurchaseRequestAttachment,
  deleteService,
  downloadPurchaseOrderPdf,
  downloadPurchaseRequestAttachment,
  downloadPurchaseRequestPdf,
  downloadWarehouseRequestPdf,
  deleteUnit,
  findItems,
  findMovements,
  findServices,
  findStock,
  findUnits,
  getItem,
  getPurchaseOrder,
  getPurchaseRequest,
  getWarehouseRequest,
  issueWarehouseRequest,
  issueWarehouseRequestInput,
  itemOptions,
  itemWarehouseOptions,
  listAllPurchaseRequests,
  listAllWarehouseRequests,
  listApprovalsInput,
  listCatalogueInput,
  listMovementsInput,
  listMyPurchaseRequests,
  listMyWarehouseRequests,
  listPurchaseOrders,
  listPurchaseOrdersInput,
  listPurchaseRequestApprovals,
  listPurchaseRequestAttachments,
  listPurchaseRequestOrders,
  listPurchaseRequestReceives,
  listPurchaseRequestsInput,
  listStockInput,
  listTeamPurchaseRequests,
  listTeamWarehouseRequests,
  listVariantsInput,
  listWarehouseRequestOrders,
  listWarehouseRequestPurchaseRequests,
  listWarehouseRequestReceives,
  listWarehouseRequestsInput,
  listWarehouses,
  listWarehousesInput,
  raisePurchaseRequestForWarehouseRequest,
  raisePurchaseRequestInput,
  receivePurchaseOrder,
  receivePurchaseOrderInput,
  serviceOptions,
  unitOptions,
  updateItem,
  updateItemInput,
  updatePurchaseRequest,
  updatePurchaseRequestInput,
  updateService,
  updateServiceInput,
  updateUnit,
  updateUnitInput,
  updateVariant,
  updateVariantInput,
  updateWarehouse,
  updateWarehouseInput,
  updateWarehouseRequest,
  updateWarehouseRequestInput,
} from '@hr/core/inventory';
import type { ProcMeta } from '../trpc/init';
import { permissionProcedure, router } from '../trpc/procedures';
import { call, gate, inputlessQuery, mutation } from '../trpc/crud';
import {
  addPurchaseRequestAttachmentOutput,
  adjustStockOutput,
  cancelPurchaseRequestOutput,
  cancelWarehouseRequestOutput,
  createItemOutput,
  createPurchaseOrderOutput,
  createPurchaseRequestOutput,
  createServiceOutput,
  createUnitOutput,
  createVariantOutput,
  createWarehouseOutput,
  createWarehouseRequestOutput,
  decidePurchaseRequestOutput,
  decideWarehouseRequestOutput,
  deletePurchaseRequestAttachmentOutput,
  deleteServiceOutput,
  deleteUnitOutput,
  findItemsOutput,
  findMovementsOutput,
  findServicesOutput,
  findStockOutput,
  findUnitsOutput,
  getItemOutput,
  getPurchaseOrderOutput,
  getPurchaseRequestOutput,
  getWarehouseRequestOutput,
  issueWarehouseRequestOutput,
  itemOptionsOutput,
  itemWarehouseOptionsOutput,
  listAllPurchaseRequestsOutput,
  listAllWarehouseRequestsOutput,
  listMyPurchaseRequestsOutput,
  listMyWarehouseRequestsOutput,
  listPurchaseOrdersOutput,
  listPurchaseRequestApprovalsOutput,
  listPurchaseRequestAttachmentsOutput,
  listPurchaseRequestOrdersOutput,
  listPurchaseRequestReceivesOutput,
  listTeamPurchaseRequestsOutput,
  listTeamWarehouseRequestsOutput,
  listWarehouseRequestOrdersOutput,
  listWarehouseRequestPurchaseRequestsOutput,
  listWarehouseRequestReceivesOutput,
  listWarehousesOutput,
  raisePurchaseRequestForWarehouseRequestOutput,
  receivePurchaseOrderOutput,
  serviceOptionsOutput,
  unitOptionsOutput,
  updateItemOutput,
  updatePurchaseRequestOutput,
  updateServiceOutput,
  updateUnitOutput,
  updateVariantOutput,
  updateWarehouseOutput,
  updateWarehouseRequestOutput,
} from '@hr/core/inventory';
import { fileResult, returns } from '../trpc/output';

/*
 * Inventory and purchasing (issue 7). REST twins under the spec's inventory base (§7):
 * {host}/api/web/v2/inventories/…  The spec names the paths (warehouse-requests, purchase-requests,
 * approval/managerial|warehouse|COO, items/warehouses, services, settings/items/units) but not
 * their methods; lists are GET, creates POST, updates PUT, deletes DELETE, actions POST.
 */
const B = '/api/web/v2/inventories';

const view = gate('inventory.view');
const manage = gate('inventory.manage');
const request = gate('inventory.request');
const warehouse = gate('inventory.approve.warehouse');

const unitRouter = router({
  options: inputlessQuery(
    'inventory.request',
    { method: 'GET', path: `${B}/settings/items/units`, message: 'Units', results: true },
    unitOptions,
    unitOptionsOutput,
  ),
  list: view.list(`${B}/settings/items/units/list`, 'Units', call(listCatalogueInput, findUnits, findUnitsOutput)),
  create: manage.post(`${B}/settings/items/units`, 'Unit created', call(createUnitInput, createUnit, createUnitOutput)),
  update: manage.put(`${B}/settings/items/units/{id}`, 'Unit updated', call(updateUnitInput, updateUnit, updateUnitOutput)),
  delete: manage.del(`${B}/settings/items/units/{id}`, 'Unit deleted', call(catalogueIdInput, deleteUnit, deleteUnitOutput)),
});

const itemRouter = router({
  options: inputlessQuery(
    'inventory.request',
    { method: 'GET', path: `${B}/items`, message: 'Items', results: true },
    itemOptions,
    itemOptionsOutput,
  ),
  /** The spec's itemWarehouses lookup: every variant, "-" for an unnamed one. */
  warehouses: request.list(
    `${B}/items/warehouses`,
    'Item warehouses',
    call(listVariantsInput, itemWarehouseOptions, itemWarehouseOptionsOutput),
  ),
  list: view.list(`${B}/items/list`, 'Items', call(listCatalogueInput, findItems, findItemsOutput)),
  get: view.get(`${B}/items/{id}`, 'Item', call(catalogueIdInput, getItem, getItemOutput)),
  create: manage.post(`${B}/items`, 'Item created', call(createItemInput, createItem, createItemOutput)),
  update: manage.put(`${B}/items/{id}`, 'Item updated', call(updateItemInput, updateItem, updateItemOutput)),
  createVariant: manage.post(
    `${B}/items/{itemId}/warehouses`,
    'Item warehouse created',
    call(createVariantInput, createVariant, createVariantOutput),
  ),
  updateVariant: manage.put(
    `${B}/items/warehouses/{id}`,
    'Item warehouse updated',
    call(updateVariantInput, updateVariant, updateVariantOutput),
  ),
});

const serviceRouter = router({
  options: inputlessQuery(
    'inventory.request',
    { method: 'GET', path: `${B}/services`, message: 'Services', results: true },
    serviceOptions,
    serviceOptionsOutput,
  ),
  list: view.list(`${B}/services/list`, 'Services', call(listCatalogueInput, findServices, findServicesOutput)),
  create: manage.post(`${B}/services`, 'Service created', call(createServiceInput, createService, createServiceOutput)),
  update: manage.put(`${B}/services/{id}`, 'Service updated', call(updateServiceInput, updateService, updateServiceOutput)),
  delete: manage.del(`${B}/services/{id}`, 'Service deleted', call(catalogueIdInput, deleteService, deleteServiceOutput)),
});

const warehouseRouter = router({
  list: request.list(`${B}/warehouses`, 'Warehouses', call(listWarehousesInput, listWarehouses, listWarehousesOutput)),
  create: manage.post(`${B}/warehouses`, 'Warehouse created', call(createWarehouseInput, createWarehouse, createWarehouseOutput)),
  update: manage.put(
    `${B}/warehouses/{id}`,
    'Warehouse updated',
    call(updateWarehouseInput, updateWarehouse, updateWarehouseOutput),
  ),
});

const stockRouter = router({
  list: view.list(`${B}/stocks`, 'Stock on hand', call(listStockInput, findStock, findStockOutput)),
  movements: view.list(`${B}/stocks/movements`, 'Stock movements', call(listMovementsInput, findMovements, findMovementsOutput)),
  adjust: manage.post(`${B}/stocks/adjustments`, 'Stock adjusted', call(adjustStockInput, adjustStock, adjustStockOutput)),
});

const WR = `${B}/warehouse-requests`;
const warehouseRequestRouter = router({
  list: request.list(
    WR,
    'Warehouse requests',
    call(listWarehouseRequestsInput, listMyWarehouseRequests, listMyWarehouseRequestsOutput),
  ),
  team: view.list(
    `${WR}/team`,
    'Team warehouse requests',
    call(listWarehouseRequestsInput, listTeamWarehouseRequests, listTeamWarehouseRequestsOutput),
  ),
  all: manage.list(
    `${WR}/all`,
    'Warehouse requests',
    call(listWarehouseRequestsInput, listAllWarehouseRequests, listAllWarehouseRequestsOutput),
  ),
  get: request.get(`${WR}/{id}`, 'Warehouse request', call(catalogueIdInput, getWarehouseRequest, getWarehouseRequestOutput)),
  /** The request as a PDF (spec warehouse-requests/{id}/download). */
  download: request.file(
    `${WR}/{id}/download`,
    'Warehouse request PDF',
    call(catalogueIdInput, downloadWarehouseRequestPdf, fileResult),
  ),
  create: request.post(
    WR,
    'Warehouse request created',
    call(createWarehouseRequestInput, createWarehouseRequest, createWarehouseRequestOutput),
  ),
  update: request.put(
    `${WR}/{id}`,
    'Warehouse request updated',
    call(updateWarehouseRequestInput, updateWarehouseRequest, updateWarehouseRequestOutput),
  ),
  cancel: request.post(
    `${WR}/{id}/cancel`,
    'Warehouse request cancelled',
    call(catalogueIdInput, cancelWarehouseRequest, cancelWarehouseRequestOutput),
  ),
  decide: warehouse.post(
    `${WR}/{id}/approval`,
    'Warehouse request decided',
    call(decisionInput, decideWarehouseRequest, decideWarehouseRequestOutput),
  ),
  issue: manage.post(
    `${WR}/{id}/issue`,
    'Items issued',
    call(issueWarehouseRequestInput, issueWarehouseRequest, issueWarehouseRequestOutput),
  ),
  purchaseRequests: request.list(
    `${WR}/{id}/purchase-requests`,
    'Purchase requests',
    call(catalogueIdInput, listWarehouseRequestPurchaseRequests, listWarehouseRequestPurchaseRequestsOutput),
  ),
  purchaseOrders: request.list(
    `${WR}/{id}/purchase-orders`,
    'Purchase orders',
    call(catalogueIdInput, listWarehouseRequestOrders, listWarehouseRequestOrdersOutput),
  ),
  purchaseReceives: request.list(
    `${WR}/{id}/purchase-receives`,
    'Purchase receives',
    call(catalogueIdInput, listWarehouseRequestReceives, listWarehouseRequestReceivesOutput),
  ),
  raisePurchaseRequest: manage.post(
    `${WR}/{id}/purchase-requests`,
    'Purchase request created',
    call(raisePurchaseRequestInput, raisePurchaseRequestForWarehouseRequest, raisePurchaseRequestForWarehouseRequestOutput),
  ),
});

const PR = `${B}/purchase-requests`;
const purchaseRequestRouter = router({
  list: request.list(
    PR,
    'Purchase requests',
    call(listPurchaseRequestsInput, listMyPurchaseRequests, listMyPurchaseRequestsOutput),
  ),
  team: view.list(
    `${PR}/team`,
    'Team purchase requests',
    call(listPurchaseRequestsInput, listTeamPurchaseRequests, listTeamPurchaseRequestsOutput),
  ),
  all: manage.list(
    `${PR}/all`,
    'Purchase requests',
    call(listPurchaseRequestsInput, listAllPurchaseRequests, listAllPurchaseRequestsOutput),
  ),
  /** Waiting for a tier the caller holds (?tier=managerial|warehouse|coo). */
  approvals: request.list(
    `${PR}/approvals`,
    'Purchase requests to approve',
    call(listApprovalsInput, listPurchaseRequestApprovals, listPurchaseRequestApprovalsOutput),
  ),
  get: request.get(`${PR}/{id}`, 'Purchase request', call(catalogueIdInput, getPurchaseRequest, getPurchaseRequestOutput)),
  /** The request as a PDF (spec purchase-requests/{id}/download). */
  download: request.file(
    `${PR}/{id}/download`,
    'Purchase request PDF',
    call(catalogueIdInput, downloadPurchaseRequestPdf, fileResult),
  ),
  attachments: request.list(
    `${PR}/{id}/attachments`,
    'Attachments',
    call(catalogueIdInput, listPurchaseRequestAttachments, listPurchaseRequestAttachmentsOutput),
  ),
  /** Base64 in JSON: PDF, JPG, PNG, XLSX or DOCX, at most 700 KB; the requester, before the first approval. */
  addAttachment: mutation(
    'inventory.request',
    { method: 'POST', path: `${PR}/{id}/attachments`, message: 'Attachment uploaded', results: true },
    call(addAttachmentInput, addPurchaseRequestAttachment, addPurchaseRequestAttachmentOutput),
  ),
  downloadAttachment: request.file(
    `${PR}/{id}/attachments/{attachmentId}`,
    'Attachment',
    call(attachmentIdInput, downloadPurchaseRequestAttachment, fileResult),
  ),
  deleteAttachment: mutation(
    'inventory.request',
    { method: 'DELETE', path: `${PR}/{id}/attachments/{attachmentId}`, message: 'Attachment deleted', results: true },
    call(attachmentIdInput, deletePurchaseRequestAttachment, deletePurchaseRequestAttachmentOutput),
  ),
  create: request.post(
    PR,
    'Purchase request created',
    call(createPurchaseRequestInput, createPurchaseRequest, createPurchaseRequestOutput),
  ),
  update: request.put(
    `${PR}/{id}`,
    'Purchase request updated',
    call(updatePurchaseRequestInput, updatePurchaseRequest, updatePurchaseRequestOutput),
  ),
  cancel: request.post(
    `${PR}/{id}/cancel`,
    'Purchase request cancelled',
    call(catalogueIdInput, cancelPurchaseRequest, cancelPurchaseRequestOutput),
  ),
  purchaseOrders: request.list(
    `${PR}/{id}/purchase-orders`,
    'Purchase orders',
    call(catalogueIdInput, listPurchaseRequestOrders, listPurchaseRequestOrdersOutput),
  ),
  purchaseReceives: request.list(
    `${PR}/{id}/purchase-receives`,
    'Purchase receives',
    call(catalogueIdInput, listPurchaseRequestReceives, listPurchaseRequestReceivesOutput),
  ),
  /** Places an order from an approved request (one request can become several orders). */
  order: manage.post(
    `${PR}/{id}/purchase-orders`,
    'Purchase order created',
    call(createPurchaseOrderInput, createPurchaseOrder, createPurchaseOrderOutput),
  ),
  approveManagerial: permissionProcedure('inventory.approve.managerial')
    .meta({ rest: { method: 'POST', path: `${PR}/{id}/approval/managerial`, message: 'Managerial approval recorded' } })
    .input(decisionInput)
    .output(returns(decidePurchaseRequestOutput))
    .mutation(({ ctx, input }) => decidePurchaseRequest(ctx.svc, ctx.grant, 'managerial', input)),
  approveWarehouse: permissionProcedure('inventory.approve.warehouse')
    .meta({ rest: { method: 'POST', path: `${PR}/{id}/approval/warehouse`, message: 'Warehouse approval recorded' } })
    .input(decisionInput)
    .output(returns(decidePurchaseRequestOutput))
    .mutation(({ ctx, input }) => decidePurchaseRequest(ctx.svc, ctx.grant, 'warehouse', input)),
  approveCoo: permissionProcedure('inventory.approve.coo')
    .meta({ rest: { method: 'POST', path: `${PR}/{id}/approval/COO`, message: 'COO approval recorded' } })
    .input(decisionInput)
    .output(returns(decidePurchaseRequestOutput))
    .mutation(({ ctx, input }) => decidePurchaseRequest(ctx.svc, ctx.grant, 'coo', input)),
});

const PO = `${B}/purchase-orders`;
const purchaseOrderRouter = router({
  list: manage.list(PO, 'Purchase orders', call(listPurchaseOrdersInput, listPurchaseOrders, listPurchaseOrdersOutput)),
  get: request.get(`${PO}/{id}`, 'Purchase order', call(catalogueIdInput, getPurchaseOrder, getPurchaseOrderOutput)),
  /** The order as a PDF (the spec names no path; same base, documented in docs/inventory.md). */
  download: request.file(
    `${PO}/{id}/download`,
    'Purchase order PDF',
    call(catalogueIdInput, downloadPurchaseOrderPdf, fileResult),
  ),
  /** Receives goods against the order: partial receipts allowed, over-receipt refused; items go into stock. */
  receive: manage.post(
    `${PO}/{id}/purchase-receives`,
    'Purchase receive recorded',
    call(receivePurchaseOrderInput, receivePurchaseOrder, receivePurchaseOrderOutput),
  ),
});

export const inventoryRouter = router({
  unit: unitRouter,
  item: itemRouter,
  service: serviceRouter,
  warehouse: warehouseRouter,
  stock: stockRouter,
  warehouseRequest: warehouseRequestRouter,
  purchaseRequest: purchaseRequestRouter,
  purchaseOrder: purchaseOrderRouter,
});

/**
 * The spec's `/v2/h` family names of the inventory collections (spec §7: "inventory: purchaseRequest,
 * warehouseRequest, item, service, setting/unit"), against the kebab names of the `/api/web/v2/inventories/`
 * base (spec §7 "Inventory paths"). Longest first: `settings/items/units` before `items`.
 */
export const INVENTORY_SPEC_NAMES: ReadonlyArray<readonly [kebab: string, spec: string]> = [
  ['/settings/items/units', '/setting/unit'],
  ['/warehouse-requests', '/warehouseRequest'],
  ['/purchase-requests', '/purchaseRequest'],
  ['/items', '/item'],
  ['/services', '/service'],
];

/** `/items/{id}` → `/item/{id}`; a path outside the spec's five collections (purchase orders, stocks) stays as it is. */
export function inventorySpecPath(kebabTail: string): string {
  for (const [kebab, spec] of INVENTORY_SPEC_NAMES) {
    if (kebabTail === kebab || kebabTail.startsWith(`${kebab}/`)) return `${spec}${kebabTail.slice(kebab.length)}`;
  }
  return kebabTail;
}

/**
 * Every inventory path also answers under /v2/h/inventory: first with the spec's family names
 * (`/v2/h/inventory/purchaseRequest/{id}`, issue 20 item 7), then with the kebab names of the
 * inventories base kept as aliases (issue 7); same procedure, same envelope. The OpenAPI document
 * lists every alias as its own operation (`<procedure>.at_<path>`).
 */
const H = '/v2/h/inventory';
for (const proc of Object.values(inventoryRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcMeta } }>)) {
  const rest = proc._def.meta?.rest;
  if (!rest?.path.startsWith(B)) continue;
  const tail = rest.path.slice(B.length);
  const spec = `${H}${inventorySpecPath(tail)}`;
  const kebab = `${H}${tail}`;
  rest.aliases = spec === kebab ? [kebab] : [spec, kebab];
}
