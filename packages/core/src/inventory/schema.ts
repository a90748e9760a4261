import { z } from 'zod';
import type { FileDownload } from '../shared/outputs';
import { id, isoDate, optionalId, pageInput, requiredText, text } from '../shared/zod';
import { optionalText } from '../shared/zod-optional';
// The spec's fixed enumerations (§3) and integer rupiah live with the reference data (browser-safe schema).
import { APPROVAL_STATUS, REQUEST_STATUS, REQUEST_STATUS_LABELS, rupiah } from '../reference/schema';

/** Spec §3 "Request status" (Approved 1, Disapproved 2, Pending 3, Cancel 4) and "Approval status". */
export { APPROVAL_STATUS, REQUEST_STATUS, REQUEST_STATUS_LABELS };

/**
 * Inventory and purchasing (issue 7, spec §3 "Purchase request, warehouse request, inventory item
 * (with warehouse variant), service, unit setting"; §4 approvals; §7 /api/web/v2/inventories/).
 * Browser-safe: the web forms validate with these same schemas.
 *
 * Quantities are whole units of the item's unit; prices are integer rupiah carried as digit
 * strings (never a JS float).
 */

const search = text(100).optional();
const name = requiredText(100);

/** A positive whole quantity (units of the item's unit). */
export const quantity = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000);

/** A variant's name as shown (spec §3 itemWarehouses): "-" when empty. */
export const variantLabel = (n: string | null | undefined): string => (n && n.trim() !== '' ? n : '-');

const dateRange = {
  /** Created on or after (company date, yyyy-mm-dd). */
  from: isoDate.optional(),
  /** Created on or before (company date, yyyy-mm-dd). */
  to: isoDate.optional(),
};
const checkRange = <T extends { from?: string | undefined; to?: string | undefined }>(v: T, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
};

// ---------------------------------------------------------------------------------------------
// Catalogue

export const listCatalogueInput = pageInput.extend({ search });
export const catalogueIdInput = z.object({ id });

export const createUnitInput = z.object({ name: requiredText(40) });
export const updateUnitInput = z.object({ id, name: requiredText(40) });

export interface UnitRow {
  id: number;
  name: string;
  /** Items and services measured in it. */
  uses: number;
}

const variantName = text(100);

export const createItemInput = z.object({
  code: optionalText(40),
  name,
  unitId: id,
  description: optionalText(1000),
  /** Warehouse variants to create with the item; an item without variants gets one unnamed ("-"). */
  variants: z.array(variantName).max(50).optional(),
});
export const updateItemInput = z.object({
  id,
  code: optionalText(40),
  name: name.optional(),
  unitId: id.optional(),
  description: optionalText(1000),
});
export const createVariantInput = z.object({ itemId: id, name: variantName });
export const updateVariantInput = z.object({ id, name: variantName });
export const listVariantsInput = z.object({ itemId: optionalId, search });

export interface VariantRow {
  id: number;
  itemId: number;
  /** As stored ("" for the unnamed variant). */
  name: string;
  /** As shown: "-" when empty (spec §3). */
  label: string;
}

export interface ItemRow {
  id: number;
  code: string | null;
  name: string;
  unitId: number;
  unit: string;
  description: string | null;
  variants: VariantRow[];
  /** Units on hand over every warehouse and variant. */
  onHand: number;
}

/** A line of the spec's itemWarehouses lookup: one variant of one item. */
export interface ItemWarehouseOption {
  id: number;
  itemId: number;
  item: string;
  name: string;
  unitId: number;
  unit: string;
}

export const createServiceInput = z.object({ name, unitId: optionalId, description: optionalText(1000) });
export const updateServiceInput = z.object({
  id,
  name: name.optional(),
  unitId: z.preprocess((v) => (v === '' ? null : v), id.nullable().optional()),
  description: optionalText(1000),
});

export interface ServiceRow {
  id: number;
  name: string;
  unitId: number | null;
  unit: string | null;
  description: string | null;
}

