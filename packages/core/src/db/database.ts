import type { AttendanceTables } from '../attendance/index';
import type { AuditTables } from '../audit/index';
import type { AuthTables } from '../auth/index';
import type { DeviceTables } from '../devices/index';
import type { CooperativeTables } from '../cooperative/index';
import type { EmployeeTables } from '../employees/index';
import type { InventoryTables } from '../inventory/index';
import type { OrgTables } from '../org/index';
import type { PayrollTables } from '../payroll/index';
import type { BonusCutTypeTables } from '../payroll/index';
import type { PermissionTables } from '../permissions/index';
import type { ReferenceTables } from '../reference/index';
import type { RegistrationTables } from '../registration/index';
import type { CanteenTables } from '../canteen/index';
import type { LeaveTables } from '../leave/index';
import type { AttendanceRequestTables } from '../attendance-requests/index';
import type { PurchaseOfGoodsTables } from '../purchase-of-goods/index';
import type { StorageServerTables } from '../storage-servers/index';
import type { RegulationTables } from '../regulations/index';
import type { ThrRunTables } from '../payroll/index';
import type { MailTables } from '../mail/index';
import type { JobTables } from '../jobs/index';
import type { LegalTableTables } from '../legal-tables/index';
import type { BankTransferTables } from '../bank-transfers/index';
import type { TaxReportingTables } from '../tax-reporting/index';
import type { MobileAttendanceTables } from '../mobile-attendance/index';

/** Every module declares its own tables; this interface composes them. */
export interface Database
  extends ReferenceTables,
    AttendanceTables,
    OrgTables,
    EmployeeTables,
    AuthTables,
    PermissionTables,
    RegistrationTables,
    AuditTables,
    InventoryTables,
    CooperativeTables,
    PayrollTables,
    BonusCutTypeTables,
    DeviceTables,
    CanteenTables,
    LeaveTables,
    AttendanceRequestTables,
    PurchaseOfGoodsTables,
    StorageServerTables,
    RegulationTables,
    ThrRunTables,
    MailTables,
    JobTables,
    LegalTableTables,
    BankTransferTables,
    TaxReportingTables,
    MobileAttendanceTables {}
