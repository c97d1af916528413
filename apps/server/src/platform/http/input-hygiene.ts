/**
 * Input hygiene for every route, in one place: a request whose body, query or
 * path holds a text with a NUL character or an unpaired UTF-16 surrogate is
 * refused with 400 invalid_value and the field's path, before any schema or
 * handler sees it. PostgreSQL cannot store either (text refuses NUL, jsonb
 * refuses both), so without this each of them became a 500 somewhere. A
 * request whose values nest deeper than MAX_INPUT_DEPTH is refused with 400
 * bad_input.
 * A request whose address (path and query) is longer than MAX_URL_LENGTH is
 * refused with 414 uri_too_long before routing. A route whose body is a batch
 * of items checked one by one (ingest) names the list in its config
 * (`itemsCheckedByRoute`): unsafe texts inside its items are left to the
 * route, which refuses the affected item alone; their depth is still checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasUnsafeCharacters, replaceUnsafeCharacters } from '@backoffice/domain';
import { AppError, badRequest, invalidFields, invalidValues, type FieldPath } from '../errors.js';
import { schemaFieldErrors } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body list whose items the route checks for unsafe texts itself, one by one. */
    itemsCheckedByRoute?: string;
  }
}

/** How a field is named in the answer: its path, with any unsafe character of a key made visible. */
const fieldName = (path: readonly string[]): string => path.map(replaceUnsafeCharacters).join('.');

/**
 * How deep a request's values may nest. No call nests beyond a few levels
 * (a prize in a campaign's content, a kid in a participant's profile); a
 * body nested thousands deep is refused before anything walks it.
 */
export const MAX_INPUT_DEPTH = 32;

/** What findUnsafeInput finds: the path of an unsafe text, or a value nested too deep. */
export type UnsafeInput = { unsafeText: string[] } | { tooDeep: true };

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
  depth: number;
  /** Inside a list whose items the route checks itself: texts are not looked at. */
  textsLeft?: boolean;
}

const pathOf = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let at = visit; at.parent; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The first text (value or key) with an unsafe character, or a value nested
 * deeper than MAX_INPUT_DEPTH; undefined when there is neither. Walks with
 * its own stack, each entry pointing at its parent: the path is built only
 * for what is found (copying it at every level cost time by the square of
 * the depth). The texts inside the top-level list `itemsLeft` (a key of
 * `value`) are not looked at, only their depth.
 */
export function findUnsafeInput(value: unknown, itemsLeft?: string): UnsafeInput | undefined {
  return unsafeInputs(value, itemsLeft, true)[0];
}

/**
 * Every text with an unsafe character (in the walk's order), or only a value
 * nested too deep where there is one; the first only when `firstOnly`.
 */
function unsafeInputs(value: unknown, itemsLeft?: string, firstOnly = false): UnsafeInput[] {
  const found: UnsafeInput[] = [];
  const pending: Visit[] = [{ value, key: '', parent: undefined, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const current = next.value;
    const textsLeft =
      next.textsLeft === true ||
      (next.depth === 1 && next.key === itemsLeft && Array.isArray(current));
    if (typeof current === 'string') {
      if (!textsLeft && hasUnsafeCharacters(current)) {
        found.push({ unsafeText: pathOf(next) });
        if (firstOnly) return found;
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (next.depth >= MAX_INPUT_DEPTH) return [{ tooDeep: true }];
    const depth = next.depth + 1;
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index], key: String(index), parent: next, depth, textsLeft });
      }
      continue;
    }
    const entries: [string, unknown][] = Object.entries(current);
    for (const [key] of entries) {
      if (!textsLeft && hasUnsafeCharacters(key)) {
        found.push({ unsafeText: [...pathOf(next), key] });
        if (firstOnly) return found;
      }
    }
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] ?? ['', undefined];
      pending.push({ value: child, key, parent: next, depth, textsLeft });
    }
  }
  return found;
}

/** A copy with every unsafe character of its texts and keys replaced (for the schema's check). */
function cleaned(value: unknown): unknown {
  if (typeof value === 'string') return replaceUnsafeCharacters(value);
  if (Array.isArray(value)) return value.map(cleaned);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [replaceUnsafeCharacters(key), cleaned(child)]),
  );
}

/**
 * Refuses a request with unsafe texts: every one is named (invalid_value),
 * and with them every other field the route's schemas refuse, checked on a
 * copy with the unsafe characters replaced, so that no schema sees them.
 */
function refuseUnsafeText(request: FastifyRequest): void {
  const itemsLeft = request.routeOptions.config.itemsCheckedByRoute;
  // Named as schema errors name them: the path inside params, query or body.
  const unsafe: string[] = [];
  for (const part of [request.params, request.query, request.body]) {
    const found = unsafeInputs(part, part === request.body ? itemsLeft : undefined);
    for (const entry of found) {
      if ('tooDeep' in entry) throw badRequest('bad_input', 'body');
      unsafe.push(fieldName(entry.unsafeText));
    }
  }
  if (unsafe.length === 0) return;
  const refused = invalidValues(unsafe, 'body');
  const named = new Set<string>(refused.errors.map(({ field }) => field));
  const others = schemaFieldErrors(request, {
    params: cleaned(request.params),
    querystring: cleaned(request.query),
    body: cleaned(request.body),
  }).filter(({ field }) => !named.has(field));
  const [first, ...rest] = [
    ...refused.errors,
    ...others.map(({ field, message }) => ({ field: field as FieldPath, message })),
  ];
  throw first ? invalidFields([first, ...rest]) : refused;
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
