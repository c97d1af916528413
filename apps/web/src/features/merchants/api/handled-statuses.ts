/**
 * The statuses whose answers the merchant pages word themselves: their
 * requests pass them as quiet, and the page shows the alert (or a text beside
 * the field). Every other failure (429, 5xx, a timeout, no network) the shared
 * client has already alerted, so the page must not alert it again.
 */
import { ApiError } from '../../../shared/api/api-error';

export const HANDLED_STATUSES = [400, 403, 404, 409, 413, 422, 502] as const;

const handled: readonly number[] = HANDLED_STATUSES;

/**
 * Whether a failure of a merchant request is still unreported: an answer
 * with one of the handled statuses, or an error that is not the client's
 * (the client alerts for every other answer and for a request without one;
 * a cancelled request, and a 401 that signs out, need no alert).
 */
export function isUnreported(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.kind === 'http' && error.status !== undefined && handled.includes(error.status);
}
