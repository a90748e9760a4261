import type { ColumnType, Generated } from 'kysely';

export interface AuthTables {
  users: {
    id: Generated<number>;
    email: string;
    password_hash: string | null;
    employee_id: number | null;
    active: Generated<boolean>;
    must_change_password: Generated<boolean>;
    last_login_at: Date | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  user_roles: { user_id: number; role: string };
  sessions: {
    id: Generated<number>;
    token_hash: string;
    user_id: number;
    kind: Generated<'user' | 'oauth'>;
    oauth_client_id: number | null;
    created_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Date | null;
    ip: string | null;
    user_agent: string | null;
  };
  /** success: null while the secret is being checked (auth/service.ts reserveLoginAttempt). */
  login_attempts: { id: Generated<string>; email: string; ip: string | null; success: boolean | null; at: Generated<Date> };
  oauth_clients: {
    id: Generated<number>;
    client_id: string;
    secret_hash: string;
    name: string;
    user_id: number;
    created_by: number | null;
    created_at: Generated<Date>;
    revoked_at: Date | null;
    /** text[]: `full` and/or `ingest` (migration 20261123T0830_devices_commands); write it with `scopesSql`. */
    scopes: ColumnType<string[], string[] | undefined, string[]>;
    /** The terminal (fingerspot_devices.id) the client is bound to; null: any. */
    device_id: number | null;
    updated_at: Date | null;
  };
}
