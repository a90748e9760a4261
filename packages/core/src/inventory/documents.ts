import type { Grant } from '../access/index';
import type { Ctx } from '../shared/context';
import { type PdfColumn, type PdfDocumentSpec, type PdfTable, renderPdf } from '../shared/pdf';
import { companyLocalTime } from '../shared/time-zone';
import { ddmmyyyy } from '../shared/date-ranges';
import type { In } from '../shared/zod';
import { getPurchaseOrder } from './purchase-orders';
import { getPurchaseRequest } from './purchase-requests';
import {
  APPROVAL_TIER_LABELS,
  APPROVAL_TIERS,
  catalogueIdInput,
  type InventoryDownload,
  PURCHASE_REQUEST_STATUS_LABELS,
} from './schema';
import { getWarehouseRequest } from './warehouse-requests';
import { pdfDownload } from '../shared/file-download';

/** Any inventory permission: the document's own visibility rules decide (else NOT_FOUND). */
type Reader = Grant<'inventory.request'>;

/** 'yyyy-mm-dd' → 'dd/mm/yyyy' (spec §9 date format), '-' for none. */
const displayDate = (iso: string | null | undefined): string => (iso ? ddmmyyyy(iso) : '-');

/** An instant as 'dd/mm/yyyy hh:mm' in the company time zone (Asia/Jakarta, 24-hour). */
function displayDateTime(at: Date | string | null | undefined): string {
  if (!at) return '-';
  const local = companyLocalTime(new Date(at));
  return `${ddmmyyyy(local.date)} ${local.time.slice(0, 5)}`;
}