export const createWarehouseInput = z.object({ companyOfficeId: id, name });
export const updateWarehouseInput = z.object({ id, name });
export const listWarehousesInput = z.object({ companyOfficeId: optionalId });

export interface WarehouseRow {
  id: number;
  name: string;
  companyOfficeId: number;
  companyOffice: string;
}

// ---------------------------------------------------------------------------------------------
// Stock

export const MOVEMENT_KINDS = ['receipt', 'issue', 'adjustment'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  receipt: 'Receipt',
  issue: 'Issue',
  adjustment: 'Adjustment',
};

export const listStockInput = pageInput.extend({ search, warehouseId: optionalId, variantId: optionalId });
export interface StockRow {
  variantId: number;
  itemId: number;
  item: string;
  variant: string;
  warehouseId: number;
  warehouse: string;
  unit: string;
  onHand: number;
}

export const listMovementsInput = pageInput
  .extend({
    /** Item name or code, variant name, note, or the source document's number (WR-000012). */
    search,
    warehouseId: optionalId,
    variantId: optionalId,
    kind: z.enum(MOVEMENT_KINDS).optional(),
    ...dateRange,
  })
  .superRefine(checkRange);

export interface MovementRow {
  id: string;
  kind: MovementKind;
  kindLabel: string;
  variantId: number;
  item: string;
  variant: string;
  warehouseId: number;
  warehouse: string;
  /** Signed: positive in, negative out. */
  quantity: number;
  balanceAfter: number;
  sourceType: string;
  sourceId: number | null;
  /** The source document's number ("WR-000012", "RCV-000007", "ADJ-000003"), null when none. */
  sourceNumber: string | null;
  note: string | null;
  actor: string | null;
  createdAt: Date;
}

/** A counted correction: the signed change in units, with the reason. */
export const adjustStockInput = z.object({
  variantId: id,
  warehouseId: id,
  quantity: z.coerce
    .number()
    .int('must be a whole number')
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, 'must not be 0'),
  note: requiredText(500),
});

// ---------------------------------------------------------------------------------------------
// Warehouse requests

export type RequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];

/** How much of an approved warehouse request has been handed out. */
export type Fulfilment = 'none' | 'partial' | 'full';
export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  none: 'Not issued',
  partial: 'Partially issued',
  full: 'Issued',
};

const wrLine = z.object({ variantId: id, quantity, note: optionalText(500) });
export const createWarehouseRequestInput = z.object({
  warehouseId: id,
  neededDate: isoDate.optional(),
  note: optionalText(1000),
  lines: z.array(wrLine).min(1, 'must have at least one line').max(100),
});
/** Replaces the given parts while the request is pending (lines as a whole). */
export const updateWarehouseRequestInput = z.object({
  id,
  warehouseId: id.optional(),
  neededDate: z.preprocess((v) => (v === '' ? null : v), isoDate.nullable().optional()),
  note: optionalText(1000),
  lines: z.array(wrLine).min(1, 'must have at least one line').max(100).optional(),
});

const requestStatus = z.coerce
  .number()
  .int()
  .refine((n) => n >= 1 && n <= 4, 'must be 1 (Approved), 2 (Disapproved), 3 (Pending) or 4 (Cancel)');

export const listWarehouseRequestsInput = pageInput
  .extend({ search, status: requestStatus.optional(), warehouseId: optionalId, ...dateRange })
  .superRefine(checkRange);

export const decisionInput = z
  .object({
    id,
    decision: z.enum(['approve', 'reject']),
    note: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'is required to reject' });
  });

/** Issue these quantities (units) of these lines; without lines, everything still outstanding. */
export const issueWarehouseRequestInput = z.object({
  id,
  lines: z
    .array(z.object({ lineId: id, quantity }))
    .min(1)
    .max(100)
    .optional(),
});

export interface Person {
  userId: number;
  employeeId: number | null;
  name: string;
}

