/** Spec §3 Request status, as the server sends it (Approved 1, Disapproved 2, Pending 3, Cancel 4), Pending first. */
export const REQUEST_STATUS_OPTIONS = [
  { value: 3, label: 'Pending' },
  { value: 1, label: 'Approved' },
  { value: 2, label: 'Disapproved' },
  { value: 4, label: 'Cancel' },
];
