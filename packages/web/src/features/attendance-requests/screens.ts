export { CorrectionListPage } from './CorrectionListPage';
export { MyCorrectionPage } from './MyCorrectionPage';
export { MyOvertimeAddPage, OvertimeAddPage } from './OvertimeAddPages';
export { MyOvertimePage } from './MyOvertimePage';
export { OvertimeListPage } from './OvertimeListPage';
