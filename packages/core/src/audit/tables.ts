import type { ColumnType, Generated } from 'kysely';

export interface AuditTables {
  audit_log: {
    id: Generated<string>;
    at: Generated<Date>;
    actor_user_id: number | null;
    action: string;
    entity: string;
    entity_id: string | null;
    before: ColumnType<unknown, string | null, never>;
    after: ColumnType<unknown, string | null, never>;
    request_id: string | null;
  };
}
