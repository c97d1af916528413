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

/** One invalid field of a refused request, as the server names it (the answer's `errors`). */
export interface ServerFieldError {
  field: string;
  /** A message key of MESSAGE_KEYS (or plain text from another server). */
  message: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The server's message (a message key of MESSAGE_KEYS or plain text). */
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;
  /**
   * Every invalid field the server named (its `errors`), first the one of
   * `field`; forms show each beside its field. Empty when none is named.
   */
  readonly fieldErrors: readonly ServerFieldError[];
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
      fieldErrors?: readonly ServerFieldError[];
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
    this.fieldErrors =
      details.fieldErrors ??
      (details.field !== undefined && details.serverMessage !== undefined
        ? [{ field: details.field, message: details.serverMessage }]
        : []);
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

/**
 * The invalid fields of an error body's `errors` (docs/api.md "Errors"):
 * entries with a field and a message. A CSV upload's line errors (with
 * `line`) are about lines of the file, not fields of a form: left out.
 */
function fieldErrorsOf(errors: unknown): ServerFieldError[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { field, message, line } = entry as Record<string, unknown>;
    if (line !== undefined || typeof field !== 'string' || field === '') return [];
    return typeof message === 'string' ? [{ field, message }] : [];
  });
}

/**
 * Picks the message out of an error body: ours (a problem with `message`,
 * `field` and `errors`) or OAuth's ({error_description}).
 */
export function serverMessageOf(body: unknown): {
  message?: string;
  field?: string;
  fieldErrors?: ServerFieldError[];
} {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const text = (key: string): string | undefined =>
    typeof record[key] === 'string' ? record[key] : undefined;
  const message = text('message') ?? text('error_description') ?? text('error');
  const field = text('field');
  const listed = fieldErrorsOf(record.errors);
  // An answer without `errors` (another server's, an older one's) names its one field.
  const fieldErrors =
    listed.length > 0
      ? listed
      : field !== undefined && message !== undefined
        ? [{ field, message }]
        : [];
  return {
    ...(message !== undefined ? { message } : {}),
    ...(field !== undefined ? { field } : {}),
    ...(fieldErrors.length > 0 ? { fieldErrors } : {}),
  };
}