export interface WarehouseRequestRow {
  id: number;
  number: string;
  status: RequestStatus;
  statusLabel: string;
  fulfilment: Fulfilment;
  fulfilmentLabel: string;
  requester: Person;
  warehouseId: number;
  warehouse: string;
  neededDate: string | null;
  note: string | null;
  lines: number;
  createdAt: Date;
}

export interface WarehouseRequestLine {
  id: number;
  variantId: number;
  itemId: number;
  item: string;
  variant: string;
  unitId: number;
  unit: string;
  quantity: number;
  issuedQuantity: number;
  /** Still to hand out. */
  outstanding: number;
  /** On hand in the request's warehouse now. */
  onHand: number;
  /** What is outstanding beyond what is on hand (the part to purchase). */
  shortage: number;
  /** Quantity of this item on the request's purchase requests not rejected or cancelled (ordered already). */
  onOrder: number;
  note: string | null;
}

export interface WarehouseRequestDetail extends WarehouseRequestRow {
  lineItems: WarehouseRequestLine[];
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
  purchaseRequests: PurchaseRequestRow[];
  /** What the caller may do now (the UI hides the rest; the server checks again). */
  can: {
    edit: boolean;
    cancel: boolean;
    decide: boolean;
    /** Why the caller, holding the warehouse approval, may not decide this request (their own, …). */
    decideRefusal: string | null;
    issue: boolean;
    raisePurchaseRequest: boolean;
  };
}

// ---------------------------------------------------------------------------------------------
// Purchase requests

export const APPROVAL_TIERS = ['managerial', 'warehouse', 'coo'] as const;
export type ApprovalTier = (typeof APPROVAL_TIERS)[number];
export const APPROVAL_TIER_LABELS: Record<ApprovalTier, string> = {
  managerial: 'Managerial',
  warehouse: 'Warehouse',
  coo: 'COO',
};
/** The permission that lets its holder take a tier's step. */
export const APPROVAL_TIER_PERMISSION = {
  managerial: 'inventory.approve.managerial',
  warehouse: 'inventory.approve.warehouse',
  coo: 'inventory.approve.coo',
} as const;

export const PURCHASE_REQUEST_STATUSES = [
  'pending_managerial',
  'pending_warehouse',
  'pending_coo',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type PurchaseRequestStatus = (typeof PURCHASE_REQUEST_STATUSES)[number];
export const PURCHASE_REQUEST_STATUS_LABELS: Record<PurchaseRequestStatus, string> = {
  pending_managerial: 'Waiting for managerial approval',
  pending_warehouse: 'Waiting for warehouse approval',
  pending_coo: 'Waiting for COO approval',
  approved: 'Approved',
  rejected: 'Disapproved',
  cancelled: 'Cancel',
};
/** The status a tier acts on. */
export const TIER_PENDING: Record<ApprovalTier, PurchaseRequestStatus> = {
  managerial: 'pending_managerial',
  warehouse: 'pending_warehouse',
  coo: 'pending_coo',
};

export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];

const prLine = z
  .object({
    kind: z.enum(['item', 'service']),
    variantId: optionalId,
    serviceId: optionalId,
    unitId: id,
    quantity,
    estimatedPrice: rupiah,
    neededBy: isoDate,
    reason: requiredText(500),
  })
  .superRefine((l, ctx) => {
    if (l.kind === 'item') {
      if (!l.variantId) ctx.addIssue({ code: 'custom', path: ['variantId'], message: 'is required for an item line' });
      if (l.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: 'must be empty for an item line' });
    } else {
      if (!l.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: 'is required for a service line' });
      if (l.variantId) ctx.addIssue({ code: 'custom', path: ['variantId'], message: 'must be empty for a service line' });
    }
  });
const prLines = z.array(prLine).min(1, 'must have at least one line').max(100);

export const createPurchaseRequestInput = z.object({
  warehouseId: id,
  note: optionalText(1000),
  lines: prLines,
});
/** Raised by the warehouse for a warehouse request it cannot fill from stock. */
export const raisePurchaseRequestInput = createPurchaseRequestInput.extend({ id });
export const updatePurchaseRequestInput = z.object({
  id,
  warehouseId: id.optional(),
  note: optionalText(1000),
  lines: prLines.optional(),
});

