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

const unitRouter = router({
  options: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${B}/settings/items/units`, message: 'Units', results: true } })
    .output(returns(unitOptionsOutput))
    .query(({ ctx }) => unitOptions(ctx.svc, ctx.grant)),
  list: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${B}/settings/items/units/list`, message: 'Units', results: true } })
    .input(listCatalogueInput)
    .output(returns(findUnitsOutput))
    .query(({ ctx, input }) => findUnits(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${B}/settings/items/units`, message: 'Unit created' } })
    .input(createUnitInput)
    .output(returns(createUnitOutput))
    .mutation(({ ctx, input }) => createUnit(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'PUT', path: `${B}/settings/items/units/{id}`, message: 'Unit updated' } })
    .input(updateUnitInput)
    .output(returns(updateUnitOutput))
    .mutation(({ ctx, input }) => updateUnit(ctx.svc, ctx.grant, input)),
  delete: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'DELETE', path: `${B}/settings/items/units/{id}`, message: 'Unit deleted' } })
    .input(catalogueIdInput)
    .output(returns(deleteUnitOutput))
    .mutation(({ ctx, input }) => deleteUnit(ctx.svc, ctx.grant, input)),
});

const itemRouter = router({
  options: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${B}/items`, message: 'Items', results: true } })
    .output(returns(itemOptionsOutput))
    .query(({ ctx }) => itemOptions(ctx.svc, ctx.grant)),
  /** The spec's itemWarehouses lookup: every variant, "-" for an unnamed one. */
  warehouses: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${B}/items/warehouses`, message: 'Item warehouses', results: true } })
    .input(listVariantsInput)
    .output(returns(itemWarehouseOptionsOutput))
    .query(({ ctx, input }) => itemWarehouseOptions(ctx.svc, ctx.grant, input)),
  list: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${B}/items/list`, message: 'Items', results: true } })
    .input(listCatalogueInput)
    .output(returns(findItemsOutput))
    .query(({ ctx, input }) => findItems(ctx.svc, ctx.grant, input)),
  get: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${B}/items/{id}`, message: 'Item' } })
    .input(catalogueIdInput)
    .output(returns(getItemOutput))
    .query(({ ctx, input }) => getItem(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${B}/items`, message: 'Item created' } })
    .input(createItemInput)
    .output(returns(createItemOutput))
    .mutation(({ ctx, input }) => createItem(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'PUT', path: `${B}/items/{id}`, message: 'Item updated' } })
    .input(updateItemInput)
    .output(returns(updateItemOutput))
    .mutation(({ ctx, input }) => updateItem(ctx.svc, ctx.grant, input)),
  createVariant: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${B}/items/{itemId}/warehouses`, message: 'Item warehouse created' } })
    .input(createVariantInput)
    .output(returns(createVariantOutput))
    .mutation(({ ctx, input }) => createVariant(ctx.svc, ctx.grant, input)),
  updateVariant: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'PUT', path: `${B}/items/warehouses/{id}`, message: 'Item warehouse updated' } })
    .input(updateVariantInput)
    .output(returns(updateVariantOutput))
    .mutation(({ ctx, input }) => updateVariant(ctx.svc, ctx.grant, input)),
});

const serviceRouter = router({
  options: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${B}/services`, message: 'Services', results: true } })
    .output(returns(serviceOptionsOutput))
    .query(({ ctx }) => serviceOptions(ctx.svc, ctx.grant)),
  list: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${B}/services/list`, message: 'Services', results: true } })
    .input(listCatalogueInput)
    .output(returns(findServicesOutput))
    .query(({ ctx, input }) => findServices(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${B}/services`, message: 'Service created' } })
    .input(createServiceInput)
    .output(returns(createServiceOutput))
    .mutation(({ ctx, input }) => createService(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'PUT', path: `${B}/services/{id}`, message: 'Service updated' } })
    .input(updateServiceInput)
    .output(returns(updateServiceOutput))
    .mutation(({ ctx, input }) => updateService(ctx.svc, ctx.grant, input)),
  delete: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'DELETE', path: `${B}/services/{id}`, message: 'Service deleted' } })
    .input(catalogueIdInput)
    .output(returns(deleteServiceOutput))
    .mutation(({ ctx, input }) => deleteService(ctx.svc, ctx.grant, input)),
});

