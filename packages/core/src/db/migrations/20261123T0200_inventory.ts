import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Inventory and purchasing (issue 7): catalogue (units, items with warehouse variants, services,
 * warehouses per office), stock on hand as a balance table plus a movement ledger, warehouse
 * requests and purchase requests with their three-tier approval history, purchase orders and
 * purchase receives (receipts into stock).
 *
 * Quantities are whole units (integer); money is integer rupiah (bigint).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per execute: PGlite's extended protocol takes a single statement.
  for (const statement of SCHEMA.split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db);
  }
}

const SCHEMA = `
    create table inventory_units (
      id serial primary key,
      name text not null,
      created_at timestamptz not null default now()
    );
    create unique index inventory_units_name_uq on inventory_units (lower(name));

    create table inventory_items (
      id serial primary key,
      code text,
      name text not null,
      unit_id integer not null references inventory_units(id),
      description text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index inventory_items_name_uq on inventory_items (lower(name));
    create unique index inventory_items_code_uq on inventory_items (lower(code)) where code is not null;
    create index inventory_items_unit_idx on inventory_items (unit_id);

    -- The spec's "item warehouses": variants of an item (size, colour, ...); the name may be empty (shown as "-").
    create table inventory_item_variants (
      id serial primary key,
      item_id integer not null references inventory_items(id),
      name text not null default '',
      created_at timestamptz not null default now()
    );
    create unique index inventory_item_variants_name_uq on inventory_item_variants (item_id, lower(name));

    create table inventory_services (
      id serial primary key,
      name text not null,
      unit_id integer references inventory_units(id),
      description text,
      created_at timestamptz not null default now()
    );
    create unique index inventory_services_name_uq on inventory_services (lower(name));
    create index inventory_services_unit_idx on inventory_services (unit_id);

    create table inventory_warehouses (
      id serial primary key,
      company_office_id integer not null references company_offices(id),
      name text not null,
      created_at timestamptz not null default now()
    );
    create unique index inventory_warehouses_name_uq on inventory_warehouses (company_office_id, lower(name));

    -- Stock on hand: updated in the same statement as the check, never below zero (the CHECK is the backstop).
    create table inventory_stock (
      variant_id integer not null references inventory_item_variants(id),
      warehouse_id integer not null references inventory_warehouses(id),
      on_hand integer not null default 0,
      updated_at timestamptz not null default now(),
      primary key (variant_id, warehouse_id),
      constraint inventory_stock_not_negative check (on_hand >= 0)
    );
    create index inventory_stock_warehouse_idx on inventory_stock (warehouse_id);

    create table inventory_stock_movements (
      id bigserial primary key,
      variant_id integer not null references inventory_item_variants(id),
      warehouse_id integer not null references inventory_warehouses(id),
      kind text not null check (kind in ('receipt', 'issue', 'adjustment')),
      quantity integer not null check (quantity <> 0),
      balance_after integer not null check (balance_after >= 0),
      source_type text not null,
      source_id integer,
      note text,
      actor_user_id integer references users(id),
      created_at timestamptz not null default now(),
      constraint inventory_stock_movements_sign check (
        (kind = 'receipt' and quantity > 0) or (kind = 'issue' and quantity < 0) or kind = 'adjustment'
      ),
      -- Receipts and issues name their document; an adjustment is its own document (note required).
      constraint inventory_stock_movements_source check (source_id is not null or (kind = 'adjustment' and note is not null))
    );
    create index inventory_stock_movements_stock_idx on inventory_stock_movements (variant_id, warehouse_id, id);
    create index inventory_stock_movements_source_idx on inventory_stock_movements (source_type, source_id);

    -- Warehouse requests: status codes of spec §3 "Request status" (Approved 1, Disapproved 2, Pending 3, Cancel 4).
    create table inventory_warehouse_requests (
      id serial primary key,
      requester_user_id integer not null references users(id),
      requester_employee_id integer references employees(id),
      warehouse_id integer not null references inventory_warehouses(id),
      status smallint not null default 3 check (status in (1, 2, 3, 4)),
      needed_date date,
      note text,
      decided_by_user_id integer references users(id),
      decided_at timestamptz,
      decision_note text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index inventory_warehouse_requests_requester_idx on inventory_warehouse_requests (requester_user_id, id);
    create index inventory_warehouse_requests_employee_idx on inventory_warehouse_requests (requester_employee_id);
    create index inventory_warehouse_requests_status_idx on inventory_warehouse_requests (status, id);

    create table inventory_warehouse_request_lines (
      id serial primary key,
      warehouse_request_id integer not null references inventory_warehouse_requests(id) on delete cascade,
      position smallint not null,
      variant_id integer not null references inventory_item_variants(id),
      quantity integer not null check (quantity > 0),
      issued_quantity integer not null default 0,
      note text,
      constraint inventory_warehouse_request_lines_issued check (issued_quantity between 0 and quantity)
    );
    create index inventory_warehouse_request_lines_wr_idx on inventory_warehouse_request_lines (warehouse_request_id);
    create index inventory_warehouse_request_lines_variant_idx on inventory_warehouse_request_lines (variant_id);

    -- Purchase requests: approval in strict sequence managerial -> warehouse -> COO.
    create table inventory_purchase_requests (
      id serial primary key,
      requester_user_id integer not null references users(id),
      requester_employee_id integer references employees(id),
      warehouse_id integer not null references inventory_warehouses(id),
      warehouse_request_id integer references inventory_warehouse_requests(id),
      status text not null default 'pending_managerial' check (
        status in ('pending_managerial', 'pending_warehouse', 'pending_coo', 'approved', 'rejected', 'cancelled')
      ),
      note text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index inventory_purchase_requests_requester_idx on inventory_purchase_requests (requester_user_id, id);
    create index inventory_purchase_requests_employee_idx on inventory_purchase_requests (requester_employee_id);
    create index inventory_purchase_requests_status_idx on inventory_purchase_requests (status, id);
    create index inventory_purchase_requests_wr_idx on inventory_purchase_requests (warehouse_request_id);

    create table inventory_purchase_request_lines (
      id serial primary key,
      purchase_request_id integer not null references inventory_purchase_requests(id) on delete cascade,
      position smallint not null,
      kind text not null check (kind in ('item', 'service')),
      variant_id integer references inventory_item_variants(id),
      service_id integer references inventory_services(id),
      unit_id integer not null references inventory_units(id),
      quantity integer not null check (quantity > 0),
      estimated_price bigint not null check (estimated_price >= 0),
      needed_by date not null,
      reason text not null,
      constraint inventory_purchase_request_lines_kind check (
        (kind = 'item' and variant_id is not null and service_id is null)
        or (kind = 'service' and service_id is not null and variant_id is null)
      )
    );
    create index inventory_purchase_request_lines_pr_idx on inventory_purchase_request_lines (purchase_request_id);
    create index inventory_purchase_request_lines_variant_idx on inventory_purchase_request_lines (variant_id);
    create index inventory_purchase_request_lines_service_idx on inventory_purchase_request_lines (service_id);
    create index inventory_purchase_request_lines_unit_idx on inventory_purchase_request_lines (unit_id);

    -- Every step of a purchase request: who, when, from which status to which.
    create table inventory_purchase_request_history (
      id bigserial primary key,
      purchase_request_id integer not null references inventory_purchase_requests(id) on delete cascade,
      action text not null check (action in ('submitted', 'edited', 'approved', 'rejected', 'cancelled')),
      tier text check (tier in ('managerial', 'warehouse', 'coo')),
      from_status text,
      to_status text not null,
      note text,
      actor_user_id integer not null references users(id),
      created_at timestamptz not null default now()
    );
    create index inventory_purchase_request_history_pr_idx on inventory_purchase_request_history (purchase_request_id, id);

    -- Purchase orders from an approved purchase request (one request can become several orders).
    -- Tax in basis points (1100 = 11% VAT); amounts are integer rupiah.
    create table inventory_purchase_orders (
      id serial primary key,
      purchase_request_id integer not null references inventory_purchase_requests(id),
      supplier text not null,
      order_date date not null,
      delivery_date date,
      tax_rate_bp integer not null default 0 check (tax_rate_bp between 0 and 10000),
      note text,
      created_by_user_id integer not null references users(id),
      created_at timestamptz not null default now()
    );
    create index inventory_purchase_orders_pr_idx on inventory_purchase_orders (purchase_request_id);

    create table inventory_purchase_order_lines (
      id serial primary key,
      purchase_order_id integer not null references inventory_purchase_orders(id) on delete cascade,
      purchase_request_line_id integer not null references inventory_purchase_request_lines(id),
      position smallint not null,
      quantity integer not null check (quantity > 0),
      unit_price bigint not null check (unit_price >= 0),
      received_quantity integer not null default 0,
      constraint inventory_purchase_order_lines_received check (received_quantity between 0 and quantity)
    );
    create index inventory_purchase_order_lines_po_idx on inventory_purchase_order_lines (purchase_order_id);
    create index inventory_purchase_order_lines_prl_idx on inventory_purchase_order_lines (purchase_request_line_id);

    -- Goods (or services) received against an order; partial receipts allowed, over-receipt refused.
    create table inventory_purchase_receives (
      id serial primary key,
      purchase_order_id integer not null references inventory_purchase_orders(id),
      received_date date not null,
      note text,
      received_by_user_id integer not null references users(id),
      created_at timestamptz not null default now()
    );
    create index inventory_purchase_receives_po_idx on inventory_purchase_receives (purchase_order_id);

    create table inventory_purchase_receive_lines (
      id serial primary key,
      purchase_receive_id integer not null references inventory_purchase_receives(id) on delete cascade,
      purchase_order_line_id integer not null references inventory_purchase_order_lines(id),
      quantity integer not null check (quantity > 0)
    );
    create index inventory_purchase_receive_lines_receive_idx on inventory_purchase_receive_lines (purchase_receive_id);
    create index inventory_purchase_receive_lines_pol_idx on inventory_purchase_receive_lines (purchase_order_line_id);
`;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists inventory_purchase_receive_lines, inventory_purchase_receives, inventory_purchase_order_lines,
      inventory_purchase_orders, inventory_purchase_request_history, inventory_purchase_request_lines, inventory_purchase_requests,
      inventory_warehouse_request_lines, inventory_warehouse_requests, inventory_stock_movements, inventory_stock,
      inventory_warehouses, inventory_services, inventory_item_variants, inventory_items, inventory_units
  `.execute(db);
}
