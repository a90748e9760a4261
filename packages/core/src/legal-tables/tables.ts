import type { ColumnType, Generated } from 'kysely';

/** The dated legal values (migration 20261126T1030_legal_tables). */
export interface LegalTableTables {
  legal_values: {
    id: Generated<number>;
    key: string;
    region: string | null;
    /** numeric(20, 6): read as text ('12000000.000000'). */
    value: ColumnType<string, string, string>;
    /** date: read as 'yyyy-mm-dd' (legal-tables/queries.ts casts it). */
    valid_from: ColumnType<string, string, string>;
    valid_to: ColumnType<string | null, string | null | undefined, string | null>;
    source: string;
    note: string | null;
    /** Set when a finalised run used the row: it can no longer be deleted. */
    used_at: Date | null;
    used_by: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
  };
}
