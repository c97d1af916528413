/**
 * The one error handler that turns every failure into the API's error answer
 * (problem details with a message key of docs/product.md#messages, the field
 * and every invalid field: problem.ts) where one fits (AppError and its
 * helpers: ../errors.ts). Nothing leaks a stack trace or becomes a bare 500.
 * Keys and fields are the closed lists of the domain package.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldName, type MessageKey, type TFieldError } from '@backoffice/domain';
import { AppError, RetryLaterError } from '../errors.js';
import { sendProblem } from './problem.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
}

/** The field of a validation issue as the API names it (`/prizes/0/count` → `prizes.0.count`). */
export const issueField = (issue: ValidationIssue): string =>
  issue.instancePath.replace(/^\//, '').replaceAll('/', '.');

/** The parts of a request Fastify validates, in its order; it stops at the first that fails. */
const REQUEST_PARTS = ['params', 'body', 'querystring', 'headers'] as const;
export type RequestPart = (typeof REQUEST_PARTS)[number];

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The message key a route's schema check names in its issue's message
     * (a domain key such as 'contact_type_missing': domain-validation-errors.ts),
     * kept for its field instead of `invalid_value`.
     */
    checkKeyOf?: (message: string) => MessageKey | undefined;
  }
}

/**
 * The key of an issue: a left-out value is `required_field_missing`, any
 * other `invalid_value`, unless the route keeps the issue's own message
 * (a domain key of its schema's checks).
 */
function issueKey(request: FastifyRequest, input: unknown, issue: ValidationIssue): MessageKey {
  const keyOf = request.routeOptions.config.checkKeyOf;
  const own = issue.message === undefined ? undefined : keyOf?.(issue.message);
  if (own) return own;
  return isMissingValue(input, issue) ? 'required_field_missing' : 'invalid_value';
}

interface ZodLike {
  safeParse: (value: unknown) => {
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/** A part's zod schema of the route, if it has one (a JSON schema or none: undefined). */
function partSchema(request: FastifyRequest, part: RequestPart): ZodLike | undefined {
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
  return typeof (schema as { safeParse?: unknown } | undefined)?.safeParse === 'function'
    ? (schema as ZodLike)
    : undefined;
}

/** Collects one entry per field (the first issue's), leaving out issues that name no field. */
class FieldErrors {
  private readonly found = new Map<string, MessageKey>();

  constructor(private readonly request: FastifyRequest) {}

  add(input: unknown, issues: readonly ValidationIssue[]): void {
    for (const issue of issues) {
      const field = issueField(issue);
      if (field && !this.found.has(field)) {
        this.found.set(field, issueKey(this.request, input, issue));
      }
    }
  }

  /** The issues of a part's schema for an input of it. */
  check(part: RequestPart, input: unknown): void {
    const issues = partSchema(this.request, part)?.safeParse(input).error?.issues ?? [];
    this.add(
      input,
      issues.map((issue) => ({
        keyword: 'custom',
        instancePath: `/${issue.path.map(String).join('/')}`,
        message: issue.message,
      })),
    );
  }

  list(): TFieldError[] {
    return [...this.found].map(([field, message]) => ({ field, message }));
  }
}

/**
 * The invalid fields the route's schemas find in the given inputs of its
 * parts (input hygiene checks a cleaned copy of the request with them).
 */
export function schemaFieldErrors(
  request: FastifyRequest,
  inputs: Partial<Record<RequestPart, unknown>>,
): TFieldError[] {
  const errors = new FieldErrors(request);
  for (const part of REQUEST_PARTS) {
    if (part in inputs) errors.check(part, inputs[part]);
  }
  return errors.list();
}

/**
 * Every invalid field of a request whose validation failed: the issues of the
 * part Fastify stopped at, and those of the parts it did not check after it
 * (a bad id and a bad body are both named). One entry per field, the first
 * issue's; issues without a field (a check of the whole body) are left out.
 */
export function validationFieldErrors(
  request: FastifyRequest,
  error: { validation: ValidationIssue[]; validationContext?: string | undefined },
): TFieldError[] {
  const errors = new FieldErrors(request);
  errors.add(validatedInput(request, error.validationContext), error.validation);
  const failed = REQUEST_PARTS.indexOf(error.validationContext as RequestPart);
  for (const part of failed >= 0 ? REQUEST_PARTS.slice(failed + 1) : []) {
    errors.check(part, validatedInput(request, part));
  }
  return errors.list();
}

/** The answer to a failed validation: every invalid field, or `bad_input` when none is named. */
export function sendValidationProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  error: { validation: ValidationIssue[]; validationContext?: string | undefined },
): FastifyReply {
  const errors = validationFieldErrors(request, error);
  const [first] = errors;
  if (!first) return sendProblem(reply, { status: 400, key: 'bad_input' });
  return sendProblem(reply, { status: 400, key: first.message, errors });
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
      if (error instanceof RetryLaterError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return sendProblem(reply, {
        status: error.statusCode,
        key: error.key,
        field: error.field,
        errors: error.errors,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendValidationProblem(request, reply, error);
    }
    const duplicate = uniqueViolation(error);
    if (duplicate) {
      const field = duplicate.constraint
        ? UNIQUE_CONSTRAINT_FIELDS[duplicate.constraint]
        : undefined;
      if (!field) request.log.warn({ err: error }, 'unique violation of an unmapped constraint');
      return sendProblem(reply, { status: 409, key: 'duplicate_value', field });
    }
    if (error.statusCode === 429) return sendProblem(reply, { status: 429, key: 'rate_limited' });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(reply, { status: 413, key: 'request_too_large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, { status: 415, key: 'unsupported_media_type' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's other client errors (bad JSON, an empty body with a JSON type, …).
      return sendProblem(reply, { status: error.statusCode, key: 'bad_input' });
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
    return sendProblem(reply, { status: 500, key: 'internal_error' });
  });
}

/** 503 with a hint when to come back: the database is away, or a bounded line of work is full. */
export function sendServiceUnavailable(reply: FastifyReply): FastifyReply {
  return sendProblem(reply.header('retry-after', '5'), { status: 503, key: 'service_unavailable' });
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
  return sendProblem(reply, { status: 404, key: 'not_found' });
}
