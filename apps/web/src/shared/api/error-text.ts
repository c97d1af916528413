/**
 * The wording of the server's answers (docs/product.md#messages "Request failure"): a message
 * key in the user's language, naming the field by its label, with the reason
 * some refusals carry; below it the spec's 'HTTP {status}: {server message}'
 * and the request's id. Its texts are the `messages` part of the catalogue;
 * the API client loads both before it reports an answer.
 */
import {
  ACCESS_CODE_IMPORT_MAX_LINES,
  CODE_MAX_LENGTH,
  isMessageKey,
  type MessageKey,
} from '@backoffice/domain';
import { fieldLabel } from '../i18n/field-label';
import { notifyError } from '../ui/notify';
import {
  ApiError,
  plainFailureText,
  technicalLine,
  type FailureText,
  type Translate,
} from './api-error';

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
 * What such an answer says itself stays in the spec's line below the words.
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

/**
 * A failed request in words (docs/product.md#messages): the server's message key in the
 * user's language (an answer without one by its status), then the spec's
 * 'HTTP {status}: {server message}' with the message as the server sent it.
 */
export function requestFailureText(t: Translate, error: unknown): FailureText {
  if (!(error instanceof ApiError) || error.kind !== 'http') return plainFailureText(t, error);
  // The server's own key; else (a proxy's answer, Fastify's own, a plain text) its status's.
  const key = isMessageKey(error.serverMessage)
    ? error.serverMessage
    : KEY_OF_STATUS[error.status ?? 0];
  if (!key) return plainFailureText(t, error);
  const message = translateServerMessage(t, key, error.field);
  const reason = reasonOf(error.body);
  return {
    message: reason ? t('errors.withReason', { message, reason }) : message,
    technical: technicalLine(t, error),
  };
}

/**
 * The alert of a failed request that its caller words (an answer it asked
 * the client to be quiet about): the words, the spec's line and the
 * request's id, about what the request was about.
 */
export function notifyRequestError(t: Translate, error: unknown): void {
  const { message, technical } = requestFailureText(t, error);
  const request = error instanceof ApiError ? error : undefined;
  notifyError(message, {
    technical,
    ...(request?.requestId ? { requestId: request.requestId } : {}),
    ...(request?.alertScope ? { scope: request.alertScope } : {}),
  });
}

/** The reason some refusals carry beside their key (e.g. why an invitation mail failed, docs/product.md#messages). */
function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const reason = (body as Record<string, unknown>).reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : undefined;
}
