/**
 * The error every failed request rejects with, and the spec's alert text for
 * it (spec §8 "Request failure").
 */
import { MESSAGE_KEYS, type MessageKey } from '@backoffice/domain';
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

export function isMessageKey(value: string | undefined): value is MessageKey {
  return value !== undefined && (MESSAGE_KEYS as readonly string[]).includes(value);
}

/** i18next's translation function, typed by the catalogue. */
export type Translate = TFunction;

/** The server message in the user's language where it is a known message key. */
export function translateServerMessage(
  t: Translate,
  message: string | undefined,
  field: string | undefined,
): string {
  if (isMessageKey(message)) return t(`errors.server.${message}`, { field: field ?? '' });
  return message ?? '';
}

/** The alert text for a failed request (spec §8). */
export function requestErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'http':
        return t('errors.http', {
          status: error.status ?? 0,
          message: translateServerMessage(t, error.serverMessage, error.field),
        });
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
