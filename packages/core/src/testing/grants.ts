import type { Insertable } from 'kysely';
import type { Db } from '../shared/context';
import type { PermissionTables } from '../permissions/tables';

type GrantCols = Insertable<PermissionTables['permission_grants']>;

/**
 * Writes one permission grant straight into `permission_grants` (no four-eyes flow): the permission `key`
 * on an employee or a job position, requested by `requestedBy`; `more` adds columns (status, who decided).
 */
export async function insertPermissionGrant(
  db: Db,
  subject: { type: GrantCols['subject_type']; id: number },
  key: string,
  requestedBy: number,
  more: Partial<Pick<GrantCols, 'status' | 'decided_by' | 'decided_at' | 'revoked_by' | 'revoked_at'>> = {},
): Promise<void> {
  await db
    .insertInto('permission_grants')
    .values({
      subject_type: subject.type,
      subject_id: subject.id,
      grant_kind: 'permission',
      grant_key: key,
      requested_by: requestedBy,
      ...more,
    })
    .execute();
}
