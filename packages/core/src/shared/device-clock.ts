/** A terminal whose clock is off by more than this is shown with a warning (developer screens and logs). */
export const SKEW_WARNING_MS = 60_000;
