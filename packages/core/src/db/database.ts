import type { AttendanceTables } from '../attendance/tables';
import type { AuditTables } from '../audit/tables';
import type { AuthTables } from '../auth/tables';
import type { DeviceTables } from '../devices/tables';
import type { CooperativeTables } from '../cooperative/tables';
import type { EmployeeTables } from '../employees/tables';
import type { InventoryTables } from '../inventory/tables';
import type { OrgTables } from '../org/tables';
import type { PayrollTables } from '../payroll/runs/tables';
import type { PermissionTables } from '../permissions/tables';
import type { ReferenceTables } from '../reference/tables';
import type { RegistrationTables } from '../registration/tables';
import type { CanteenTables } from '../canteen/tables';
import type { LeaveTables } from '../leave/tables';
import type { AttendanceRequestTables } from '../attendance-requests/tables';
import type { PurchaseOfGoodsTables } from '../purchase-of-goods/tables';
import type { StorageServerTables } from '../storage-servers/tables';
import type { RegulationTables } from '../regulations/tables';
import type { ThrRunTables } from '../payroll/thr-runs/tables';
import type { MailTables } from '../mail/tables';
import type { JobTables } from '../jobs/tables';

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
    DeviceTables,
    CanteenTables,
    LeaveTables,
    AttendanceRequestTables,
    PurchaseOfGoodsTables,
    StorageServerTables,
    RegulationTables,
    ThrRunTables,
    MailTables,
    JobTables {}
