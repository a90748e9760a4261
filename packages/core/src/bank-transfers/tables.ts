import type { ColumnType, Generated } from 'kysely';

/** bigint rupiah: read as a string, written from a string, number or bigint. */
type Rupiah = ColumnType<string, string | number | bigint, string | number | bigint>;
/** jsonb: parsed on read by pg and PGlite, written as JSON text. */
type Json = ColumnType<unknown, string, string>;

/** Bank salary transfer files (issue 18 §2): admins' templates and the record of every export. */
export interface BankTransferTables {
  bank_transfer_templates: {
    id: Generated<number>;
    code: string;
    name: string;
    definition: Json;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  bank_transfer_exports: {
    id: Generated<number>;
    run_id: number;
    template_code: string;
    template_name: string;
    file_name: string;
    effective_date: ColumnType<string, string, string>;
    row_count: number;
    total: Rupiah;
    run_net: Rupiah;
    excluded_count: number;
    excluded_total: Rupiah;
    excluded: Json;
    zero_net: Json;
    checksum: string | null;
    sha256: string;
    content: string;
    created_by: number | null;
    created_at: Generated<Date>;
  };
}
