/**
 * The error every failed request rejects with, and the alert text for a
 * request that got no answer (docs/product.md#messages "Request failure"): the product's
 * German words first, the spec's technical line below them. The wording of
 * the server's answers (message keys, field labels) is `error-text.ts`,
 * which loads with the first answer that needs it.
 */
import type { TFunction } from 'i18next';

/** The server's name of each request, which its log lines carry (apps/server/src/http/request-id.ts). */
export const REQUEST_ID_HEADER = 'X-Request-Id';

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
  /** The server's id of the request (its X-Request-Id answer header), which its log lines carry. */
  readonly requestId: string | undefined;
  /** No answer because the request's time ran out (not because there was no connection). */
  readonly timedOut: boolean;
  /** What an alert about the failure is about (notify.ts): the request's alert scope. */
  readonly alertScope: string | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: {
      status?: number;
      serverMessage?: string;
      field?: string;
      body?: unknown;
      requestId?: string;
      timedOut?: boolean;
      alertScope?: string;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.field = details.field;
    this.body = details.body;
    this.requestId = details.requestId;
    this.timedOut = details.timedOut ?? false;
    this.alertScope = details.alertScope;
  }
}

/** i18next's translation function, typed by the catalogue. */
export type Translate = TFunction;

/**
 * A failure in words: the product's message in the user's language, and
 * below it, smaller, the spec's technical line ('HTTP {status}: {server
 * message}', 'Could not send request', 'Unknown axios error: …'), which the
 * spec quotes and support asks for (docs/product.md#messages).
 */
export interface FailureText {
  message: string;
  technical: string;
}

/** The spec's line for an answer: its status and the server's message as sent. */
export function technicalLine(t: Translate, error: ApiError): string {
  return t('errors.http', { status: error.status ?? 0, message: error.serverMessage ?? '' });
}

/**
 * The words for a failure the server did not answer, and for an answer
 * whose message keys cannot be worded (their texts did not load):
 * `requestFailureText` of error-text.ts says more of an answer.
 */
export function plainFailureText(t: Translate, error: unknown): FailureText {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'http':
        return { message: t('errors.requestFailed'), technical: technicalLine(t, error) };
      case 'no-response':
        return {
          message: t(error.timedOut ? 'errors.timedOut' : 'errors.noConnection'),
          technical: t('errors.noResponse'),
        };
      case 'cancelled':
      case 'unknown':
        return {
          message: t('errors.unexpected'),
          technical: t('errors.unknown', { message: error.message }),
        };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: t('errors.unexpected'), technical: t('errors.unknown', { message }) };
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
