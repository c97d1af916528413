/**
 * The wording of the server's answers (spec §8 "Request failure"): a message
 * key in the user's language, naming the field by its label, with the reason
 * some refusals carry. Its texts are the `messages` part of the catalogue;
 * the API client loads both before it reports an answer.
 */
import { ACCESS_CODE_IMPORT_MAX_LINES, CODE_MAX_LENGTH, isMessageKey } from '@backoffice/domain';
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

/** The alert text for a failed request (spec §8). */
export function requestErrorText(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError) || error.kind !== 'http') return plainErrorText(t, error);
  const message = translateServerMessage(t, error.serverMessage, error.field);
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
