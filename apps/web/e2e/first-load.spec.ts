/**
 * The first loads stay within their budgets (issue 16: the sign-in page and
 * the signed-in shell with the dashboard), counted as `npm run bench -- start`
 * counts them: every script the page loads until the network is idle,
 * gzipped at level 6. Bytes, not time: a module imported in the wrong place
 * (zod into the shell, a shared file pulling the screens' common chunks into
 * the dashboard) fails here instead of going unnoticed until the next bench.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { signInAt, test } from './fixtures';

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
