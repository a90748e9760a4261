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
import { router } from '../trpc/procedures';
import { type AnyCall, call, gate, type MutationOf, noInput, type QueryOf, withArg } from '../trpc/crud';
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
import { fileResult } from '../trpc/output';

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
  options: request.list(`${B}/settings/items/units`, 'Units', noInput(unitOptions, unitOptionsOutput)),
  list: view.list(`${B}/settings/items/units/list`, 'Units', call(listCatalogueInput, findUnits, findUnitsOutput)),
  create: manage.post(`${B}/settings/items/units`, 'Unit created', call(createUnitInput, createUnit, createUnitOutput)),
  update: manage.put(`${B}/settings/items/units/{id}`, 'Unit updated', call(updateUnitInput, updateUnit, updateUnitOutput)),
  delete: manage.del(`${B}/settings/items/units/{id}`, 'Unit deleted', call(catalogueIdInput, deleteUnit, deleteUnitOutput)),
});

const itemRouter = router({
  options: request.list(`${B}/items`, 'Items', noInput(itemOptions, itemOptionsOutput)),
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
  options: request.list(`${B}/services`, 'Services', noInput(serviceOptions, serviceOptionsOutput)),
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

/** The calls of what a warehouse request and a purchase request both declare (requestProcedures). */
interface RequestCalls {
  list: AnyCall<'inventory.request'>;
  team: AnyCall<'inventory.view'>;
  all: AnyCall<'inventory.manage'>;
  get: AnyCall<'inventory.request'>;
  download: AnyCall<'inventory.request'>;
  create: AnyCall<'inventory.request'>;
  update: AnyCall<'inventory.request'>;
  cancel: AnyCall<'inventory.request'>;
  purchaseOrders: AnyCall<'inventory.request'>;
  purchaseReceives: AnyCall<'inventory.request'>;
}

/**
 * What a warehouse request and a purchase request both declare under `path`, `noun` naming one
 * ("Warehouse request"): the caller's own at `path`, the team's at `path/team` (inventory.view),
 * everyone's at `path/all` (inventory.manage); `path/{id}` and its PDF at `path/{id}/download`;
 * create (POST `path`), update (PUT `path/{id}`) and cancel (POST `path/{id}/cancel`) by the
 * requester; the purchase orders and receives made for it (`path/{id}/purchase-orders|purchase-receives`).
 */
function requestProcedures<C extends RequestCalls>(path: string, noun: string, calls: C) {
  type Request<N extends keyof C> = QueryOf<'inventory.request', C[N]>;
  type Change<N extends keyof C> = MutationOf<'inventory.request', C[N]>;
  return {
    list: request.list(path, `${noun}s`, calls.list) as Request<'list'>,
    team: view.list(`${path}/team`, `Team ${noun.toLowerCase()}s`, calls.team) as QueryOf<'inventory.view', C['team']>,
    all: manage.list(`${path}/all`, `${noun}s`, calls.all) as QueryOf<'inventory.manage', C['all']>,
    get: request.get(`${path}/{id}`, noun, calls.get) as Request<'get'>,
    /** The request as a PDF (spec warehouse-requests/{id}/download, purchase-requests/{id}/download). */
    download: request.file(`${path}/{id}/download`, `${noun} PDF`, calls.download) as Request<'download'>,
    create: request.post(path, `${noun} created`, calls.create) as Change<'create'>,
    update: request.put(`${path}/{id}`, `${noun} updated`, calls.update) as Change<'update'>,
    cancel: request.post(`${path}/{id}/cancel`, `${noun} cancelled`, calls.cancel) as Change<'cancel'>,
    purchaseOrders: request.list(
      `${path}/{id}/purchase-orders`,
      'Purchase orders',
      calls.purchaseOrders,
    ) as Request<'purchaseOrders'>,
    purchaseReceives: request.list(
      `${path}/{id}/purchase-receives`,
      'Purchase receives',
      calls.purchaseReceives,
    ) as Request<'purchaseReceives'>,
  };
}

/** A purchase request's decision at one approval tier (`/approval/managerial|warehouse|COO`), under that tier's permission. */
const tierApproval = <K extends 'inventory.approve.managerial' | 'inventory.approve.warehouse' | 'inventory.approve.coo'>(
  key: K,
  tier: Parameters<typeof decidePurchaseRequest>[2],
  segment: string,
  message: string,
) =>
  gate(key).post(
    `${B}/purchase-requests/{id}/approval/${segment}`,
    message,
    call(decisionInput, withArg(decidePurchaseRequest, tier), decidePurchaseRequestOutput),
  );

const WR = `${B}/warehouse-requests`;
const warehouseRequestRouter = router({
  ...requestProcedures(WR, 'Warehouse request', {
    list: call(listWarehouseRequestsInput, listMyWarehouseRequests, listMyWarehouseRequestsOutput),
    team: call(listWarehouseRequestsInput, listTeamWarehouseRequests, listTeamWarehouseRequestsOutput),
    all: call(listWarehouseRequestsInput, listAllWarehouseRequests, listAllWarehouseRequestsOutput),
    get: call(catalogueIdInput, getWarehouseRequest, getWarehouseRequestOutput),
    download: call(catalogueIdInput, downloadWarehouseRequestPdf, fileResult),
    create: call(createWarehouseRequestInput, createWarehouseRequest, createWarehouseRequestOutput),
    update: call(updateWarehouseRequestInput, updateWarehouseRequest, updateWarehouseRequestOutput),
    cancel: call(catalogueIdInput, cancelWarehouseRequest, cancelWarehouseRequestOutput),
    purchaseOrders: call(catalogueIdInput, listWarehouseRequestOrders, listWarehouseRequestOrdersOutput),
    purchaseReceives: call(catalogueIdInput, listWarehouseRequestReceives, listWarehouseRequestReceivesOutput),
  }),
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
  raisePurchaseRequest: manage.post(
    `${WR}/{id}/purchase-requests`,
    'Purchase request created',
    call(raisePurchaseRequestInput, raisePurchaseRequestForWarehouseRequest, raisePurchaseRequestForWarehouseRequestOutput),
  ),
});

const PR = `${B}/purchase-requests`;
const purchaseRequestRouter = router({
  ...requestProcedures(PR, 'Purchase request', {
    list: call(listPurchaseRequestsInput, listMyPurchaseRequests, listMyPurchaseRequestsOutput),
    team: call(listPurchaseRequestsInput, listTeamPurchaseRequests, listTeamPurchaseRequestsOutput),
    all: call(listPurchaseRequestsInput, listAllPurchaseRequests, listAllPurchaseRequestsOutput),
    get: call(catalogueIdInput, getPurchaseRequest, getPurchaseRequestOutput),
    download: call(catalogueIdInput, downloadPurchaseRequestPdf, fileResult),
    create: call(createPurchaseRequestInput, createPurchaseRequest, createPurchaseRequestOutput),
    update: call(updatePurchaseRequestInput, updatePurchaseRequest, updatePurchaseRequestOutput),
    cancel: call(catalogueIdInput, cancelPurchaseRequest, cancelPurchaseRequestOutput),
    purchaseOrders: call(catalogueIdInput, listPurchaseRequestOrders, listPurchaseRequestOrdersOutput),
    purchaseReceives: call(catalogueIdInput, listPurchaseRequestReceives, listPurchaseRequestReceivesOutput),
  }),
  /** Waiting for a tier the caller holds (?tier=managerial|warehouse|coo). */
  approvals: request.list(
    `${PR}/approvals`,
    'Purchase requests to approve',
    call(listApprovalsInput, listPurchaseRequestApprovals, listPurchaseRequestApprovalsOutput),
  ),
  attachments: request.list(
    `${PR}/{id}/attachments`,
    'Attachments',
    call(catalogueIdInput, listPurchaseRequestAttachments, listPurchaseRequestAttachmentsOutput),
  ),
  /** Base64 in JSON: PDF, JPG, PNG, XLSX or DOCX, at most 700 KB; the requester, before the first approval. */
  addAttachment: request.post(
    `${PR}/{id}/attachments`,
    'Attachment uploaded',
    call(addAttachmentInput, addPurchaseRequestAttachment, addPurchaseRequestAttachmentOutput),
    { results: true },
  ),
  downloadAttachment: request.file(
    `${PR}/{id}/attachments/{attachmentId}`,
    'Attachment',
    call(attachmentIdInput, downloadPurchaseRequestAttachment, fileResult),
  ),
  deleteAttachment: request.del(
    `${PR}/{id}/attachments/{attachmentId}`,
    'Attachment deleted',
    call(attachmentIdInput, deletePurchaseRequestAttachment, deletePurchaseRequestAttachmentOutput),
    { results: true },
  ),
  /** Places an order from an approved request (one request can become several orders). */
  order: manage.post(
    `${PR}/{id}/purchase-orders`,
    'Purchase order created',
    call(createPurchaseOrderInput, createPurchaseOrder, createPurchaseOrderOutput),
  ),
  approveManagerial: tierApproval('inventory.approve.managerial', 'managerial', 'managerial', 'Managerial approval recorded'),
  approveWarehouse: tierApproval('inventory.approve.warehouse', 'warehouse', 'warehouse', 'Warehouse approval recorded'),
  approveCoo: tierApproval('inventory.approve.coo', 'coo', 'COO', 'COO approval recorded'),
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
