import type { Messages } from '../i18n/en';
import type { Requirement } from '../lib/can';

/** A route group; its title is the text `groups.<id>`. */
export type GroupId = keyof Messages['groups'] & keyof Messages['routes'];
type RouteName<G extends GroupId> = keyof Messages['routes'][G] & string;
/** `<group>.<route>`; its title is the text `routes.<id>`, so a route without a title does not compile. */
export type RouteId = { [G in GroupId]: `${G}.${RouteName<G>}` }[GroupId];

/**
 * Every application route of spec §2, grouped as in the spec. Titles are translated under
 * `routes.<id>` (src/i18n). `nav` routes are listed in the sidebar; the others are reached
 * from their list pages (add, edit, detail). A route's `permission` decides whether it is shown
 * and whether its page opens.
 */
export interface AppRoute {
  id: RouteId;
  path: string;
  permission: Requirement;
  nav?: boolean;
}

export interface RouteGroup {
  id: GroupId;
  routes: AppRoute[];
}

type Spec<G extends GroupId> = [id: RouteName<G>, path: string, nav?: boolean, permission?: Requirement];

/** One group of routes; its instances are checked against `RouteGroup` where ROUTE_GROUPS lists them. */
function group<G extends GroupId>(id: G, permission: Requirement, specs: Spec<G>[]) {
  return {
    id,
    routes: specs.map(([rid, path, nav = false, p = permission]) => ({ id: `${id}.${rid}` as const, path, nav, permission: p })),
  };
}

