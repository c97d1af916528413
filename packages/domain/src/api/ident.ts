/**
 * Whether a text is an id the API takes, without zod: the route guards of
 * the signed-in shell use it, and the shell's first load stays small.
 */

/** A UUID in its canonical 8-4-4-4-12 hex form, either case: what ZUuid takes. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a route's merchant or campaign ident is one the API takes: 36 hex
 * digits or dashes (docs/product.md#screens-and-routes) in the 8-4-4-4-12 form of ZUuid (a test holds
 * the two together), so that the app shows its not-found page for every
 * ident the server would refuse.
 */
export const isIdent = (value: string | undefined): value is string =>
  value !== undefined && UUID_PATTERN.test(value);