const warehouseRouter = router({
  list: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${B}/warehouses`, message: 'Warehouses', results: true } })
    .input(listWarehousesInput)
    .output(returns(listWarehousesOutput))
    .query(({ ctx, input }) => listWarehouses(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${B}/warehouses`, message: 'Warehouse created' } })
    .input(createWarehouseInput)
    .output(returns(createWarehouseOutput))
    .mutation(({ ctx, input }) => createWarehouse(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'PUT', path: `${B}/warehouses/{id}`, message: 'Warehouse updated' } })
    .input(updateWarehouseInput)
    .output(returns(updateWarehouseOutput))
    .mutation(({ ctx, input }) => updateWarehouse(ctx.svc, ctx.grant, input)),
});

const stockRouter = router({
  list: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${B}/stocks`, message: 'Stock on hand', results: true } })
    .input(listStockInput)
    .output(returns(findStockOutput))
    .query(({ ctx, input }) => findStock(ctx.svc, ctx.grant, input)),
  movements: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${B}/stocks/movements`, message: 'Stock movements', results: true } })
    .input(listMovementsInput)
    .output(returns(findMovementsOutput))
    .query(({ ctx, input }) => findMovements(ctx.svc, ctx.grant, input)),
  adjust: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${B}/stocks/adjustments`, message: 'Stock adjusted' } })
    .input(adjustStockInput)
    .output(returns(adjustStockOutput))
    .mutation(({ ctx, input }) => adjustStock(ctx.svc, ctx.grant, input)),
});

const WR = `${B}/warehouse-requests`;
const warehouseRequestRouter = router({
  list: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: WR, message: 'Warehouse requests', results: true } })
    .input(listWarehouseRequestsInput)
    .output(returns(listMyWarehouseRequestsOutput))
    .query(({ ctx, input }) => listMyWarehouseRequests(ctx.svc, ctx.grant, input)),
  team: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${WR}/team`, message: 'Team warehouse requests', results: true } })
    .input(listWarehouseRequestsInput)
    .output(returns(listTeamWarehouseRequestsOutput))
    .query(({ ctx, input }) => listTeamWarehouseRequests(ctx.svc, ctx.grant, input)),
  all: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'GET', path: `${WR}/all`, message: 'Warehouse requests', results: true } })
    .input(listWarehouseRequestsInput)
    .output(returns(listAllWarehouseRequestsOutput))
    .query(({ ctx, input }) => listAllWarehouseRequests(ctx.svc, ctx.grant, input)),
  get: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${WR}/{id}`, message: 'Warehouse request' } })
    .input(catalogueIdInput)
    .output(returns(getWarehouseRequestOutput))
    .query(({ ctx, input }) => getWarehouseRequest(ctx.svc, ctx.grant, input)),
  /** The request as a PDF (spec warehouse-requests/{id}/download). */
  download: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${WR}/{id}/download`, message: 'Warehouse request PDF', download: true } })
    .input(catalogueIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadWarehouseRequestPdf(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'POST', path: WR, message: 'Warehouse request created' } })
    .input(createWarehouseRequestInput)
    .output(returns(createWarehouseRequestOutput))
    .mutation(({ ctx, input }) => createWarehouseRequest(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'PUT', path: `${WR}/{id}`, message: 'Warehouse request updated' } })
    .input(updateWarehouseRequestInput)
    .output(returns(updateWarehouseRequestOutput))
    .mutation(({ ctx, input }) => updateWarehouseRequest(ctx.svc, ctx.grant, input)),
  cancel: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'POST', path: `${WR}/{id}/cancel`, message: 'Warehouse request cancelled' } })
    .input(catalogueIdInput)
    .output(returns(cancelWarehouseRequestOutput))
    .mutation(({ ctx, input }) => cancelWarehouseRequest(ctx.svc, ctx.grant, input)),
  decide: permissionProcedure('inventory.approve.warehouse')
    .meta({ rest: { method: 'POST', path: `${WR}/{id}/approval`, message: 'Warehouse request decided' } })
    .input(decisionInput)
    .output(returns(decideWarehouseRequestOutput))
    .mutation(({ ctx, input }) => decideWarehouseRequest(ctx.svc, ctx.grant, input)),
  issue: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${WR}/{id}/issue`, message: 'Items issued' } })
    .input(issueWarehouseRequestInput)
    .output(returns(issueWarehouseRequestOutput))
    .mutation(({ ctx, input }) => issueWarehouseRequest(ctx.svc, ctx.grant, input)),
  purchaseRequests: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${WR}/{id}/purchase-requests`, message: 'Purchase requests', results: true } })
    .input(catalogueIdInput)
    .output(returns(listWarehouseRequestPurchaseRequestsOutput))
    .query(({ ctx, input }) => listWarehouseRequestPurchaseRequests(ctx.svc, ctx.grant, input)),
  purchaseOrders: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${WR}/{id}/purchase-orders`, message: 'Purchase orders', results: true } })
    .input(catalogueIdInput)
    .output(returns(listWarehouseRequestOrdersOutput))
    .query(({ ctx, input }) => listWarehouseRequestOrders(ctx.svc, ctx.grant, input)),
  purchaseReceives: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${WR}/{id}/purchase-receives`, message: 'Purchase receives', results: true } })
    .input(catalogueIdInput)
    .output(returns(listWarehouseRequestReceivesOutput))
    .query(({ ctx, input }) => listWarehouseRequestReceives(ctx.svc, ctx.grant, input)),
  raisePurchaseRequest: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${WR}/{id}/purchase-requests`, message: 'Purchase request created' } })
    .input(raisePurchaseRequestInput)
    .output(returns(raisePurchaseRequestForWarehouseRequestOutput))
    .mutation(({ ctx, input }) => raisePurchaseRequestForWarehouseRequest(ctx.svc, ctx.grant, input)),
});

const PR = `${B}/purchase-requests`;
const purchaseRequestRouter = router({
  list: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: PR, message: 'Purchase requests', results: true } })
    .input(listPurchaseRequestsInput)
    .output(returns(listMyPurchaseRequestsOutput))
    .query(({ ctx, input }) => listMyPurchaseRequests(ctx.svc, ctx.grant, input)),
  team: permissionProcedure('inventory.view')
    .meta({ rest: { method: 'GET', path: `${PR}/team`, message: 'Team purchase requests', results: true } })
    .input(listPurchaseRequestsInput)
    .output(returns(listTeamPurchaseRequestsOutput))
    .query(({ ctx, input }) => listTeamPurchaseRequests(ctx.svc, ctx.grant, input)),
  all: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'GET', path: `${PR}/all`, message: 'Purchase requests', results: true } })
    .input(listPurchaseRequestsInput)
    .output(returns(listAllPurchaseRequestsOutput))
    .query(({ ctx, input }) => listAllPurchaseRequests(ctx.svc, ctx.grant, input)),
  /** Waiting for a tier the caller holds (?tier=managerial|warehouse|coo). */
  approvals: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PR}/approvals`, message: 'Purchase requests to approve', results: true } })
    .input(listApprovalsInput)
    .output(returns(listPurchaseRequestApprovalsOutput))
    .query(({ ctx, input }) => listPurchaseRequestApprovals(ctx.svc, ctx.grant, input)),
  get: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PR}/{id}`, message: 'Purchase request' } })
    .input(catalogueIdInput)
    .output(returns(getPurchaseRequestOutput))
    .query(({ ctx, input }) => getPurchaseRequest(ctx.svc, ctx.grant, input)),
  /** The request as a PDF (spec purchase-requests/{id}/download). */
  download: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PR}/{id}/download`, message: 'Purchase request PDF', download: true } })
    .input(catalogueIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadPurchaseRequestPdf(ctx.svc, ctx.grant, input)),
  attachments: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PR}/{id}/attachments`, message: 'Attachments', results: true } })
    .input(catalogueIdInput)
    .output(returns(listPurchaseRequestAttachmentsOutput))
    .query(({ ctx, input }) => listPurchaseRequestAttachments(ctx.svc, ctx.grant, input)),
  /** Base64 in JSON: PDF, JPG, PNG, XLSX or DOCX, at most 700 KB; the requester, before the first approval. */
  addAttachment: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'POST', path: `${PR}/{id}/attachments`, message: 'Attachment uploaded', results: true } })
    .input(addAttachmentInput)
    .output(returns(addPurchaseRequestAttachmentOutput))
    .mutation(({ ctx, input }) => addPurchaseRequestAttachment(ctx.svc, ctx.grant, input)),
  downloadAttachment: permissionProcedure('inventory.request')
    .meta({
      rest: { method: 'GET', path: `${PR}/{id}/attachments/{attachmentId}`, message: 'Attachment', download: true },
    })
    .input(attachmentIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadPurchaseRequestAttachment(ctx.svc, ctx.grant, input)),
  deleteAttachment: permissionProcedure('inventory.request')
    .meta({
      rest: { method: 'DELETE', path: `${PR}/{id}/attachments/{attachmentId}`, message: 'Attachment deleted', results: true },
    })
    .input(attachmentIdInput)
    .output(returns(deletePurchaseRequestAttachmentOutput))
    .mutation(({ ctx, input }) => deletePurchaseRequestAttachment(ctx.svc, ctx.grant, input)),
  create: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'POST', path: PR, message: 'Purchase request created' } })
    .input(createPurchaseRequestInput)
    .output(returns(createPurchaseRequestOutput))
    .mutation(({ ctx, input }) => createPurchaseRequest(ctx.svc, ctx.grant, input)),
  update: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'PUT', path: `${PR}/{id}`, message: 'Purchase request updated' } })
    .input(updatePurchaseRequestInput)
    .output(returns(updatePurchaseRequestOutput))
    .mutation(({ ctx, input }) => updatePurchaseRequest(ctx.svc, ctx.grant, input)),
  cancel: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'POST', path: `${PR}/{id}/cancel`, message: 'Purchase request cancelled' } })
    .input(catalogueIdInput)
    .output(returns(cancelPurchaseRequestOutput))
    .mutation(({ ctx, input }) => cancelPurchaseRequest(ctx.svc, ctx.grant, input)),
  purchaseOrders: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PR}/{id}/purchase-orders`, message: 'Purchase orders', results: true } })
    .input(catalogueIdInput)
    .output(returns(listPurchaseRequestOrdersOutput))
    .query(({ ctx, input }) => listPurchaseRequestOrders(ctx.svc, ctx.grant, input)),
  purchaseReceives: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PR}/{id}/purchase-receives`, message: 'Purchase receives', results: true } })
    .input(catalogueIdInput)
    .output(returns(listPurchaseRequestReceivesOutput))
    .query(({ ctx, input }) => listPurchaseRequestReceives(ctx.svc, ctx.grant, input)),
  /** Places an order from an approved request (one request can become several orders). */
  order: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${PR}/{id}/purchase-orders`, message: 'Purchase order created' } })
    .input(createPurchaseOrderInput)
    .output(returns(createPurchaseOrderOutput))
    .mutation(({ ctx, input }) => createPurchaseOrder(ctx.svc, ctx.grant, input)),
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
  list: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'GET', path: PO, message: 'Purchase orders', results: true } })
    .input(listPurchaseOrdersInput)
    .output(returns(listPurchaseOrdersOutput))
    .query(({ ctx, input }) => listPurchaseOrders(ctx.svc, ctx.grant, input)),
  get: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PO}/{id}`, message: 'Purchase order' } })
    .input(catalogueIdInput)
    .output(returns(getPurchaseOrderOutput))
    .query(({ ctx, input }) => getPurchaseOrder(ctx.svc, ctx.grant, input)),
  /** The order as a PDF (the spec names no path; same base, documented in docs/inventory.md). */
  download: permissionProcedure('inventory.request')
    .meta({ rest: { method: 'GET', path: `${PO}/{id}/download`, message: 'Purchase order PDF', download: true } })
    .input(catalogueIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadPurchaseOrderPdf(ctx.svc, ctx.grant, input)),
  /** Receives goods against the order: partial receipts allowed, over-receipt refused; items go into stock. */
  receive: permissionProcedure('inventory.manage')
    .meta({ rest: { method: 'POST', path: `${PO}/{id}/purchase-receives`, message: 'Purchase receive recorded' } })
    .input(receivePurchaseOrderInput)
    .output(returns(receivePurchaseOrderOutput))
    .mutation(({ ctx, input }) => receivePurchaseOrder(ctx.svc, ctx.grant, input)),
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
