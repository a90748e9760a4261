import type { ColumnType, Generated } from 'kysely';

/** bigint columns come back as strings on both pg and PGlite. */
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

export interface DeviceTables {
  fingerspot_devices: {
    id: Generated<number>;
    name: string;
    driver: 'zk' | 'easylink' | 'adms' | 'fingerspot-cloud';
    address: string;
    port: number;
    serial: string;
    company_office_id: number | null;
    time_zone: string;
    comm_key: number | null;
    /** Fingerspot.io cloud id (driver fingerspot-cloud); unique. */
    cloud_id: ColumnType<string | null, string | null | undefined, string | null>;
    /** SHA-256 (hex) of the terminal's webhook secret; null: none issued yet. */
    cloud_secret_hash: ColumnType<string | null, string | null | undefined, string | null>;
    cloud_secret_set_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    active: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  device_status: {
    device_serial: string;
    agent: string | null;
    last_seen_at: Date;
    skew_ms: Int8 | null;
    reports: Generated<Int8>;
    punches_received: Generated<Int8>;
  };
  network_hotspots: {
    id: Generated<number>;
    name: string;
    /** Stored as `cidr`; written through `network(x::inet)` (see hotspots.ts). */
    cidr: ColumnType<string, never, never>;
    company_office_id: number | null;
    active: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  device_commands: {
    id: Generated<number>;
    device_id: number;
    kind: 'upload-users' | 'backup-users';
    payload: ColumnType<unknown, string, string>;
    status: Generated<'pending' | 'done' | 'failed'>;
    result: ColumnType<unknown, string | null, string | null>;
    error: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
    fetched_at: Date | null;
    finished_at: Date | null;
  };
}
