export { addDays, computeTimesheets, type EngineTarget, pairsTouchedBy } from './engine';
export { refuseOutsideRequestWindow, requestWindow } from './period';
export { importPunches, type ImportSummary, normaliseTime, parseCsv, parsePunchFile, readSheetRows } from './import';
export {
  assignPin,
  listPins,
  listPunches,
  punchPage,
  type PunchSource,
  punchProblem,
  removePin,
  storePunches,
} from './punches';
export {
  attendanceDaily,
  attendanceReport,
  employeeAttendancePdf,
  employeeAttendanceReport,
  MAX_REPORT_DAYS,
  myAttendancePdf,
  myAttendanceReport,
  recapTimesheets,
} from './report';
export * from './schema';
export { seedAttendanceDemo } from './seed';
export {
  assignSchedule,
  createHoliday,
  createShift,
  deleteHoliday,
  deleteShift,
  expandPattern,
  getAttendanceSettings,
  getShift,
  listHolidays,
  listSchedules,
  listShifts,
  myShifts,
  shiftLookup,
  updateAttendanceSettings,
  updateHoliday,
  updateShift,
} from './setup';
export type { AttendanceTables } from './tables';
export {
  clearTimesheetEdit,
  downloadTimesheets,
  editTimesheet,
  listFailedTimesheets,
  listTimesheets,
  MAX_PERIOD_DAYS,
  mySummary,
  myTimesheet,
  recomputeTimesheetDays,
  recomputeTimesheets,
  removeTimesheetOverrides,
  setTimesheetOverrides,
  type TimesheetOverride,
  timesheetSummary,
} from './timesheets';
export * from './outputs';
