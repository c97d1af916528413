/**
 * Error answers for the merchant feature's own rules: a failed body check
 * whose message is a domain message key (e.g. 'contact_type_missing') keeps
 * that key for its field, so the web can show the exact text beside the
 * field; every other invalid field of the request is listed as the app's
 * error handler names it. Everything else goes on to the app's error handler.
 */
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  LOCATION_VALIDATION_KEYS,
  MERCHANT_VALIDATION_KEYS,
  type MessageKey,
} from '@backoffice/domain';
import { sendValidationProblem } from './errors.js';

const DOMAIN_KEYS = new Set<string>([
  ...MERCHANT_VALIDATION_KEYS,
  ...LOCATION_VALIDATION_KEYS,
  'email_required',
]);

/** The key of a domain check's message; 'required' is the spec's required_field_missing. */
function domainKey(message: string): MessageKey | undefined {
  if (!DOMAIN_KEYS.has(message)) return undefined;
  return (message === 'required' ? 'required_field_missing' : message) as MessageKey;
}

export function registerDomainValidationErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendValidationProblem(request, reply, error, domainKey);
    }
    throw error;
  });
}
