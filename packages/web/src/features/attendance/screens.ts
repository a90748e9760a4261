export { HolidaysTab } from './HolidaysTab';
export {
  MyAttendanceFailedPage,
  MyAttendancePage,
  MyAttendancePdfPage,
  MyAttendanceSummaryPage,
  MyShiftPage,
} from './PersonalPages';
export { ReportPage } from './ReportPage';
export { SchedulePage } from './SchedulePage';
export { ShiftFormPage } from './ShiftFormPage';
export { ShiftListPage } from './ShiftListPage';
export { TimesheetDownloadPage } from './TimesheetDownloadPage';
export { TimesheetFailedPage, TimesheetListPage } from './TimesheetListPage';
export { TimesheetSummaryPage } from './TimesheetSummaryPage';
