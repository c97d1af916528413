// @vitest-environment jsdom
/**
 * The alerts of the API client: a failed
 * request's alert says it in German with the spec's line and the server's
 * request id below; the same failure again is one alert with a count; a
 * later success of the same request takes the alert away; and an alert
 * about the same thing replaces the one before it.
 */
import type { TMerchantSaveBody } from '@backoffice/domain';
import { notificationsStore, type NotificationData } from '@mantine/notifications';
import { isValidElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { after, fail, networkDown, ok, type Answer } from '../testing/msw/answers';
import { campaignHandlers } from '../testing/msw/handlers/campaigns';
import { merchantHandlers } from '../testing/msw/handlers/merchants';
import { mockApi } from '../testing/msw/mock-api';
import { loadGermanTexts } from '../testing/render';
import type { AlertBodyProps } from '../ui/alert-body';
import {
  ALERT_MS,
  ERROR_ALERT_MS,
  clearErrorAlerts,
  notifyError,
  notifySuccess,
} from '../ui/notify';
import { ApiError } from './api-error';
import { answer, api } from './client';

/** The alerts in Mantine's list, each with what its body says. */
function alerts() {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((alert: NotificationData) => {
    const body = isValidElement<AlertBodyProps>(alert.message) ? alert.message.props : undefined;
    return { color: alert.color, autoClose: alert.autoClose, ...body };
  });
}

/** Waits until the alert list's code has loaded and shown what was raised. */
async function settled(): Promise<void> {
  await vi.waitFor(() => expect(alerts().length).toBeGreaterThan(0));
}

beforeAll(async () => {
  await loadGermanTexts();
});
beforeEach(() => {
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A merchant's save (what it sends does not matter here). */
const saveMerchant = (id: string) =>
  answer(
    api.POST('/api/merchants/{id}', { params: { path: { id } }, body: {} as TMerchantSaveBody }),
  );

const refused = fail(409, 'merchant_changed', {
  headers: { 'X-Request-Id': 'b7e1c0de-0000-4000-8000-000000000001' },
});

describe('a failed request’s alert', () => {
  it('says it in German, the spec’s line and the request id below', async () => {
    mockApi([merchantHandlers.save(refused)]);
    const failure = saveMerchant('m1');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      requestId: 'b7e1c0de-0000-4000-8000-000000000001',
    });
    await settled();
    expect(alerts()).toEqual([
      expect.objectContaining({
        color: 'red',
        technical: 'HTTP 409: merchant_changed',
        requestId: 'b7e1c0de-0000-4000-8000-000000000001',
        count: 1,
        autoClose: ERROR_ALERT_MS,
      }),
    ]);
    expect(alerts()[0]?.message).toContain('Der Händler wurde inzwischen geändert.');
  });

  it('reads a problem answer (application/problem+json) with every invalid field', async () => {
    mockApi([
      merchantHandlers.save(
        fail(400, 'invalid_url', {
          errors: [
            { field: 'website', message: 'invalid_url' },
            { field: 'email', message: 'invalid_email' },
          ],
        }),
      ),
    ]);
    const failure = saveMerchant('m1');
    await expect(failure).rejects.toMatchObject({
      status: 400,
      serverMessage: 'invalid_url',
      field: 'website',
      fieldErrors: [
        { field: 'website', message: 'invalid_url' },
        { field: 'email', message: 'invalid_email' },
      ],
    });
    await settled();
    expect(alerts()).toEqual([expect.objectContaining({ technical: 'HTTP 400: invalid_url' })]);
  });

  it('is one alert with a count when the same failure comes again, and goes when the request succeeds', async () => {
    let answer: Answer = networkDown;
    mockApi([merchantHandlers.save((info) => answer(info))]);
    const save = () => saveMerchant('m1');
    for (let attempt = 0; attempt < 3; attempt += 1) await save().catch(() => undefined);
    await settled();
    expect(alerts()).toEqual([
      expect.objectContaining({
        message: 'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung.',
        technical: 'Could not send request',
        count: 3,
        // Each repeat starts the alert's time again.
        autoClose: ERROR_ALERT_MS + 2,
      }),
    ]);

    // Another request that succeeds says nothing about this one.
    answer = ok({});
    await saveMerchant('m2');
    expect(alerts()).toHaveLength(1);
    // The same request succeeds: its failure is no longer true.
    await save();
    expect(alerts()).toEqual([]);
  });

  it('names a request that ran out of time as such', async () => {
    vi.useFakeTimers();
    try {
      mockApi([campaignHandlers.getList(after(10_000, ok({})))]);
      const late = answer(api.GET('/api/campaigns')).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await late).toMatchObject({ kind: 'no-response', timedOut: true });
    } finally {
      vi.useRealTimers();
    }
    await settled();
    expect(alerts()[0]).toMatchObject({
      message:
        'Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es gleich noch einmal.',
      technical: 'Could not send request',
    });
  });
});

describe('alerts about the same thing', () => {
  it('replace what was said before; clearing takes the errors only', async () => {
    notifyError('Bitte korrigieren Sie zuerst die markierten Felder.', { scope: 'step' });
    await settled();
    notifySuccess('Gespeichert.', { scope: 'step' });
    expect(alerts()).toEqual([
      expect.objectContaining({ color: 'teal', message: 'Gespeichert.', autoClose: ALERT_MS }),
    ]);

    notifyError('Anderswo fehlgeschlagen.', { scope: 'other' });
    clearErrorAlerts('step');
    expect(alerts().map((alert) => alert.message)).toEqual([
      'Gespeichert.',
      'Anderswo fehlgeschlagen.',
    ]);
    clearErrorAlerts('other');
    expect(alerts().map((alert) => alert.message)).toEqual(['Gespeichert.']);
  });
});
