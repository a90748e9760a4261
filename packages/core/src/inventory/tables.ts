import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings; int8 (bigint) columns as strings (db/client.ts). */
type DateCol = ColumnType<string, string, string>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
type Int8Generated = ColumnType<string, string | number | bigint | undefined, never>;

export type PurchaseRequestStatusCol =
  | 'pending_managerial'
  | 'pending_warehouse'
  | 'pending_coo'
  | 'approved'
  | 'rejected'
  | 'cancelled';

export interface InventoryTables {
  inventory_units: { id: Generated<number>; name: string; created_at: Generated<Date> };
  inventory_items: {
    id: Generated<number>;
    code: string | null;
    name: string;
    unit_id: number;
    description: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  inventory_item_variants: { id: Generated<number>; item_id: number; name: Generated<string>; created_at: Generated<Date> };
  inventory_services: {
    id: Generated<number>;
    name: string;
    unit_id: number | null;
    description: string | null;
    created_at: Generated<Date>;
  };
  inventory_warehouses: { id: Generated<number>; company_office_id: number; name: string; created_at: Generated<Date> };
  inventory_stock: { variant_id: number; warehouse_id: number; on_hand: number; updated_at: Generated<Date> };
  inventory_stock_movements: {
    id: Int8Generated;
    variant_id: number;
    warehouse_id: number;
    kind: 'receipt' | 'issue' | 'adjustment';
    quantity: number;
    balance_after: number;
    source_type: string;
    source_id: number | null;
    note: string | null;
    actor_user_id: number | null;
    created_at: Generated<Date>;
  };
  inventory_warehouse_requests: {
    id: Generated<number>;
    requester_user_id: number;
    requester_employee_id: number | null;
    warehouse_id: number;
    status: Generated<number>;
    needed_date: DateCol | null;
    note: string | null;
    decided_by_user_id: number | null;
    decided_at: Date | null;
    decision_note: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  inventory_warehouse_request_lines: {
    id: Generated<number>;
    warehouse_request_id: number;
    position: number;
    variant_id: number;
    quantity: number;
    issued_quantity: Generated<number>;
    note: string | null;
  };
  inventory_purchase_requests: {
    id: Generated<number>;
    requester_user_id: number;
    requester_employee_id: number | null;
    warehouse_id: number;
    warehouse_request_id: number | null;
    status: ColumnType<PurchaseRequestStatusCol, PurchaseRequestStatusCol | undefined, PurchaseRequestStatusCol>;
    note: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  inventory_purchase_request_lines: {
    id: Generated<number>;
    purchase_request_id: number;
    position: number;
    kind: 'item' | 'service';
    variant_id: number | null;
    service_id: number | null;
    unit_id: number;
    quantity: number;
    estimated_price: Int8;
    needed_by: DateCol;
    reason: string;
  };
  inventory_purchase_request_history: {
    id: Int8Generated;
    purchase_request_id: number;
    action: 'submitted' | 'edited' | 'approved' | 'rejected' | 'cancelled';
    tier: 'managerial' | 'warehouse' | 'coo' | null;
    from_status: PurchaseRequestStatusCol | null;
    to_status: PurchaseRequestStatusCol;
    note: string | null;
    actor_user_id: number;
    created_at: Generated<Date>;
  };
  inventory_purchase_orders: {
    id: Generated<number>;
    purchase_request_id: number;
    supplier: string;
    order_date: DateCol;
    delivery_date: DateCol | null;
    tax_rate_bp: Generated<number>;
    note: string | null;
    created_by_user_id: number;
    created_at: Generated<Date>;
  };
  inventory_purchase_order_lines: {
    id: Generated<number>;
    purchase_order_id: number;
    purchase_request_line_id: number;
    position: number;
    quantity: number;
    unit_price: Int8;
    received_quantity: Generated<number>;
  };
  inventory_purchase_receives: {
    id: Generated<number>;
    purchase_order_id: number;
    received_date: DateCol;
    note: string | null;
    received_by_user_id: number;
    created_at: Generated<Date>;
  };
  inventory_purchase_request_attachments: {
    id: Generated<number>;
    purchase_request_id: number;
    name: string;
    mime: string;
    size: number;
    content: ColumnType<Uint8Array, Uint8Array | Buffer, never>;
    uploaded_by_user_id: number;
    created_at: Generated<Date>;
  };
  inventory_stock_adjustments: {
    id: Generated<number>;
    variant_id: number;
    warehouse_id: number;
    quantity: number;
    note: string;
    created_by_user_id: number | null;
    created_at: Generated<Date>;
  };
  inventory_purchase_receive_lines: {
    id: Generated<number>;
    purchase_receive_id: number;
    purchase_order_line_id: number;
    quantity: number;
  };
}
