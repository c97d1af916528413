// @vitest-environment jsdom
/**
 * The API-Zugänge screen's list and dialogs (docs/product.md#tokens-for-integrators):
 * the tokens with their roles, access and state; a new token needs a name
 * and a role, offers only the roles the user holds, says a refused expiry
 * beside its field and the limit above the buttons, and shows the secret
 * once; a revocation asks first.
 */
import type { TApiToken } from '@backoffice/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, type Answer } from '../../../shared/testing/msw/answers';
import { apiTokenHandlers } from '../../../shared/testing/msw/handlers/api-tokens';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { ApiTokenList } from './api-token-list';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const SECRET = 'cbt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const token = (overrides: Partial<TApiToken>): TApiToken => ({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Kasse Mitte',
  roles: ['manage-campaigns'],
  access: 'read',
  prefix: 'cbt_AbCd',
  createdAt: '2026-11-01T09:00:00.000Z',
  createdBy: { id: '44444444-4444-4444-8444-444444444444', email: 'inhaber@example.com' },
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

const active = token({});
const expired = token({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Altsystem',
  roles: ['manage-merchant', 'manage-campaigns'],
  access: 'write',
  expiresAt: '2026-01-31T22:59:59.000Z',
  lastUsedAt: '2026-01-20T08:30:00.000Z',
});
const revoked = token({
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Agentur',
  revokedAt: '2026-11-20T08:30:00.000Z',
  createdBy: null,
});

beforeAll(async () => {
  await loadGermanTexts('apiTokens');
});

function renderList(grantable = ['manage-campaigns', 'contact'] as const) {
  return renderWithApp(<ApiTokenList merchantId={MERCHANT} grantable={grantable} />);
}

