import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportAjaxFailure } from './ajax-failure';
import { httpStatusOf } from './errors';
import { notifyError, notifySuccess } from './notify';
import { serverMessageOfKey } from './server-messages';

/**
 * Per-call options read by the global handlers:
 * - `silent`: the screen handles the error itself (no toast, no redirect on 401)
 * - `allow401`: show a 401 as a toast (login and password forms), not the default rule
 * - `successMessage`: toast after a successful write (spec §7 "On success they show the status message").
 *   `'server'` shows the message the server sends for that procedure (the REST envelope's `success`,
 *   lib/server-messages.ts), in Bahasa Indonesia when that is the UI language; a function shows the
 *   screen's own text, only where it says more than the server (counts, a file name). Without it a
 *   write is silent (login, marking read, background saves).
 */
export interface AppQueryMeta extends Record<string, unknown> {
  silent?: boolean;
  allow401?: boolean;
  successMessage?: 'server' | (() => string);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      // A request that got through clears the "server unreachable" bar.
      onSuccess: () => reportAjaxFailure(null),
      onError(error, query) {
        if (query.meta?.silent) return;
        notifyError(error, 'query', { allow401: query.meta?.allow401 ?? false });
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _vars, _ctx, mutation) {
        if (mutation.meta?.silent) return;
        notifyError(error, 'mutation', { allow401: mutation.meta?.allow401 ?? false });
      },
      onSuccess(_data, _vars, _ctx, mutation) {
        reportAjaxFailure(null);
        const msg = mutation.meta?.successMessage;
        const text = msg === 'server' ? serverMessageOfKey(mutation.options.mutationKey) : msg?.();
        if (text) notifySuccess(text);
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again.
        retry: (count, error) => {
          const status = httpStatusOf(error);
          return (status === undefined || status >= 500) && count < 2;
        },
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
