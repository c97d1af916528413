/**
 * Sign-in through an external OpenID provider this project did not write:
 * `oidc-provider` (fixtures/oidc-provider.ts) runs as its own issuer on its
 * own port, and the product runs as a process of its own (own port, own
 * data folder) with OAUTH_JWKS_URL, OAUTH_ISSUER, OAUTH_AUDIENCE and the
 * provider's authorize and token addresses, as an operator configures it
 * (README, "Sign-in with an external provider"). In Chromium: the product
 * sends the signed-out user to the provider, the user signs in there, and
 * is back in the product, signed in; the product's user is created on that
 * first visit and bound to the provider's issuer and subject, so that a
 * later sign-in finds the same user even when the provider then claims
 * another, unverified address.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { signOut, test, tokenOf } from './fixtures';
import { startExternalProvider, type ExternalProvider } from './fixtures/oidc-provider';
import { freePort, startProduct } from './fixtures/product-process';

/** A browser of its own (no cookies of the provider, no token of the product) on `origin`. */
async function freshPage(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    locale: 'de-DE',
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** Opens the product signed out and signs in at the provider's own pages as `login`. */
async function signInAtProvider(page: Page, provider: ExternalProvider, login: string) {
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.origin === provider.issuer);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The provider asks to consent to the product's scopes (first sign-in of this browser).
  await page.getByRole('button', { name: 'Continue' }).click();
}

interface InitUser {
  user: { email: string; level: string; token: { sub: string; iss: string } };
  merchantinfo: { total: number };
}

async function initUser(page: Page): Promise<InitUser> {
  const response = await page.request.post('/api/init-user', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as InitUser;
}

test('a user signs in through an external OpenID provider and is the same user next time', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const productPort = await freePort();
  const productOrigin = `http://localhost:${String(productPort)}`;
  const provider = await startExternalProvider(productOrigin);
  const product = await startProduct(productPort, provider.productEnv(productOrigin));
  try {
    provider.accounts.set('ext-4711', { email: 'Extern.Person@Example.com', emailVerified: true });

    const first = await freshPage(browser, product.origin);
    await signInAtProvider(first, provider, 'ext-4711');
    // Back in the product, signed in as the provider's user, created on this first visit:
    // a user of no merchant yet, whom the product asks to create theirs.
    await expect(first).toHaveURL(`${product.origin}/create`);
    await expect(first.getByRole('heading', { name: 'Händler anlegen', level: 1 })).toBeVisible();
    await first.getByRole('button', { name: 'Benutzermenü' }).click();
    await expect(first.getByTestId('user-email')).toHaveText('extern.person@example.com');
    const created = await initUser(first);
    expect(created.user).toMatchObject({
      email: 'extern.person@example.com',
      level: 'other',
      token: { sub: 'ext-4711', iss: provider.issuer },
    });
    expect(created.merchantinfo.total).toBe(0);

    // Logout ends the product's side only: the provider's session signs the user in again
    // without its form (README, "Sign-in with an external provider", limits).
    await first.keyboard.press('Escape');
    await signOut(first);
    await first.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(first).toHaveURL(`${product.origin}/create`);
    expect((await initUser(first)).user.token.sub).toBe('ext-4711');
    await first.context().close();

    // The provider now claims another address, unverified: the binding decides, not the address.
    provider.accounts.set('ext-4711', {
      email: 'jemand.anderes@example.com',
      emailVerified: false,
    });
    const second = await freshPage(browser, product.origin);
    await signInAtProvider(second, provider, 'ext-4711');
    await expect(second).toHaveURL(`${product.origin}/create`);
    await second.getByRole('button', { name: 'Benutzermenü' }).click();
    await expect(second.getByTestId('user-email')).toHaveText('extern.person@example.com');
    expect((await initUser(second)).user.email).toBe('extern.person@example.com');
    await second.context().close();
  } finally {
    await product.stop();
    await provider.close();
  }
});
