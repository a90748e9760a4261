import type { Generated } from 'kysely';

export interface OrgTables {
  company_offices: {
    id: Generated<number>;
    code: string;
    name: string;
    address: string | null;
    city: string | null;
    /** IANA; null = the company's time zone. */
    time_zone: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  departments: { id: Generated<number>; company_office_id: number; name: string; created_at: Generated<Date> };
  divisions: {
    id: Generated<number>;
    company_office_id: number;
    department_id: number;
    name: string;
    created_at: Generated<Date>;
  };
  sections: {
    id: Generated<number>;
    company_office_id: number;
    department_id: number;
    division_id: number;
    name: string;
    created_at: Generated<Date>;
  };
  job_levels: { id: Generated<number>; name: string; rank: Generated<number>; created_at: Generated<Date> };
  job_positions: {
    id: Generated<number>;
    name: string;
    company_office_id: number;
    department_id: number;
    division_id: number | null;
    section_id: number | null;
    job_level_id: number | null;
    created_at: Generated<Date>;
  };
  /** The employee-number scheme of one office: prefix + next number zero-padded to `padding` digits. */
  id_indexes: {
    id: Generated<number>;
    company_office_id: number;
    prefix: string;
    next_number: number;
    padding: number;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}
