/**
 * The error every failed request rejects with, and the spec's alert text for
 * a request that got no answer (spec §8 "Request failure"). The wording of
 * the server's answers (message keys, field labels) is `error-text.ts`,
 * which loads with the first answer that needs it.
 */
import type { TFunction } from 'i18next';

export type ApiErrorKind =
  /** The server answered with a non-2xx status. */
  | 'http'
  /** No answer: network down, CORS, or the 5000 ms timeout. */
  | 'no-response'
  /** The caller cancelled the request (e.g. the component went away). */
  | 'cancelled'
  /** Anything else. */
  | 'unknown';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The server's message (a message key of MESSAGE_KEYS or plain text). */
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;
  /** The whole error body, for answers that carry details (e.g. a CSV's errors by line). */
  readonly body: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number; serverMessage?: string; field?: string; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.field = details.field;
    this.body = details.body;
  }
}

/** i18next's translation function, typed by the catalogue. */
export type Translate = TFunction;

/**
 * The alert text for a failure the server did not answer, and for an answer
 * by its status and raw message (what `requestErrorText` says when the
 * wording of message keys is not at hand).
 */
export function plainErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'http':
        return t('errors.http', { status: error.status ?? 0, message: error.serverMessage ?? '' });
      case 'no-response':
        return t('errors.noResponse');
      case 'cancelled':
      case 'unknown':
        return t('errors.unknown', { message: error.message });
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return t('errors.unknown', { message });
}

/** Picks the message out of an error body: ours ({message}) or OAuth's ({error_description}). */
export function serverMessageOf(body: unknown): { message?: string; field?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const text = (key: string): string | undefined =>
    typeof record[key] === 'string' ? record[key] : undefined;
  const message = text('message') ?? text('error_description') ?? text('error');
  const field = text('field');
  return {
    ...(message !== undefined ? { message } : {}),
    ...(field !== undefined ? { field } : {}),
  };
}
