import { DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER_S, isDatabaseBusy, withDatabaseWaitLimit } from '@hr/core/db';
import { type AnyRouter, getTRPCErrorFromUnknown } from '@trpc/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HEAVY_LIMITS, type HeavyGate, heavyGateOf, heavyKey, isHeavyProcedure } from '../trpc/heavy';
import { type HttpMethod, procedureInvoker } from '../trpc/init';
import { sendDownload } from '../http/download';
import {
  type EnvelopeFailure,
  errorEnvelope,
  internalFailure,
  procedureFailure,
  successEnvelopeText,
  transportFailure,
} from './envelope';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi';
import { collectRestRoutes, type RestRoute } from './routes';

export interface RestPluginOptions {
  router: AnyRouter;
  /** The same context factory the tRPC handler uses (http/context.ts). */
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Serve the OpenAPI document at GET /v2/h/openapi.json (default true). */
  openapi?: boolean;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const JSON_TYPE = 'application/json; charset=utf-8';

/** Marks a body-parser failure as malformed JSON for the error handler. */
class MalformedJsonError extends Error {
  readonly statusCode = 400;
  readonly code = 'HR_MALFORMED_JSON';
}

/** Sends an error envelope; server faults are logged with the request id, which the client gets in `x-request-id`. */
export function sendFailure(req: FastifyRequest, reply: FastifyReply, failure: EnvelopeFailure, err?: unknown): FastifyReply {
  if (failure.log) req.log.error({ err, requestId: req.id, url: req.url }, 'request failed');
  return reply.code(failure.status).type(JSON_TYPE).header('x-request-id', req.id).send(JSON.stringify(failure.body));
}

/**
 * Error handler for API paths: fastify's own failures (body limit, content type, parser) become
 * the envelope of TRANSPORT_ERRORS; anything else is a 500 E004 with the error logged.
 */
export function envelopeErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof MalformedJsonError) return sendFailure(req, reply, transportFailure('MALFORMED_JSON'));
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendFailure(req, reply, transportFailure('PAYLOAD_TOO_LARGE'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return sendFailure(req, reply, transportFailure('UNSUPPORTED_MEDIA'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return sendFailure(req, reply, transportFailure('MALFORMED_JSON'));
  }
  if (typeof err.statusCode === 'number' && err.statusCode === 413)
    return sendFailure(req, reply, transportFailure('PAYLOAD_TOO_LARGE'));
  // A path parameter over fastify's maxParamLength (414) cannot name anything that exists.
  if (err.statusCode === 414) return sendFailure(req, reply, transportFailure('UNKNOWN_PATH'));
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return sendFailure(req, reply, transportFailure('MALFORMED_JSON'));
  }
  return sendFailure(req, reply, internalFailure(err), err);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The procedure input of a REST call: query string (GET/DELETE) or body (others), merged with
 * the path parameters (which win). Path parameters stay strings; the procedure's zod schema
 * coerces them (z.coerce / `id`). Returns null when the body cannot carry path parameters.
 */
function restInput(route: RestRoute, req: FastifyRequest): unknown | null {
  const source = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
  if (route.params.length === 0) return source ?? {};
  if (source !== undefined && source !== null && !isPlainObject(source)) return null;
  const params = req.params as Record<string, string>;
  const input: Record<string, unknown> = { ...(source ?? {}) };
  for (const p of route.params) input[p] = params[p];
  return input;
}

/**
 * The embedded database is held by a long operation (core db/embedded-gate.ts): 503 GL0503 with
 * Retry-After, not logged as a fault. Null for any other error.
 */
function busyFailure(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply | null {
  if (!isDatabaseBusy(err)) return null;
  reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_S));
  return sendFailure(req, reply, { status: 503, body: errorEnvelope('GL0503', DATABASE_BUSY_MESSAGE), log: false });
}

/** A shared, resolved `getRawInput` for calls whose input is already at hand. */
function rawInputOf(input: unknown): () => Promise<unknown> {
  return () => Promise.resolve(input);
}

/**
 * The handler of one REST route. Everything that does not depend on the request is resolved
 * here, once: the procedure's invoker (no router lookup, no caller per request), the envelope's
 * fixed text around the result.
 */
function restHandler(route: RestRoute, opts: RestPluginOptions, heavyGate: HeavyGate) {
  const invoke = procedureInvoker(route.procedure);
  const heavy = isHeavyProcedure(route.procedurePath, route.procedure);
  const { createContext } = opts;
  const { procedurePath: path, type } = route;
  const envelope = successEnvelopeText(route.rest.message ?? 'OK', route.rest.results === true);
  const bodyless: EnvelopeFailure = transportFailure('MALFORMED_JSON', [{ param: '(body)', msg: 'must be a JSON object' }]);
  // Queries of the call give up "busy" rather than wait behind a long embedded-database transaction.
  return (req: FastifyRequest, reply: FastifyReply) => withDatabaseWaitLimit(() => restRoute(req, reply));
  async function restRoute(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const input = restInput(route, req);
    if (input === null) return sendFailure(req, reply, bodyless);
    let ctx: unknown;
    try {
      ctx = await createContext(req, reply);
    } catch (err) {
      return busyFailure(req, reply, err) ?? sendFailure(req, reply, internalFailure(err), err);
    }
    let data: unknown;
    try {
      const call = { ctx, path, type, getRawInput: rawInputOf(input), signal: undefined, batchIndex: 0 };
      data = heavy ? await heavyGate.run(heavyKey(ctx, req), () => invoke(call)) : await invoke(call);
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      if (error.code === 'TOO_MANY_REQUESTS') reply.header('retry-after', String(HEAVY_LIMITS.retryAfterSeconds));
      return busyFailure(req, reply, error) ?? sendFailure(req, reply, procedureFailure(error), error.cause ?? error);
    }
    if (route.rest.download) {
      const file = data as { fileName?: unknown; contentType?: unknown; base64?: unknown } | null;
      if (!file || typeof file.fileName !== 'string' || typeof file.contentType !== 'string' || typeof file.base64 !== 'string') {
        return sendFailure(req, reply, internalFailure(new Error(`${path} did not return a file`)));
      }
      reply.header('x-request-id', req.id);
      return sendDownload(reply, {
        fileName: file.fileName,
        contentType: file.contentType,
        body: Buffer.from(file.base64, 'base64'),
      });
    }
    let body: string;
    try {
      body = envelope(data);
    } catch (err) {
      return sendFailure(req, reply, internalFailure(err), err);
    }
    return reply.code(200).type(JSON_TYPE).send(body);
  }
}

/**
 * Registers every procedure that declares `meta.rest` as a fastify route answering in the spec §7
 * envelope. The handler calls the procedure in-process (procedureInvoker) with the same context
 * as tRPC, so permissions, validation and the core call are exactly the tRPC ones.
 *
 * Register it encapsulated (not through fastify-plugin): its body parsers and error handler
 * apply to its own routes only.
 */
export async function restPlugin(app: FastifyInstance, opts: RestPluginOptions): Promise<void> {
  const routes = collectRestRoutes(opts.router);
  const heavyGate = heavyGateOf(app);

  // Body parsing: JSON (an empty body is "no input", e.g. the spec's body-less POSTs that act on
  // an id) and HTML-form bodies (OAuth2 token requests, RFC 6749 §4.4.2). Anything else is 415.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(req, text, (err, value) => (err ? done(new MalformedJsonError(err.message), undefined) : done(null, value)));
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
  app.setErrorHandler(envelopeErrorHandler);

  for (const route of routes)
    app.route({
      method: route.method,
      url: route.fastifyPath,
      handler: restHandler(route, opts, heavyGate),
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    });

  // Paths by shape (`/x/:id` and `/x/:name` are the same route to the router), with their methods.
  const shapeOf = (url: string) => url.replace(/:[^/]+/g, ':');
  const known = new Map<string, { url: string; methods: Set<string> }>();
  const add = (url: string, method: string) => {
    const entry = known.get(shapeOf(url)) ?? { url, methods: new Set<string>() };
    entry.methods.add(method);
    known.set(shapeOf(url), entry);
  };
  for (const r of routes) add(r.fastifyPath, r.method);

  if (opts.openapi !== false) {
    // Built at start-up: a schema the generator cannot handle fails the boot, not a client.
    const doc = JSON.stringify(buildOpenApiDocument(opts.router));
    app.get(OPENAPI_PATH, async (_req, reply) => reply.code(200).type(JSON_TYPE).send(doc));
    add(OPENAPI_PATH, 'GET');
  }

  // A known path with another method is 405 with Allow, not 404.
  for (const { url, methods } of known.values()) {
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    const missing: string[] = METHODS.filter((m) => !methods.has(m));
    if (!methods.has('GET')) missing.push('HEAD');
    app.route({
      method: missing,
      url,
      handler: async (req, reply) => sendFailure(req, reply.header('allow', allow), transportFailure('METHOD_NOT_ALLOWED')),
    });
  }
}
