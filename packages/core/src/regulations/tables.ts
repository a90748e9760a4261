import type { ColumnType, Generated } from 'kysely';

type DateCol = ColumnType<string, string, string>;

export interface RegulationTables {
  regulations: {
    id: Generated<number>;
    title: string;
    description: string | null;
    effective_date: DateCol;
    company_office_id: number | null;
    file_name: string;
    mime: string;
    size: number;
    content: Uint8Array;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}
