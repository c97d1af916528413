// @vitest-environment jsdom
/**
 * The campaign list's filters as a user meets them (docs/product.md#the-campaign-list):
 * the filters kept in the URL, so that choosing a type, status or runtime,
 * or typing a text (once typing pauses), changes the address; a changed
 * filter starts again on page 1; a filtered URL shows its filters chosen;
 * tips are a type only admins and agencies are offered (docs/product.md#roles-and-access).
 */
import type { UserLevel } from '@backoffice/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../../shared/config/runtime-config';
import { clearSession, startSession } from '../../../shared/session/session-store';
import { loadGermanTexts, renderWithApp } from '../../../shared/testing/render';
import { testRuntimeConfig } from '../../../shared/testing/runtime-config';
import { CampaignListPage } from './campaign-list-page';

const MERCHANT = '11111111-1111-4111-8111-111111111111';

/** Signs a user of the given level in, as /init-user would. */
function signIn(level: UserLevel) {
  startSession({
    user: {
      email: `${level}@example.com`,
      locale: 'de-DE',
      level,
      token: { sub: 'user', iss: 'test', exp: 0 },
    },
    merchantinfo: { searchtype: 'single', merchants: [], total: 0 },
  });
}

function renderList(search = '') {
  return renderWithApp(<CampaignListPage />, {
    route: '/:merchantIdent/campaigns/list',
    url: `/${MERCHANT}/campaigns/list${search}`,
  });
}

const filters = () => within(screen.getByRole('region', { name: 'Filter' }));
const params = (rendered: ReturnType<typeof renderList>) =>
  Object.fromEntries(new URLSearchParams(rendered.location().search));

beforeAll(async () => {
  await loadGermanTexts('campaigns');
  setRuntimeConfig(testRuntimeConfig());
});

afterEach(clearSession);

describe('campaign list filters', () => {
  it('puts the chosen type, status and runtime into the URL', async () => {
    const rendered = renderList();
    await userEvent.selectOptions(
      filters().getByRole('combobox', { name: 'Typ' }),
      'Alle Gutscheine',
    );
    expect(params(rendered)).toEqual({ filter_type: 'coupon' });
    await userEvent.selectOptions(filters().getByRole('combobox', { name: 'Status' }), 'Aktiv');
    expect(params(rendered)).toEqual({ filter_type: 'coupon', filter_status: 'active' });
    await userEvent.selectOptions(filters().getByRole('combobox', { name: 'Laufzeit' }), 'Läuft');
    expect(params(rendered)).toEqual({
      filter_type: 'coupon',
      filter_status: 'active',
      filter_runtime: 'running',
    });
    expect(rendered.location().pathname).toBe(`/${MERCHANT}/campaigns/list`);
  });

  it('takes "Alle" off the URL again', async () => {
    const rendered = renderList('?filter_status=ended');
    await userEvent.selectOptions(filters().getByRole('combobox', { name: 'Status' }), 'Alle');
    expect(params(rendered)).toEqual({});
  });

  it('shows the filters a URL holds as chosen, and a changed filter starts on page 1', async () => {
    signIn('agency');
    const rendered = renderList('?filter_type=tip&filter_status=rejected&page=3');
    const type = filters().getByRole('combobox', { name: 'Typ' });
    expect(
      within(type).getByRole<HTMLOptionElement>('option', { name: 'Alle Tipps' }).selected,
    ).toBe(true);
    const status = filters().getByRole('combobox', { name: 'Status' });
    expect(
      within(status).getByRole<HTMLOptionElement>('option', { name: 'Abgelehnt' }).selected,
    ).toBe(true);
    await userEvent.selectOptions(status, 'Freigegeben');
    expect(params(rendered)).toEqual({ filter_type: 'tip', filter_status: 'approved' });
  });

  it('offers tips to admins and agencies only', () => {
    const typeOptions = () =>
      within(filters().getByRole('combobox', { name: 'Typ' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    signIn('other');
    const merchantUser = renderList('?filter_type=tip');
    expect(typeOptions()).not.toContain('Alle Tipps');
    expect(typeOptions()).toContain('Alle Gutscheine');
    // A tip filter in the URL is not theirs: the list is not filtered by it.
    expect(filters().getByRole<HTMLSelectElement>('combobox', { name: 'Typ' }).value).toBe('');
    merchantUser.unmount();
    for (const level of ['admin', 'agency'] as const) {
      signIn(level);
      const rendered = renderList();
      expect(typeOptions()).toContain('Alle Tipps');
      rendered.unmount();
    }
  });

  it('writes the typed text into the URL once typing pauses', async () => {
    const rendered = renderList();
    const text = filters().getByRole('textbox', { name: 'Kampagne' });
    expect(text.getAttribute('placeholder')).toBe('Titel oder ID');
    await userEvent.type(text, 'Sommerfest');
    // Not at every key: the URL (and so the server) hears of it after the pause.
    expect(params(rendered)).toEqual({});
    await waitFor(() => expect(params(rendered)).toEqual({ filter_campaign: 'Sommerfest' }), {
      timeout: 3000,
    });
    await userEvent.clear(text);
    await waitFor(() => expect(params(rendered)).toEqual({}), { timeout: 3000 });
  });
});
