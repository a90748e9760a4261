/**
 * tRPC v11 HTTP wire protocol for queries and mutations, served directly by fastify.
 *
 * Why not `fastifyTRPCPlugin`: it converts every request into a Fetch `Request` with an
 * `AbortController`/`AbortSignal` and reads the answer back from a `Response`; on this machine
 * kind that caps it near 8% of a bare fastify route (reference/stack.md §6), while calling a
 * procedure in-process costs microseconds. This handler speaks the same protocol as
 * `@trpc/server`'s resolveResponse for JSON requests, using its own building blocks
 * (getErrorShape, getHTTPStatusCode, TRPCError, the router's errorFormatter), so
 * `@trpc/client`'s httpLink and httpBatchLink see identical responses:
 *
 * - GET  /trpc/a.b?input=<json>                    query          → {"result":{"data":…}}
 * - POST /trpc/a.b  body <json>                     mutation       → {"result":{"data":…}}
 * - GET  /trpc/a.b,c.d?batch=1&input={"0":…,"1":…}  batched calls  → [{…},{…}]
 * - errors: {"error":{"code":<JSON-RPC number>,"message","data":{…errorFormatter}}}, HTTP status
 *   from the error (207 when a batch mixes statuses).
 *
 * Streaming (httpBatchStreamLink, `trpc-accept: application/jsonl`) and subscriptions (SSE) are
 * rare and long-lived; they are handed to the stock fastify handler, so nothing is unsupported.
 *
 * Each procedure is called through its invoker (init.ts procedureInvoker), resolved once: the
 * same middleware chain as calling the procedure, without tRPC's per-middleware object copies.
 *
 * Limits (issue 16 items 10 and 11): a batch with more than HEAVY_LIMITS.perBatch heavy calls is
 * refused whole before any call runs; each heavy call takes one of the user's HEAVY_LIMITS.perUser
 * slots or is refused 429 at once (heavy.ts); on the embedded database a request that would wait
 * behind a long transaction is answered 503 "busy" (core db/embedded-gate.ts). 429 and 503
 * answers carry Retry-After.
 */
import {
  type AnyProcedure,
  type AnyRouter,
  getErrorShape,
  getTRPCErrorFromUnknown,
  type inferRouterContext,
  type ProcedureType,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import { defaultTransformer, getProcedureAtPath, type TRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import { DATABASE_BUSY_MESSAGE, DATABASE_BUSY_RETRY_AFTER_S, isDatabaseBusy, withDatabaseWaitLimit } from '@hr/core/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { HEAVY_LIMITS, heavyBatchError, heavyGateOf, heavyKey, heavyStreamError, isHeavyProcedure } from './heavy';
import { type ProcedureCall, procedureInvoker } from './init';

export interface TrpcErrorEvent<TRouter extends AnyRouter> {
  error: TRPCError;
  path: string | undefined;
  type: ProcedureType | 'unknown';
  input: unknown;
  ctx: inferRouterContext<TRouter> | undefined;
  req: FastifyRequest;
}

export interface TrpcHttpOptions<TRouter extends AnyRouter> {
  router: TRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<inferRouterContext<TRouter>>;
  /** Largest number of calls in one batch (default 100); more is a BAD_REQUEST. */
  maxBatchSize?: number;
  /** Accept queries over POST (the client's `methodOverride: 'POST'`). Default false, as in tRPC. */
  allowMethodOverride?: boolean;
  /** Called for every failed call (log INTERNAL_SERVER_ERROR here). */
  onError?: (event: TrpcErrorEvent<TRouter>) => void;
}

const JSON_CONTENT = 'application/json';

function wantsStream(req: FastifyRequest): boolean {
  const trpcAccept = req.headers['trpc-accept'];
  if (typeof trpcAccept === 'string') return trpcAccept === 'application/jsonl';
  const accept = req.headers.accept;
  return typeof accept === 'string' && accept.split(',').some((t) => t.trim() === 'application/jsonl');
}

const firstString = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;

/** What the calls of one HTTP request share. */
interface RequestState<Ctx> {
  req: FastifyRequest;
  paths: string[];
  procs: (AnyProcedure | null)[];
  isBatch: boolean;
  /** The parsed `input` (GET) or body (POST); for a batch, an object keyed "0", "1", … */
  parsed: unknown;
  inputError: TRPCError | undefined;
  ctx: Ctx | undefined;
  ctxError?: TRPCError;
}

function inputOf(state: RequestState<unknown>, i: number): unknown {
  if (!state.isBatch) return state.parsed;
  const all = state.parsed as Record<string, unknown> | undefined;
  const key = String(i);
  return all && Object.hasOwn(all, key) ? all[key] : undefined;
}

async function readInput(state: RequestState<unknown>, i: number): Promise<unknown> {
  if (state.inputError) throw state.inputError;
  return inputOf(state, i);
}

/** The `getRawInput` of call `i` (a plain closure: no per-call function naming under tsx's keepNames). */
function rawInputOf(state: RequestState<unknown>, i: number): () => Promise<unknown> {
  return () => readInput(state, i);
}

/** A fastify error raised before the handler (body limit, content type) as the TRPCError the stock adapter would raise. */
function toTrpcError(err: FastifyError, req: FastifyRequest): TRPCError {
  if (err instanceof TRPCError) return err;
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large', cause: err });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE': {
      const ct = req.headers['content-type'];
      return new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: ct ? `Unsupported content-type "${ct}"` : 'Missing content-type header',
        cause: err,
      });
    }
  }
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return new TRPCError({ code: 'BAD_REQUEST', message: err.message, cause: err });
  }
  return getTRPCErrorFromUnknown(err);
}

