/**
 * The OpenAPI document at /api/docs/json, as others read it: every operation
 * has an operationId and its error answers with the API's error schema, and
 * the document names its server. Done once here, in the document's
 * transform, so that routes added later get the same without doing anything.
 * The transform only shapes the document: the routes' own response schemas,
 * and so how answers are serialized, stay as each route declares them.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@backoffice/domain';
import { z } from 'zod';
import type { Config } from '../config/config.js';
import type { RouteDeprecation } from './deprecation.js';
import { addExamples } from './openapi-examples.js';
import { API_TAGS, API_X_TAG_GROUPS } from './openapi-tags.js';

/** The error schema, a named component (`#/components/schemas/Error`) for generated clients. */
const ZApiError = ZErrorResponse.meta({
  id: 'Error',
  description: 'Every error answer: a message key (MESSAGE_KEYS) and the field it is about.',
});

const ERROR_DESCRIPTIONS = {
  400: 'Bad request: malformed or invalid input (message key, and the field where there is one)',
  401: 'No valid bearer token (or API key) of a live session',
  403: 'The caller may not do this (role, merchant or level)',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state (a duplicate value, a changed version)',
  413: 'The body or upload is too large',
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The header of idempotent requests (idempotency/idempotency.ts), on every POST of a person's API. */
const ZIdempotencyHeader = z.object({
  'idempotency-key': z.string().min(1).max(255).optional().meta({
    description:
      'Runs the request once per caller and key: a retry within 24 hours with the same key and request gets the first answer (header `Idempotent-Replayed: true`); another request under the key is refused with 422 `idempotency_key_reused`, one while the first still runs with 409 `idempotency_key_in_use`.',
  }),
});

interface RouteFacts {
  method: string;
  url: string;
  hasParams: boolean;
  secured: boolean;
}

/**
 * The error answers an operation can give, whatever its handler does: input
 * is checked on every route (input hygiene and the framework refuse malformed
 * requests with 400), secured routes check the caller (401, 403), a path
 * parameter names something that may not exist (404), writes can meet a
 * unique constraint (409) and carry a body with a size limit (413).
 */
export function standardErrorStatuses(route: RouteFacts): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  if (route.secured) statuses.push(401, 403);
  if (route.hasParams) statuses.push(404);
  if (route.secured && WRITE_METHODS.has(route.method)) statuses.push(409);
  if (WRITE_METHODS.has(route.method)) statuses.push(413);
  return statuses;
}

/**
 * A stable operationId from method and path, for routes that declare none:
 * `GET /api/merchants/{id}/locations` → `getMerchantsByIdLocations`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)\}?$/.exec(segment);
      return param ? ['by', param[1] ?? ''] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  const capitalized = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${method.toLowerCase()}${capitalized.join('')}`;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** jsonSchemaTransform plus the operationId and the standard error answers. */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const route = input.route as {
    method: string | string[];
    config?: { deprecated?: RouteDeprecation };
  };
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const security = schema.security as unknown[] | undefined;
  const declared = (schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = {};
  const facts = {
    method,
    url: input.url,
    hasParams: Boolean(schema.params),
    secured: security === undefined || security.length > 0,
  };
  for (const status of standardErrorStatuses(facts)) {
    response[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: ZApiError } },
    };
  }
  // The bearer scope of the API (no security of its own): the consumer app's routes are not keyed.
  const idempotent = method === 'POST' && security === undefined && !schema.headers;
  // Deprecation as code (deprecation.ts): the route's config marks the operation.
  const deprecated = route.config?.deprecated;
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      ...(idempotent ? { headers: ZIdempotencyHeader } : {}),
      ...(deprecated
        ? {
            deprecated: true,
            description:
              `${typeof schema.description === 'string' ? schema.description : ''}\n\n**Deprecated** since ${deprecated.since}; may be removed after ${deprecated.sunset} (headers \`Deprecation\`, \`Sunset\`).`.trim(),
          }
        : {}),
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, input.url),
      response: { ...response, ...declared },
    },
  });
}

type TransformObjectInput = Parameters<typeof jsonSchemaTransformObject>[0];

/**
 * The registered schemas as components, less those no operation refers to
 * (the registry lists each schema as input and as output; `Error` is only output).
 */
function transformObject(
  input: TransformObjectInput,
): ReturnType<typeof jsonSchemaTransformObject> {
  const document = jsonSchemaTransformObject(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const components = document.components ?? {};
  const schemas = components.schemas ?? {};
  const refersTo = (value: unknown, name: string) =>
    JSON.stringify(value).includes(`"#/components/schemas/${name}"`);
  const used = new Set<string>();
  let reached: unknown[] = [{ ...document, components: { ...components, schemas: {} } }];
  while (reached.length > 0) {
    const next = Object.keys(schemas).filter(
      (name) => !used.has(name) && reached.some((value) => refersTo(value, name)),
    );
    for (const name of next) used.add(name);
    reached = next.map((name) => schemas[name]);
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  // Redoc's navigation: the tags in the groups of openapi-tags.ts.
  const result = {
    ...document,
    'x-tagGroups': API_X_TAG_GROUPS,
    components: { ...components, schemas: kept },
  };
  addExamples(result as Parameters<typeof addExamples>[0]);
  return result as ReturnType<typeof jsonSchemaTransformObject>;
}

/** Registers @fastify/swagger with the document's server, security schemes and the transform above. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Campaign back-office API',
        version: '1',
        description:
          'The merchant API (bearer token of the built-in or an external OAuth2 provider) and the consumer app’s ingest (API key). Errors answer `{statusCode, message, field?}` with a message key.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
      security: [{ bearer: [] }],
      tags: API_TAGS,
    },
    transform,
    transformObject,
  });
}
