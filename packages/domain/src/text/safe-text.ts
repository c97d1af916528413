/**
 * Characters no stored text may hold: NUL (PostgreSQL's text and jsonb cannot
 * store it) and UTF-16 surrogates without their partner (jsonb refuses them,
 * and everywhere else they silently turn into U+FFFD). The server refuses
 * both in every request, in one place (apps/server/src/platform/http/input-hygiene.ts).
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE_PATTERN =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds a character no stored text may hold. */
export const hasUnsafeCharacters = (text: string): boolean =>
  text.includes('\u0000') || LONE_SURROGATE_PATTERN.test(text);

const LONE_SURROGATES = new RegExp(LONE_SURROGATE_PATTERN.source, 'g');

/** The text with every unsafe character shown as U+FFFD, e.g. to name a refused key. */
export const replaceUnsafeCharacters = (text: string): string =>
  text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