/**
 * Registers the tRPC endpoint on `app` (use `app.register(trpcHttpPlugin, { prefix: '/trpc', … })`;
 * encapsulated, so its raw-JSON body parser and error handler stay inside its prefix).
 */
export async function trpcHttpPlugin<TRouter extends AnyRouter>(
  app: FastifyInstance,
  opts: TrpcHttpOptions<TRouter>,
): Promise<void> {
  type Ctx = inferRouterContext<TRouter>;
  const { router } = opts;
  const config = router._def._config;
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  const hasLazy = Object.keys(router._def.lazy ?? {}).length > 0;
  const maxBatchSize = opts.maxBatchSize ?? 100;
  const allowMethodOverride = opts.allowMethodOverride ?? false;
  // Without a transformer, serialising is the identity: skip tRPC's copy of every response.
  const plainJson = config.transformer === defaultTransformer;
  const serialize = plainJson
    ? (json: TRPCResponse | TRPCResponse[]) => json
    : (json: TRPCResponse | TRPCResponse[]) => transformTRPCResponse(config, json);

  const accepts = (type: ProcedureType, method: string): boolean =>
    type === 'mutation' ? method === 'POST' : method === 'GET' || (allowMethodOverride && method === 'POST');

  const report = (event: TrpcErrorEvent<TRouter>) => opts.onError?.(event);

  // Each procedure's invoker, resolved once (lazily loaded procedures on first use).
  const invokers = new WeakMap<AnyProcedure, (call: ProcedureCall) => Promise<unknown>>();
  const invokerOf = (proc: AnyProcedure) => {
    let invoke = invokers.get(proc);
    if (!invoke) {
      invoke = procedureInvoker(proc);
      invokers.set(proc, invoke);
    }
    return invoke;
  };
  for (const proc of Object.values(procedures)) invokerOf(proc);
  const heavyGate = heavyGateOf(app);
  const heavy = new WeakMap<AnyProcedure, boolean>();
  const isHeavy = (path: string, proc: AnyProcedure) => {
    let h = heavy.get(proc);
    if (h === undefined) {
      h = isHeavyProcedure(path, proc);
      heavy.set(proc, h);
    }
    return h;
  };

  function send(req: FastifyRequest, reply: FastifyReply, json: TRPCResponse | TRPCResponse[]): FastifyReply {
    let body: string;
    let status: number;
    try {
      if (plainJson && !Array.isArray(json) && 'result' in json) {
        // A single success without a transformer: the same text and status as the generic path
        // below, without copying the response or getHTTPStatusCode's Set and arrays.
        const data = JSON.stringify(json.result.data);
        body = data === undefined ? '{"result":{}}' : `{"result":{"data":${data}}}`;
        status = 200;
      } else {
        body = JSON.stringify(serialize(json));
        status = getHTTPStatusCode(json);
        if (retryable(json)) reply.header('retry-after', String(retryAfterOf(json)));
      }
    } catch (cause) {
      // An output that cannot be serialised (BigInt, cycle) is the server's bug, not the client's.
      const error = getTRPCErrorFromUnknown(cause);
      report({ error, path: undefined, type: 'unknown', input: undefined, ctx: undefined, req });
      const shape = getErrorShape({ config, error, type: 'unknown', path: undefined, input: undefined, ctx: undefined });
      body = JSON.stringify(serialize({ error: shape }));
      status = 500;
    }
    return reply.code(status).header('content-type', JSON_CONTENT).header('vary', 'trpc-accept, accept').send(body);
  }

  /** A 429 (heavy work) or 503 (database busy) answer among the calls: the client may retry later. */
  const statusesOf = (json: TRPCResponse | TRPCResponse[]) =>
    (Array.isArray(json) ? json : [json]).map((r) =>
      'error' in r ? (r.error.data as { httpStatus?: number } | undefined)?.httpStatus : 200,
    );
  const retryable = (json: TRPCResponse | TRPCResponse[]) => statusesOf(json).some((s) => s === 429 || s === 503);
  const retryAfterOf = (json: TRPCResponse | TRPCResponse[]) =>
    statusesOf(json).includes(503) ? DATABASE_BUSY_RETRY_AFTER_S : HEAVY_LIMITS.retryAfterSeconds;

  function sendRequestError(req: FastifyRequest, reply: FastifyReply, error: TRPCError, type: ProcedureType | 'unknown') {
    report({ error, path: undefined, type, input: undefined, ctx: undefined, req });
    const shape = getErrorShape({ config, error, type, path: undefined, input: undefined, ctx: undefined });
    return send(req, reply, { error: shape });
  }

  function delegate(req: FastifyRequest, reply: FastifyReply, path: string) {
    return fastifyRequestHandler({
      router,
      req,
      res: reply,
      path,
      maxBatchSize,
      allowMethodOverride,
      createContext: ({ req: r, res }) => opts.createContext(r, res),
      onError: ({ error, path: p, type, input, ctx }) => report({ error, path: p, type, input, ctx, req }),
    });
  }

  /** One call of a (batch) request; failures become the call's error shape, as in resolveResponse. */
  async function runCall(state: RequestState<Ctx>, i: number): Promise<TRPCResponse> {
    const proc = state.procs[i];
    const path = state.paths[i]!;
    const method = state.req.method;
    try {
      if (!proc) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
      if (!accepts(proc._def.type, method)) {
        throw new TRPCError({
          code: 'METHOD_NOT_SUPPORTED',
          message: `Unsupported ${method}-request to ${proc._def.type} procedure at path "${path}"`,
        });
      }
      if (state.ctxError) throw state.ctxError;
      const call: ProcedureCall = {
        path,
        getRawInput: rawInputOf(state, i),
        ctx: state.ctx,
        type: proc._def.type,
        signal: undefined,
        batchIndex: i,
      };
      const invoke = invokerOf(proc);
      const data: unknown = isHeavy(path, proc)
        ? await heavyGate.run(heavyKey(state.ctx, state.req), () => invoke(call))
        : await invoke(call);
      return { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      const input = inputOf(state, i);
      const type = proc?._def.type ?? 'unknown';
      report({ error, path, type, input, ctx: state.ctx, req: state.req });
      return { error: getErrorShape({ config, error, type, path, input, ctx: state.ctx }) };
    }
  }

  app.removeAllContentTypeParsers();
  // The raw text is kept: the handler parses it (PARSE_ERROR in the tRPC shape) or hands it to the stock handler.
  app.addContentTypeParser(JSON_CONTENT, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError, req, reply) => sendRequestError(req, reply, toTrpcError(err, req), 'unknown'));

  const handler = async (req: FastifyRequest, reply: FastifyReply, pathParam: string) => {
    if (req.method === 'HEAD') return reply.code(204).send();
    if (wantsStream(req)) {
      // The stock streaming handler cannot hold heavy calls to the per-user limit (heavy.ts): they
      // are not served over a streaming batch.
      const heavyPath = pathParam.split(',').find((p) => Object.hasOwn(procedures, p) && isHeavy(p, procedures[p]!));
      if (heavyPath) return sendRequestError(req, reply, heavyStreamError(heavyPath), 'unknown');
      return delegate(req, reply, pathParam);
    }
    const query = req.query as Record<string, unknown>;
    const isBatch = query.batch === '1';
    const paths = isBatch ? pathParam.split(',') : [pathParam];
    if (paths.length > maxBatchSize) {
      return sendRequestError(
        req,
        reply,
        new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' }),
        'unknown',
      );
    }

    let procs: (AnyProcedure | null)[] = paths.map((p) => (Object.hasOwn(procedures, p) ? procedures[p]! : null));
    if (hasLazy && procs.includes(null)) procs = await Promise.all(paths.map((p) => getProcedureAtPath(router, p)));
    let type: ProcedureType | 'unknown' = 'unknown';
    for (const p of procs) {
      if (!p) continue;
      if (type === 'unknown') type = p._def.type;
      else if (type !== p._def.type) {
        const types = [...new Set(procs.filter(Boolean).map((x) => x!._def.type))].join(', ');
        return sendRequestError(
          req,
          reply,
          new TRPCError({ code: 'BAD_REQUEST', message: `Cannot mix procedure types in call: ${types}` }),
          'unknown',
        );
      }
    }
    if (type === 'subscription') return delegate(req, reply, pathParam);
    // A batch of heavy calls is refused whole, before any of them runs (heavy.ts).
    if (isBatch) {
      let heavyCalls = 0;
      for (let i = 0; i < procs.length; i++) if (procs[i] && isHeavy(paths[i]!, procs[i]!)) heavyCalls++;
      if (heavyCalls > HEAVY_LIMITS.perBatch) return sendRequestError(req, reply, heavyBatchError(heavyCalls), type);
    }

    // Inputs are read lazily by each procedure's input middleware, as in tRPC: a malformed
    // input fails only the calls that take input, after their auth middleware ran.
    const raw = req.method === 'GET' ? firstString(query.input) : typeof req.body === 'string' ? req.body : undefined;
    const state: RequestState<Ctx> = { req, paths, procs, isBatch, parsed: undefined, inputError: undefined, ctx: undefined };
    if (raw) {
      try {
        state.parsed = JSON.parse(raw);
      } catch (cause) {
        state.inputError = new TRPCError({ code: 'PARSE_ERROR', message: 'The input is not valid JSON', cause });
      }
    }
    const p = state.parsed;
    if (isBatch && p !== undefined && (typeof p !== 'object' || p === null || Array.isArray(p))) {
      state.inputError = new TRPCError({
        code: 'BAD_REQUEST',
        message: '"input" needs to be an object when doing a batch call',
      });
      state.parsed = undefined;
    }
    try {
      state.ctx = await opts.createContext(req, reply);
    } catch (cause) {
      state.ctxError = isDatabaseBusy(cause)
        ? new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_BUSY_MESSAGE, cause })
        : getTRPCErrorFromUnknown(cause);
    }
    if (!isBatch) return send(req, reply, await runCall(state, 0));
    return send(req, reply, await Promise.all(paths.map((_, i) => runCall(state, i))));
  };

  const methods: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  app.route({
    method: methods,
    url: '/*',
    exposeHeadRoute: false,
    handler: (req, reply) =>
      withDatabaseWaitLimit(() => handler(req, reply, (req.params as Record<string, string | undefined>)['*'] ?? '')),
  });
  // A procedure taking a file (meta.bodyLimit) gets its own route with the larger limit; static
  // routes win over the wildcard, so only calls of that procedure alone may send the bigger body.
  for (const [path, proc] of Object.entries(procedures)) {
    const bodyLimit = (proc._def.meta as { bodyLimit?: number } | undefined)?.bodyLimit;
    if (bodyLimit)
      app.route({
        method: methods,
        url: `/${path}`,
        exposeHeadRoute: false,
        bodyLimit,
        handler: (req, reply) => withDatabaseWaitLimit(() => handler(req, reply, path)),
      });
  }
}
