import { useSyncExternalStore } from 'react';

/** The last failed request that never reached the application (spec §8 "Global ajax failure"). */
export interface AjaxFailure {
  status: number;
  message: string;
  exception: string;
}

let current: AjaxFailure | null = null;
const listeners = new Set<() => void>();

export function reportAjaxFailure(f: AjaxFailure | null): void {
  current = f;
  for (const l of listeners) l();
}

export function useAjaxFailure(): AjaxFailure | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
