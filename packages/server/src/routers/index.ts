import { router } from '../trpc/procedures';
import { regulationRouter } from './regulation.router';
import { dashboardRouter } from './dashboard.router';
import { storageServerRouter } from './storage-server.router';
import { purchaseOfGoodsRouter } from './purchase-of-goods.router';
import { attendanceRequestRouter } from './attendance-requests.router';
import { leaveRouter } from './leave.router';
import { canteenRouter } from './canteen.router';
import { attendanceRouter } from './attendance.router';
import { authRouter } from './auth.router';
import { cooperativeRouter } from './cooperative.router';
import { deviceRouter } from './device.router';
import { deviceCloudRouter } from './device-cloud.router';
import { devicePushRouter } from './device-push.router';
import { mobileAttendanceRouter } from './mobile-attendance.router';
import { employeeRouter } from './employee.router';
import { inventoryRouter } from './inventory.router';
import { lookupRouter } from './lookup.router';
import { orgRouter } from './org.router';
import { permissionRouter } from './permission.router';
import { referenceRouter } from './reference.router';
import { salaryRouter } from './salary.router';
import { legalTableRouter } from './legal-tables.router';
import { mailRouter } from './mail.router';
import { auditLogRouter } from './audit-log.router';
import { bpjsReportRouter } from './bpjs-reports.router';
import { jobRouter } from '../jobs/job.router';
import { bankTransferRouter } from './bank-transfers.router';

export const appRouter = router({
  cooperative: cooperativeRouter,
  auth: authRouter,
  attendance: attendanceRouter,
  lookup: lookupRouter,
  employee: employeeRouter,
  permission: permissionRouter,
  org: orgRouter,
  reference: referenceRouter,
  inventory: inventoryRouter,
  salary: salaryRouter,
  legalTable: legalTableRouter,
  device: deviceRouter,
  devicePush: devicePushRouter,
  deviceCloud: deviceCloudRouter,
  mobileAttendance: mobileAttendanceRouter,
  regulation: regulationRouter,
  dashboard: dashboardRouter,
  storageServer: storageServerRouter,
  purchaseOfGood: purchaseOfGoodsRouter,
  attendanceRequest: attendanceRequestRouter,
  leave: leaveRouter,
  canteen: canteenRouter,
  mail: mailRouter,
  auditLog: auditLogRouter,
  bpjsReport: bpjsReportRouter,
  job: jobRouter,
  bankTransfer: bankTransferRouter,
});

export type AppRouter = typeof appRouter;
