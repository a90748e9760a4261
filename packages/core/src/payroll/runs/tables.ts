import type { ColumnType, Generated } from 'kysely';

/** bigint rupiah: read as a string, written from a string, number or bigint. */
type Rupiah = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableRupiah = ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type ComponentKind = 'fixed-allowance' | 'non-fixed-allowance' | 'deduction';
export type TaxBorneBy = 'employee' | 'employer';
export type RunStatus = 'draft' | 'finalised' | 'cancelled';

export interface PayrollTables {
  payroll_settings: {
    id: Generated<number>;
    cut_off_day: number;
    pay_day: number;
    /** numeric: read as a string ('0.240'). */
    jkk_rate_percent: ColumnType<string, string, string>;
    ter_rounding: 'floor' | 'half-up';
    component_rounding: 'half-up' | 'floor' | 'ceil';
    work_week: number;
    bpjs_enabled: boolean;
    absence_cut_basis: Generated<'workdays' | 'fixed-divisor'>;
    absence_cut_divisor: Generated<number>;
    absence_cut_fixed_allowances: Generated<boolean>;
    proration_basis: Generated<'workdays' | 'calendar-days'>;
    /** Who bears PPh 21 by default: the employee (withheld) or the employer (tax allowance, gross-up). */
    tax_borne_by: Generated<TaxBorneBy>;
    /** PPh 21 DTP eligibility (PMK 10/2025, PMK 105/2025) and the KLU text (migration 20261126T1030_legal_tables). */
    pph21_dtp_eligible: Generated<boolean>;
    pph21_dtp_klu: string | null;
    /** Minimum-wage region of the legal table (BPJS Kesehatan base floor). */
    minimum_wage_region: string | null;
    /** The company's legal name printed on documents (migration 20261127T0050_company_name); '' until set. */
    company_name: Generated<string>;
    updated_at: Stamp;
  };
  /** The employee's own password for e-mailed payslip PDFs (issue 16 item 8); never returned by any procedure. */
  payslip_pdf_passwords: {
    employee_id: number;
    password: string;
    updated_at: Generated<Date>;
  };
  /** Per-employee payroll options; a null column means the company default. */
  employee_payroll_options: {
    employee_id: number;
    tax_borne_by: TaxBorneBy | null;
    updated_at: Generated<Date>;
  };
  /** Piece / unit work of a period: units × rate, paid by the period's run. */
  salary_piece_entries: {
    id: Generated<number>;
    employee_id: number;
    period: string;
    description: string;
    /** numeric(12,2): read as a string ('12.50'). */
    units: ColumnType<string, string, string>;
    rate: Rupiah;
    created_by: number | null;
    created_at: Generated<Date>;
  };
  /** A previous employer's income of the same tax year (1721-A1 lines 13 and 18). */
  employee_previous_income: {
    id: Generated<number>;
    employee_id: number;
    tax_year: number;
    employer_name: string;
    employer_tax_id: string | null;
    net_income: Rupiah;
    tax_withheld: Rupiah;
    created_by: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  salary_components: {
    id: Generated<number>;
    name: string;
    kind: ComponentKind;
    taxable: boolean;
    formula: string | null;
    everyone: boolean;
    created_at: Generated<Date>;
    updated_at: Stamp;
  };
  employee_salary_components: {
    id: Generated<number>;
    employee_id: number;
    component_id: number;
    amount: NullableRupiah;
    formula: string | null;
    start_month: string;
    end_month: string | null;
    created_at: Generated<Date>;
    updated_at: Stamp;
  };
  salary_bonus_cuts: {
    id: Generated<number>;
    employee_id: number;
    period: string;
    kind: 'bonus' | 'cut';
    name: string;
    amount: Rupiah;
    taxable: boolean;
    /** The catalogue type it was entered from; null for a free-text one-off (migration 20261126T1040_bonus_cut_types). */
    type_id: number | null;
    created_at: Generated<Date>;
    updated_at: Stamp;
  };
  salary_queue: {
    id: Generated<number>;
    employee_id: number;
    effective_date: ColumnType<string, string, string>;
    basic_salary: Rupiah;
    note: string | null;
    applied_run_id: number | null;
    created_at: Generated<Date>;
    updated_at: Stamp;
  };
  payroll_runs: {
    id: Generated<number>;
    period: string;
    company_office_id: number | null;
    status: RunStatus;
    employees: number;
    gross: Rupiah;
    tax: Rupiah;
    net: Rupiah;
    skipped: ColumnType<unknown, string, string>;
    created_by: number | null;
    created_at: Generated<Date>;
    finalised_by: number | null;
    finalised_at: Date | null;
    cancelled_at: Date | null;
  };
  payslips: {
    id: Generated<number>;
    run_id: number;
    employee_id: number;
    period: string;
    ptkp_status: string;
    basic_salary: Rupiah;
    gross: Rupiah;
    taxable_gross: Rupiah;
    total_deductions: Rupiah;
    pph21: Rupiah;
    net: Rupiah;
    annual_deductions: Rupiah;
    employer_cost: Rupiah;
    /** [{ code, name, kind, amount, trace }] in payslip order (json: parsed on read by pg and PGlite). */
    lines: ColumnType<unknown, string, string>;
  };
}

/** The bonus/cut catalogue (issue 20 item 2): named types picked when entering an employee's bonus/cut. */
export interface BonusCutTypeTables {
  salary_bonus_cut_types: {
    id: Generated<number>;
    /** Unique whatever its case (index on lower(name)). */
    name: string;
    kind: 'bonus' | 'cut';
    /** Bonus only: a cut is never taxable income (check constraint). */
    taxable: boolean;
    default_amount: NullableRupiah;
    active: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Stamp;
  };
}
