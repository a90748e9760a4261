import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings; int8 (bigint) columns as strings (db/client.ts). */
type DateCol = ColumnType<string, string, string>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
type Int8Generated = ColumnType<string, string | number | bigint | undefined, never>;
type Int8Default = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;

export type SavingProductCol = 'principal' | 'mandatory' | 'voluntary';
export type LedgerKindCol = 'deposit' | 'payroll' | 'withdrawal';

export interface CooperativeTables {
  cooperative_settings: {
    id: Generated<number>;
    principal_amount: Int8Default;
    mandatory_amount: Int8Default;
    withdrawable_principal: Generated<boolean>;
    withdrawable_mandatory: Generated<boolean>;
    withdrawable_voluntary: Generated<boolean>;
    approval_steps: Generated<number>;
    updated_by_user_id: number | null;
    updated_at: Generated<Date>;
  };
  cooperative_members: {
    id: Generated<number>;
    employee_id: number;
    join_date: DateCol;
    status: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  cooperative_withdrawals: {
    id: Generated<number>;
    member_id: number;
    amount: Int8;
    reason: string;
    status: Generated<number>;
    approvals: Generated<number>;
    first_approver_user_id: number | null;
    requester_user_id: number;
    decided_by_user_id: number | null;
    decided_at: Date | null;
    decision_note: string | null;
    created_at: Generated<Date>;
  };
  cooperative_ledger: {
    id: Int8Generated;
    member_id: number;
    product: SavingProductCol;
    kind: LedgerKindCol;
    amount: Int8;
    entry_date: DateCol;
    period: string | null;
    withdrawal_id: number | null;
    note: string | null;
    actor_user_id: number | null;
    created_at: Generated<Date>;
  };
  cooperative_withdrawal_history: {
    id: Int8Generated;
    withdrawal_id: number;
    action: 'requested' | 'approved' | 'disapproved' | 'cancelled';
    step: number | null;
    from_status: number | null;
    to_status: number;
    note: string | null;
    actor_user_id: number;
    created_at: Generated<Date>;
  };
  cooperative_withdrawal_files: {
    id: Generated<number>;
    withdrawal_id: number;
    name: string;
    mime: string;
    size: number;
    content: ColumnType<Uint8Array, Uint8Array | Buffer, never>;
    uploaded_by_user_id: number;
    deleted_at: Date | null;
    deleted_by_user_id: number | null;
    created_at: Generated<Date>;
  };
}
