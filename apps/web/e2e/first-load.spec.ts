/**
 * The first loads stay within their budgets (the sign-in page and
 * the signed-in shell with the dashboard), counted as `npm run bench -- start`
 * counts them: every script the page loads until the network is idle,
 * gzipped at level 6. Bytes, not time: a module imported in the wrong place
 * (zod into the shell, a shared file pulling the screens' common chunks into
 * the dashboard) fails here instead of going unnoticed until the next bench.
 * The shell is measured for a new merchant's owner and for a merchant whose
 * dashboard lists rejected campaigns, whose part loads only then.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { api, merchantIdentOf, seedSubmittedCoupon, signInAt, signOut, test } from './fixtures';

const budgets = JSON.parse(
  readFileSync(new URL('../build/first-load-budgets.json', import.meta.url), 'utf8'),
) as { signInPageKiB: number; shellKiB: number };

/** The gzipped bytes of the scripts the page loads during `load`, by file. */
async function scriptsLoaded(page: Page, load: () => Promise<unknown>) {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void sizes.set(new URL(response.url()).pathname, gzipSync(body).length),
        () => undefined,
      ),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0) / 1024;
  return { total, files: [...sizes.keys()] };
}

test('the sign-in page and the signed-in shell load within their JavaScript budgets', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const signInPage = await context.newPage();
  const signIn = await scriptsLoaded(signInPage, () => signInPage.goto('/oauth2/login'));
  expect(signIn.total, signIn.files.join(', ')).toBeLessThanOrEqual(budgets.signInPageKiB);

  await signInAt(signInPage, '/', 'owner@example.com');
  // A new tab of the signed-in browser: the shell and the dashboard, loaded afresh.
  const shellPage = await context.newPage();
  const shell = await scriptsLoaded(shellPage, () => shellPage.goto('/'));
  await expect(
    shellPage.getByText('Sie handeln für den Händler Bäckerei Sonnenschein GmbH.'),
  ).toBeVisible();
  expect(shell.total, shell.files.join(', ')).toBeLessThanOrEqual(budgets.shellKiB);
  await context.close();
});

test('the shell of a merchant with rejected campaigns loads within the same budget', async ({
  browser,
}) => {
  test.slow();
  // The dashboard's to-do table lists rejected campaigns with a part of its own, loaded
  // only when there are some: it must not bring the campaign screens' shared files along.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await seedSubmittedCoupon(page, merchant, `Abgelehnt ${Date.now()}`);
  await signOut(page);
  await signInAt(page, '/review', 'admin@example.com');
  await api(page, 'POST', `/campaigns/${campaign}/reject`, { reason: 'Bitte überarbeiten.' });
  await signOut(page);
  await signInAt(page, '/', 'silver@example.com');

  const shellPage = await context.newPage();
  const shell = await scriptsLoaded(shellPage, () => shellPage.goto('/'));
  await expect(
    shellPage.locator(`[data-testid="todo-rejected-campaign"][data-campaign="${campaign}"]`),
  ).toBeVisible();
  expect(shell.files.some((file) => file.includes('rejected-campaign-rows'))).toBe(true);
  expect(shell.total, shell.files.join(', ')).toBeLessThanOrEqual(budgets.shellKiB);
  await context.close();
});
