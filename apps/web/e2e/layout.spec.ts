/**
 * Every screen at ordinary laptop widths: at 1280 and
 * 1440 px no badge, button or table cell cuts its text and nothing scrolls
 * sideways; at 768 px the drawer is closed and nothing scrolls sideways.
 * The campaign list and the wizard at 1440, 1280, 800 and 390 px:
 * no value broken inside a word, rows of at most three
 * lines, every row's actions within reach, the search's placeholder whole.
 * Screenshots of each screen go to the test's output folder.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  api,
  chooseMerchant,
  merchantDialog,
  merchantIdentOf,
  navigation,
  seedCompleteCoupon,
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
    ['background-jobs', '/background-jobs'],
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

test('at 768 px the drawer is closed and the campaigns are cards', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1000 });
  await signInAt(page, '/', 'multi@example.com');
  await chooseMerchant(page, 'Wagner', 'Buchhandlung Wagner');
  await expect(merchantDialog(page)).toBeHidden();
  const merchantIdent = await merchantIdentOf(page);
  await expect(navigation(page)).not.toBeInViewport();

  // The campaign list shows each campaign as a card.
  await api(page, 'POST', '/campaigns', { merchant: merchantIdent, type: 'sweepstake/standard' });
  await page.goto(`/${merchantIdent}/campaigns/list`);
  await expect(page.getByRole('list', { name: 'Kampagnen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Kampagnen' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('campaign-list-768.png'), fullPage: true });
  const { pageScroll } = await layoutProblems(page);
  expect(pageScroll).toBe(false);

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

/**
 * Values broken inside a word: a line break between two letters or digits
 * of one word ("admin@example.co" / "m"). A break after a dash or at a space
 * is a word's own break.
 */
async function midWordBreaks(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const wordCharacter = /[\p{L}\p{N}]/u;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!node.parentElement || node.parentElement.getClientRects().length === 0) continue;
      let previousTop: number | undefined;
      let previous = ' ';
      for (let at = 0; at < text.length; at += 1) {
        const character = text.charAt(at);
        if (/\s/.test(character)) {
          previous = character;
          continue;
        }
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        if (
          previousTop !== undefined &&
          box.top - previousTop > 2 &&
          wordCharacter.test(character) &&
          wordCharacter.test(previous)
        ) {
          found.push(text.trim().slice(0, 60));
          break;
        }
        previousTop = box.top;
        previous = character;
      }
    }
    return found;
  });
}

/** The most lines of text any cell of each row shows (lines cut off by a line clamp not counted). */
async function linesPerRow(page: Page): Promise<number[]> {
  return page.getByTestId('campaign-row').evaluateAll((rows) =>
    rows.map((row) => {
      let most = 0;
      for (const cell of row.children) {
        const boxes: { top: number; bottom: number }[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const shown = node.parentElement?.getBoundingClientRect();
          if (!shown || !(node.textContent ?? '').trim()) continue;
          range.selectNodeContents(node);
          for (const box of range.getClientRects()) {
            if (box.width > 0 && box.top < shown.bottom - 1) boxes.push(box);
          }
        }
        boxes.sort((a, b) => a.top - b.top);
        let lines = 0;
        let bottom = -Infinity;
        for (const box of boxes) {
          if (box.top >= bottom - 2) {
            lines += 1;
            bottom = box.bottom;
          } else bottom = Math.max(bottom, box.bottom);
        }
        most = Math.max(most, lines);
      }
      return most;
    }),
  );
}

/** A row's actions that a user cannot reach: outside the screen or hidden by a container that scrolls or clips. */
async function actionsOutOfReach(page: Page): Promise<string[]> {
  return page.getByTestId('campaign-row').evaluateAll((rows) =>
    rows.flatMap((row) =>
      [
        ...row.querySelectorAll<HTMLElement>(
          '[data-column="actions"] a, [data-column="actions"] button',
        ),
      ]
        .filter((control) => {
          const box = control.getBoundingClientRect();
          if (box.left < 0 || box.right > window.innerWidth) return true;
          for (let parent = control.parentElement; parent; parent = parent.parentElement) {
            const { overflowX } = getComputedStyle(parent);
            if (overflowX === 'visible') continue;
            const frame = parent.getBoundingClientRect();
            if (box.left < frame.left - 1 || box.right > frame.right + 1) return true;
          }
          return false;
        })
        .map((control) => control.getAttribute('aria-label') ?? control.textContent ?? ''),
    ),
  );
}

/** Whether the top bar's search field shows its whole placeholder. */
async function placeholderFits(page: Page): Promise<boolean> {
  return page
    .getByRole('banner')
    .getByLabel('Suche')
    .evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
}

