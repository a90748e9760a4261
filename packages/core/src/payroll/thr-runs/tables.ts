import type { ColumnType, Generated } from 'kysely';

/** bigint rupiah: read as a string, written from a string, number or bigint. */
type Rupiah = ColumnType<string, string | number | bigint, string | number | bigint>;
type DateCol = ColumnType<string, string, string>;

/** THR (holiday allowance) runs: tables (migration 20261123T0780_thr_runs). */
export interface ThrRunTables {
  thr_runs: {
    id: Generated<number>;
    /** Spec enum Holidays: 1 Hari Raya Natal, 2 Idul Fitri, 3 Waisak, 4 Nyepi. */
    holiday: number;
    year: number;
    holiday_date: DateCol;
    pay_date: DateCol;
    company_office_id: number | null;
    month_counting: 'completed' | 'fractional';
    pay_other_religions: boolean;
    status: 'draft' | 'finalised' | 'cancelled';
    employees: number;
    not_eligible: number;
    total: Rupiah;
    pph21_estimate: Rupiah;
    created_by: number | null;
    created_at: Generated<Date>;
    finalised_by: number | null;
    finalised_at: Date | null;
    cancelled_at: Date | null;
  };
  thr_run_lines: {
    id: Generated<number>;
    run_id: number;
    employee_id: number;
    religion: string;
    join_date: DateCol;
    eligible: boolean;
    reason: string | null;
    /** numeric(10,4): read as a string. */
    months_of_service: ColumnType<string, string | number, string | number>;
    monthly_wage: ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;
    amount: Rupiah;
    pph21_estimate: ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;
    /** TraceMap (json: parsed on read by pg and PGlite). */
    trace: ColumnType<unknown, string, string>;
  };
}
