/**
 * The webhook screens' words (docs/product.md#webhooks): an endpoint's
 * state, the error of a delivery's last attempt, and the events' labels and
 * explanations.
 */
import { WEBHOOK_EVENT_TYPES } from '@backoffice/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadTexts } from '../../shared/i18n/i18n';
import { deliveryErrorText, endpointState, eventHint, eventLabel } from './webhook-labels';

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
  await changeLanguage('de');
  await loadTexts('webhooks');
});

describe('an endpoint’s state', () => {
  it('is on, off, or switched off by the product for its failures', () => {
    expect(endpointState({ active: true, disabled_reason: null })).toBe('active');
    expect(endpointState({ active: false, disabled_reason: null })).toBe('off');
    expect(endpointState({ active: false, disabled_reason: 'failing' })).toBe('disabledFailing');
  });
});

describe('the error of a delivery', () => {
  it.each([
    ['timeout', 'Zeitüberschreitung'],
    ['address_not_allowed', 'Adresse nicht erlaubt'],
    ['connection_refused', 'Verbindung abgelehnt'],
    ['host_not_found', 'Adresse nicht gefunden'],
    ['connection_failed', 'Verbindung fehlgeschlagen'],
    ['http_404', 'HTTP 404'],
    ['http_410', 'HTTP 410'],
    ['http_500', 'HTTP 500 (Serverfehler)'],
    ['http_503', 'HTTP 503 (Serverfehler)'],
    // A system error without words of its own stays as the server named it.
    ['econnreset', 'econnreset'],
  ])('%s reads „%s“', (code, text) => {
    expect(deliveryErrorText(i18n.t, code)).toBe(text);
  });

  it('is empty without an error', () => {
    expect(deliveryErrorText(i18n.t, null)).toBe('');
  });

  it('reads in English too', async () => {
    await changeLanguage('en');
    await loadTexts('webhooks');
    try {
      expect(deliveryErrorText(i18n.t, 'timeout')).toBe('Timed out');
      expect(deliveryErrorText(i18n.t, 'http_502')).toBe('HTTP 502 (server error)');
      expect(eventLabel(i18n.t, 'draw.completed')).toBe('Winners drawn');
    } finally {
      await changeLanguage('de');
    }
  });
});

describe('the events', () => {
  it('each have a label and an explanation, the test message a label', () => {
    for (const event of WEBHOOK_EVENT_TYPES) {
      expect(eventLabel(i18n.t, event)).not.toContain('webhooks.');
      expect(eventHint(i18n.t, event)).not.toContain('webhooks.');
    }
    expect(eventLabel(i18n.t, 'campaign.submitted')).toBe('Kampagne eingereicht');
    expect(eventLabel(i18n.t, 'location_import.finished')).toBe('Standort-Upload fertig');
    expect(eventLabel(i18n.t, 'codes.low')).toBe('Codes werden knapp');
    expect(eventHint(i18n.t, 'codes.low')).toMatch(/weniger als 10 % oder weniger als 100/);
    expect(eventLabel(i18n.t, 'webhook.test')).toBe('Test');
    expect(eventLabel(i18n.t, 'some.future_event')).toBe('some.future_event');
  });
});
