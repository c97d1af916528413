/**
 * The words of the webhook screens (docs/product.md#webhooks): an event's
 * label and explanation, an endpoint's state, a delivery's status and the
 * error of its last attempt. Pure functions over the catalogue.
 */
import {
  WEBHOOK_TEST_EVENT,
  type TWebhookEndpoint,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '@backoffice/domain';
import type { TFunction } from 'i18next';

/** The catalogue's name of each event (its keys hold no dots). */
const EVENT_KEYS = {
  'campaign.submitted': 'campaignSubmitted',
  'campaign.approved': 'campaignApproved',
  'campaign.rejected': 'campaignRejected',
  'campaign.activated': 'campaignActivated',
  'campaign.ended': 'campaignEnded',
  'campaign.deleted': 'campaignDeleted',
  'draw.completed': 'drawCompleted',
  'codes.low': 'codesLow',
  'location_import.finished': 'locationImportFinished',
  [WEBHOOK_TEST_EVENT]: 'webhookTest',
} as const satisfies Record<WebhookEventType | typeof WEBHOOK_TEST_EVENT, string>;

type KnownEvent = keyof typeof EVENT_KEYS;
const isKnownEvent = (event: string): event is KnownEvent => event in EVENT_KEYS;

/** An event's short label ("Kampagne eingereicht"); an unknown event by its name. */
export function eventLabel(t: TFunction, event: string): string {
  return isKnownEvent(event) ? t(`webhooks.events.${EVENT_KEYS[event]}.label`) : event;
}

/** An event's one-line explanation, for the form's choices. */
export function eventHint(t: TFunction, event: WebhookEventType): string {
  return t(`webhooks.events.${EVENT_KEYS[event]}.hint`);
}

/** The name an endpoint goes by in buttons and questions: its description, else its URL. */
export const endpointName = (endpoint: Pick<TWebhookEndpoint, 'description' | 'url'>): string =>
  endpoint.description || endpoint.url;

/** How an endpoint stands: on, switched off by a person, or by the product for its failures. */
export type EndpointState = 'active' | 'off' | 'disabledFailing';

export function endpointState(
  endpoint: Pick<TWebhookEndpoint, 'active' | 'disabled_reason'>,
): EndpointState {
  if (endpoint.active) return 'active';
  return endpoint.disabled_reason === 'failing' ? 'disabledFailing' : 'off';
}

export const ENDPOINT_STATE_COLOURS: Record<EndpointState, string> = {
  active: 'teal',
  off: 'gray',
  disabledFailing: 'red',
};

export const DELIVERY_STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = {
  succeeded: 'teal',
  pending: 'blue',
  failed: 'red',
};

/** The error codes of an attempt without an answer that have words of their own. */
const ERROR_KEYS = [
  'timeout',
  'address_not_allowed',
  'connection_refused',
  'host_not_found',
  'connection_failed',
  'endpoint_disabled',
  'secret_unreadable',
] as const;
type ErrorKey = (typeof ERROR_KEYS)[number];
const isErrorKey = (code: string): code is ErrorKey =>
  (ERROR_KEYS as readonly string[]).includes(code);

/**
 * The error of a delivery's last attempt in words: 'timeout' →
 * 'Zeitüberschreitung', 'http_404' → 'HTTP 404', 'http_500' → 'HTTP 500
 * (Serverfehler)'; a code without words (a system error such as 'econnreset')
 * as it is. Empty for none.
 */
export function deliveryErrorText(t: TFunction, code: string | null): string {
  if (!code) return '';
  if (isErrorKey(code)) return t(`webhooks.errors.${code}`);
  const http = /^http_(\d{3})$/.exec(code);
  if (http) {
    const status = Number(http[1]);
    return status >= 500
      ? t('webhooks.errors.httpServer', { status })
      : t('webhooks.errors.http', { status });
  }
  return code;
}
