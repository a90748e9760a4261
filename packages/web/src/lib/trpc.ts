import type { AppRouter } from '@hr/server/router';
import { isHeavyProcedureName } from '@hr/core/browser';
import { createTRPCReact, httpBatchLink, httpLink, splitLink, type TRPCClientErrorLike } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** Queries of an unmounted screen are cancelled (spec §7: a cancel token per request; no toast, §8). */
export const trpc = createTRPCReact<AppRouter>({ abortOnUnmount: true });

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type AppClientError = TRPCClientErrorLike<AppRouter>;

/** A reply that is not a tRPC answer (a proxy's 502 page, …), with its HTTP status. */
export class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`Request failed with status code ${status}`);
    this.name = 'HttpStatusError';
    this.status = status;
  }
}

/**
 * fetch that turns a non-JSON failure into the HTTP client message of spec §8,
 * "Request failed with status code N", instead of a JSON parse error.
 */
export const fetchWithStatus: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!res.ok && !(res.headers.get('content-type') ?? '').includes('json')) throw new HttpStatusError(res.status);
  return res;
};

export function createTrpcClient() {
  const common = {
    url: '/trpc',
    fetch: fetchWithStatus,
    // Proof of same origin for the server's CSRF check (server http/csrf.ts): a cross-site
    // page cannot send a custom header without a CORS preflight, which the server never grants.
    headers: { 'x-hr-csrf': '1' },
  };
  return trpc.createClient({
    links: [
      // Heavy work (PDF, spreadsheet, download, import, generation) goes on its own request: the
      // server refuses a batch holding more than two of them (docs/security.md, issue 16 item 10).
      splitLink({
        condition: (op) => isHeavyProcedureName(op.path),
        true: httpLink(common),
        false: httpBatchLink({ ...common, maxURLLength: 4000 }),
      }),
    ],
  });
}
