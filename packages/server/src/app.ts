import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Services } from '@hr/core';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { contextFactory } from './http/context';
import { appRouter } from './routers/index';

export interface AppOptions {
  services: Services;
  config: ServerConfig;
  /** pino logger options; false turns logging off (benchmarks, tests). */
  logger?: boolean | object;
}

/** Paths that are API, never the single-page app. */
export const API_PREFIXES = ['/v2/', '/trpc', '/api/'];

export async function buildApp({ services, config, logger }: AppOptions): Promise<FastifyInstance> {
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
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  await app.register(fastifyCookie);
  const createContext = contextFactory(services, { cookieSecure: config.cookieSecure });

  app.get('/healthz', async () => ({ ok: true }));

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router: appRouter, createContext: ({ req, res }) => createContext(req, res) },
  } satisfies FastifyTRPCPluginOptions<typeof appRouter>);

  const index = path.join(config.webDist, 'index.html');
  if (existsSync(index)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false });
  }
  app.setNotFoundHandler((req, reply) => {
    if (!API_PREFIXES.some((p) => req.url.startsWith(p)) && req.method === 'GET' && existsSync(index)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({
      status: 'error',
      errors: [{ code: 'GL0404', msg: 'Unknown path', message: 'Unknown path', internalMsg: '', attributes: [] }],
    });
  });
  return app;
}
