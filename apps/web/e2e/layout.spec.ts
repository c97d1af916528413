/**
 * Every screen at ordinary laptop widths (issue 11, point 7): at 1280 and
 * 1440 px no badge, button or table cell cuts its text and nothing scrolls
 * sideways; at 768 px the drawer is closed and wide tables scroll inside
 * themselves. Screenshots of each screen go to the test's output folder.
 */
import { expect, type Page } from '@playwright/test';
import {
  api,
  chooseMerchant,
  merchantDialog,
  merchantIdentOf,
  navigation,
  seedSubmittedCoupon,
  signInAt,
  signOut,
  test,
} from './fixtures';

interface Cut {
  what: string;
  text: string;
}

/** Badges, buttons, their labels and table cells whose text does not fit, and sideways scrolling. */
async function layoutProblems(page: Page): Promise<{ cut: Cut[]; pageScroll: boolean }> {
  return page.evaluate(() => {
    const selectors = [
      '.mantine-Badge-root',
      '.mantine-Badge-label',
      '.mantine-Button-root',
      '.mantine-Button-label',
      '.mantine-Tabs-tab',
      '.mantine-NavLink-label',
      'header a',
      'th',
      'td',
      // A table's scroll area that scrolls sideways hides some of its columns.
      '.mantine-ScrollArea-viewport',
    ];
    const cut: { what: string; text: string }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selectors.join(','))) {
      if (element.offsetParent === null) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        cut.push({
          what:
            [...element.classList].find((name) => name.startsWith('mantine-')) ??
            element.tagName.toLowerCase(),
          text: (element.textContent ?? '').trim().slice(0, 60),
        });
      }
    }
    const pageScroll = document.documentElement.scrollWidth > window.innerWidth + 1;
    return { cut, pageScroll };
  });
}

async function expectTidy(page: Page, name: string, width: number): Promise<void> {
  // Fonts and lazy parts settle before measuring.
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByTestId('busy-indicator')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  expect(await layoutProblems(page), `${name} at ${width} px`).toEqual({
    cut: [],
    pageScroll: false,
  });
}

test('every screen of an admin fits at 1280 and 1440 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, '/', 'silver@example.com');
  const silberblick = await merchantIdentOf(page);
  const campaignIdent = await seedSubmittedCoupon(
    page,
    silberblick,
    'Herbstrabatt für alle Stammkundinnen und Stammkunden',
  );
  // A campaign without runtime carries the widest phase badge ('Laufzeit ungültig').
  await api(page, 'POST', '/campaigns', { merchant: silberblick, type: 'sweepstake/standard' });
  await signOut(page);

  await signInAt(page, '/', 'admin@example.com');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Händler wechseln/ })
    .click();
  await chooseMerchant(page, 'Keller', 'Autohaus Keller GmbH');
  const keller = await merchantIdentOf(page);

  const screens: [string, string][] = [
    ['dashboard', '/'],
    ['review', '/review'],
    ['campaign-list', `/${silberblick}/campaigns/list`],
    ['campaign-create', `/${silberblick}/campaigns/create`],
    ['campaign-benefit', `/${silberblick}/campaigns/coupon/${campaignIdent}/benefit`],
    ['campaign-handling', `/${silberblick}/campaigns/coupon/${campaignIdent}/handling`],
    ['campaign-review', `/${silberblick}/campaigns/coupon/${campaignIdent}/review`],
    ['merchant', `/${keller}/merchant`],
    ['accounts', `/${keller}/accounts`],
    ['locations', `/${keller}/locations`],
    ['notifications', `/${keller}/notifications`],
  ];
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(navigation(page)).toBeInViewport();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectTidy(page, name, width);
    }
  }
});

test('at 768 px the drawer is closed and wide tables scroll inside themselves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1000 });
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Wagner', 'Buchhandlung Wagner');
  await expect(merchantDialog(page)).toBeHidden();
  const merchantIdent = await merchantIdentOf(page);
  await expect(navigation(page)).not.toBeInViewport();

  await page.goto(`/${merchantIdent}/campaigns/list`);
  await expect(page.getByRole('table', { name: 'Kampagnen' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('campaign-list-768.png'), fullPage: true });
  const { pageScroll } = await layoutProblems(page);
  expect(pageScroll).toBe(false);
  // The whole table is reachable by scrolling its own container.
  const viewport = page
    .getByRole('table', { name: 'Kampagnen' })
    .locator('xpath=ancestor::*[contains(@class, "mantine-ScrollArea-viewport")]');
  expect(await viewport.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
    true,
  );

  for (const screen of ['merchant', 'accounts', 'locations', 'notifications']) {
    await page.goto(`/${merchantIdent}/${screen}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tablist')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${screen}-768.png`), fullPage: true });
    expect((await layoutProblems(page)).pageScroll, `${screen} at 768 px`).toBe(false);
  }
});

/** Pairs of the top bar's visible parts (app name, buttons, links) that overlap. */
async function topBarOverlaps(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => {
    const parts = [...header.querySelectorAll<HTMLElement>('a, button')].filter(
      (element) => element.offsetParent !== null,
    );
    const nameOf = (element: HTMLElement) =>
      (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    const overlaps: string[] = [];
    for (const [i, a] of parts.entries()) {
      for (const b of parts.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const boxA = a.getBoundingClientRect();
        const boxB = b.getBoundingClientRect();
        const apart =
          boxA.right <= boxB.left ||
          boxB.right <= boxA.left ||
          boxA.bottom <= boxB.top ||
          boxB.bottom <= boxA.top;
        if (!apart) overlaps.push(`${nameOf(a)} / ${nameOf(b)}`);
      }
    }
    return overlaps;
  });
}

test('on a phone (390 px) nothing scrolls sideways and the top bar keeps its parts apart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, '/', 'silver@example.com');
  const silberblick = await merchantIdentOf(page);
  for (const path of [
    '/',
    `/${silberblick}/campaigns/list`,
    `/${silberblick}/campaigns/create`,
    `/${silberblick}/merchant`,
    `/${silberblick}/accounts`,
    `/${silberblick}/locations`,
    `/${silberblick}/notifications`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({
      path: test.info().outputPath(`${path.split('/').pop() || 'dashboard'}-390.png`),
      fullPage: true,
    });
    expect((await layoutProblems(page)).pageScroll, `${path} at 390 px`).toBe(false);
    expect(await topBarOverlaps(page), `${path} at 390 px`).toEqual([]);
  }

  // A wizard step: the steps wrap side by side above it, the step's heading
  // stays on the first screen.
  const created = await api<{ campaign: { uuid: string } }>(page, 'POST', '/campaigns', {
    merchant: silberblick,
    type: 'coupon/percent',
  });
  await page.goto(`/${silberblick}/campaigns/coupon/${created.campaign.uuid}/benefit`);
  const heading = page.getByRole('heading', { level: 1, name: 'Vorteil' });
  await expect(heading).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Schritte' });
  await expect(steps.getByRole('link', { name: /^Übersicht/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('wizard-step-390.png'), fullPage: true });
  expect((await steps.boundingBox())?.height).toBeLessThan(200);
  expect((await heading.boundingBox())?.y).toBeLessThan(400);
  expect((await layoutProblems(page)).pageScroll).toBe(false);
  await signOut(page);

  // An admin's top bar carries the merchant button as well.
  await signInAt(page, '/', 'admin@example.com');
  await expect(
    page.getByRole('banner').getByRole('button', { name: /Händler wechseln/ }),
  ).toBeVisible();
  expect(await topBarOverlaps(page)).toEqual([]);
  expect((await layoutProblems(page)).pageScroll).toBe(false);
});
