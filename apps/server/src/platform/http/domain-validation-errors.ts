/**
 * The merchant feature's own rules in error answers: a failed body check
 * whose message is a domain message key (e.g. 'contact_type_missing') keeps
 * that key for its field, so the web can show the exact text beside the
 * field. Its routes name the keys in their config (`checkKeyOf`), which the
 * app's error handler and input hygiene read (errors.ts); every other
 * invalid field is named as on any route.
 */
import type { FastifyInstance } from 'fastify';
import {
  LOCATION_VALIDATION_KEYS,
  MERCHANT_VALIDATION_KEYS,
  type MessageKey,
} from '@backoffice/domain';

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

/** Every route registered after this in the scope keeps its checks' domain keys. */
export function registerDomainValidationErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, checkKeyOf: domainKey };
  });
}
