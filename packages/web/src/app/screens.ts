import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Screens that are built, by route id (code-split per feature). Every other route shows PlaceholderPage. */
const employee = () => import('../features/employee/screens');
const developer = () => import('../features/developer/screens');
const personal = () => import('../features/personal/screens');
const org = () => import('../features/org/screens');
const inventory = () => import('../features/inventory/screens');
const cooperative = () => import('../features/cooperative/screens');
const purchaseOfGoods = () => import('../features/purchase-of-goods/screens');
const storageServers = () => import('../features/storage-servers/screens');
const leave = () => import('../features/leave/screens');
const canteen = () => import('../features/canteen/screens');
const attendanceRequests = () => import('../features/attendance-requests/screens');
const attendance = () => import('../features/attendance/screens');
const salaryRuns = () => import('../features/salary-runs/screens');
const salaryData = () => import('../features/salary-data/screens');
const salaryThr = () => import('../features/salary-thr/screens');
const salaryTax = () => import('../features/salary-tax/screens');
const salaryBank = () => import('../features/salary-bank/screens');
const salaryBpjs = () => import('../features/salary-bpjs/screens');
const salaryTaxReport = () => import('../features/salary-taxreport/screens');
const salaryLegal = () => import('../features/salary-legal/screens');
const developerLogs = () => import('../features/developer-logs/screens');
const mobileAttendance = () => import('../features/mobile-attendance/screens');

