import { enumOptionsNow } from '../../../lib/enum-labels';

/** Spec §3 Request status, as the server sends it (Approved 1, Disapproved 2, Pending 3, Cancel 4), Pending first; labels in the screen's language (lib/enum-labels.ts). */
export const REQUEST_STATUS_OPTIONS = enumOptionsNow('requestStatus', [3, 1, 2, 4]);
