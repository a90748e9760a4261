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
    birth_place: Generated<string | null>;
    national_id: Generated<string | null>;
    tax_id: Generated<string | null>;
    nationality_country_id: Generated<number | null>;
    personal_email: Generated<string | null>;
    address: Generated<string | null>;
    domicile_address: Generated<string | null>;
    city: Generated<string | null>;
    postal_code: Generated<string | null>;
    home_ownership: Generated<number | null>;
    blood_type: Generated<'A' | 'B' | 'AB' | 'O' | null>;
    height_cm: Generated<number | null>;
    weight_kg: Generated<number | null>;
    allergies: Generated<string | null>;
    medical_notes: Generated<string | null>;
    bpjs_kesehatan_number: Generated<string | null>;
    bpjs_ketenagakerjaan_number: Generated<string | null>;
    bank_account_name: Generated<string | null>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  employee_emergency_contacts: {
    id: Generated<number>;
    employee_id: number;
    position: number;
    name: string;
    relationship: 'Family' | 'Friend';
    phone: string;
    address: string | null;
  };
  employee_parents: {
    employee_id: number;
    relation: 'father' | 'mother';
    name: string;
    birth_date: DateCol | null;
    phone: string | null;
    occupation: string | null;
    alive: Generated<boolean>;
  };
  employee_siblings: {
    id: Generated<number>;
    employee_id: number;
    position: number;
    name: string;
    gender: 'Male' | 'Female';
    birth_date: DateCol | null;
    education_level_id: number | null;
    occupation: string | null;
  };
  employee_previous_companies: {
    id: Generated<number>;
    employee_id: number;
    position: number;
    company_name: string;
    job_title: string | null;
    start_date: DateCol;
    end_date: DateCol | null;
    reason_for_leaving: string | null;
  };
  employee_contracts: ContractCols;
  /** A concurrent contract with a second company (spec §3 "second contract"); payroll does not read it. */
  employee_second_contracts: ContractCols & { second_company_id: number };
  employee_records: {
    id: Generated<number>;
    employee_id: number;
    change_type: number;
    effective_date: DateCol;
    reason: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
  } & Prefixed<'from_', PlacementCols> &
    Prefixed<'to_', PlacementCols>;
  employee_update_requests: {
    id: Generated<number>;
    employee_id: number;
    section: string;
    payload: ColumnType<Record<string, unknown>, string, string>;
    snapshot: ColumnType<Record<string, unknown>, string, string>;
    status: Generated<number>;
    note: string | null;
    requested_by: number | null;
    decided_by: number | null;
    decided_at: Date | null;
    created_at: Generated<Date>;
  };
  employee_resignations: {
    id: Generated<number>;
    employee_id: number;
    request_date: DateCol;
    last_working_day: DateCol;
    reason: string;
    status: Generated<number>;
    decision_note: string | null;
    created_by: number | null;
    decided_by: number | null;
    decided_at: Date | null;
    created_at: Generated<Date>;
  };
  employee_managers: {
    id: Generated<number>;
    employee_id: number;
    manager_employee_id: number;
    active: Generated<boolean>;
    note: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** One signature image per employee (issue 3); the bytes travel only in downloads. */
  employee_signatures: {
    employee_id: number;
    content: ColumnType<Uint8Array, Uint8Array | Buffer, Uint8Array | Buffer>;
    content_type: 'image/png' | 'image/jpeg';
    file_name: string;
    size: number;
    uploaded_by: number | null;
    uploaded_at: ColumnType<Date, Date | undefined, Date>;
  };
  /** The current QR code token per employee (issue 3); regenerating replaces it. */
  employee_qr_codes: {
    employee_id: number;
    token: string;
    generated_by: number | null;
    generated_at: ColumnType<Date, Date | undefined, Date>;
  };
  /** Recruitment applicants (issue 3, `/employee/recruitment`); the CV bytes travel only in downloads. */
  recruitment_applicants: {
    id: Generated<number>;
    source: 'manual' | 'registration';
    registration_id: number | null;
    given_name: string;
    surname: Generated<string>;
    email: string;
    phone: string | null;
    gender: 'Male' | 'Female' | null;
    birth_date: DateCol | null;
    religion_id: number | null;
    education_level_id: number | null;
    marital_status_id: number | null;
    company_office_id: number;
    job_position_id: number | null;
    position_applied: string;
    stage: ColumnType<RecruitmentStageCol, RecruitmentStageCol | undefined, RecruitmentStageCol>;
    cv_file_name: string | null;
    cv_content_type: string | null;
    cv_size: number | null;
    cv_content: ColumnType<Uint8Array | null, Uint8Array | Buffer | null, Uint8Array | Buffer | null>;
    employee_id: number | null;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    hired_by: number | null;
    hired_at: Date | null;
  };
  recruitment_notes: {
    id: Generated<number>;
    applicant_id: number;
    stage: RecruitmentStageCol | null;
    note: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
  };
}

type RecruitmentStageCol = 'applied' | 'interview' | 'offered' | 'hired' | 'rejected';

/** Where an employee is placed: the office, then the optional levels of the org tree. */
interface PlacementCols {
  company_office_id: number;
  department_id: number | null;
  division_id: number | null;
  section_id: number | null;
  job_position_id: number | null;
  job_level_id: number | null;
}
/** `T`'s columns, each name prefixed (`from_company_office_id`). */
type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: T[K] };

/** The columns of a contract, the main one and a second one alike. */
type ContractCols = {
  id: Generated<number>;
  employee_id: number;
  contract_number: string;
  contract_type: number;
  start_date: DateCol;
  end_date: DateCol | null;
  /** Integer rupiah per month (bigint: travels as a string). */
  basic_salary: ColumnType<string, string | number | bigint, string | number | bigint>;
  notes: string | null;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
} & ContractFileCols;

/** The file a contract may carry (issue 3); the bytes travel only in downloads. */
interface ContractFileCols {
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  file_content_type: ColumnType<string | null, string | null | undefined, string | null>;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  file_content: ColumnType<Uint8Array | null, Uint8Array | Buffer | null | undefined, Uint8Array | Buffer | null>;
  file_uploaded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