export const SCREENS: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  'attendance.timesheet': lazy(() => attendance().then((m) => ({ default: m.TimesheetListPage }))),
  'attendance.timesheetFailed': lazy(() => attendance().then((m) => ({ default: m.TimesheetFailedPage }))),
  'attendance.timesheetSummary': lazy(() => attendance().then((m) => ({ default: m.TimesheetSummaryPage }))),
  'attendance.timesheetDownload': lazy(() => attendance().then((m) => ({ default: m.TimesheetDownloadPage }))),
  'attendance.shift': lazy(() => attendance().then((m) => ({ default: m.ShiftListPage }))),
  'attendance.shiftAdd': lazy(() => attendance().then((m) => ({ default: m.ShiftFormPage }))),
  'attendance.shiftEdit': lazy(() => attendance().then((m) => ({ default: m.ShiftFormPage }))),
  'attendance.schedule': lazy(() => attendance().then((m) => ({ default: m.SchedulePage }))),
  'attendance.report': lazy(() => attendance().then((m) => ({ default: m.ReportPage }))),
  'personal.attendance': lazy(() => attendance().then((m) => ({ default: m.MyAttendancePage }))),
  'personal.attendanceFailed': lazy(() => attendance().then((m) => ({ default: m.MyAttendanceFailedPage }))),
  'personal.attendanceSummary': lazy(() => attendance().then((m) => ({ default: m.MyAttendanceSummaryPage }))),
  'personal.attendanceMyPdf': lazy(() => attendance().then((m) => ({ default: m.MyAttendancePdfPage }))),
  'personal.attendanceClock': lazy(() => mobileAttendance().then((m) => ({ default: m.ClockPage }))),
  'attendance.mobilePunches': lazy(() => mobileAttendance().then((m) => ({ default: m.MobilePunchesPage }))),
  'attendance.mobileSettings': lazy(() => mobileAttendance().then((m) => ({ default: m.MobileSettingsPage }))),
  'personal.shift': lazy(() => attendance().then((m) => ({ default: m.MyShiftPage }))),
  'attendance.leave': lazy(() => leave().then((m) => ({ default: m.LeaveListPage }))),
  'attendance.leaveAdd': lazy(() => leave().then((m) => ({ default: m.LeaveAddPage }))),
  'attendance.leaveSchedule': lazy(() => leave().then((m) => ({ default: m.LeaveSchedulePage }))),
  'attendance.leaveEdit': lazy(() => leave().then((m) => ({ default: m.LeaveEditPage }))),
  'misc.leaveType': lazy(() => leave().then((m) => ({ default: m.LeaveTypePage }))),
  'personal.leave': lazy(() => leave().then((m) => ({ default: m.PersonalLeavePage }))),
  'personal.leaveAdd': lazy(() => leave().then((m) => ({ default: m.PersonalLeaveAddPage }))),
  'employee.list': lazy(() => employee().then((m) => ({ default: m.EmployeeListPage }))),
  'employee.detail': lazy(() => employee().then((m) => ({ default: m.EmployeeDetailPage }))),
  'employee.managers': lazy(() => employee().then((m) => ({ default: m.ManagerListPage }))),
  'employee.managersAdd': lazy(() => employee().then((m) => ({ default: m.ManagerAddPage }))),
  'employee.managersEdit': lazy(() => employee().then((m) => ({ default: m.ManagerEditPage }))),
  'employee.resignation': lazy(() => employee().then((m) => ({ default: m.ResignationListPage }))),
  'employee.resignationAdd': lazy(() => employee().then((m) => ({ default: m.ResignationAddPage }))),
  'employee.resignationDetail': lazy(() => employee().then((m) => ({ default: m.ResignationDetailPage }))),
  'employee.resignationRequest': lazy(() => employee().then((m) => ({ default: m.ResignationRequestPage }))),
  'employee.registration': lazy(() => employee().then((m) => ({ default: m.RegistrationsPage }))),
  'employee.recruitment': lazy(() => employee().then((m) => ({ default: m.RecruitmentPage }))),
  'developer.credential': lazy(() => developer().then((m) => ({ default: m.CredentialListPage }))),
  'developer.credentialAdd': lazy(() => developer().then((m) => ({ default: m.CredentialAddPage }))),
  'developer.credentialEdit': lazy(() => developer().then((m) => ({ default: m.CredentialEditPage }))),
  'developer.fingerspot': lazy(() => developer().then((m) => ({ default: m.FingerspotListPage }))),
  'developer.fingerspotAdd': lazy(() => developer().then((m) => ({ default: m.FingerspotAddPage }))),
  'developer.fingerspotEdit': lazy(() => developer().then((m) => ({ default: m.FingerspotEditPage }))),
  'developer.fingerspotDetail': lazy(() => developer().then((m) => ({ default: m.FingerspotDetailPage }))),
  'personal.profile': lazy(() => personal().then((m) => ({ default: m.ProfilePage }))),
  'misc.index': lazy(() => org().then((m) => ({ default: m.MiscPage }))),
  'misc.companyOffice': lazy(() => org().then((m) => ({ default: m.CompanyOfficePage }))),
  'misc.jobPosition': lazy(() => org().then((m) => ({ default: m.JobPositionListPage }))),
  'misc.jobPositionSetting': lazy(() => org().then((m) => ({ default: m.JobPositionSettingPage }))),
  'inventory.purchaseRequest': lazy(() => inventory().then((m) => ({ default: m.PurchaseRequestListPage }))),
  'inventory.purchaseRequestAdd': lazy(() => inventory().then((m) => ({ default: m.PurchaseRequestAddPage }))),
  'inventory.purchaseRequestTeam': lazy(() => inventory().then((m) => ({ default: m.PurchaseRequestTeamPage }))),
  'inventory.purchaseRequestDetail': lazy(() => inventory().then((m) => ({ default: m.PurchaseRequestDetailPage }))),
  'inventory.purchaseRequestEdit': lazy(() => inventory().then((m) => ({ default: m.PurchaseRequestEditPage }))),
  'inventory.warehouseRequest': lazy(() => inventory().then((m) => ({ default: m.WarehouseRequestListPage }))),
  'inventory.warehouseRequestAdd': lazy(() => inventory().then((m) => ({ default: m.WarehouseRequestAddPage }))),
  'inventory.warehouseRequestTeam': lazy(() => inventory().then((m) => ({ default: m.WarehouseRequestTeamPage }))),
  'inventory.warehouseRequestDetail': lazy(() => inventory().then((m) => ({ default: m.WarehouseRequestDetailPage }))),
  'inventory.warehouseRequestEdit': lazy(() => inventory().then((m) => ({ default: m.WarehouseRequestEditPage }))),
  'cooperative.manage': lazy(() => cooperative().then((m) => ({ default: m.CooperativeManagePage }))),
  'cooperative.manageAdd': lazy(() => cooperative().then((m) => ({ default: m.CooperativeManageAddPage }))),
  'cooperative.withdrawal': lazy(() => cooperative().then((m) => ({ default: m.WithdrawalListPage }))),
  'cooperative.withdrawalAdd': lazy(() => cooperative().then((m) => ({ default: m.WithdrawalAddPage }))),
  'cooperative.withdrawalDetail': lazy(() => cooperative().then((m) => ({ default: m.WithdrawalDetailPage }))),
  'purchaseOfGood.index': lazy(() => purchaseOfGoods().then((m) => ({ default: m.InvoiceListPage }))),
  'purchaseOfGood.invoiceDetail': lazy(() => purchaseOfGoods().then((m) => ({ default: m.InvoiceDetailPage }))),
  'purchaseOfGood.template': lazy(() => purchaseOfGoods().then((m) => ({ default: m.TemplatePage }))),
  'personal.server': lazy(() => storageServers().then((m) => ({ default: m.ServerListPage }))),
  'personal.serverAdd': lazy(() => storageServers().then((m) => ({ default: m.ServerAddPage }))),
  'personal.serverEdit': lazy(() => storageServers().then((m) => ({ default: m.ServerEditPage }))),
  'canteen.presence': lazy(() => canteen().then((m) => ({ default: m.CanteenPresencePage }))),
  'canteen.mealSchedule': lazy(() => canteen().then((m) => ({ default: m.CanteenMealSchedulePage }))),
  'canteen.setting': lazy(() => canteen().then((m) => ({ default: m.CanteenSettingPage }))),
  'attendance.timesheetCorrection': lazy(() => attendanceRequests().then((m) => ({ default: m.CorrectionListPage }))),
  'attendance.overtime': lazy(() => attendanceRequests().then((m) => ({ default: m.OvertimeListPage }))),
  'attendance.overtimeAdd': lazy(() => attendanceRequests().then((m) => ({ default: m.OvertimeAddPage }))),
  'personal.attendanceCorrection': lazy(() => attendanceRequests().then((m) => ({ default: m.MyCorrectionPage }))),
  'personal.overtime': lazy(() => attendanceRequests().then((m) => ({ default: m.MyOvertimePage }))),
  'personal.overtimeAdd': lazy(() => attendanceRequests().then((m) => ({ default: m.MyOvertimeAddPage }))),
  'salary.report': lazy(() => salaryRuns().then((m) => ({ default: m.SalaryReportListPage }))),
  'salary.reportGenerate': lazy(() => salaryRuns().then((m) => ({ default: m.SalaryReportGeneratePage }))),
  'salary.reportDetail': lazy(() => salaryRuns().then((m) => ({ default: m.SalaryReportDetailPage }))),
  'personal.salary': lazy(() => salaryRuns().then((m) => ({ default: m.MySalaryPage }))),
  'salary.employee': lazy(() => salaryData().then((m) => ({ default: m.SalaryEmployeeListPage }))),
  'salary.employeeDetail': lazy(() => salaryData().then((m) => ({ default: m.SalaryEmployeeDetailPage }))),
  'salary.queue': lazy(() => salaryData().then((m) => ({ default: m.SalaryQueueListPage }))),
  'salary.queueAdd': lazy(() => salaryData().then((m) => ({ default: m.SalaryQueueAddPage }))),
  'salary.queueEdit': lazy(() => salaryData().then((m) => ({ default: m.SalaryQueueEditPage }))),
  'salary.setting': lazy(() => salaryData().then((m) => ({ default: m.SalarySettingPage }))),
  'salary.employeeComponent': lazy(() => salaryData().then((m) => ({ default: m.EmployeeComponentListPage }))),
  'salary.employeeComponentDetail': lazy(() => salaryData().then((m) => ({ default: m.EmployeeComponentDetailPage }))),
  'salary.holidayAllowance': lazy(() => salaryThr().then((m) => ({ default: m.HolidayAllowanceListPage }))),
  'salary.holidayAllowanceGenerate': lazy(() => salaryThr().then((m) => ({ default: m.HolidayAllowanceGeneratePage }))),
  'salary.holidayAllowanceDetail': lazy(() => salaryThr().then((m) => ({ default: m.HolidayAllowanceDetailPage }))),
  'salary.incomeTax': lazy(() => salaryTax().then((m) => ({ default: m.IncomeTaxListPage }))),
  'salary.incomeTaxDetail': lazy(() => salaryTax().then((m) => ({ default: m.IncomeTaxDetailPage }))),
  'salary.bankTransfer': lazy(() => salaryBank().then((m) => ({ default: m.BankTransferPage }))),
  'salary.bankTemplate': lazy(() => salaryBank().then((m) => ({ default: m.BankTemplatePage }))),
  'salary.bpjsReport': lazy(() => salaryBpjs().then((m) => ({ default: m.BpjsReportPage }))),
  'salary.taxReport': lazy(() => salaryTaxReport().then((m) => ({ default: m.TaxReportPage }))),
  'salary.legalTable': lazy(() => salaryLegal().then((m) => ({ default: m.LegalTablePage }))),
  'salary.reportBonus': lazy(() => salaryTax().then((m) => ({ default: m.ReportBonusListPage }))),
  'salary.reportBonusDetail': lazy(() => salaryTax().then((m) => ({ default: m.ReportBonusDetailPage }))),
  'developer.logs': lazy(() => developerLogs().then((m) => ({ default: m.DeveloperLogsPage }))),
};