export const ROUTE_GROUPS: RouteGroup[] = [
  group('attendance', 'attendance.view', [
    ['timesheet', '/attendance/timesheet', true],
    ['timesheetFailed', '/attendance/timesheet/failed', true],
    ['timesheetSummary', '/attendance/timesheet/summary', true],
    ['timesheetDownload', '/attendance/timesheet/download', true],
    ['timesheetCorrection', '/attendance/timesheet/correction', true],
    ['leave', '/attendance/leave', true],
    ['leaveAdd', '/attendance/leave/add'],
    ['leaveSchedule', '/attendance/leave/schedule', true],
    ['leaveEdit', '/attendance/leave/:id/edit'],
    ['overtime', '/attendance/overtime', true],
    ['overtimeAdd', '/attendance/overtime/add'],
    ['shift', '/attendance/shift', true],
    ['shiftAdd', '/attendance/shift/add'],
    ['shiftEdit', '/attendance/shift/:id/edit'],
    ['schedule', '/attendance/schedule', true],
    ['report', '/attendance/report', true],
    ['mobilePunches', '/attendance/mobile', true],
    ['mobileSettings', '/attendance/mobile/settings', true, 'attendance.manage'],
  ]),
  group('employee', 'employee.view', [
    ['list', '/employee/list', true],
    ['detail', '/employee/list/:id/detail'],
    ['managers', '/employee/managers', true, 'employee.manager.manage'],
    ['managersAdd', '/employee/managers/add', false, 'employee.manager.manage'],
    ['managersEdit', '/employee/managers/:id/edit', false, 'employee.manager.manage'],
    ['recruitment', '/employee/recruitment', true, 'employee.recruitment.manage'],
    ['registration', '/employee/registration', true, 'employee.registration.view'],
    ['resignation', '/employee/resignation', true, 'employee.resignation.manage'],
    ['resignationAdd', '/employee/resignation/add', false, 'employee.resignation.manage'],
    ['resignationDetail', '/employee/resignation/:id/detail', false, 'employee.resignation.manage'],
    // The employee's own resignation page.
    ['resignationRequest', '/employee/resignation/request', true, 'personal.access'],
  ]),
  group('salary', 'salary.view', [
    ['report', '/salary/report', true],
    ['reportGenerate', '/salary/report/generate'],
    ['reportDetail', '/salary/report/:id/detail'],
    ['reportBonus', '/salary/reportBonus', true],
    ['reportBonusDetail', '/salary/reportBonus/:id/detail'],
    ['incomeTax', '/salary/incomeTax', true],
    ['incomeTaxDetail', '/salary/incomeTax/:id/detail'],
    ['bankTransfer', '/salary/bankTransfer', true],
    ['bankTemplate', '/salary/bankTransfer/template', true, 'salary.setting'],
    ['bpjsReport', '/salary/bpjsReport', true],
    ['taxReport', '/salary/taxReport', true],
    ['employeeComponent', '/salary/employeeComponent', true],
    ['employeeComponentDetail', '/salary/employeeComponent/:id/detail'],
    ['holidayAllowance', '/salary/holidayAllowance', true],
    ['holidayAllowanceGenerate', '/salary/holidayAllowance/generate'],
    ['holidayAllowanceDetail', '/salary/holidayAllowance/:id/detail'],
    ['employee', '/salary/employee', true],
    ['employeeDetail', '/salary/employee/:id/detail'],
    ['queue', '/salary/queue', true],
    ['queueAdd', '/salary/queue/add'],
    ['queueEdit', '/salary/queue/:id/edit'],
    ['setting', '/salary/setting', true],
    ['legalTable', '/salary/legalTable', true],
  ]),
  group('cooperative', 'cooperative.view', [
    // Only cooperative managers may open the manage pages; every employee sees their own withdrawals.
    ['manage', '/cooperative/manage', true, 'cooperative.manage'],
    ['manageAdd', '/cooperative/manage/add', false, 'cooperative.manage'],
    ['withdrawal', '/cooperative/withdrawal', true],
    ['withdrawalAdd', '/cooperative/withdrawal/add'],
    ['withdrawalDetail', '/cooperative/withdrawal/:id/detail'],
  ]),
  group('misc', 'org.view', [
    ['index', '/misc', true],
    ['jobPosition', '/misc/jobPosition', true],
    ['jobPositionSetting', '/misc/jobPosition/:id/setting'],
    ['leaveType', '/misc/leavetype', true],
    ['companyOffice', '/misc/companyOffice', true],
  ]),
  group('developer', 'developer.access', [
    ['logs', '/developer/logs', true],
    ['fingerspot', '/developer/fingerspot', true],
    ['fingerspotAdd', '/developer/fingerspot/add'],
    ['fingerspotEdit', '/developer/fingerspot/:id/edit'],
    ['fingerspotDetail', '/developer/fingerspot/:id/detail'],
    ['credential', '/developer/credential', true],
    ['credentialAdd', '/developer/credential/add'],
    ['credentialEdit', '/developer/credential/:id/edit'],
  ]),
  group('canteen', 'canteen.view', [
    ['presence', '/canteen/presence', true],
    ['mealSchedule', '/canteen/mealSchedule', true],
    ['setting', '/canteen/setting', true],
  ]),
  // Every employee may ask the warehouse for items and raise purchase requests (inventory.request).
  group('inventory', 'inventory.request', [
    ['purchaseRequest', '/inventory/purchaseRequest', true],
    ['purchaseRequestAdd', '/inventory/purchaseRequest/add'],
    ['purchaseRequestTeam', '/inventory/purchaseRequest/team', true],
    ['purchaseRequestDetail', '/inventory/purchaseRequest/:id/detail'],
    ['purchaseRequestEdit', '/inventory/purchaseRequest/:id/edit'],
    ['warehouseRequest', '/inventory/warehouseRequest', true],
    ['warehouseRequestAdd', '/inventory/warehouseRequest/add'],
    ['warehouseRequestTeam', '/inventory/warehouseRequest/team', true],
    ['warehouseRequestDetail', '/inventory/warehouseRequest/:id/detail'],
    ['warehouseRequestEdit', '/inventory/warehouseRequest/:id/edit'],
  ]),
  group('purchaseOfGood', 'purchaseOfGood.manage', [
    ['index', '/purchaseOfGood', true],
    ['invoiceDetail', '/purchaseOfGood/invoice/:id/detail'],
    ['template', '/purchaseOfGood/template', true],
  ]),
  group('personal', 'personal.access', [
    ['attendance', '/personal/attendance', true],
    ['attendanceFailed', '/personal/attendance/failed', true],
    ['attendanceSummary', '/personal/attendance/summary', true],
    ['attendanceCorrection', '/personal/attendance/correction', true],
    ['attendanceMyPdf', '/personal/attendance/mypdf', true],
    ['attendanceClock', '/personal/attendance/clock', true, 'attendance.mobile'],
    ['shift', '/personal/shift', true],
    ['leave', '/personal/leave', true],
    ['leaveAdd', '/personal/leave/add'],
    ['overtime', '/personal/overtime', true],
    ['overtimeAdd', '/personal/overtime/add'],
    ['salary', '/personal/salary', true],
    // Every signed-in user has a profile (and may be sent here to change a temporary password).
    ['profile', '/personal/profile', true, 'authenticated'],
    ['server', '/personal/server', true, 'server.manage'],
    ['serverAdd', '/personal/server/add', false, 'server.manage'],
    ['serverEdit', '/personal/server/:id/edit', false, 'server.manage'],
  ]),
];

export const ALL_ROUTES: AppRoute[] = ROUTE_GROUPS.flatMap((g) => g.routes);

/** Param-less routes under `path` (e.g. the "add" page of a list), for links from placeholder pages. */
export function childRoutes(path: string): AppRoute[] {
  return ALL_ROUTES.filter((r) => r.path !== path && r.path.startsWith(`${path}/`) && !r.path.includes(':'));
}

/** Pages outside the signed-in layout. */
export const PUBLIC_PATHS = ['/login', '/registration'];

/** Where a user with a temporary password is sent to change it. */
export const PROFILE_PATH = '/personal/profile';
