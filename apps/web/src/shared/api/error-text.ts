/**
 * The wording of the server's answers (spec §8 "Request failure"): a message
 * key in the user's language, naming the field by its label, with the reason
 * some refusals carry. Its texts are the `messages` part of the catalogue;
 * the API client loads both before it reports an answer.
 */
import {
  ACCESS_CODE_IMPORT_MAX_LINES,
  CODE_MAX_LENGTH,
  isMessageKey,
  type MessageKey,
} from '@backoffice/domain';
import { fieldLabel } from '../i18n/field-label';
import { ApiError, plainErrorText, type Translate } from './api-error';

/**
 * The domain's limits some message texts state ("höchstens 200.000 Zeilen"),
 * so that a text never names another limit than the server applies; the
 * catalogue formats them as numbers in the user's language.
 */
const MESSAGE_LIMITS = {
  maxLines: ACCESS_CODE_IMPORT_MAX_LINES,
  maxCodeLength: CODE_MAX_LENGTH,
};

/**
 * The server message in the user's language where it is a known message key,
 * naming the field by its label.
 */
export function translateServerMessage(
  t: Translate,
  message: string | undefined,
  field: string | undefined,
): string {
  if (isMessageKey(message)) {
    return t(`errors.server.${message}`, { ...MESSAGE_LIMITS, field: fieldLabel(t, field) });
  }
  return message ?? '';
}

/**
 * The key of an answer that carries none of the server's message keys, by its
 * status: a proxy's error page, a rate limit in front of the server, or the
 * framework's own answer while a process shuts down ("Service Unavailable").
 */
const KEY_OF_STATUS: Readonly<Partial<Record<number, MessageKey>>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'request_too_large',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'service_unavailable',
  503: 'service_unavailable',
  504: 'service_unavailable',
};

/** HTTP's reason phrases of those statuses, which such answers carry as their message. */
const REASON_PHRASES = new Set([
  'unauthorized',
  'forbidden',
  'not found',
  'payload too large',
  'request entity too large',
  'content too large',
  'too many requests',
  'internal server error',
  'bad gateway',
  'service unavailable',
  'gateway timeout',
]);

/**
 * The message key of an answer: the server's own; for an answer without a
 * message of its own (none, or only HTTP's reason phrase), its status's;
 * else the text as sent.
 */
export function answerMessage(error: ApiError): string | undefined {
  const message = error.serverMessage;
  if (isMessageKey(message)) return message;
  const keyless = !message?.trim() || REASON_PHRASES.has(message.trim().toLowerCase());
  return (keyless ? KEY_OF_STATUS[error.status ?? 0] : undefined) ?? message;
}

/** The alert text for a failed request (spec §8). */
export function requestErrorText(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError) || error.kind !== 'http') return plainErrorText(t, error);
  const message = translateServerMessage(t, answerMessage(error), error.field);
  const reason = reasonOf(error.body);
  return t('errors.http', {
    status: error.status ?? 0,
    message: reason ? t('errors.withReason', { message, reason }) : message,
  });
}

/** The reason some refusals carry beside their key (e.g. why an invitation mail failed, spec §8). */
function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const reason = (body as Record<string, unknown>).reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : undefined;
}
