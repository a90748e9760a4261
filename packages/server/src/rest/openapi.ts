import { isPermissionKey, PERMISSIONS } from '@hr/core/access';
import type { AnyRouter } from '@trpc/server';
import { z } from 'zod';
import { ERROR_MAP, TRANSPORT_ERRORS } from '../trpc/error-map';
import { outputSchemaOf } from '../trpc/output';
import { collectRestRoutes, type RestRoute } from './routes';

export const OPENAPI_PATH = '/v2/h/openapi.json';

type JsonSchema = Record<string, unknown> & {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

type Operation = Record<string, unknown>;

/** The input JSON Schema of a procedure (zod v4, input side: defaults make fields optional). */
function inputSchema(route: RestRoute): JsonSchema | null {
  // Duck-typed (zod v4 schemas carry `_zod`), so a second copy of zod in the tree still works.
  const schemas = route.inputs.filter((s): s is z.ZodType => typeof s === 'object' && s !== null && '_zod' in s);
  if (schemas.length === 0) return null;
  const parts = schemas.map((s) => {
    const { $schema: _drop, ...json } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return json;
  });
  return parts.length === 1 ? parts[0]! : { allOf: parts };
}

/**
 * The JSON Schema of a procedure's result (its `.output(...)` schema, output side), or `{}` when it
 * declares none. JSON carries a Date as ISO text; the server never strips a field the schema does
 * not name (trpc/output.ts), so objects stay open rather than `additionalProperties: false`.
 */
export function resultSchema(route: RestRoute): JsonSchema {
  const schema = outputSchemaOf(route.output);
  if (!schema) return {};
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const type = zodSchema._zod.def.type;
      if (type === 'date') Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
      if (type === 'object' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  return json;
}

function permissionText(permission: RestRoute['permission']): string {
  if (permission === 'public') return 'Public: no authentication.';
  if (permission === 'authenticated') return 'Requires a signed-in user or API client (any permission).';
  if (permission && isPermissionKey(permission)) return `Requires permission \`${permission}\`: ${PERMISSIONS[permission]}.`;
  return 'Permission not declared.';
}

const errorRef = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

function operation(route: RestRoute): Operation {
  const schema = inputSchema(route);
  const props = schema?.properties ?? {};
  const required = new Set(schema?.required ?? []);
  const parameters: Record<string, unknown>[] = route.params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[name] ?? { type: 'string' },
  }));
  let requestBody: Record<string, unknown> | undefined;
  const rest = Object.entries(props).filter(([name]) => !route.params.includes(name));
  if (route.method === 'GET' || route.method === 'DELETE') {
    for (const [name, s] of rest) parameters.push({ name, in: 'query', required: required.has(name), schema: s });
  } else if (schema) {
    const body: JsonSchema = schema.properties
      ? {
          ...schema,
          properties: Object.fromEntries(rest),
          required: [...required].filter((n) => !route.params.includes(n)),
        }
      : schema;
    if (Array.isArray(body.required) && body.required.length === 0) delete body.required;
    requestBody = {
      required: Array.isArray(body.required) && body.required.length > 0,
      content: { 'application/json': { schema: body } },
    };
  }
  const isPublic = route.permission === 'public';
  const responses: Record<string, unknown> = {
    '200': route.rest.download
      ? {
          description: `${route.rest.message ?? 'File'} (the file itself, with Content-Disposition: attachment)`,
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : {
          description: route.rest.message ?? 'OK',
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: `#/components/schemas/${route.rest.results ? 'SuccessResultsEnvelope' : 'SuccessResultEnvelope'}` },
                  { type: 'object', properties: { [route.rest.results ? 'results' : 'result']: resultSchema(route) } },
                ],
              },
            },
          },
        },
    '400': errorRef('GL0001 validation error (one attribute per bad field), GL0002 malformed JSON'),
  };
  if (!isPublic) {
    responses['401'] = errorRef('AU0001 not signed in, or the token expired or was revoked');
    if (route.permission !== 'authenticated') responses['403'] = errorRef('PM0001 the permission is missing');
  }
  responses['500'] = errorRef('E004 internal error (logged with the request id)');
  return {
    operationId: route.alias ? `${route.procedurePath}.at${route.path.replace(/[^A-Za-z0-9]+/g, '_')}` : route.procedurePath,
    tags: [route.procedurePath.split('.')[0]],
    summary: route.rest.message ?? route.procedurePath,
    description: `${permissionText(route.permission)} tRPC twin: \`${route.procedurePath}\` (${route.type}).`,
    'x-permission': route.permission ?? null,
    'x-trpc-procedure': route.procedurePath,
    security: isPublic ? [] : [{ bearerAuth: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The success envelope with the answer under `key` (`result`: one record, `results`: a list). */
const successEnvelope = (key: 'result' | 'results') => ({
  type: 'object',
  required: ['status', 'success', 'errors', key],
  properties: {
    status: { const: 'success' },
    success: { type: 'string' },
    errors: { type: 'array', maxItems: 0 },
    [key]: {},
  },
});

const envelopeSchemas = {
  ErrorEnvelope: {
    type: 'object',
    required: ['status', 'errors'],
    properties: {
      status: { const: 'error' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['code', 'msg', 'message', 'internalMsg', 'attributes'],
          properties: {
            code: {
              type: 'string',
              enum: [...new Set([...Object.values(ERROR_MAP), ...Object.values(TRANSPORT_ERRORS)].map((e) => e.rest))],
            },
            msg: { type: 'string' },
            message: { type: 'string' },
            internalMsg: { type: 'string', description: 'Extra detail (JSON or text); empty for E004' },
            attributes: {
              type: 'array',
              items: {
                type: 'object',
                required: ['param', 'msg'],
                properties: { param: { type: 'string', description: 'Dotted input path' }, msg: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
  SuccessResultEnvelope: successEnvelope('result'),
  SuccessResultsEnvelope: successEnvelope('results'),
};

/** OpenAPI 3.1 document of every REST route, generated from the same procedures the adapter serves. */
export function buildOpenApiDocument(router: AnyRouter, info: { title?: string; version?: string } = {}) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of collectRestRoutes(router)) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route);
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'openapi',
      tags: ['meta'],
      summary: 'This document',
      description: 'Public: no authentication.',
      'x-permission': 'public',
      security: [],
      responses: {
        '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: info.title ?? 'HR API',
      version: info.version ?? '2.0.0',
      description:
        'REST adapter over the tRPC procedures. Every response uses the envelope of the product spec §7; ' +
        'error codes are catalogued in docs/api.md. Authenticate with `Authorization: Bearer <token>` from ' +
        'POST /v2/h/auth/login (result.token) or POST /v2/h/oauth2/token (result.access_token).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session token (login) or an OAuth2 client-credentials access token',
        },
      },
      schemas: envelopeSchemas,
    },
    security: [{ bearerAuth: [] }],
    paths,
  };
}