describe('the API-Zugänge screen', () => {
  it('lists the tokens with roles, access, dates and state', async () => {
    mockApi([apiTokenHandlers.list(ok({ items: [active, expired, revoked] }))]);
    renderList();
    const table = await screen.findByRole('table', { name: 'API-Zugänge des Händlers' });
    const rows = await within(table).findAllByTestId('api-token-row');
    const [first, second, third] = rows.map((row) => within(row));
    expect(first?.getByText('cbt_AbCd')).toBeTruthy();
    expect(first?.getByText('Kampagnen verwalten')).toBeTruthy();
    expect(first?.getByText('Nur lesen')).toBeTruthy();
    expect(first?.getByText('von inhaber@example.com')).toBeTruthy();
    expect(first?.getByText('unbefristet')).toBeTruthy();
    expect(first?.getByText('noch nie')).toBeTruthy();
    expect(first?.getByText('Aktiv')).toBeTruthy();
    expect(first?.getByRole('button', { name: 'API-Zugang Kasse Mitte widerrufen' })).toBeTruthy();

    expect(second?.getByText('Händler verwalten')).toBeTruthy();
    expect(second?.getByText('Lesen und schreiben')).toBeTruthy();
    expect(second?.getByText('20.01.2026 09:30')).toBeTruthy();
    expect(second?.getByText('Abgelaufen')).toBeTruthy();
    expect(second?.getByText('seit 31.01.2026 23:59')).toBeTruthy();

    expect(third?.getByText('Widerrufen')).toBeTruthy();
    expect(third?.getByText('seit 20.11.2026 09:30')).toBeTruthy();
    // A revoked token cannot be revoked again.
    expect(third?.queryByRole('button', { name: /widerrufen$/ })).toBeNull();
  });

  it('creates a token: asks for name and role, offers the user’s roles, says refusals, shows the secret once', async () => {
    const bodies: unknown[] = [];
    let answered = 0;
    // The first try is refused for its expiry, the second for the limit; the third is taken.
    const create: Answer = async (info) => {
      bodies.push(await info.request.clone().json());
      answered += 1;
      if (answered === 1) return fail(422, 'invalid_value', { field: 'expiresAt' })(info);
      if (answered === 2) return fail(409, 'api_token_limit_reached')(info);
      return HttpResponse.json(
        { token: token({ name: 'Kasse Nord', access: 'write' }), secret: SECRET },
        { status: 201 },
      );
    };
    const api = mockApi([
      apiTokenHandlers.list(ok({ items: [] })),
      apiTokenHandlers.create(create),
    ]);
    renderList();
    expect(await screen.findByText('Noch keine API-Zugänge angelegt.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'API-Zugang anlegen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'API-Zugang anlegen' }));
    // Only the roles the user holds are offered.
    expect(dialog.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual([
      'manage-campaigns',
      'contact',
    ]);
    expect(dialog.getByRole('radio', { name: /Nur lesen/ })).toHaveProperty('checked', true);
    await userEvent.click(dialog.getByRole('button', { name: 'Anlegen' }));
    expect(dialog.getByText('Pflichtfeld')).toBeTruthy();
    expect(dialog.getByText('Bitte mindestens eine Rolle wählen')).toBeTruthy();
    expect(api.callsTo('POST', `/merchants/${MERCHANT}/api-tokens`)).toHaveLength(0);

    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Kasse Nord');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Kampagnen verwalten' }));
    await userEvent.click(dialog.getByRole('radio', { name: /Lesen und schreiben/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Anlegen' }));
    const expiry = dialog.getByRole('textbox', { name: 'Gültig bis (optional)' });
    expect(
      await dialog.findByText('Bitte ein Datum in der Zukunft wählen, höchstens ein Jahr ab heute'),
    ).toBeTruthy();
    expect(expiry.getAttribute('aria-invalid')).toBe('true');

    await userEvent.click(dialog.getByRole('button', { name: 'Anlegen' }));
    expect(
      await dialog.findByText(
        'Es gibt bereits 20 gültige API-Zugänge. Bitte widerrufen Sie zuerst einen.',
      ),
    ).toBeTruthy();

    await userEvent.click(dialog.getByRole('button', { name: 'Anlegen' }));
    const secret = await screen.findByRole('dialog', { name: 'Neuer API-Zugang „Kasse Nord“' });
    expect(within(secret).getByTestId('api-token-secret').textContent).toBe(SECRET);
    expect(within(secret).getByText(/wird nur jetzt angezeigt/)).toBeTruthy();
    expect(within(secret).getByRole('button', { name: 'Kopieren' })).toBeTruthy();
    expect(bodies.at(-1)).toEqual({
      name: 'Kasse Nord',
      roles: ['manage-campaigns'],
      access: 'write',
      expiresAt: null,
    });
  });

  it('revokes a token after asking', async () => {
    const api = mockApi([
      apiTokenHandlers.list(ok({ items: [active] })),
      apiTokenHandlers.revoke(() => new HttpResponse(null, { status: 204 })),
    ]);
    renderList();
    await userEvent.click(
      await screen.findByRole('button', { name: 'API-Zugang Kasse Mitte widerrufen' }),
    );
    const question = within(await screen.findByRole('dialog', { name: 'API-Zugang widerrufen?' }));
    expect(question.getByText(/Aufrufe mit seinem Token werden sofort abgelehnt/)).toBeTruthy();
    await userEvent.click(question.getByRole('button', { name: 'Abbrechen' }));
    expect(api.callsTo('DELETE', `/api-tokens/${active.id}`)).toHaveLength(0);

    await userEvent.click(
      screen.getByRole('button', { name: 'API-Zugang Kasse Mitte widerrufen' }),
    );
    const again = within(await screen.findByRole('dialog', { name: 'API-Zugang widerrufen?' }));
    await userEvent.click(again.getByRole('button', { name: 'Widerrufen' }));
    await expect.poll(() => api.callsTo('DELETE', `/api-tokens/${active.id}`)).toHaveLength(1);
  });
});
