import type { Db } from '../shared/context';

/*
 * Kept apart from the rest of the module on purpose: the login session (auth/service.ts) reads
 * it, and this file imports nothing of permissions, so auth → cooperative → permissions → auth
 * is no import cycle.
 */

/** The member id ("mandatory-saving id" of the spec's session) of an employee, or null. */
export async function mandatorySavingIdOf(db: Db, employeeId: number): Promise<number | null> {
  const row = await db.selectFrom('cooperative_members').select('id').where('employee_id', '=', employeeId).executeTakeFirst();
  return row?.id ?? null;
}
