/**
 * Input hygiene for every route, in one place: a request whose body, query or
 * path holds a text with a NUL character or an unpaired UTF-16 surrogate is
 * refused with 400 invalid_value and the field's path, before any schema or
 * handler sees it. PostgreSQL cannot store either (text refuses NUL, jsonb
 * refuses both), so without this each of them became a 500 somewhere.
 * A request whose address (path and query) is longer than MAX_URL_LENGTH is
 * refused with 414 uri_too_long before routing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasUnsafeCharacters, replaceUnsafeCharacters } from '@backoffice/domain';
import { AppError, badRequest, fieldPath } from './errors.js';

/** How a field is named in the answer: its path, with any unsafe character of a key made visible. */
const fieldName = (path: readonly string[]): string => path.map(replaceUnsafeCharacters).join('.');

/**
 * The path of the first text (value or key) with an unsafe character, or
 * undefined. Walks with its own stack: a deeply nested JSON body must not
 * overflow the call stack.
 */
export function findUnsafeText(value: unknown): string[] | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (hasUnsafeCharacters(current)) return next.path;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index], path: [...next.path, String(index)] });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        if (hasUnsafeCharacters(key)) return [...next.path, key];
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] ?? ['', undefined];
        pending.push({ value: child, path: [...next.path, key] });
      }
    }
  }
  return undefined;
}

function refuseUnsafeText(request: FastifyRequest): void {
  // Named as schema errors name them: the path inside params, query or body.
  for (const part of [request.params, request.query, request.body]) {
    const path = findUnsafeText(part);
    if (path) throw badRequest('invalid_value', fieldPath(fieldName(path)) ?? 'body');
  }
}

/**
 * The longest address (path and query) served: ample for every list filter
 * and id, and below the 16 KiB of headers Node reads, so that a longer one
 * gets this answer (with the product's headers) rather than Node's bare 431.
 */
export const MAX_URL_LENGTH = 8 * 1024;

/** Registered after the security headers' plugin, so that its answer carries them. */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError(414, 'uri_too_long');
  });
  app.addHook('preValidation', async (request) => refuseUnsafeText(request));
}
