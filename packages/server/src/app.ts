import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Services } from '@hr/core/services';
import type { AnyRouter } from '@trpc/server';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { contextFactory } from './http/context';
import { registerCsrfGuard } from './http/csrf';
import { registerSecurityHeaders } from './http/security-headers';
import { fingerspotCloudPlugin } from './fingerspot-cloud/plugin';
import { iclockPlugin } from './iclock/plugin';
import { transportFailure } from './rest/envelope';
import { envelopeErrorHandler, restPlugin, sendFailure } from './rest/plugin';
import { appRouter } from './routers/index';
import { trpcHttpPlugin } from './trpc/http';

export interface AppOptions {
  services: Services;
  config: ServerConfig;
  /** pino logger options; false turns logging off (benchmarks, tests). */
  logger?: boolean | object;
  /**
   * 'native' (default): the fast tRPC handler of trpc/http.ts. 'stock': @trpc/server's
   * fastifyTRPCPlugin, kept for the benchmark's comparison and as a fallback.
   */
  trpcAdapter?: 'native' | 'stock';
  /** The procedures to serve (default appRouter); benchmarks and tests mount routers of their own. */
  router?: AnyRouter;
}

/** Paths that are API, never the single-page app. */
export const API_PREFIXES = ['/v2/', '/trpc', '/api/', '/iclock/'];

const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/** 1 MiB: larger request bodies are refused with 413 (REST GL0013, tRPC PAYLOAD_TOO_LARGE). */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp({
  services,
  config,
  logger,
  trpcAdapter = 'native',
  router = appRouter,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            // Never log secrets: tokens, cookies, passwords.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
            ...(typeof logger === 'object' ? logger : {}),
          },
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && /^[\w-]{1,64}$/.test(h) ? h : randomUUID();
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    // A URL fastify cannot even decode is no known path: answer in the envelope, not fastify's JSON.
    frameworkErrors: (err, req, reply) => {
      if (err.code === 'FST_ERR_BAD_URL') return sendFailure(req, reply, transportFailure('UNKNOWN_PATH'));
      return envelopeErrorHandler(err, req, reply);
    },
  });
  await app.register(fastifyCookie);
  // After the cookie parser (hooks run in registration order): security headers on every
  // answer, and cross-site state-changing requests refused before any body parsing or procedure.
  registerSecurityHeaders(app, { https: config.cookieSecure, isApiPath });
  registerCsrfGuard(app, { router });
  // Anything that fails outside the REST and tRPC scopes (static files, health) gets the envelope too.
  app.setErrorHandler(envelopeErrorHandler);
  const createContext = contextFactory(services, { cookieSecure: config.cookieSecure });

  app.get('/healthz', async () => ({ ok: true }));

  if (trpcAdapter === 'stock') {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: { router, createContext: ({ req, res }) => createContext(req, res) },
    } satisfies FastifyTRPCPluginOptions<AnyRouter>);
  } else {
    await app.register(trpcHttpPlugin<AnyRouter>, {
      prefix: '/trpc',
      router,
      createContext,
      onError: ({ error, path: procedure, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          req.log.error({ err: error.cause ?? error, requestId: req.id, procedure }, 'tRPC call failed');
        }
      },
    });
  }

  await app.register(restPlugin, { router, createContext });
  // ZKTeco ADMS push terminals: no login by protocol; accepted by registered serial (issue 21).
  await app.register(iclockPlugin, { services });
  // Fingerspot.io cloud webhooks: accepted by registered cloud id and per-terminal secret (issue 21 part 3).
  await app.register(fingerspotCloudPlugin, { services });

  const index = path.join(config.webDist, 'index.html');
  if (existsSync(index)) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      // Vite names the files under assets/ after their content, so a browser may keep them: a phone on a slow
      // network then asks for nothing but index.html on its next visit. Everything else (index.html, sw.js, the
      // manifest) is checked again on every load (max-age=0), so a new release is picked up at once.
      setHeaders: (reply, file) => {
        if (path.relative(config.webDist, file).startsWith(`assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes get the single-page app; a missing file (a path with an extension) is a 404.
    const pathname = req.url.split('?')[0] ?? '';
    if (!isApiPath(req.url) && req.method === 'GET' && !/\.[a-z0-9]+$/i.test(pathname) && existsSync(index)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendFailure(req, reply, transportFailure('UNKNOWN_PATH'));
  });
  return app;
}
