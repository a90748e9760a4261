import type { ATTENDANCE_REQUEST_TEXTS } from '../features/attendance-requests/texts';
import type { ATTENDANCE_TEXTS } from '../features/attendance/texts';
import type { BANK_TEXTS } from '../features/salary-bank/texts';
import type { BPJS_TEXTS } from '../features/salary-bpjs/texts';
import type { CANTEEN_TEXTS } from '../features/canteen/texts';
import type { CONTRACT_FILES_TEXTS } from '../features/employee/detail/contract-texts';
import type { COOPERATIVE_TEXTS } from '../features/cooperative/texts';
import type { CORRECTION_TEXTS } from '../features/employee/correction-texts';
import type { CORETAX_TEXTS } from '../features/salary-taxreport/texts';
import type { DASHBOARD_TEXTS } from '../features/home/texts';
import type { DEVELOPER_LOGS_TEXTS } from '../features/developer-logs/texts';
import type { DEVICE_CLOUD_TEXTS } from '../features/developer/devices/texts';
import type { DEVICE_TERMINAL_TEXTS } from '../features/developer/devices/terminal-texts';
import type { EMPLOYEE_IMPORT_TEXTS } from '../features/employee/import-texts';
import type { INVENTORY_TEXTS } from '../features/inventory/texts';
import type { LEAVE_TEXTS } from '../features/leave/texts';
import type { LEGAL_TEXTS } from '../features/salary-legal/texts';
import type { MOBILE_ATTENDANCE_TEXTS } from '../features/mobile-attendance/texts';
import type { ORG_ASSIGN_TEXTS } from '../features/org/assign-texts';
import type { PERMISSION_TEXTS } from '../features/permissions/texts';
import type { PURCHASE_OF_GOODS_TEXTS } from '../features/purchase-of-goods/texts';
import type { RECRUITMENT_TEXTS } from '../features/employee/recruitment/texts';
import type { REGULATION_TEXTS } from '../features/org/regulation-texts';
import type { SALARY_DATA_TEXTS } from '../features/salary-data/texts';
import type { SALARY_MAIL_TEXTS } from '../features/salary-mail/texts';
import type { SALARY_RUNS_TEXTS } from '../features/salary-runs/texts';
import type { SALARY_TAX_TEXTS } from '../features/salary-tax/texts';
import type { SIGNATURE_QR_TEXTS } from '../features/employee/detail/signature-qr-texts';
import type { STORAGE_SERVER_TEXTS } from '../features/storage-servers/texts';
import type { THR_TEXTS } from '../features/salary-thr/texts';
import type { FIELD_ERROR_TEXTS } from '../lib/field-error-text';
import type { KIT_TEXTS } from '../ui/kit-texts';
import type { Messages } from './en';

/**
 * The shape of every text `t()` can look up: the messages of en.ts plus the bundles the feature
 * modules add under their own key when they are imported (`i18n.addResourceBundle` in their
 * texts.ts). Each language file is typed against the English one, so a key missing in Bahasa
 * Indonesia fails to compile; i18n.test.ts checks the same at run time.
 */
export type Resources = Messages & {
  att: (typeof ATTENDANCE_TEXTS)['en'];
  attreq: (typeof ATTENDANCE_REQUEST_TEXTS)['en'];
  bank: (typeof BANK_TEXTS)['en'];
  bpjs: (typeof BPJS_TEXTS)['en'];
  cnt: (typeof CANTEEN_TEXTS)['en'];
  contractFiles: (typeof CONTRACT_FILES_TEXTS)['en'];
  coop: (typeof COOPERATIVE_TEXTS)['en'];
  corrections: (typeof CORRECTION_TEXTS)['en'];
  coretax: (typeof CORETAX_TEXTS)['en'];
  dash: (typeof DASHBOARD_TEXTS)['en'];
  devCloud: (typeof DEVICE_CLOUD_TEXTS)['en'];
  devTerm: (typeof DEVICE_TERMINAL_TEXTS)['en'];
  dlogs: (typeof DEVELOPER_LOGS_TEXTS)['en'];
  employeeImport: (typeof EMPLOYEE_IMPORT_TEXTS)['en'];
  fieldError: (typeof FIELD_ERROR_TEXTS)['en'];
  inv: (typeof INVENTORY_TEXTS)['en'];
  kit: (typeof KIT_TEXTS)['en'];
  leave: (typeof LEAVE_TEXTS)['en'];
  legal: (typeof LEGAL_TEXTS)['en'];
  mail: (typeof SALARY_MAIL_TEXTS)['en'];
  mob: (typeof MOBILE_ATTENDANCE_TEXTS)['en'];
  orgAssign: (typeof ORG_ASSIGN_TEXTS)['en'];
  permissions: (typeof PERMISSION_TEXTS)['en'];
  pog: (typeof PURCHASE_OF_GOODS_TEXTS)['en'];
  recruitment: (typeof RECRUITMENT_TEXTS)['en'];
  regulation: (typeof REGULATION_TEXTS)['en'];
  salaryData: (typeof SALARY_DATA_TEXTS)['en'];
  salaryRuns: (typeof SALARY_RUNS_TEXTS)['en'];
  salaryTax: (typeof SALARY_TAX_TEXTS)['en'];
  signatureQr: (typeof SIGNATURE_QR_TEXTS)['en'];
  srv: (typeof STORAGE_SERVER_TEXTS)['en'];
  thr: (typeof THR_TEXTS)['en'];
};

/**
 * Types `t()` from the English texts: a key that is not there fails the web type-check, also when a
 * `defaultValue` is given (strictKeyChecks). Leaves are widened to `string`, so `t()` returns a
 * string rather than the English literal.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
    returnNull: false;
    strictKeyChecks: true;
  }
}