/** Integer rupiah digit string → "Rp 1.250.000" (string arithmetic only, never a float). */
const displayRupiah = (digits: string): string => `Rp ${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

/** Basis points → "11%" / "2.5%". */
const displayRate = (bp: number): string => `${bp / 100}%`;

/**
 * A document's download: the record as the caller may open it (`get`: NOT_FOUND otherwise), drawn by
 * `doc` as a PDF named after the record's number.
 */
const documentPdf =
  <T extends { number: string }>(
    get: (ctx: Ctx, grant: Reader, input: { id: number }) => Promise<T>,
    doc: (d: T) => PdfDocumentSpec,
  ) =>
  async (ctx: Ctx, grant: Reader, raw: In<typeof catalogueIdInput>): Promise<InventoryDownload> => {
    const d = await get(ctx, grant, catalogueIdInput.parse(raw));
    return pdfDownload(`${d.number}.pdf`, await renderPdf(doc(d)));
  };

/** A table of lines numbered from 1 in its first column ('No'). */
function numberedLines<T>(columns: PdfColumn[], lines: readonly T[], cells: (l: T) => string[], footer?: string[]): PdfTable {
  return {
    title: 'Lines',
    columns: [{ label: 'No', width: 0.4, align: 'right' }, ...columns],
    rows: lines.map((l, i) => [String(i + 1), ...cells(l)]),
    ...(footer ? { footer } : {}),
  };
}

/** The warehouse request as a PDF (spec warehouse-requests/{id}/download): lines, decision, linked purchasing. */
export const downloadWarehouseRequestPdf = documentPdf(getWarehouseRequest, (d) => ({
  title: `Warehouse request ${d.number}`,
  facts: [
    ['Requester', d.requester.name],
    ['Warehouse', d.warehouse],
    ['Status', `${d.statusLabel} · ${d.fulfilmentLabel}`],
    ['Needed date', displayDate(d.neededDate)],
    ['Created', displayDateTime(d.createdAt)],
    ['Decided by', d.decidedBy ? `${d.decidedBy}, ${displayDateTime(d.decidedAt)}` : '-'],
    ['Decision note', d.decisionNote ?? '-'],
    ['Note', d.note ?? '-'],
  ],
  tables: [
    numberedLines(
      [
        { label: 'Item', width: 3 },
        { label: 'Unit', width: 1 },
        { label: 'Asked', width: 0.8, align: 'right' },
        { label: 'Issued', width: 0.8, align: 'right' },
        { label: 'Outstanding', width: 1, align: 'right' },
        { label: 'Note', width: 2 },
      ],
      d.lineItems,
      (l) => [
        `${l.item} (${l.variant})`,
        l.unit,
        String(l.quantity),
        String(l.issuedQuantity),
        String(l.outstanding),
        l.note ?? '',
      ],
    ),
    {
      title: 'Purchase requests',
      columns: [{ label: 'Number' }, { label: 'Status', width: 2 }, { label: 'Estimated total', align: 'right' }],
      rows: d.purchaseRequests.map((p) => [p.number, p.statusLabel, displayRupiah(p.estimatedTotal)]),
    },
  ],
  notes: ['Requested by: ____________________    Approved by: ____________________    Received by: ____________________'],
  footerText: d.number,
}));

/** The purchase request as a PDF (spec purchase-requests/{id}/download): lines, the three tiers, attachments. */
export const downloadPurchaseRequestPdf = documentPdf(getPurchaseRequest, (d) => {
  const tierRows = APPROVAL_TIERS.map((tier) => {
    const step = [...d.history].reverse().find((h) => h.tier === tier && (h.action === 'approved' || h.action === 'rejected'));
    return [
      APPROVAL_TIER_LABELS[tier],
      step ? (step.action === 'approved' ? 'Approved' : 'Disapproved') : 'Pending',
      step?.actor ?? '',
      step ? displayDateTime(step.at) : '',
      step?.note ?? '',
    ];
  });
  return {
    title: `Purchase request ${d.number}`,
    facts: [
      ['Requester', d.requester.name],
      ['Warehouse', d.warehouse],
      ['Status', PURCHASE_REQUEST_STATUS_LABELS[d.status]],
      ['Warehouse request', d.warehouseRequestNumber ?? '-'],
      ['Created', displayDateTime(d.createdAt)],
      ['Estimated total', displayRupiah(d.estimatedTotal)],
      ['Note', d.note ?? '-'],
    ],
    tables: [
      numberedLines(
        [
          { label: 'Item / service', width: 2.6 },
          { label: 'Qty', width: 0.9, align: 'right' },
          { label: 'Estimated price', width: 1.4, align: 'right' },
          { label: 'Amount', width: 1.4, align: 'right' },
          { label: 'Needed by', width: 1 },
          { label: 'Reason', width: 2 },
        ],
        d.lineItems,
        (l) => [
          l.name,
          `${l.quantity} ${l.unit}`,
          displayRupiah(l.estimatedPrice),
          displayRupiah(l.estimatedAmount),
          displayDate(l.neededBy),
          l.reason,
        ],
        ['', 'Total', '', '', displayRupiah(d.estimatedTotal), '', ''],
      ),
      {
        title: 'Approvals',
        columns: [
          { label: 'Tier' },
          { label: 'Status' },
          { label: 'By', width: 2 },
          { label: 'At', width: 1.3 },
          { label: 'Note', width: 2 },
        ],
        rows: tierRows,
      },
      {
        title: 'Attachments',
        columns: [
          { label: 'File', width: 3 },
          { label: 'Size', align: 'right' },
          { label: 'Uploaded by', width: 2 },
        ],
        rows: d.attachments.map((a) => [a.name, `${Math.max(1, Math.round(a.size / 1024))} KB`, a.uploadedBy]),
      },
    ],
    footerText: d.number,
  };
});

/** A purchase order as a PDF: supplier, lines with prices, tax and totals, what has been received. */
export const downloadPurchaseOrderPdf = documentPdf(getPurchaseOrder, (o) => ({
  title: `Purchase order ${o.number}`,
  facts: [
    ['Supplier', o.supplier],
    ['Purchase request', o.purchaseRequestNumber],
    ['Order date', displayDate(o.orderDate)],
    ['Delivery date', displayDate(o.deliveryDate)],
    ['Deliver to', o.warehouse],
    ['Received', o.receiveLabel],
    ['Note', o.note ?? '-'],
  ],
  tables: [
    numberedLines(
      [
        { label: 'Item / service', width: 3 },
        { label: 'Qty', width: 1, align: 'right' },
        { label: 'Unit price', width: 1.4, align: 'right' },
        { label: 'Amount', width: 1.5, align: 'right' },
        { label: 'Received', width: 0.9, align: 'right' },
      ],
      o.lines,
      (l) => [l.name, `${l.quantity} ${l.unit}`, displayRupiah(l.unitPrice), displayRupiah(l.amount), String(l.receivedQuantity)],
    ),
    {
      title: 'Totals',
      columns: [
        { label: 'Description', width: 3 },
        { label: 'Amount', align: 'right' },
      ],
      rows: [
        ['Subtotal', displayRupiah(o.subtotal)],
        [`Tax (${displayRate(o.taxRateBp)})`, displayRupiah(o.tax)],
      ],
      footer: ['Total', displayRupiah(o.total)],
    },
  ],
  notes: ['Ordered by: ____________________    Approved by: ____________________'],
  footerText: o.number,
}));
