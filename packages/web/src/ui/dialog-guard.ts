import { createContext, useContext } from 'react';

/**
 * What a `Modal` tells the controls inside it: `markDirty` (the user changed something a close would
 * lose) and `guard` (runs a close at once when nothing changed, otherwise after "Discard changes?").
 */
export interface DialogGuard {
  markDirty: () => void;
  guard: (close: () => void) => void;
}

export const DialogGuardContext = createContext<DialogGuard | null>(null);

const noop = () => {};

/**
 * For a control that changes its value without a native input/change event (a calendar, a
 * listbox option): call the returned function when the user picks a value, so that the enclosing
 * dialog asks before discarding it. Outside a dialog it does nothing.
 */
export function useMarkDirty(): () => void {
  return useContext(DialogGuardContext)?.markDirty ?? noop;
}

/** Wraps a Cancel handler: inside a dialog with unsaved changes it asks first; elsewhere it runs at once. */
export function useGuardedCancel(onCancel: () => void): () => void {
  const ctx = useContext(DialogGuardContext);
  return ctx ? () => ctx.guard(onCancel) : onCancel;
}