test('the campaign list and the wizard fit at 1440, 1280, 800 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  // Long titles, every status the list shows, and a runtime-less sweepstake (the widest phase badge).
  const long = await seedCompleteCoupon(
    page,
    merchant,
    'Herbstrabatt für alle Stammkundinnen und Stammkunden unseres Cafés am Marktplatz',
  );
  await seedSubmittedCoupon(page, merchant, 'Sonntagsfrühstück mit Brötchenkorb');
  await api(page, 'POST', '/campaigns', { merchant, type: 'sweepstake/standard' });

  for (const width of [1440, 1280, 800, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // The newest changes first: the campaigns seeded here stand on the first page
    // however many earlier journeys added to this merchant.
    await page.goto(`/${merchant}/campaigns/list?order_by=-modified`);
    await expect(page.getByTestId('campaign-row').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expect(page.getByTestId('busy-indicator')).toBeHidden();
    await page.screenshot({
      path: test.info().outputPath(`campaign-list-${width}.png`),
      fullPage: true,
    });
    expect(await midWordBreaks(page), `campaign list at ${width} px`).toEqual([]);
    expect((await layoutProblems(page)).pageScroll, `campaign list at ${width} px`).toBe(false);
    expect(await actionsOutOfReach(page), `campaign list at ${width} px`).toEqual([]);
    if (width >= 1280) {
      // A table whose rows take three lines at most, and that needs no sideways scrolling.
      await expect(page.getByRole('table', { name: 'Kampagnen' })).toBeVisible();
      const lines = await linesPerRow(page);
      expect(
        Math.max(...lines),
        `lines per row at ${width} px: ${lines.join()}`,
      ).toBeLessThanOrEqual(3);
      expect((await layoutProblems(page)).cut, `campaign list at ${width} px`).toEqual([]);
      expect(await placeholderFits(page), `search placeholder at ${width} px`).toBe(true);
    } else {
      // Narrower, each campaign is a card with its actions at its foot.
      await expect(page.getByRole('list', { name: 'Kampagnen' })).toBeVisible();
    }
    // The actions work where they are: the copy's confirmation opens (and is cancelled).
    const row = page.locator(`[data-testid="campaign-row"][data-campaign="${long}"]`);
    await row.getByRole('button', { name: /kopieren$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Kampagne kopieren?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`campaign-clone-confirm-${width}.png`) });
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();

    for (const step of ['benefit', 'review']) {
      await page.goto(`/${merchant}/campaigns/coupon/${long}/${step}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await expect(page.getByTestId('busy-indicator')).toBeHidden();
      await page.screenshot({
        path: test.info().outputPath(`wizard-${step}-${width}.png`),
        fullPage: true,
      });
      expect(await midWordBreaks(page), `wizard ${step} at ${width} px`).toEqual([]);
      expect((await layoutProblems(page)).pageScroll, `wizard ${step} at ${width} px`).toBe(false);
    }
  }
});

test('the dashboard fits at 1440, 1280, 800 and 390 px', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  // A rejected campaign with a long title and reason, and a published one with views.
  const rejected = await seedSubmittedCoupon(
    page,
    merchant,
    'Herbstrabatt für alle Stammkundinnen und Stammkunden unseres Cafés am Marktplatz',
  );
  const published = await seedSubmittedCoupon(page, merchant, 'Sonntagsfrühstück mit Brötchenkorb');
  const admin = await (await browser.newContext()).newPage();
  await signInAt(admin, '/review', 'admin@example.com');
  await api(admin, 'POST', `/campaigns/${rejected}/reject`, {
    reason:
      'Die Kurzbeschreibung nennt den Rabatt nicht, und das Bild zeigt ein anderes Café. Bitte beides ändern und die Kampagne danach erneut einreichen.',
  });
  await api(admin, 'POST', `/campaigns/${published}/approve`);
  const { secret } = await api<{ secret: string }>(admin, 'POST', '/admin/api-keys', {
    name: `E2E Layout ${Date.now()}`,
  });
  await admin.context().close();
  const views = Array.from({ length: 1000 }, (_, index) => ({
    id: randomUUID(),
    type: index % 10 === 0 ? 'view_detail' : 'view_list',
    campaign: published,
    occurred_at: new Date().toISOString(),
  }));
  const sent = await request.post('/api/ingest/events', {
    headers: { 'x-api-key': secret },
    data: { events: views },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  for (const width of [1440, 1280, 800, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('key-figures')).toBeVisible();
    await expect(page.getByTestId('todo-rejected-campaign').first()).toBeVisible();
    // The lazy parts: the conversion table and the chart with the kid statistics.
    await page.getByTestId('conversion').scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Konversion je Kampagne' })).toBeVisible();
    await page.getByTestId('participation-stats').scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'Kinder nach Alter' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await expect(page.getByTestId('busy-indicator')).toBeHidden();
    await page.screenshot({
      path: test.info().outputPath(`dashboard-${width}.png`),
      fullPage: true,
    });
    expect(await midWordBreaks(page), `dashboard at ${width} px`).toEqual([]);
    const { cut, pageScroll } = await layoutProblems(page);
    expect(pageScroll, `dashboard at ${width} px`).toBe(false);
    // Narrower, the top bar's title is shortened on purpose (see the phone test above).
    if (width >= 1280) expect(cut, `dashboard at ${width} px`).toEqual([]);
  }
});
