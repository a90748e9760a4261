import {
  PUSH_BODY_LIMIT,
  type PushAnswer,
  type PushRefusal,
  type PushRequest,
  pushCdata,
  pushDeviceCmd,
  pushGetRequest,
  pushOptions,
  pushPing,
} from '@hr/core/device-push';
import type { Services } from '@hr/core/services';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * ZKTeco ADMS push (iclock) endpoints (issue 21 part 1). Terminals cannot log in, so these routes
 * sit outside tRPC and the REST adapter (no bearer, no session, no permission gate): core accepts a
 * request by its registered serial (driver `adms`) and, when the terminal is restricted, its
 * office network. Answers are the protocol's plain text; a refusal is plain text too, with a
 * status the terminal treats as "try again later" where that is what it should do.
 */

/** HTTP status of each refusal; the compiler checks that every refusal has one. */
const REFUSAL_STATUS = {
  'bad-request': 400,
  unregistered: 503,
  inactive: 503,
  'outside-network': 403,
  'too-large': 413,
} as const satisfies Record<PushRefusal, number>;

type Query = Record<string, unknown>;

export interface IclockPluginOptions {
  services: Services;
}

function pushRequest(req: FastifyRequest): PushRequest {
  const q = (req.query ?? {}) as Query;
  return { sn: q.SN ?? q.sn, ip: req.ip ?? null, date: req.headers.date, pushVersion: q.pushver };
}

function send(reply: FastifyReply, a: PushAnswer): FastifyReply {
  reply.type('text/plain; charset=utf-8');
  if (a.ok) return reply.code(200).send(a.text);
  if (a.retryAfterSeconds !== undefined) reply.header('retry-after', String(a.retryAfterSeconds));
  return reply.code(REFUSAL_STATUS[a.refusal]).send(`ERROR: ${a.message}`);
}

const bodyOf = (req: FastifyRequest): Uint8Array => (Buffer.isBuffer(req.body) ? req.body : new Uint8Array(0));

/** Registers /iclock/cdata, /iclock/getrequest, /iclock/devicecmd and /iclock/ping (and their .aspx twins). */
export async function iclockPlugin(app: FastifyInstance, opts: IclockPluginOptions): Promise<void> {
  const { services } = opts;
  // Terminals send tab-separated text under any content type (or none): take every body as bytes;
  // core decodes it (UTF-8, else GBK, else latin-1).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err: { statusCode?: number; code?: string; message?: string }, req, reply) => {
    const status = err.statusCode ?? 500;
    reply.type('text/plain; charset=utf-8');
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(`ERROR: the body is larger than ${PUSH_BODY_LIMIT} bytes`);
    }
    if (status >= 400 && status < 500) return reply.code(status).send('ERROR: malformed request');
    // The database is unreachable or restarting: the terminal keeps its rows and re-sends later.
    req.log.error({ err, url: req.url.split('?')[0] }, 'iclock request failed');
    return reply.code(503).header('retry-after', '30').send('ERROR: try again later');
  });

  const ctx = (req: FastifyRequest) => services.ctx(null, req.id);
  const routes = { bodyLimit: PUSH_BODY_LIMIT };

  for (const base of ['/iclock/cdata', '/iclock/cdata.aspx']) {
    app.get(base, routes, async (req, reply) => {
      const q = (req.query ?? {}) as Query;
      if (q.options !== undefined) return send(reply, await pushOptions(ctx(req), pushRequest(req)));
      // A bare GET cdata is a heartbeat on some firmware.
      return send(reply, await pushPing(ctx(req), pushRequest(req)));
    });
    app.post(base, routes, async (req, reply) => {
      const q = (req.query ?? {}) as Query;
      return send(
        reply,
        await pushCdata(ctx(req), pushRequest(req), {
          table: q.table,
          stamp: q.Stamp ?? q.stamp,
          body: bodyOf(req),
          contentType: req.headers['content-type'],
        }),
      );
    });
  }
  for (const path of ['/iclock/getrequest', '/iclock/getrequest.aspx']) {
    app.get(path, routes, async (req, reply) => send(reply, await pushGetRequest(ctx(req), pushRequest(req))));
  }
  for (const path of ['/iclock/devicecmd', '/iclock/devicecmd.aspx']) {
    app.post(path, routes, async (req, reply) =>
      send(reply, await pushDeviceCmd(ctx(req), pushRequest(req), bodyOf(req), req.headers['content-type'])),
    );
  }
  for (const path of ['/iclock/ping', '/iclock/ping.aspx']) {
    app.get(path, routes, async (req, reply) => send(reply, await pushPing(ctx(req), pushRequest(req))));
  }
}
