// @vitest-environment jsdom
/**
 * The end of a session while the app is open, as a user meets it: a click
 * whose request is skipped for want of a valid token, a 401 answer, a
 * sign-out in another tab, the token's expiry, and a navigation after it
 * all lead to the login route with the "session ended" message; token,
 * user, merchant and cached answers are gone, and the page the user was at
 * is kept for after the sign-in. A page with unsaved input may hold the way
 * there (its question), and a logout in this tab is not taken for an ended
 * session. The token hooks are wired by the app's own providers.
 */
import './providers';
import type { TInitUserResponse } from '@backoffice/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import {
  createMemoryRouter,
  Link,
  Outlet,
  RouterProvider,
  useBlocker,
  type RouteObject,
} from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { requireSignedIn } from './guards';
import { answer, api } from '../shared/api/client';
import { queryClient } from '../shared/api/query-client';
import { setRuntimeConfig } from '../shared/config/runtime-config';
import { clearSession, getSession, startSession } from '../shared/session/session-store';
import { STORAGE_KEYS } from '../shared/storage';
import { loadGermanTexts } from '../shared/testing/render';
import { testRuntimeConfig } from '../shared/testing/runtime-config';
import { notifyError } from '../shared/ui/notify';
import { loader as logoutLoader } from '../features/auth/pages/logout-route';
import { LoginPage } from '../features/auth/pages/login-page';
import { setSessionRouter } from '../features/auth/session-end';
import { clearToken, storeToken, takeTargetPath } from '../features/auth/token-storage';
import { useSessionWatch } from '../features/auth/use-session-watch';

vi.mock('../shared/ui/notify', () => ({
  ALERT_MS: 5_000,
  ERROR_ALERT_MS: 60_000,
  notifyError: vi.fn(),
  notifyInfo: vi.fn(),
  notifySuccess: vi.fn(),
  clearErrorAlerts: vi.fn(),
}));

const HOUR = 3_600_000;
const APPROVE = 'Freigeben';
const ELSEWHERE = 'Weiter';
const SIGN_OUT = 'Abmelden';
const LEAVE = 'Verlassen';
const MESSAGE = 'Ihre Sitzung ist abgelaufen oder wurde beendet. Bitte melden Sie sich erneut an.';

const INIT: TInitUserResponse = {
  user: {
    email: 'owner@example.com',
    locale: 'de-DE',
    level: 'other',
    token: { sub: 'u1', iss: 'https://bo.example', exp: 2_000_000_000 },
  },
  merchantinfo: { searchtype: 'none', merchants: [], total: 0 },
};

const fetchMock = vi.fn<typeof fetch>();

/** The signed-in screens, watching the session as the shell does. */
function Shell() {
  useSessionWatch();
  return <Outlet />;
}

/** A page with an action (its request), a link elsewhere and a way to sign out. */
function Page({ unsavedInput = false }: { unsavedInput?: boolean }) {
  const blocker = useBlocker(() => unsavedInput);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void answer(
            api.POST('/api/campaigns/{id}/approve', { params: { path: { id: 'c1' } } }),
          ).catch(() => undefined)
        }
      >
        {APPROVE}
      </button>
      <Link to="/other">{ELSEWHERE}</Link>
      <Link to="/oauth2/logout">{SIGN_OUT}</Link>
      {blocker.state === 'blocked' && (
        <button type="button" onClick={() => blocker.proceed()}>
          {LEAVE}
        </button>
      )}
    </>
  );
}

