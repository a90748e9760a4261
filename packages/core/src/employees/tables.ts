import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings (see db/client.ts type parsers). */
type DateCol = ColumnType<string, string, string>;

export interface EmployeeTables {
  employees: {
    id: Generated<number>;
    employee_number: string;
    given_name: string;
    surname: Generated<string>;
    email: string;
    gender: 'Male' | 'Female';
    birth_date: DateCol;
    religion_id: number;
    education_level_id: number;
    marital_status_id: number;
    ptkp_status_id: number | null;
    bank_id: number | null;
    bank_account_number: string | null;
    phone: string | null;
    company_office_id: number;
    department_id: number | null;
    division_id: number | null;
    section_id: number | null;
    job_position_id: number | null;
    job_level_id: number | null;
    contract_type: number | null;
    entry_date: ColumnType<string, string | undefined, string>;
    first_join_date: DateCol | null;
    contract_start_date: DateCol | null;
    annual_leave_date: DateCol | null;
    resigned: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}
