import type { ColumnType, Generated } from 'kysely';

type Created = ColumnType<Date, never, never>;

interface NamedTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Created>;
}

export interface ReferenceTables {
  religions: NamedTable;
  education_levels: NamedTable;
  marital_statuses: Omit<NamedTable, 'id'> & { id: ColumnType<number, number, never> };
  banks: NamedTable & { code: string | null };
  countries: NamedTable & { code: string | null };
  ptkp_statuses: NamedTable & {
    code: string;
    yearly_amount: ColumnType<string, string | number | bigint, string | number | bigint>;
  };
  settings: { key: string; value: ColumnType<unknown, string, string>; updated_at: Generated<Date> };
}
