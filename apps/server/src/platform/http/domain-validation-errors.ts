/**
 * Error answers for the merchant feature's own rules: a failed body check
 * whose message is a domain message key (e.g. 'contact_type_missing') keeps
 * that key and its field, so the web can show the exact text beside the field.
 * Everything else goes on to the app's error handler.
 */
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { LOCATION_VALIDATION_KEYS, MERCHANT_VALIDATION_KEYS } from '@backoffice/domain';

const DOMAIN_KEYS = new Set<string>([
  ...MERCHANT_VALIDATION_KEYS,
  ...LOCATION_VALIDATION_KEYS,
  'email_required',
]);

export function registerDomainValidationErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      if (first?.message && DOMAIN_KEYS.has(first.message)) {
        // 'required' is the spec's required_field_missing ('Bitte angeben: {field}').
        const message = first.message === 'required' ? 'required_field_missing' : first.message;
        return reply.status(400).send({ statusCode: 400, message, field });
      }
    }
    throw error;
  });
}
