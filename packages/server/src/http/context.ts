import { type ResolvedSession, resolveSession } from '@hr/core/auth';
import type { Services } from '@hr/core/services';
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailable } from '../trpc/error-map';
import { TRANSPORT_ERRORS } from '../trpc/error-map';
import type { TrpcContext } from '../trpc/context';

export const SESSION_COOKIE = 'hr_session';

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) return h.replace(/^Bearer\s+/i, '').trim() || null;
  return null;
}

/** The browser session cookie (HttpOnly), or null. */
export function sessionCookieOf(req: FastifyRequest): string | null {
  return (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[SESSION_COOKIE] || null;
}

/** The session token of a request: `Authorization: Bearer …` first, else the HttpOnly cookie. */
export function tokenOf(req: FastifyRequest): string | null {
  return bearerOf(req) ?? sessionCookieOf(req);
}

/** The context contextFactory builds: TrpcContext plus the session cookie the request carried. */
interface HttpContext extends TrpcContext {
  sessionCookie: string | null;
}

/**
 * The session cookie the request carried (whether or not a bearer header was used instead), for
 * login's session rotation. Null for contexts not built by contextFactory.
 */
export function sessionCookieOfContext(ctx: TrpcContext): string | null {
  return 'sessionCookie' in ctx && typeof ctx.sessionCookie === 'string' ? ctx.sessionCookie : null;
}

/** Builds the per-request context shared by the tRPC handler and the REST adapter. */
export function contextFactory(services: Services, opts: { cookieSecure: boolean }) {
  return async function createContext(req: FastifyRequest, reply: FastifyReply): Promise<TrpcContext> {
    const token = tokenOf(req);
    let session: ResolvedSession | null = null;
    try {
      session = token ? await resolveSession(services.ctx(null, req.id), token) : null;
    } catch (err) {
      // The session store (the database) is away: both doors answer a retryable 503 GL0503.
      if (isUnavailable(err))
        throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: TRANSPORT_ERRORS.UNAVAILABLE.msg, cause: err });
      throw err;
    }
    const ctx: HttpContext = {
      services,
      actor: session?.actor ?? null,
      passwordChangeRequired: session?.passwordChangeRequired ?? false,
      ...(session?.fresh ? { fresh: session.fresh } : {}),
      token,
      sessionCookie: sessionCookieOf(req),
      requestId: req.id,
      transport: req.url.startsWith('/trpc') ? 'trpc' : 'rest',
      ip: req.ip ?? null,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
      session: {
        set(t, expiresAt) {
          (reply as FastifyReply & { setCookie: (...a: unknown[]) => unknown }).setCookie(SESSION_COOKIE, t, {
            httpOnly: true,
            sameSite: 'lax',
            secure: opts.cookieSecure,
            path: '/',
            expires: expiresAt,
          });
        },
        clear() {
          (reply as FastifyReply & { clearCookie: (...a: unknown[]) => unknown }).clearCookie(SESSION_COOKIE, {
            httpOnly: true,
            sameSite: 'lax',
            secure: opts.cookieSecure,
            path: '/',
          });
        },
      },
    };
    return ctx;
  };
}