export const listPurchaseRequestsInput = pageInput
  .extend({
    search,
    status: z.enum(PURCHASE_REQUEST_STATUSES).optional(),
    warehouseId: optionalId,
    ...dateRange,
  })
  .superRefine(checkRange);

/** Requests waiting for a tier the caller holds. */
export const listApprovalsInput = pageInput
  .extend({ tier: z.enum(APPROVAL_TIERS), search, warehouseId: optionalId, ...dateRange })
  .superRefine(checkRange);

export interface PurchaseRequestRow {
  id: number;
  number: string;
  status: PurchaseRequestStatus;
  statusLabel: string;
  /** Spec §3 approval status of each tier. */
  approval: Record<ApprovalTier, ApprovalStatus>;
  requester: Person;
  warehouseId: number;
  warehouse: string;
  warehouseRequestId: number | null;
  warehouseRequestNumber: string | null;
  note: string | null;
  lines: number;
  /** Sum of quantity × estimated price, integer rupiah as a digit string. */
  estimatedTotal: string;
  createdAt: Date;
}

export interface PurchaseRequestLine {
  id: number;
  kind: 'item' | 'service';
  variantId: number | null;
  serviceId: number | null;
  /** Item name with its variant ("Paper A4 (-)") or the service name. */
  name: string;
  variant: string | null;
  unitId: number;
  unit: string;
  quantity: number;
  estimatedPrice: string;
  /** quantity × estimatedPrice, integer rupiah. */
  estimatedAmount: string;
  neededBy: string;
  reason: string;
  /** Units already placed on purchase orders (never more than `quantity`). */
  orderedQuantity: number;
}

export interface PurchaseRequestStep {
  id: string;
  action: 'submitted' | 'edited' | 'approved' | 'rejected' | 'cancelled';
  tier: ApprovalTier | null;
  fromStatus: PurchaseRequestStatus | null;
  toStatus: PurchaseRequestStatus;
  note: string | null;
  actorUserId: number;
  actor: string;
  at: Date;
}

export interface PurchaseRequestDetail extends PurchaseRequestRow {
  lineItems: PurchaseRequestLine[];
  history: PurchaseRequestStep[];
  attachments: PurchaseRequestAttachment[];
  /**
   * What the caller may do now (the UI hides the rest; the server checks again). `approve` is the
   * tier the caller may take now; never on their own request. `attach`: add or delete attachments
   * (the requester, while editable). `order`: place orders (warehouse staff, approved request with
   * something left to order). `receive`: record receipts against its orders (warehouse staff).
   */
  can: {
    edit: boolean;
    cancel: boolean;
    approve: ApprovalTier | null;
    /** Why the caller, holding the waiting tier, may not decide it (own request, earlier tier decided, …). */
    approveRefusal: string | null;
    attach: boolean;
    order: boolean;
    receive: boolean;
  };
}

// ---------------------------------------------------------------------------------------------
// Purchase request attachments (quotations, photos, specifications)

/** Allowed attachment types: PDF, JPG, PNG, XLSX, DOCX. */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** 700 KB: as base64 in a JSON body it stays under the server's 1 MB body limit. */
export const ATTACHMENT_MAX_BYTES = 700 * 1024;
export const ATTACHMENT_MAX_FILES = 10;

