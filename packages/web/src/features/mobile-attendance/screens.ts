export { ClockPage } from './ClockPage';
export { MobilePunchesPage } from './MobilePunchesPage';
export { MobileSettingsPage } from './MobileSettingsPage';
