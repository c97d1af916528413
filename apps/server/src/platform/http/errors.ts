/**
 * The one error handler that turns every failure into the API's error shape
 * `{statusCode, message, field?}` with a message key of spec §8 where one
 * fits (AppError and its helpers: ../errors.ts). Nothing leaks a stack trace
 * or becomes a bare 500. Keys and fields are the closed lists of the domain package.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldName, type MessageKey, type TErrorResponse } from '@backoffice/domain';
import { AppError, RetryLaterError } from '../errors.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
}

/** The field of a validation issue as the API names it (`/prizes/0/count` → `prizes.0.count`). */
export const issueField = (issue: ValidationIssue): string =>
  issue.instancePath.replace(/^\//, '').replaceAll('/', '.');

/** The part of the request a validation failure is about (Fastify's `validationContext`). */
function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'body':
      return request.body;
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return undefined;
  }
}

/**
 * Whether the value an issue is about was left out. Decided by the request's
 * own structure (the value at the issue's path is undefined), never by the
 * wording of zod's message, which depends on zod's locale and version.
 */
export function isMissingValue(input: unknown, issue: ValidationIssue): boolean {
  let value = input;
  for (const segment of issue.instancePath.split('/').slice(1)) {
    if (typeof value !== 'object' || value === null) return true;
    value = (value as Record<string, unknown>)[segment];
  }
  return value === undefined;
}

/** Maps the first schema-validation issue to a message key and a field name. */
function validationToResponse(issues: ValidationIssue[], input: unknown): TErrorResponse {
  const first = issues[0];
  const field = first ? issueField(first) : '';
  if (!first || !field) return { statusCode: 400, message: 'bad_input' };
  const message: MessageKey = isMissingValue(input, first)
    ? 'required_field_missing'
    : 'invalid_value';
  return { statusCode: 400, message, field };
}

/** The field each unique constraint guards, so that a `duplicate_value` names it. */
const UNIQUE_CONSTRAINT_FIELDS: Readonly<Record<string, FieldName>> = {
  users_email_unique: 'user_email',
  accounts_merchant_user_unique: 'user_email',
  tags_pkey: 'tags',
  merchants_name_key_unique: 'name',
  access_code_sets_name_key_unique: 'name',
};

/** The unique violation in an error or its causes (drivers and Drizzle wrap it), if any. */
function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, cause } = error as {
    code?: unknown;
    constraint?: unknown;
    cause?: unknown;
  };
  if (code === '23505') return typeof constraint === 'string' ? { constraint } : {};
  return cause !== undefined ? uniqueViolation(cause) : undefined;
}

/** Node's and PostgreSQL's codes of a database that cannot be reached or is shutting down. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * Whether an error (or one of its causes) says the database cannot be
 * reached: refused or lost connections, a server shutting down or starting,
 * PostgreSQL's connection exceptions (class 08).
 */
export function databaseUnavailable(error: unknown): boolean {
  return someCause(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' && /^Connection terminated/.test(message)),
  );
}

/**
 * Whether PostgreSQL ended a transaction so that another could go on: a
 * deadlock (40P01) or a serialization failure (40001). Nothing of it was
 * written, and the same request may simply be sent again.
 */
export function transactionRolledBack(error: unknown): boolean {
  return someCause(error, ({ code }) => code === '40P01' || code === '40001');
}

/** Whether an error or one of its causes (drivers and Drizzle wrap them) matches. */
function someCause(
  error: unknown,
  matches: (error: { code?: unknown; message?: unknown }) => boolean,
): boolean {
  for (let current = error, depth = 0; depth < 5; depth += 1) {
    if (typeof current !== 'object' || current === null) return false;
    if (matches(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: TErrorResponse = { statusCode: error.statusCode, message: error.key };
      if (error.field) body.field = error.field;
      if (error instanceof RetryLaterError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const input = validatedInput(request, error.validationContext);
      return reply.status(400).send(validationToResponse(error.validation, input));
    }
    const duplicate = uniqueViolation(error);
    if (duplicate) {
      const field = duplicate.constraint
        ? UNIQUE_CONSTRAINT_FIELDS[duplicate.constraint]
        : undefined;
      if (!field) request.log.warn({ err: error }, 'unique violation of an unmapped constraint');
      const body: TErrorResponse = { statusCode: 409, message: 'duplicate_value' };
      if (field) body.field = field;
      return reply.status(409).send(body);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ statusCode: 429, message: 'rate_limited' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ statusCode: 413, message: 'request_too_large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ statusCode: 415, message: 'unsupported_media_type' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's other client errors (bad JSON, an empty body with a JSON type, …).
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, message: 'bad_input' });
    }
    if (databaseUnavailable(error)) {
      // A clear answer while the database is away; the pool reconnects by itself.
      request.log.warn({ err: error }, 'database unavailable');
      return sendServiceUnavailable(reply);
    }
    if (transactionRolledBack(error)) {
      // Commands take their locks in one order, so this is rare; nothing was
      // written, and the caller is asked to send the request again.
      request.log.warn({ err: error }, 'transaction rolled back by the database');
      return sendServiceUnavailable(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, message: 'internal_error' });
  });
}

/** 503 with a hint when to come back: the database is away, or a bounded line of work is full. */
export function sendServiceUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('retry-after', '5')
    .send({ statusCode: 503, message: 'service_unavailable' });
}

/**
 * Once the app is closing (a stop began), a request that still arrives on an
 * open connection is answered as when a service it needs is away: 503 with
 * the product's error body and Retry-After, its X-Request-Id and security
 * headers, and its connection closes, so that the client's next request goes
 * to another process. (Fastify's own answer for this, `return503OnClosing`,
 * is written past every hook: no id, no headers, another body.)
 */
export function registerClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    // Plain JSON: the route's own answer schemas (/ready's 503, say) do not describe this one.
    reply.header('connection', 'close').serializer(JSON.stringify);
    sendServiceUnavailable(reply);
  });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ statusCode: 404, message: 'not_found' });
}
