import { type Kysely, sql } from 'kysely';

// Frozen: never import application code here. Later changes are new migrations.

/**
 * Inventory documents (issue 7): attachments of purchase requests (quotations, photos, specs),
 * stored as bytea, and stock adjustment documents, so that every adjustment in the stock ledger
 * names a document (`source_type = 'stock_adjustment'`, `source_id` = the adjustment's id).
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
    create table inventory_purchase_request_attachments (
      id serial primary key,
      purchase_request_id integer not null references inventory_purchase_requests(id),
      name text not null,
      mime text not null check (mime in (
        'application/pdf', 'image/jpeg', 'image/png',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
      )),
      -- at most 700 KB (716 800 bytes): the JSON body carrying it as base64 stays under 1 MB
      size integer not null check (size > 0 and size <= 716800),
      content bytea not null,
      uploaded_by_user_id integer not null references users(id),
      created_at timestamptz not null default now()
    );
    create index inventory_pr_attachments_idx on inventory_purchase_request_attachments (purchase_request_id, id);

    create table inventory_stock_adjustments (
      id serial primary key,
      variant_id integer not null references inventory_item_variants(id),
      warehouse_id integer not null references inventory_warehouses(id),
      quantity integer not null check (quantity <> 0),
      note text not null,
      created_by_user_id integer references users(id),
      created_at timestamptz not null default now()
    );
    create index inventory_stock_adjustments_idx on inventory_stock_adjustments (warehouse_id, variant_id)
`;
