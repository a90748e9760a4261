import type { Migration } from 'kysely';
import * as m20261122T1900 from './20261122T1900_foundation';
import * as m20261122T2000 from './20261122T2000_org';
import * as m20261122T2100 from './20261122T2100_employee_detail';
import * as m20261122T2200 from './20261122T2200_employee_history';
import * as m20261122T2300 from './20261122T2300_employee_requests';
import * as m20261123T0100 from './20261123T0100_attendance';
import * as m20261123T0200 from './20261123T0200_inventory';
import * as m20261123T0400 from './20261123T0400_devices';
import * as m20261123T0300 from './20261123T0300_payroll';
import * as m20261123T0500 from './20261123T0500_cooperative';
import * as m20261123T0600 from './20261123T0600_employee_managers';
import * as m20261123T0700 from './20261123T0700_canteen';
import * as m20261123T0710 from './20261123T0710_leave';
import * as m20261123T0720 from './20261123T0720_attendance_requests';
import * as m20261123T0730 from './20261123T0730_purchase_of_goods';
import * as m20261123T0740 from './20261123T0740_storage_servers';
import * as m20261123T0750 from './20261123T0750_inventory_documents';
import * as m20261123T0760 from './20261123T0760_regulations';
import * as m20261123T0770 from './20261123T0770_employee_search';
import * as m20261123T0780 from './20261123T0780_thr_runs';
import * as m20261123T0790 from './20261123T0790_mail_outbox';
import * as m20261123T0800 from './20261123T0800_payroll_attendance';
import * as m20261123T0810 from './20261123T0810_employee_signatures';
import * as m20261123T0820 from './20261123T0820_jobs';
import * as m20261123T0830 from './20261123T0830_devices_commands';
import * as m20261123T0840 from './20261123T0840_leave_approval_rules';
import * as m20261123T0850 from './20261123T0850_recruitment';
import * as m20261123T0860 from './20261123T0860_payroll_extras';
import * as m20261123T0870 from './20261123T0870_override_derive_status';
import * as m20261123T0880 from './20261123T0880_section_role_grants';
import * as m20261126T0890 from './20261126T0890_auth_password_change';
import * as m20261126T0900 from './20261126T0900_duties_employees';
import * as m20261126T0910 from './20261126T0910_duties_payroll';
import * as m20261126T0920 from './20261126T0920_duties_requests';
import * as m20261126T0930 from './20261126T0930_limits';
import * as m20261126T0940 from './20261126T0940_duties_inventory';
import * as m20261126T0950 from './20261126T0950_placement_confirmations';
import * as m20261126T1000 from './20261126T1000_tax_reporting';
import * as m20261126T1010 from './20261126T1010_bank_transfers';
import * as m20261126T1030 from './20261126T1030_legal_tables';
import * as m20261126T1040 from './20261126T1040_bonus_cut_types';
import * as m20261126T1050 from './20261126T1050_auth_version';
import * as m20261126T1100 from './20261126T1100_device_push';
import * as m20261126T1900 from './20261126T1900_login_pending';
import * as m20261126T2000 from './20261126T2000_mobile_attendance';
import * as m20261127T0030 from './20261127T0030_fingerspot_cloud_refusals';
import * as m20261127T0050 from './20261127T0050_company_name';
import * as m20261127T0060 from './20261127T0060_cooperative_principal_payroll';
import * as m20261127T0100 from './20261127T0100_birthday_index';
import * as m20261127T0200 from './20261127T0200_punches_covering_index';
import * as m20261127T0210 from './20261127T0210_employee_search_text';
import * as m20261127T0040 from './20261127T0040_office_time_zone';
import * as m20261127T0300 from './20261127T0300_payslip_lines_lz4';
import * as m20261127T1200 from './20261127T1200_timesheets_by_employee';
import * as m20261127T1300 from './20261127T1300_data_versions';

/** Every migration, by unique name, in order. Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '20261122T1900_foundation': m20261122T1900,
  '20261122T2000_org': m20261122T2000,
  '20261122T2100_employee_detail': m20261122T2100,
  '20261122T2200_employee_history': m20261122T2200,
  '20261122T2300_employee_requests': m20261122T2300,
  '20261123T0100_attendance': m20261123T0100,
  '20261123T0200_inventory': m20261123T0200,
  '20261123T0300_payroll': m20261123T0300,
  '20261123T0400_devices': m20261123T0400,
  '20261123T0500_cooperative': m20261123T0500,
  '20261123T0600_employee_managers': m20261123T0600,
  '20261123T0700_canteen': m20261123T0700,
  '20261123T0710_leave': m20261123T0710,
  '20261123T0720_attendance_requests': m20261123T0720,
  '20261123T0730_purchase_of_goods': m20261123T0730,
  '20261123T0740_storage_servers': m20261123T0740,
  '20261123T0750_inventory_documents': m20261123T0750,
  '20261123T0760_regulations': m20261123T0760,
  '20261123T0770_employee_search': m20261123T0770,
  '20261123T0780_thr_runs': m20261123T0780,
  '20261123T0790_mail_outbox': m20261123T0790,
  '20261123T0800_payroll_attendance': m20261123T0800,
  '20261123T0810_employee_signatures': m20261123T0810,
  '20261123T0820_jobs': m20261123T0820,
  '20261123T0830_devices_commands': m20261123T0830,
  '20261123T0840_leave_approval_rules': m20261123T0840,
  '20261123T0850_recruitment': m20261123T0850,
  '20261123T0860_payroll_extras': m20261123T0860,
  '20261123T0870_override_derive_status': m20261123T0870,
  '20261123T0880_section_role_grants': m20261123T0880,
  '20261126T0890_auth_password_change': m20261126T0890,
  '20261126T0900_duties_employees': m20261126T0900,
  '20261126T0910_duties_payroll': m20261126T0910,
  '20261126T0920_duties_requests': m20261126T0920,
  '20261126T0930_limits': m20261126T0930,
  '20261126T0940_duties_inventory': m20261126T0940,
  '20261126T0950_placement_confirmations': m20261126T0950,
  '20261126T1000_tax_reporting': m20261126T1000,
  '20261126T1010_bank_transfers': m20261126T1010,
  '20261126T1030_legal_tables': m20261126T1030,
  '20261126T1040_bonus_cut_types': m20261126T1040,
  '20261126T1050_auth_version': m20261126T1050,
  '20261126T1100_device_push': m20261126T1100,
  '20261126T1900_login_pending': m20261126T1900,
  '20261126T2000_mobile_attendance': m20261126T2000,
  '20261127T0030_fingerspot_cloud_refusals': m20261127T0030,
  '20261127T0040_office_time_zone': m20261127T0040,
  '20261127T0050_company_name': m20261127T0050,
  '20261127T0060_cooperative_principal_payroll': m20261127T0060,
  '20261127T0100_birthday_index': m20261127T0100,
  '20261127T0200_punches_covering_index': m20261127T0200,
  '20261127T0210_employee_search_text': m20261127T0210,
  '20261127T0300_payslip_lines_lz4': m20261127T0300,
  '20261127T1200_timesheets_by_employee': m20261127T1200,
  '20261127T1300_data_versions': m20261127T1300,
};
