import type { AuditTables } from '../audit/tables';
import type { AuthTables } from '../auth/tables';
import type { EmployeeTables } from '../employees/tables';
import type { OrgTables } from '../org/tables';
import type { PermissionTables } from '../permissions/tables';
import type { ReferenceTables } from '../reference/tables';
import type { RegistrationTables } from '../registration/tables';

/** Every module declares its own tables; this interface composes them. */
export interface Database
  extends ReferenceTables,
    OrgTables,
    EmployeeTables,
    AuthTables,
    PermissionTables,
    RegistrationTables,
    AuditTables {}
