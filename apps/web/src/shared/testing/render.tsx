/**
 * Renders a component for a component test (Vitest + Testing Library in
 * jsdom) the way the app does: Mantine, the German catalogue, a router at a
 * given URL and a QueryClient the test may fill with answers beforehand.
 * Only test files import this.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type Location,
} from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { initI18n, loadTexts } from '../i18n/i18n';
import type { TextPartName } from '../i18n/text-parts';

// Browser parts jsdom lacks and Mantine uses: no media query matches, nothing resizes.
// Typed as always there, hence set through views that say they may be missing.
const browser: {
  matchMedia?: (query: string) => Omit<MediaQueryList, 'addListener' | 'removeListener'>;
  ResizeObserver?: typeof ResizeObserver;
} = window;
browser.matchMedia ??= (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});
browser.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
const elements: { scrollIntoView?: () => void } = Element.prototype;
elements.scrollIntoView ??= () => undefined;
// Autosizing text areas wait for web fonts, which jsdom does not load.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(cleanup);

// HTML that browsers would repair differently from what React rendered (a <p>
// inside a <p>, a <div> inside a <button>): React only warns, a test fails.
const invalidNesting: string[] = [];
const reportError = console.error.bind(console);
beforeEach(() => {
  invalidNesting.length = 0;
  console.error = (...args: unknown[]) => {
    // React formats the message itself: "In HTML, %s cannot be a descendant of <%s>. …"
    const [format, ...values] = args.map(String);
    if (format?.startsWith('In HTML, ')) {
      let at = 0;
      const message = format.replace(/%s/g, () => values[at++] ?? '');
      invalidNesting.push(message.split('\n')[0] ?? message);
    }
    reportError(...args);
  };
});
afterEach(() => {
  console.error = reportError;
  if (invalidNesting.length > 0) {
    throw new Error(`Invalid HTML nesting rendered: ${invalidNesting.join('; ')}`);
  }
});

/** The German catalogue with the given feature parts, as the app loads it for de-DE. */
export async function loadGermanTexts(...parts: TextPartName[]): Promise<void> {
  await initI18n('de-DE', ['de-DE']);
  await Promise.all(parts.map((part) => loadTexts(part)));
}

export interface RenderOptions {
  /** The route pattern the component is rendered under, e.g. '/:merchantIdent/campaigns/list'. */
  route?: string;
  /** The URL the router starts at. */
  url?: string;
  queryClient?: QueryClient;
}

export interface Rendered extends RenderResult {
  /** Where the router is now (path and search), as the address bar would show it. */
  location: () => Location;
  queryClient: QueryClient;
}

/** A QueryClient that never retries, so a test's missing answer shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

export function renderWithApp(ui: ReactElement, options: RenderOptions = {}): Rendered {
  const { route = '/', url = '/', queryClient = testQueryClient() } = options;
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  // A data router, as the app has: what needs one (the wizard's unsaved-changes blocker) works.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          { path: route, element: ui },
          ...(route === '*' ? [] : [{ path: '*', element: null }]),
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return {
    ...result,
    queryClient,
    location: () => {
      if (!current) throw new Error('the router has not rendered');
      return current;
    },
  };
}
