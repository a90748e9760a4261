export { DeveloperLogsPage } from './DeveloperLogsPage';
