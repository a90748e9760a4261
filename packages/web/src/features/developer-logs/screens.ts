export { DeveloperLogsPage } from './stubs';
