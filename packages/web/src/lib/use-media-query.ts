import { useSyncExternalStore } from 'react';

/** True while the media query matches (false where matchMedia is missing, e.g. tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
  );
}

/** Spec §2/§9: the sidebar collapses under 1201 px width. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1201px)';
