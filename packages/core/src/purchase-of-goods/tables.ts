import type { ColumnType, Generated } from 'kysely';

/** `date` columns travel as 'yyyy-mm-dd' strings; int8 (bigint) columns as strings (db/client.ts). */
type DateCol = ColumnType<string, string, string>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

export type PogInvoiceStatusCol = 'active' | 'paid' | 'cancelled';

/** Purchase of goods (issue 7): tables. */
export interface PurchaseOfGoodsTables {
  pog_types: { id: Generated<number>; name: string; created_at: Generated<Date> };
  pog_categories: { id: Generated<number>; name: string; created_at: Generated<Date> };
  pog_invoices: {
    id: Generated<number>;
    invoice_number: string;
    employee_id: number;
    type_id: number;
    invoice_date: DateCol;
    total: Int8;
    months: number;
    start_period: string;
    status: ColumnType<PogInvoiceStatusCol, PogInvoiceStatusCol | undefined, PogInvoiceStatusCol>;
    note: string | null;
    created_by_user_id: number | null;
    created_at: Generated<Date>;
    cancelled_by_user_id: number | null;
    cancelled_at: Date | null;
    cancel_note: string | null;
  };
  pog_invoice_lines: {
    id: Generated<number>;
    invoice_id: number;
    line_no: number;
    goods: string;
    category_id: number;
    quantity: number;
    unit_price: Int8;
    amount: Int8;
  };
  pog_instalments: {
    id: Generated<number>;
    invoice_id: number;
    seq: number;
    period: string;
    amount: Int8;
  };
  pog_payments: {
    id: Generated<number>;
    invoice_id: number;
    instalment_id: number;
    amount: Int8;
    source: 'payroll' | 'manual';
    period: string | null;
    paid_on: DateCol;
    note: string | null;
    actor_user_id: number | null;
    created_at: Generated<Date>;
  };
  pog_payroll_postings: {
    employee_id: number;
    period: string;
    amount: Int8;
    applied: Int8;
    created_at: Generated<Date>;
  };
}
