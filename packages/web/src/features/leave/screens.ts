export { LeaveAddPage, LeaveEditPage } from './LeaveAddEditPages';
export { LeaveListPage } from './LeaveListPage';
export { LeaveSchedulePage } from './LeaveSchedulePage';
export { LeaveTypePage } from './LeaveTypePage';
export { PersonalLeaveAddPage, PersonalLeavePage } from './PersonalLeavePages';
