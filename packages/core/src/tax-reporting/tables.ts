import type { ColumnType, Generated } from 'kysely';

/** bigint rupiah: read as a string, written from a string, number or bigint. */
type Rupiah = ColumnType<string, string | number | bigint, string | number | bigint>;

export type TaxReportKind = 'bpmp' | 'bp21' | 'bpa1';
export type TaxReportStatus = 'exported' | 'filed' | 'discarded';

/** Tables of the Coretax e-Bupot export (migration 20261126T1000_tax_reporting; docs/coretax.md). */
export interface TaxReportingTables {
  tax_company_identity: {
    id: Generated<number>;
    npwp: string;
    updated_by: number | null;
    updated_at: Generated<Date>;
  };
  tax_office_identities: {
    company_office_id: number;
    nitku: string;
    updated_at: Generated<Date>;
  };
  tax_report_exports: {
    id: Generated<number>;
    period: string;
    kind: TaxReportKind;
    company_office_id: number | null;
    sequence: number;
    status: Generated<TaxReportStatus>;
    file_name: string;
    xml: string;
    slips: number;
    gross: Rupiah;
    tax: Rupiah;
    coretax_reference: string | null;
    created_by: number | null;
    created_at: Generated<Date>;
    filed_by: number | null;
    filed_at: Date | null;
    discarded_by: number | null;
    discarded_at: Date | null;
  };
  tax_report_export_slips: {
    export_id: number;
    employee_id: number;
    payslip_id: number;
    fingerprint: string;
    replaces: boolean;
    gross: Rupiah;
    tax: Rupiah;
  };
}
