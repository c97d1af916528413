/**
 * The error every failed request rejects with, and the spec's alert text for
 * it (spec §8 "Request failure").
 */
import { isMessageKey } from '@backoffice/domain';
import type { TFunction } from 'i18next';
import { fieldLabel } from '../i18n/field-label';

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
 * The server message in the user's language where it is a known message key,
 * naming the field by its label.
 */
export function translateServerMessage(
  t: Translate,
  message: string | undefined,
  field: string | undefined,
): string {
  if (isMessageKey(message)) return t(`errors.server.${message}`, { field: fieldLabel(t, field) });
  return message ?? '';
}

/** The alert text for a failed request (spec §8). */
export function requestErrorText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'http': {
        const message = translateServerMessage(t, error.serverMessage, error.field);
        const reason = reasonOf(error.body);
        return t('errors.http', {
          status: error.status ?? 0,
          message: reason ? t('errors.withReason', { message, reason }) : message,
        });
      }
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

/** The reason some refusals carry beside their key (e.g. why an invitation mail failed, spec §8). */
function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const reason = (body as Record<string, unknown>).reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : undefined;
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
