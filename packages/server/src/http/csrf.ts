import type { AnyRouter } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { transportFailure } from '../rest/envelope';
import { sendFailure } from '../rest/plugin';
import { collectRestRoutes, proceduresOf } from '../rest/routes';
import type { ProcMeta } from '../trpc/init';
import { TRANSPORT_ERRORS } from '../trpc/error-map';
import { bearerOf, sessionCookieOf } from './context';

/**
 * The header the web app sends on every call (packages/web/src/lib/trpc.ts). A cross-site page
 * cannot add a custom header to a request without a CORS preflight, which this server never
 * grants, so its presence proves the request came from a page of our own origin.
 */
export const CSRF_HEADER = 'x-hr-csrf';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** host[:port] in lower case, without the scheme's default port. */
function normaliseHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(80|443)$/, '');
}

/**
 * Where the browser says the request comes from (Origin, else Referer), compared with the host it
 * was sent to (Host, or X-Forwarded-Host set by a reverse proxy: a cross-site page cannot set either).
 * 'absent' when the request names no source (non-browser clients).
 */
export function originCheck(req: FastifyRequest): 'same' | 'foreign' | 'absent' {
  const source = first(req.headers.origin) ?? first(req.headers.referer);
  if (source === undefined || source === '') return 'absent';
  // "null": a sandboxed frame, a data: URL or a privacy redirect; never our own page.
  if (source === 'null') return 'foreign';
  let sourceHost: string;
  try {
    sourceHost = normaliseHost(new URL(source).host);
  } catch {
    return 'foreign';
  }
  const forwarded = first(req.headers['x-forwarded-host'])?.split(',')[0];
  const hosts = [req.headers.host, forwarded].filter((h): h is string => !!h).map(normaliseHost);
  return hosts.includes(sourceHost) ? 'same' : 'foreign';
}

const isTrpcUrl = (url: string) => url === '/trpc' || url.startsWith('/trpc/') || url.startsWith('/trpc?');

/** The dotted procedure paths a tRPC URL calls (`/trpc/a.b,c.d?batch=1` → a.b, c.d). */
const trpcPathsOf = (url: string): string[] =>
  (url.split('?')[0] ?? '')
    .replace(/^\/trpc\/?/, '')
    .split(',')
    .map(decode);

/**
 * Which calls use no session at all: the public procedures (login, the OAuth token exchange,
 * registration, public lookups). They act with no one's authority, so a session cookie riding
 * along lends them none; they still get the origin check (login CSRF).
 */
export function publicCallMatcher(router: AnyRouter): (req: FastifyRequest) => boolean {
  const trpc = new Set(
    Object.entries(proceduresOf(router))
      .filter(([, p]) => (p._def as { meta?: ProcMeta }).meta?.permission === 'public')
      .map(([path]) => path),
  );
  const rest = new Set(
    collectRestRoutes(router)
      .filter((r) => r.permission === 'public')
      .map((r) => `${r.method} ${r.fastifyPath}`),
  );
  return (req) => {
    if (isTrpcUrl(req.url)) return trpcPathsOf(req.url).every((p) => trpc.has(p));
    const route = req.routeOptions.url;
    return route !== undefined && rest.has(`${req.method} ${route}`);
  };
}

/**
 * Why a request must be refused as cross-site, or null to let it through. Rules (OWASP CSRF
 * Prevention Cheat Sheet: custom request header + origin verification):
 * - safe methods (GET, HEAD, OPTIONS) change nothing and pass; tRPC mutations are POST only;
 * - a request with `Authorization: Bearer` is authenticated by a header a cross-site page cannot
 *   send, so it passes (API clients, the device agent);
 * - a browser request whose Origin (or Referer) names another host is refused, signed in or not
 *   (this also stops login and registration forms posted from another site);
 * - a request carrying the session cookie to a procedure that is not public (so the cookie is
 *   what authenticates it) must also carry `x-hr-csrf: 1`.
 */
export function crossSiteReason(req: FastifyRequest, isPublicCall: (req: FastifyRequest) => boolean): string | null {
  if (SAFE_METHODS.has(req.method)) return null;
  if (bearerOf(req) !== null) return null;
  if (originCheck(req) === 'foreign') return 'foreign origin';
  if (sessionCookieOf(req) && first(req.headers[CSRF_HEADER]) !== '1' && !isPublicCall(req)) {
    return `session cookie without ${CSRF_HEADER}`;
  }
  return null;
}

/** The refusal in tRPC's error shape (one per call of a batch), with appCode AU0005. */
function trpcRefusal(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { http, rest, msg } = TRANSPORT_ERRORS.CROSS_SITE;
  const isBatch = new URLSearchParams(req.url.split('?')[1] ?? '').get('batch') === '1';
  const shape = (path: string) => ({
    error: {
      code: TRPC_ERROR_CODES_BY_KEY.FORBIDDEN,
      message: msg,
      data: { code: 'FORBIDDEN', httpStatus: http, path, appCode: rest, fields: [], detail: null },
    },
  });
  const paths = trpcPathsOf(req.url);
  const body = isBatch ? paths.map(shape) : shape(paths.join(','));
  return reply.code(http).header('content-type', 'application/json').header('x-request-id', req.id).send(JSON.stringify(body));
}

/**
 * Refuses cross-site state-changing requests before anything else runs (no body parsing, no
 * procedure): 403, REST `AU0005` in the envelope, tRPC FORBIDDEN with appCode `AU0005`.
 * Register after @fastify/cookie (its onRequest hook parses the cookie first).
 */
export function registerCsrfGuard(app: FastifyInstance, opts: { router: AnyRouter }): void {
  const isPublicCall = publicCallMatcher(opts.router);
  app.addHook('onRequest', async (req, reply) => {
    const reason = crossSiteReason(req, isPublicCall);
    if (!reason) return;
    req.log.warn(
      { reason, method: req.method, url: req.url.split('?')[0], origin: req.headers.origin ?? null },
      'cross-site request refused',
    );
    if (isTrpcUrl(req.url)) return trpcRefusal(req, reply);
    return sendFailure(req, reply, transportFailure('CROSS_SITE'));
  });
}
