import type { ColumnType, Generated } from 'kysely';

type Created = ColumnType<Date, never, never>;

interface NamedTable {
  id: Generated<number>;
  name: string;
  created_at: Generated<Created>;
}

type Rupiah = ColumnType<string, string | number | bigint, string | number | bigint>;

interface BracketTable extends NamedTable {
  lower_bound: Rupiah;
  upper_bound: ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;
  rate_bp: number;
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
  /** Taxable-income brackets (integer rupiah per year; rate in basis points). */
  pkp: BracketTable;
  pkp_second: BracketTable;
  companies: NamedTable & { code: string | null; address: string | null };
  second_companies: NamedTable & { code: string | null; address: string | null };
  fingerspot_types: NamedTable;
}
