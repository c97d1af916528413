/**
 * Demo data that looks like a business: the demo
 * bakery's campaign list shows drawn promotional pictures (not flat colour
 * fills) under real campaign names, made by the bakery's own people; its
 * dashboard counts kids of every age from 0 to 14 and offers its campaigns
 * by name in the chart; a merchant shows its logo, and the admins' merchant
 * list its internal name.
 *
 * The suite's server runs without demo activity (scripts/e2e-server.mjs:
 * journeys make their own campaigns), so this file starts a second server
 * with it, once for all its tests, on E2E_PORT + 1000 with a fresh data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator } from '@playwright/test';
import { navigation, signInAt, signOut, test as base } from './fixtures';

const port = Number(process.env.E2E_PORT ?? 3100) + 1000;
const baseURL = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '../../..');

const test = base.extend<object, { demoServer: string }>({
  demoServer: [
    // Playwright starts a fixture's own fixtures first: the browser, before the server.
    async ({ browser }, use) => {
      expect(browser.isConnected()).toBe(true);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-demo-'));
      const server: ChildProcess = spawn(
        process.execPath,
        [path.join(root, 'apps/server/dist/bundle/main.js')],
        {
          cwd: root,
          stdio: ['ignore', 'ignore', 'inherit'],
          env: {
            ...process.env,
            PORT: String(port),
            PUBLIC_URL: baseURL,
            DATA_DIR: dataDir,
            LOG_LEVEL: 'warn',
            LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
            DEMO_ACTIVITY: 'true',
          },
        },
      );
      const exited = new Promise((resolve) => server.on('exit', resolve));
      // The first start creates the demo: pictures, campaigns, months of participations.
      await expect
        .poll(
          async () => {
            const response = await fetch(`${baseURL}/ready`).catch(() => undefined);
            return response?.status;
          },
          { timeout: 150_000, intervals: [500] },
        )
        .toBe(200);
      await use(baseURL);
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
});
test.use({ baseURL });

/** The image's size and how many colours a 62×41 copy of it has (a flat fill has one). */
function pictureOf(image: Locator) {
  return image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 62;
    canvas.height = 41;
    const context = canvas.getContext('2d');
    context?.drawImage(element, 0, 0, canvas.width, canvas.height);
    const data = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    const colours = new Set<number>();
    for (let i = 0; i + 2 < data.length; i += 4) {
      colours.add(
        ((data[i] ?? 0) >> 3) * 1024 + ((data[i + 1] ?? 0) >> 3) * 32 + ((data[i + 2] ?? 0) >> 3),
      );
    }
    return { width: element.naturalWidth, height: element.naturalHeight, colours: colours.size };
  });
}

test('the demo bakery lists drawn pictures and real names, made by its own people', async ({
  page,
}) => {
  await signInAt(page, '/', 'owner@example.com');
  await navigation(page).getByRole('link', { name: 'Kampagnen' }).click();
  const rows = page.getByTestId('campaign-row');
  await expect(rows).toHaveCount(7);
  for (const title of [
    '10 % auf alle Brote',
    '3 Brezeln zum Preis von 2',
    '2 € Rabatt auf Torten',
  ]) {
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
  }

  const images = page.getByRole('img', { name: /^Bild der Kampagne / });
  await expect(images).toHaveCount(7);
  const sources = new Set<string>();
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    const picture = await pictureOf(image);
    const name = (await image.getAttribute('alt')) ?? '';
    expect({ width: picture.width, height: picture.height }, name).toEqual({
      width: 620,
      height: 413,
    });
    // A drawn picture: gradients, a product, letters; never one flat colour.
    expect(picture.colours, name).toBeGreaterThan(80);
    sources.add((await image.getAttribute('src')) ?? '');
  }
  expect(sources.size).toBe(7);

  // Edited by the bakery's owner and its staff, never by the admin (a table row
  // names the editor's address alone, "von …" in its tooltip).
  const editor = (email: string) => rows.getByTitle(`von ${email}`, { exact: true });
  await expect(editor('owner@example.com').first()).toBeVisible();
  await expect(editor('staff@example.com').first()).toBeVisible();
  await expect(editor('admin@example.com')).toHaveCount(0);
});

test('the demo dashboard counts kids of every age and names its campaigns', async ({ page }) => {
  await signInAt(page, '/', 'owner@example.com');
  await page.getByTestId('participation-stats').scrollIntoViewIfNeeded();
  const allKids = page.getByRole('table', { name: 'Alle Kinder nach Geschlecht und Alter' });
  await expect(allKids.getByRole('row').nth(1)).toBeVisible();
  const ages = new Set(
    (await allKids.locator('tbody tr td:nth-child(2)').allTextContents()).map((text) =>
      Number.parseInt(text, 10),
    ),
  );
  expect([...ages].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, age) => age));

  const stats = page.getByRole('region', { name: 'Teilnahmen im Zeitverlauf' });
  await stats.getByRole('combobox', { name: 'Kampagnen' }).click();
  await expect(
    page.getByRole('option', { name: '10 % auf alle Brote', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('option', { name: '3 Brezeln zum Preis von 2', exact: true }),
  ).toBeVisible();
});

test('a demo merchant shows its logo, and the admin sees the internal names', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  await navigation(page).getByRole('link', { name: 'Händler' }).click();
  const logo = page.getByRole('img', { name: 'Bild von Café Silberblick KG' });
  await expect(logo).toBeVisible();
  const picture = await pictureOf(logo);
  expect({ width: picture.width, height: picture.height }).toEqual({ width: 400, height: 400 });
  expect(picture.colours).toBeGreaterThan(40);

  await signOut(page);
  await signInAt(page, '/', 'admin@example.com');
  await navigation(page).getByRole('link', { name: 'Händlerliste' }).click();
  const table = page.getByRole('table', { name: 'Händlerliste' });
  await page.getByLabel('Händler filtern').fill('Sonnenschein');
  await expect(
    table.getByRole('row').filter({ hasText: 'Bäckerei Sonnenschein GmbH' }),
  ).toContainText('KD-10427 · Köln-Ehrenfeld · Basic');
});
