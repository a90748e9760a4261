export { ServerAddPage } from './ServerAddPage';
export { ServerEditPage } from './ServerEditPage';
export { ServerListPage } from './ServerListPage';
