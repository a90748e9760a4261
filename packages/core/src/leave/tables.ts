import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings; numeric as strings (db/client.ts). */
type DateCol = ColumnType<string, string, string>;
type Num = ColumnType<string, string | number, string | number>;
type NumDefault = ColumnType<string, string | number | undefined, string | number>;

export type HalfDayCol = 'none' | 'morning' | 'afternoon';
export type ApproverKindCol = 'manager' | 'department_head' | 'hr' | 'employee';

/** Leave (issue 4): tables. */
export interface LeaveTables {
  leave_settings: {
    id: Generated<number>;
    annual_days: NumDefault;
    carry_over_max_days: NumDefault;
    prorate_first_year: Generated<boolean>;
    updated_by_user_id: number | null;
    updated_at: Generated<Date>;
  };
  leave_types: {
    id: Generated<number>;
    code: string;
    name: string;
    paid: Generated<boolean>;
    counts_annual: Generated<boolean>;
    max_days: Num | null;
    needs_attachment: Generated<boolean>;
    allow_half_day: Generated<boolean>;
    active: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  leave_balances: {
    employee_id: number;
    year: number;
    entitlement_date: DateCol | null;
    entitled: Num;
    carried: NumDefault;
    adjustment: NumDefault;
    used: NumDefault;
    reserved: NumDefault;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  leave_requests: {
    id: Generated<number>;
    employee_id: number;
    leave_type_id: number;
    start_date: DateCol;
    end_date: DateCol;
    half_day: ColumnType<HalfDayCol, HalfDayCol | undefined, HalfDayCol>;
    days: Num;
    counts_annual: boolean;
    be_paid: boolean;
    reason: string;
    status: Generated<number>;
    attachment_name: string | null;
    attachment_mime: string | null;
    attachment: ColumnType<Uint8Array | null, Uint8Array | Buffer | null, Uint8Array | Buffer | null>;
    requested_by_user_id: number;
    decided_by_user_id: number | null;
    decided_at: Date | null;
    decision_note: string | null;
    /** Steps copied from the matching approval rule (0 = one decision by any approver). */
    approval_steps: Generated<number>;
    approved_steps: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  leave_approval_rules: {
    id: Generated<number>;
    leave_type_id: number | null;
    company_office_id: number | null;
    department_id: number | null;
    created_by_user_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  leave_approval_rule_steps: {
    rule_id: number;
    step: number;
    kind: ApproverKindCol;
    employee_id: number | null;
  };
  leave_request_approvals: {
    request_id: number;
    step: number;
    kind: ApproverKindCol;
    employee_id: number | null;
    status: ColumnType<'pending' | 'approved' | 'disapproved', 'pending' | 'approved' | 'disapproved' | undefined>;
    decided_by_user_id: number | null;
    decided_at: Date | null;
    note: string | null;
  };
  leave_balance_adjustments: {
    id: Generated<number>;
    employee_id: number;
    year: number;
    days: Num;
    reason: string;
    created_by_user_id: number;
    created_at: Generated<Date>;
  };
  leave_request_days: {
    request_id: number;
    employee_id: number;
    work_date: DateCol;
    fraction: Num;
  };
}
