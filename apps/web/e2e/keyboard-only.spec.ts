/**
 * Keyboard only: sign in, choose a merchant, create a campaign, fill and save
 * one wizard step with the keyboard alone, with a visible focus ring at each
 * stop (the axe checks of every screen: accessibility.spec.ts).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, merchantDialog, test } from './fixtures';

/** The focused element, with whether it shows a focus ring (an outline or a box shadow). */
async function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { tag: 'body', label: '', visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      tag: element.tagName.toLowerCase(),
      label: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '',
      visible: outline || shadow,
    };
  });
}

/** Presses Tab until `target` has focus (at most `limit` times), checking the ring at each stop. */
async function tabTo(page: Page, target: Locator, limit = 40, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    const state = await focusState(page);
    // Past the last control focus leaves the page for the browser's own controls.
    if (state.tag === 'body') continue;
    expect(state.visible, `a visible focus ring on ${state.tag} "${state.label}"`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${String(target)} not reached with ${limit} presses of ${key}`);
}

/** Types the sign-in form with the keyboard alone and submits it with Enter. */
async function signInByKeyboard(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/identity\/authorize\?/);
  await tabTo(page, page.getByLabel('E-Mail-Adresse'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Passwort'));
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Anmelden', exact: true }));
  await page.keyboard.press('Enter');
}

test.describe('keyboard only', () => {
  test('sign in, choose a merchant, create a campaign, fill and save its benefit step', async ({
    page,
  }) => {
    await signInByKeyboard(page, 'multi@example.com');
    const dialog = merchantDialog(page);
    await expect(dialog).toBeVisible();
    const filter = dialog.getByLabel('Händler filtern');
    await tabTo(page, filter);
    await page.keyboard.type('Wagner');
    const choose = dialog.getByRole('button', { name: 'Buchhandlung Wagner auswählen' });
    await expect(choose).toBeVisible();
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'Händler wechseln, aktuell: Buchhandlung Wagner' }),
    ).toBeVisible();

    // The top bar's campaign creation, then a coupon with a percent discount.
    await tabTo(page, page.getByRole('link', { name: 'Kampagne erstellen' }).first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/campaigns\/create$/);
    await expect(page.getByRole('heading', { name: 'Kampagne erstellen', level: 1 })).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: /^Gutschein / }));
    await page.keyboard.press('Enter');
    const percent = page.getByRole('button', { name: /^Gutschein: Prozent-Rabatt / });
    await expect(percent).toBeVisible();
    await tabTo(page, percent);
    await page.keyboard.press('Enter');
    // The confirmation takes the focus on its confirm button.
    const confirm = page
      .getByRole('dialog', { name: 'Gutschein: Prozent-Rabatt anlegen?' })
      .getByRole('button', { name: 'Entwurf anlegen' });
    await expect(confirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/campaigns\/coupon\/[0-9a-f-]{36}\/benefit$/);
    const benefit = page.url();

    // The benefit step: the discount, then Save, which goes on to the next step.
    await expect(page.getByRole('heading', { name: 'Vorteil', level: 1 })).toBeVisible();
    const discount = page.getByLabel('Rabatt in Prozent');
    await tabTo(page, discount);
    await page.keyboard.type('15');
    await tabTo(page, page.getByRole('button', { name: 'Speichern', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/content$/);
    await page.goto(benefit);
    await expect(discount).toHaveValue('15');
  });
});