export const addAttachmentInput = z.object({
  /** The purchase request. */
  id,
  name: requiredText(150),
  mime: z.enum(ATTACHMENT_TYPES, { message: 'must be a PDF, JPG, PNG, XLSX or DOCX file' }),
  /** The file's bytes, base64 (the API takes JSON bodies only). */
  contentBase64: z
    .string()
    .min(1, 'is empty')
    .max(Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 4, 'must be at most 700 KB')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export const attachmentIdInput = z.object({ id, attachmentId: id });

export interface PurchaseRequestAttachment {
  id: number;
  name: string;
  mime: string;
  /** Bytes. */
  size: number;
  uploadedBy: string;
  createdAt: Date;
}

/** A file sent over tRPC (REST twins with `download: true` send the bytes themselves). */
export type InventoryDownload = FileDownload;

// ---------------------------------------------------------------------------------------------
// Purchase orders and purchase receives

/** Tax in basis points (1100 = 11% VAT), 0–10000. */
export const taxRate = z.coerce.number().int('must be a whole number of basis points').min(0).max(10_000);

export const createPurchaseOrderInput = z
  .object({
    /** The approved purchase request it orders from. */
    id,
    supplier: requiredText(200),
    orderDate: isoDate,
    deliveryDate: isoDate.optional(),
    taxRateBp: taxRate.default(0),
    note: optionalText(1000),
    lines: z
      .array(z.object({ purchaseRequestLineId: id, quantity, unitPrice: rupiah }))
      .min(1, 'must have at least one line')
      .max(100),
  })
  .superRefine((v, ctx) => {
    if (v.deliveryDate && v.deliveryDate < v.orderDate)
      ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: 'must not be before the order date' });
  });

export const receivePurchaseOrderInput = z.object({
  /** The purchase order received against. */
  id,
  receivedDate: isoDate,
  note: optionalText(1000),
  lines: z
    .array(z.object({ purchaseOrderLineId: id, quantity }))
    .min(1, 'must have at least one line')
    .max(100),
});

export const listPurchaseOrdersInput = pageInput
  .extend({ search, warehouseId: optionalId, ...dateRange })
  .superRefine(checkRange);

export interface PurchaseOrderLine {
  id: number;
  purchaseRequestLineId: number;
  kind: 'item' | 'service';
  name: string;
  unit: string;
  quantity: number;
  unitPrice: string;
  /** quantity × unitPrice, integer rupiah. */
  amount: string;
  receivedQuantity: number;
}

export interface PurchaseOrder {
  id: number;
  number: string;
  purchaseRequestId: number;
  purchaseRequestNumber: string;
  warehouseId: number;
  warehouse: string;
  supplier: string;
  orderDate: string;
  deliveryDate: string | null;
  taxRateBp: number;
  note: string | null;
  /** Σ amount, integer rupiah. */
  subtotal: string;
  /** subtotal × taxRateBp / 10000, rounded half up to the rupiah. */
  tax: string;
  total: string;
  fulfilment: Fulfilment;
  receiveLabel: string;
  lines: PurchaseOrderLine[];
  createdAt: Date;
}

export const RECEIVE_LABELS: Record<Fulfilment, string> = {
  none: 'Not received',
  partial: 'Partially received',
  full: 'Received',
};

export interface PurchaseReceive {
  id: number;
  number: string;
  purchaseOrderId: number;
  purchaseOrderNumber: string;
  receivedDate: string;
  note: string | null;
  receivedBy: string;
  lines: { purchaseOrderLineId: number; name: string; unit: string; quantity: number }[];
  createdAt: Date;
}

export const PURCHASE_RECEIVE_SOURCE = 'purchase_receive';

export const PURCHASE_REQUEST_SOURCE = 'purchase_request';
export const WAREHOUSE_REQUEST_SOURCE = 'warehouse_request';
export const ADJUSTMENT_SOURCE = 'stock_adjustment';

/** The prefix of each ledger source's document number. */
export const SOURCE_PREFIX: Record<string, 'WR' | 'RCV' | 'ADJ'> = {
  [WAREHOUSE_REQUEST_SOURCE]: 'WR',
  [PURCHASE_RECEIVE_SOURCE]: 'RCV',
  [ADJUSTMENT_SOURCE]: 'ADJ',
};

/** "WR-000012", "PR-000034", "PO-000005", "RCV-000007", "ADJ-000003". */
export const documentNumber = (prefix: 'WR' | 'PR' | 'PO' | 'RCV' | 'ADJ', n: number): string =>
  `${prefix}-${String(n).padStart(6, '0')}`;
