import type { Grant } from '../access/index';

/** Reading canteen settings, schedules, presences and costs (of employees in the grant's scope). */
export type View = Grant<'canteen.view'>;
/** Changing them, and recording presences at the kiosk or terminal. */
export type Manage = Grant<'canteen.manage'>;
