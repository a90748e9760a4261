import type { Db } from '../shared/context';

/** The audit entries of one record (`entity`, `entityId`), oldest first: the action, who acted, and the row before and after. */
export function auditTrail(db: Db, entity: string, entityId: number | string) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'actor_user_id as actor'])
    .where('entity', '=', entity)
    .where('entity_id', '=', String(entityId))
    .orderBy('id')
    .execute();
}

/** The actions of one record's audit trail, oldest first. */
export async function auditActions(db: Db, entity: string, entityId: number | string): Promise<string[]> {
  return (await auditTrail(db, entity, entityId)).map((a) => a.action);
}

/** The audit entries of one action (on one record when `entityId` is given), oldest first. */
export function auditsOf(db: Db, action: string, entityId?: number | string) {
  let q = db.selectFrom('audit_log').select(['action', 'before', 'after', 'actor_user_id as actor']).where('action', '=', action);
  if (entityId !== undefined) q = q.where('entity_id', '=', String(entityId));
  return q.orderBy('id').execute();
}
