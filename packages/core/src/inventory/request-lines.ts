import { sql } from 'kysely';
import { variantLabel } from './schema';

/*
 * How a purchase request line (alias `l`) is named wherever it is shown: on the request, on the
 * orders placed from it and on the receipts against those orders.
 */

/** The names a request line is shown by: its item and variant, or its service (null for the other kind). */
export const requestLineNameColumns = [
  sql<
    string | null
  >`(select i.name from inventory_item_variants v join inventory_items i on i.id = v.item_id where v.id = l.variant_id)`.as(
    'itemName',
  ),
  sql<string | null>`(select v.name from inventory_item_variants v where v.id = l.variant_id)`.as('variantName'),
  sql<string | null>`(select s.name from inventory_services s where s.id = l.service_id)`.as('serviceName'),
] as const;

/** A request line's display name: the item with its variant ("Soap (-)"), or the service. */
export const requestLineName = (l: {
  kind: 'item' | 'service';
  itemName: string | null;
  variantName: string | null;
  serviceName: string | null;
}): string => (l.kind === 'item' ? `${l.itemName ?? ''} (${variantLabel(l.variantName)})` : (l.serviceName ?? ''));
