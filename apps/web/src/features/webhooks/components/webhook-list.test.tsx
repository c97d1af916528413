// @vitest-environment jsdom
/**
 * The Webhooks screen's list and its dialog (docs/product.md#webhooks): the
 * endpoints with their events and state; a new endpoint needs a URL and an
 * event, a URL the server refuses is said beside the field in the product's
 * words, and the new endpoint's secret is shown once.
 */
import type { TWebhookEndpoint } from '@backoffice/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../shared/paths';
import { fail, ok, type Answer } from '../../../shared/testing/msw/answers';
import { webhookHandlers } from '../../../shared/testing/msw/handlers/webhooks';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { WebhookList } from './webhook-list';

const MERCHANT = '11111111-1111-4111-8111-111111111111';

const endpoint = (overrides: Partial<TWebhookEndpoint>): TWebhookEndpoint => ({
  id: '22222222-2222-4222-8222-222222222222',
  merchant_id: MERCHANT,
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  events: ['campaign.approved', 'draw.completed'],
  active: true,
  disabled_reason: null,
  failing_since: null,
  created: '2026-11-01T09:00:00.000Z',
  version: 1,
  ...overrides,
});

const failing = endpoint({
  id: '33333333-3333-4333-8333-333333333333',
  url: 'https://old.example.com/hooks',
  description: 'Altsystem',
  events: ['location_import.finished'],
  active: false,
  disabled_reason: 'failing',
  failing_since: '2026-11-20T08:30:00.000Z',
});

beforeAll(async () => {
  await loadGermanTexts('webhooks');
});

function renderList() {
  return renderWithApp(
    <WebhookList
      owner={MERCHANT}
      detailPath={(webhookId) => paths.merchant.webhook({ merchantIdent: MERCHANT, webhookId })}
    />,
  );
}

describe('the Webhooks screen', () => {
  it('lists the endpoints with their events and state', async () => {
    mockApi([webhookHandlers.list(ok({ endpoints: [endpoint({}), failing] }))]);
    renderList();
    const table = await screen.findByRole('table', { name: 'Webhook-Endpunkte' });
    const rows = await within(table).findAllByTestId('webhook-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows.map((row) => within(row));
    expect(first?.getByRole('link', { name: 'https://crm.example.com/hooks' })).toBeTruthy();
    expect(first?.getByText('Kampagne freigegeben')).toBeTruthy();
    expect(first?.getByText('Gewinner gezogen')).toBeTruthy();
    expect(first?.getByText('Aktiv')).toBeTruthy();
    expect(second?.getByText('Standort-Upload fertig')).toBeTruthy();
    expect(second?.getByText('Abgeschaltet (Fehler)')).toBeTruthy();
    expect(second?.getByText('Fehler seit 20.11.2026 09:30')).toBeTruthy();
    expect(
      second?.getByRole('link', { name: 'Webhook Altsystem öffnen' }).getAttribute('href'),
    ).toBe(`/${MERCHANT}/webhooks/${failing.id}`);
  });

  it('creates an endpoint: asks for URL and event, says a refused URL beside it, shows the secret once', async () => {
    const bodies: unknown[] = [];
    let answered = 0;
    // The first URL is refused as the server refuses a private address; the second is taken.
    const create: Answer = async (info) => {
      bodies.push(await info.request.clone().json());
      answered += 1;
      if (answered === 1) return fail(422, 'webhook_url_not_allowed', { field: 'url' })(info);
      return HttpResponse.json({
        endpoint: endpoint({ url: 'https://hooks.example.com/in', description: '' }),
        secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
      });
    };
    const api = mockApi([
      webhookHandlers.list(ok({ endpoints: [] })),
      webhookHandlers.create(create),
    ]);
    renderList();
    expect(await screen.findByText('Noch keine Webhooks eingerichtet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Webhook hinzufügen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Webhook hinzufügen' }));
    // Every event is offered, codes.low among them.
    expect(dialog.getByRole('checkbox', { name: /Codes werden knapp/ })).toBeTruthy();
    await userEvent.click(dialog.getByRole('button', { name: 'Anlegen' }));
    expect(dialog.getByText('Pflichtfeld')).toBeTruthy();
    expect(dialog.getByText('Bitte mindestens ein Ereignis wählen')).toBeTruthy();
    expect(api.callsTo('POST', `/merchants/${MERCHANT}/webhooks`)).toHaveLength(0);

    await userEvent.type(dialog.getByRole('textbox', { name: /^URL/ }), 'http://10.0.0.1/in');
    await userEvent.click(dialog.getByRole('checkbox', { name: /Kampagne gestartet/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /Gewinner gezogen/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Anlegen' }));
    expect(
      await dialog.findByText(/An diese Adresse werden keine Webhooks gesendet\./),
    ).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: /^URL/ }).getAttribute('aria-invalid')).toBe('true');

    const url = dialog.getByRole('textbox', { name: /^URL/ });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/in');
    await userEvent.click(dialog.getByRole('button', { name: 'Anlegen' }));

    const secret = await screen.findByRole('dialog', { name: 'Secret des Webhooks' });
    expect(within(secret).getByTestId('webhook-secret').textContent).toBe(
      'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
    );
    expect(within(secret).getByText(/wird nicht noch einmal angezeigt/)).toBeTruthy();
    expect(within(secret).getByText(/webhook-signature/)).toBeTruthy();
    expect(bodies.at(-1)).toEqual({
      url: 'https://hooks.example.com/in',
      description: '',
      events: ['campaign.activated', 'draw.completed'],
      active: true,
    });
  });
});
