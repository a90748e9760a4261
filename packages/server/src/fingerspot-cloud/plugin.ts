import { receiveCloudWebhook, WEBHOOK_BODY_LIMIT, type WebhookAnswer, type WebhookRefusal } from '@hr/core/device-cloud';
import type { Services } from '@hr/core/services';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * The Fingerspot.io cloud webhook (issue 21 part 3): POST /api/fingerspot/webhook. The cloud cannot
 * log in, so the route sits outside tRPC and the REST adapter (no bearer, no session, no
 * permission gate): core accepts a call by its registered cloud id and that terminal's webhook
 * secret. Answers use the REST envelope (spec §7) so that the cloud's webhook log reads plainly.
 */

export const WEBHOOK_PATH = '/api/fingerspot/webhook';

/** HTTP status and envelope code of each refusal; the compiler checks that every refusal has one. */
const REFUSAL = {
  'bad-request': { status: 400, code: 'GL0001' },
  unauthorized: { status: 401, code: 'AU0001' },
  unregistered: { status: 404, code: 'GL0004' },
  inactive: { status: 503, code: 'GL0503' },
} as const satisfies Record<WebhookRefusal, { status: number; code: string }>;

const first = (v: unknown): string | null => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' && x.length > 0 && x.length <= 512 ? x : null;
};

/** The secret: `X-Webhook-Secret`, `Authorization: Bearer …`, or `?secret=` (for senders that only take a URL). */
function secretOf(req: FastifyRequest): string | null {
  const header = first(req.headers['x-webhook-secret']);
  if (header) return header;
  const auth = first(req.headers.authorization);
  const bearer = auth ? /^Bearer\s+(\S+)$/i.exec(auth)?.[1] : undefined;
  if (bearer) return bearer;
  return first(((req.query ?? {}) as Record<string, unknown>).secret);
}

function fail(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  attributes: { param: string; msg: string }[] = [],
) {
  return reply.code(status).send({ status: 'error', errors: [{ code, msg: message, message, internalMsg: '', attributes }] });
}

function send(reply: FastifyReply, a: WebhookAnswer): FastifyReply {
  if (a.ok) {
    const { message, stored, duplicates, rejected } = a;
    return reply.code(200).send({ status: 'success', success: message, errors: [], result: { stored, duplicates, rejected } });
  }
  if (a.retryAfterSeconds !== undefined) reply.header('retry-after', String(a.retryAfterSeconds));
  const r = REFUSAL[a.refusal];
  return fail(reply, r.status, r.code, a.message, a.fields);
}

export interface FingerspotCloudPluginOptions {
  services: Services;
}

/** Registers POST /api/fingerspot/webhook. */
export async function fingerspotCloudPlugin(app: FastifyInstance, opts: FingerspotCloudPluginOptions): Promise<void> {
  const { services } = opts;
  // Any content type: the body is read as bytes (at most WEBHOOK_BODY_LIMIT) and must be JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err: { statusCode?: number; code?: string }, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return fail(reply, 413, 'GL0013', `The body is larger than ${WEBHOOK_BODY_LIMIT} bytes`);
    }
    if (status >= 400 && status < 500) return fail(reply, 400, 'GL0002', 'Malformed request');
    // The database is unreachable or restarting: the cloud may send again later.
    req.log.error({ err, url: WEBHOOK_PATH }, 'Fingerspot.io webhook failed');
    return fail(reply.header('retry-after', '30'), 503, 'GL0503', 'Try again later');
  });

  app.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return fail(reply, 400, 'GL0002', 'The body is not valid JSON');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return fail(reply, 400, 'GL0001', 'Invalid webhook body', [{ param: 'body', msg: 'must be a JSON object' }]);
    }
    const answer = await receiveCloudWebhook(services.ctx(null, req.id), { body, secret: secretOf(req), ip: req.ip ?? null });
    return send(reply, answer);
  });
}
