/**
 * Domain errors and the one error handler that turns every failure into the
 * API's error shape `{statusCode, message, field?}` with a message key of
 * spec §8 where one fits. Nothing leaks a stack trace or becomes a bare 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { MessageKey, TErrorResponse } from '@backoffice/domain';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey | string,
    readonly field?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, field?: string) => new AppError(400, key, field);
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'not_found');

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
}

/**
 * Maps the first schema-validation issue to a message key and a field name.
 * Zod reports a missing value as invalid_type "received undefined".
 */
function validationToResponse(issues: ValidationIssue[]): TErrorResponse {
  const first = issues[0];
  const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (!first || !field) return { statusCode: 400, message: 'bad_input' };
  const missing =
    first.keyword === 'invalid_type' && /received undefined/.test(first.message ?? '');
  const message: MessageKey = missing ? 'required_field_missing' : 'invalid_value';
  return { statusCode: 400, message, field };
}

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  return code === '23505' || (cause !== undefined && isUniqueViolation(cause));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: TErrorResponse = { statusCode: error.statusCode, message: error.key };
      if (error.field) body.field = error.field;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationToResponse(error.validation));
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send({ statusCode: 409, message: 'duplicate_value' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ statusCode: 429, message: 'rate_limited' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, too large a body, wrong content type).
      return reply
        .status(error.statusCode)
        .send({ statusCode: error.statusCode, message: 'bad_input' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, message: 'internal_error' });
  });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ statusCode: 404, message: 'not_found' });
}
