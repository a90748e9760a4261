import { resolveToken, type Services } from '@hr/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TrpcContext } from '../trpc/context';

export const SESSION_COOKIE = 'hr_session';

/** The session token of a request: `Authorization: Bearer …` first, else the HttpOnly cookie. */
export function tokenOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h && /^Bearer\s+/i.test(h)) return h.replace(/^Bearer\s+/i, '').trim() || null;
  const c = (req as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[SESSION_COOKIE];
  return c || null;
}

/** Builds the per-request context shared by the tRPC handler and the REST adapter. */
export function contextFactory(services: Services, opts: { cookieSecure: boolean }) {
  return async function createContext(req: FastifyRequest, reply: FastifyReply): Promise<TrpcContext> {
    const token = tokenOf(req);
    const actor = token ? await resolveToken(services.ctx(null, req.id), token) : null;
    return {
      services,
      actor,
      token,
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
          (reply as FastifyReply & { clearCookie: (...a: unknown[]) => unknown }).clearCookie(SESSION_COOKIE, { path: '/' });
        },
      },
    };
  };
}
