import { scopeSql } from '../access/index';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { userName } from '../shared/employee-sql';
import type { Actor, Grant } from '../access/index';
import { hasPermission, scopeOf } from '../access/index';
import type { Ctx } from '../shared/context';
import { AppError } from '../shared/errors';

/** Any inventory permission: reading a request or order needs one, and the visibility rules decide which. */
export type InventoryReader = Grant<
  | 'inventory.request'
  | 'inventory.view'
  | 'inventory.manage'
  | 'inventory.approve.managerial'
  | 'inventory.approve.warehouse'
  | 'inventory.approve.coo'
>;

/**
 * Who sees which inventory request. There is no manager relation between employees yet, so a
 * "team" is the caller's data scope of spec §6 (permissions/scope.ts): the requesters whose
 * department or division matches the caller's own, or everyone for superadmin / `hr.all`.
 */

export function actorOf(ctx: Ctx): Actor {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED', 'Please log in');
  return ctx.actor;
}

/** SQL: the requester (employees alias `e`, left-joined, or the given alias) is in the actor's data scope. */
export function requesterInScope(actor: Actor, alias = 'e'): RawBuilder<SqlBool> {
  return scopeSql(scopeOf(actor), alias);
}

/** SQL: the request (alias `r`) is the actor's own. */
export const ownRequest = (actor: Actor): RawBuilder<SqlBool> => sql<SqlBool>`r.requester_user_id = ${actor.userId}`;

/** SQL: the team view — others' requests whose requester is in the actor's scope. */
export const teamRequest = (actor: Actor): RawBuilder<SqlBool> =>
  sql<SqlBool>`(r.requester_user_id <> ${actor.userId} and r.requester_employee_id is not null and ${requesterInScope(actor)})`;

/**
 * Warehouse requests the actor may open: their own; every one for the warehouse (inventory.manage
 * or warehouse approval) and for an all-scope actor; their team's with inventory.view.
 */
export function warehouseRequestVisible(actor: Actor): RawBuilder<SqlBool> {
  if (
    scopeOf(actor).kind === 'all' ||
    hasPermission(actor, 'inventory.manage') ||
    hasPermission(actor, 'inventory.approve.warehouse')
  )
    return sql<SqlBool>`true`;
  if (hasPermission(actor, 'inventory.view')) return sql<SqlBool>`(${ownRequest(actor)} or ${teamRequest(actor)})`;
  return ownRequest(actor);
}

/**
 * SQL: a purchase request (alias `r`) raised by the warehouse for a warehouse request whose
 * requester is in the actor's scope: the need is that employee's, so it is their team's request.
 */
const forTeamWarehouseRequest = (actor: Actor): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from inventory_warehouse_requests wr join employees we on we.id = wr.requester_employee_id
    where wr.id = r.warehouse_request_id and ${requesterInScope(actor, 'we')})`;

/**
 * SQL: a purchase request (alias `r`) raised for the actor's own warehouse request: the employee
 * follows the purchasing of what they asked for (its detail, orders, receives and PDFs).
 */
const forOwnWarehouseRequest = (actor: Actor): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from inventory_warehouse_requests owr
    where owr.id = r.warehouse_request_id and owr.requester_user_id = ${actor.userId})`;

/**
 * Purchase requests the actor may open: their own and those raised for their own warehouse
 * requests; every one for the warehouse and COO tiers, the warehouse staff and an all-scope actor;
 * their team's (inventory.view or managerial tier).
 */
export function purchaseRequestVisible(actor: Actor): RawBuilder<SqlBool> {
  if (
    scopeOf(actor).kind === 'all' ||
    hasPermission(actor, 'inventory.manage') ||
    hasPermission(actor, 'inventory.approve.warehouse') ||
    hasPermission(actor, 'inventory.approve.coo')
  )
    return sql<SqlBool>`true`;
  if (hasPermission(actor, 'inventory.view') || hasPermission(actor, 'inventory.approve.managerial'))
    return sql<SqlBool>`(${ownRequest(actor)} or ${teamRequest(actor)} or ${forTeamWarehouseRequest(actor)} or ${forOwnWarehouseRequest(actor)})`;
  return sql<SqlBool>`(${ownRequest(actor)} or ${forOwnWarehouseRequest(actor)})`;
}

/**
 * SQL: requests a tier holder may act on. The managerial tier acts for its own scope (the
 * requester's, or for a request raised for a warehouse request, that request's requester); the
 * warehouse and COO tiers act for all.
 */
export function tierActsOn(actor: Actor, tier: 'managerial' | 'warehouse' | 'coo'): RawBuilder<SqlBool> {
  if (tier !== 'managerial' || scopeOf(actor).kind === 'all') return sql<SqlBool>`true`;
  return sql<SqlBool>`((r.requester_employee_id is not null and ${requesterInScope(actor)}) or ${forTeamWarehouseRequest(actor)})`;
}

/** Requester display name: the employee's name, else the login e-mail (aliases `e`, `ru`). */
export const requesterName = userName('ru');

/**
 * SQL for the approval lists: the request (alias `r`) is not the actor's own need: they neither
 * submitted it nor, for a purchase request raised for a warehouse request, asked for the goods in
 * that warehouse request. The decision itself is refused by the shared approval helper
 * (access/duties.ts assertMayDecide); this only keeps such requests off the list.
 */
export const notOwnNeed = (actor: Actor): RawBuilder<SqlBool> =>
  sql<SqlBool>`(r.requester_user_id <> ${actor.userId} and not exists (select 1 from inventory_warehouse_requests onr
    where onr.id = r.warehouse_request_id and onr.requester_user_id = ${actor.userId}))`;

/**
 * SQL: the actor decided no tier of the purchase request (alias `r`) yet: one person decides at
 * most one tier (the approval lists leave out what the approval helper would refuse).
 */
export const notPriorPurchaseDecider = (actor: Actor): RawBuilder<SqlBool> =>
  sql<SqlBool>`not exists (select 1 from inventory_purchase_request_history ph where ph.purchase_request_id = r.id
    and ph.tier is not null and ph.action in ('approved', 'rejected') and ph.actor_user_id = ${actor.userId})`;
