// @vitest-environment jsdom
/**
 * The merchant pages against a server that fails as servers do: a page whose
 * load fails says so with the error and offers another try (not-found only
 * for a 404); a failed change is alerted once, by whoever words it; and a
 * change of account roles refreshes what the server recomputes from them.
 */
import {
  NOTIFICATION_EVENTS,
  type NotificationSettings,
  type TAccountListResponse,
  type TNotificationListResponse,
} from '@backoffice/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { merchantKeys } from '../../../shared/resources/merchants/merchant-keys';
import { fail, networkDown, ok, type Answer } from '../../../shared/testing/msw/answers';
import { merchantHandlers } from '../../../shared/testing/msw/handlers/merchants';
import { mockApi } from '../../../shared/testing/msw/mock-api';
import { loadGermanTexts, renderWithApp, testQueryClient } from '../../../shared/testing/render';
import { notifyError } from '../../../shared/ui/notify';
import { AccountsPage } from './accounts-page';
import { LocationsPage } from './locations-page';
import { MerchantEditPage } from './merchant-edit-page';
import { NotificationsPage } from './notifications-page';

vi.mock('../../../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/ui/notify')>()),
  notifyError: vi.fn(),
}));

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const ACCOUNT = '22222222-2222-4222-8222-222222222222';
const BASE = `/merchants/${MERCHANT}`;

const ACCOUNTS: TAccountListResponse = {
  rows: [
    {
      id: ACCOUNT,
      email: 'staff@example.com',
      roles: ['manage-campaigns'],
      pending_invitation: false,
      is_self: false,
      two_factor: false,
    },
  ],
  limit: null,
};
const settings = (on: boolean) =>
  Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, on])) as NotificationSettings;
const NOTIFICATIONS: TNotificationListResponse = {
  rows: [
    {
      account_id: ACCOUNT,
      email: 'staff@example.com',
      is_self: false,
      editable: true,
      settings: settings(false),
    },
  ],
};

const PAGES: [string, ComponentType, string][] = [
  ['the profile', MerchantEditPage, 'merchant'],
  ['the accounts', AccountsPage, 'accounts'],
  ['the locations', LocationsPage, 'locations'],
  ['the notifications', NotificationsPage, 'notifications'],
];
/** The GET each page loads its object with. */
const loadPath = (segment: string) => (segment === 'merchant' ? BASE : `${BASE}/${segment}`);

function renderPage(Page: ComponentType, segment: string, queryClient = testQueryClient()) {
  return renderWithApp(<Page />, {
    route: `/:merchantIdent/${segment}`,
    url: `/${MERCHANT}/${segment}`,
    queryClient,
  });
}

beforeAll(async () => {
  await loadGermanTexts('merchants');
});
beforeEach(() => vi.mocked(notifyError).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('a merchant page whose load fails', () => {
  it.each(PAGES)(
    '%s: says the load failed, with the error, and tries again',
    async (_, Page, segment) => {
      const api = mockApi([merchantHandlers.all(fail(503, 'service_unavailable'))]);
      renderPage(Page, segment);
      const failed = await screen.findByTestId('load-failed');
      expect(within(failed).getByText('Laden fehlgeschlagen')).toBeTruthy();
      expect(failed.textContent).toContain('HTTP 503');
      expect(screen.queryByText('Seite nicht gefunden')).toBeNull();
      await userEvent.click(within(failed).getByRole('button', { name: 'Erneut versuchen' }));
      await waitFor(() => expect(api.callsTo('GET', loadPath(segment))).toHaveLength(2));
    },
  );

  it.each(PAGES)('%s: without an answer, says the request failed', async (_, Page, segment) => {
    mockApi([merchantHandlers.all(networkDown)]);
    renderPage(Page, segment);
    const failed = await screen.findByTestId('load-failed');
    expect(failed.textContent).toContain('Could not send request');
    expect(screen.queryByText('Seite nicht gefunden')).toBeNull();
  });

  it.each(PAGES)(
    '%s: is not found only when the server says so (404)',
    async (_, Page, segment) => {
      mockApi([merchantHandlers.all(fail(404, 'not_found'))]);
      renderPage(Page, segment);
      expect(await screen.findByText('Seite nicht gefunden')).toBeTruthy();
      expect(screen.queryByTestId('load-failed')).toBeNull();
    },
  );

  it('shows the page once another try succeeds', async () => {
    let down = true;
    mockApi([merchantHandlers.all((info) => (down ? networkDown : ok(NOTIFICATIONS))(info))]);
    renderPage(NotificationsPage, 'notifications');
    const failed = await screen.findByTestId('load-failed');
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('cell', { name: 'staff@example.com' })).toBeTruthy();
    expect(screen.queryByTestId('load-failed')).toBeNull();
  });
});

describe('a change of account roles', () => {
  const contactBox = () =>
    screen.findByRole('checkbox', { name: 'Ansprechpartner für staff@example.com' });

  /** The accounts page, whose role change the server answers with `answer`. */
  async function changeRole(answer: Answer) {
    const api = mockApi([
      merchantHandlers.changeAccount(answer),
      merchantHandlers.getAccounts(ok(ACCOUNTS)),
      merchantHandlers.all(ok({})),
    ]);
    const queryClient = testQueryClient();
    // What other tabs of the merchant had loaded before.
    queryClient.setQueryData(merchantKeys.detail(MERCHANT), { uuid: MERCHANT });
    queryClient.setQueryData(merchantKeys.notifications(MERCHANT), NOTIFICATIONS);
    queryClient.setQueryData(merchantKeys.lists(), { rows: [] });
    renderPage(AccountsPage, 'accounts', queryClient);
    const box = await contactBox();
    await userEvent.click(box);
    await waitFor(() => expect(api.callsTo('POST', `${BASE}/accounts/${ACCOUNT}`)).toHaveLength(1));
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    return queryClient;
  }

  it('refreshes the profile, the merchant lists and the notifications, which the roles decide', async () => {
    const queryClient = await changeRole(
      ok({ ...ACCOUNTS.rows[0], roles: ['manage-campaigns', 'contact'] }),
    );
    const invalidated = (key: readonly unknown[]) =>
      queryClient.getQueryState(key)?.isInvalidated ?? false;
    await waitFor(() => expect(invalidated(merchantKeys.detail(MERCHANT))).toBe(true));
    expect(invalidated(merchantKeys.notifications(MERCHANT))).toBe(true);
    expect(invalidated(merchantKeys.lists())).toBe(true);
  });

  it.each([
    ['a server error (the client alerts it)', fail(503, 'service_unavailable')],
    ['too many requests (the client alerts it)', fail(429, 'rate_limited')],
    ['no answer (the client alerts it)', networkDown],
    ['a refusal the page words', fail(409, 'last_account_manager')],
  ])('alerts %s once', async (_, answer) => {
    await changeRole(answer);
    // Whatever alert would follow has been raised by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(notifyError)).toHaveBeenCalledTimes(1);
  });
});