function renderApp(page: ReactElement, options: { guarded?: boolean } = {}) {
  const routes: RouteObject[] = [
    { path: '/oauth2/login', element: <LoginPage /> },
    { path: '/oauth2/logout', loader: logoutLoader, element: null },
    {
      path: '/',
      ...(options.guarded
        ? {
            loader: requireSignedIn,
            shouldRevalidate: () => true,
            hydrateFallbackElement: <></>,
            element: <Outlet />,
          }
        : { element: <Shell /> }),
      children: [
        { path: 'page', element: page },
        { path: 'other', element: null },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/page?tab=2'] });
  setSessionRouter(router);
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

/** The login route with the message, the page kept for after the sign-in, nothing of the session left. */
async function expectSessionEnded(router: ReturnType<typeof renderApp>) {
  await screen.findByText(MESSAGE, {}, { timeout: 3_000 });
  screen.getByText('Sitzung beendet');
  expect(router.state.location.pathname).toBe('/oauth2/login');
  expect(router.state.location.search).toBe('?session=ended');
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  expect(getSession().user).toBeNull();
  expect(queryClient.getQueryData(['campaigns'])).toBeUndefined();
  expect(takeTargetPath()).toBe('/page?tab=2');
}

beforeAll(async () => {
  await loadGermanTexts();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setRuntimeConfig(testRuntimeConfig());
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(notifyError).mockClear();
  sessionStorage.clear();
  // Signed in: a token for an hour, the user, a cached answer.
  storeToken('opaque-token', 3_600);
  startSession(INIT);
  queryClient.setQueryData(['campaigns'], ['c1']);
});

afterEach(() => {
  setSessionRouter(undefined);
  clearToken();
  clearSession();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the end of a session', () => {
  it('a click whose request is skipped for want of a valid token ends the session', async () => {
    const router = renderApp(<Page />);
    // An hour and more later (a computer that slept: no timer has run).
    vi.setSystemTime(Date.now() + 2 * HOUR);
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    await expectSessionEnded(router);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a 401 answer (the session ended on the server) ends it the same way', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ statusCode: 401, message: 'unauthorized' }), { status: 401 }),
    );
    const router = renderApp(<Page />);
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    await expectSessionEnded(router);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a sign-out in another tab takes this tab to the sign-in as well', async () => {
    const router = renderApp(<Page />);
    await screen.findByRole('button', { name: APPROVE });
    // What the other tab's logout does to the shared storage.
    localStorage.removeItem(STORAGE_KEYS.token);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    await expectSessionEnded(router);
  });

  it('the expiry of the token ends the session without any click', async () => {
    vi.useRealTimers();
    storeToken('short-token', 1);
    const router = renderApp(<Page />);
    await expectSessionEnded(router);
  });

  it('a page with unsaved input holds the way there: it says why, and the user may still leave', async () => {
    const router = renderApp(<Page unsavedInput />);
    vi.setSystemTime(Date.now() + 2 * HOUR);
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    const leave = await screen.findByRole('button', { name: LEAVE });
    expect(router.state.location.pathname).toBe('/page');
    expect(notifyError).toHaveBeenCalledWith(MESSAGE, 'Sitzung beendet');
    // Clicking on while the question is open asks nothing new.
    await userEvent.click(screen.getByRole('button', { name: APPROVE }));
    expect(notifyError).toHaveBeenCalledTimes(1);
    await userEvent.click(leave);
    await expectSessionEnded(router);
  });

  it('a navigation after the token expired, in a tab that was signed in, leads there too', async () => {
    const router = renderApp(<Page />, { guarded: true });
    await screen.findByRole('button', { name: APPROVE });
    vi.setSystemTime(Date.now() + 2 * HOUR);
    await userEvent.click(screen.getByRole('link', { name: ELSEWHERE }));
    await screen.findByText(MESSAGE);
    expect(router.state.location.search).toBe('?session=ended');
    expect(takeTargetPath()).toBe('/other');
  });

  it('a logout in this tab is no ended session: the login route shows no such message', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ended: true }), { status: 200 }));
    const router = renderApp(<Page />);
    await userEvent.click(screen.getByRole('link', { name: SIGN_OUT }));
    await screen.findByRole('button', { name: 'Anmelden' });
    expect(router.state.location.pathname).toBe('/oauth2/login');
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });
});
