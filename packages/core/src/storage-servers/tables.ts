import type { ColumnType, Generated } from 'kysely';

/** numeric columns travel as strings. */
type Numeric = ColumnType<string, string, string>;

export type StorageServerStatusCol = 'active' | 'maintenance' | 'inactive';

/** Storage servers (issue 7): tables. */
export interface StorageServerTables {
  storage_server_types: { id: Generated<number>; name: string };
  storage_server_categories: { id: Generated<number>; name: string };
  storage_servers: {
    id: Generated<number>;
    name: string;
    type_id: number;
    category_id: number;
    location: string;
    address: string;
    capacity_gb: Numeric;
    usage_gb: Numeric;
    owner_employee_id: number;
    status: ColumnType<StorageServerStatusCol, StorageServerStatusCol | undefined, StorageServerStatusCol>;
    created_by_user_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}
