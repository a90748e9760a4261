/** Attendance corrections and overtime (issue 4): tables. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the module
export interface AttendanceRequestTables {}
