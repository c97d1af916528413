/**
 * Input hygiene for every route, in one place: a request whose body, query or
 * path holds a text with a NUL character or an unpaired UTF-16 surrogate is
 * refused with 400 invalid_value and the field's path, before any schema or
 * handler sees it. PostgreSQL cannot store either (text refuses NUL, jsonb
 * refuses both), so without this each of them became a 500 somewhere.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasUnsafeCharacters, replaceUnsafeCharacters } from '@backoffice/domain';
import { badRequest, fieldPath } from './errors.js';

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

export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => refuseUnsafeText(request));
}
