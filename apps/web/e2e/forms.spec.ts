/**
 * Forms and the in-app preview: a required field that is
 * focused and left empty says so at once, in every form; the merchant form
 * shows all its invalid fields on a save, the co-registration terms
 * included; the in-app preview shows the list tile's badge whole and the
 * description's bold and lists; switching the description editor from
 * WYSIWYG to markdown and back keeps the formatting.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { api, merchantIdentOf, signInAt, signOut, test, type Envelope } from './fixtures';

/** Focuses a field and leaves it with Tab, without typing. */
async function focusAndLeave(field: Locator): Promise<void> {
  await field.focus();
  await field.press('Tab');
}

/** A campaign (a coupon unless said) created through the API, with the given content saved on it. */
async function couponWith(
  page: Page,
  merchant: string,
  content: object,
  type = 'coupon/percent',
): Promise<string> {
  const { campaign } = await api<Envelope>(page, 'POST', '/campaigns', { merchant, type });
  await api(page, 'POST', `/campaigns/${campaign.uuid}`, content);
  return campaign.uuid;
}

const FILLER = ' Herbstzeit ist Kuchenzeit, und bei uns gibt es jeden Tag frischen Kuchen.'.repeat(
  3,
);
const RICH_HTML =
  `<p>Unser <strong>frischer Kuchen</strong> zum halben Preis.${FILLER}</p>` +
  '<ul><li><p>Apfelkuchen</p></li><li><p>Zwetschgendatschi</p></li></ul>';

test('a required field focused and left empty says so at once, in every form', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);

  // The merchant profile: a new contact's type and value.
  await page.goto(`/${merchant}/merchant`);
  await page.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
  await focusAndLeave(page.getByRole('combobox', { name: /^Kontakt-Typ/ }));
  await expect(page.getByText('Kontakt-Typ muss angegeben werden')).toBeVisible();
  await focusAndLeave(page.getByRole('textbox', { name: /^Kontaktdaten/ }));
  await expect(page.getByText('Konkaktdaten fehlen')).toBeVisible();
  await page.getByRole('button', { name: 'Kontakt entfernen' }).click();

  // A new location.
  await page.goto(`/${merchant}/locations`);
  await page.getByRole('button', { name: 'Standort hinzufügen' }).click();
  const location = page.getByRole('dialog', { name: 'Standort hinzufügen' });
  await focusAndLeave(location.getByRole('textbox', { name: /^Name/ }));
  await expect(location.getByText('Pflichtfeld')).toHaveCount(1);
  await focusAndLeave(location.getByRole('textbox', { name: /^Straße/ }));
  await expect(location.getByText('Pflichtfeld')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('location-required.png') });
  await page.keyboard.press('Escape');
  await expect(location).toBeHidden();

  // The address of an account to add or invite.
  await page.goto(`/${merchant}/accounts`);
  await focusAndLeave(page.getByRole('textbox', { name: /^E-Mail-Adresse/ }));
  await expect(page.getByText('Bitte Email-Adresse angeben')).toBeVisible();

  // A wizard step: the campaign's title.
  // A new campaign, none of its steps saved yet.
  const { campaign: created } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant,
    type: 'coupon/percent',
  });
  const campaign = created.uuid;
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/content`);
  const title = page.getByRole('textbox', { name: /^Titel/ });
  await expect(page.getByText('Pflichtfeld')).toHaveCount(0);
  await focusAndLeave(title);
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription(/Pflichtfeld/);
  await page.screenshot({ path: test.info().outputPath('wizard-required.png'), fullPage: true });
  await signOut(page);

  // An access-code set (admins): every required field, not only the name.
  await signInAt(page, '/access-code-sets/create', 'admin@example.com');
  const form = page.locator('form');
  await focusAndLeave(form.getByRole('textbox', { name: /^Hinweis-Titel/ }));
  await expect(form.getByText('Bitte angeben!')).toHaveCount(1);
  await focusAndLeave(form.getByRole('textbox', { name: /^Hinweis-Text/ }));
  await expect(form.getByText('Bitte angeben!')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('access-code-set-required.png') });
});

test('the merchant form shows all its invalid fields at once on a save, the co-registration terms included', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  await page.goto(`/${merchant}/merchant`);
  const saves = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/merchants\/[^/]+$/.test(request.url())) {
      saves.count += 1;
    }
  });

  await page.getByRole('textbox', { name: /^Name/ }).fill('');
  await page.getByRole('button', { name: 'Kontakt hinzufügen' }).click();
  await page.getByRole('switch', { name: 'Co-Registrierung aktiv' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();

  // The name, the contact's two parts and the four co-registration terms, all at once;
  // the first of them has the focus, in view.
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(page.getByText('Kontakt-Typ muss angegeben werden')).toBeVisible();
  await expect(page.getByText('Konkaktdaten fehlen')).toBeVisible();
  await expect(page.getByText('Pflichtfeld', { exact: true })).toHaveCount(5);
  for (const term of [
    'Name des Sponsors',
    'E-Mail-Adresse für Abmeldungen',
    'URL der Datenschutzerklärung',
    'Postanschrift / Kontakt',
  ]) {
    await expect(page.getByRole('textbox', { name: new RegExp(`^${term}`) })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  }
  await page.screenshot({
    path: test.info().outputPath('merchant-all-invalid.png'),
    fullPage: true,
  });
  expect(saves.count).toBe(0);
});

test('the in-app preview shows the list tile’s benefit badge whole', async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await couponWith(
    page,
    merchant,
    {
      title: { de: 'Großes Herbstgewinnspiel' },
      prizes: [
        { count: 12, value: 123456, name: 'Kaffeevollautomat', redemption: 'postal_delivery' },
      ],
    },
    'sweepstake/standard',
  );
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${merchant}/campaigns/view-in-app/${campaign}`);
    const tile = page.getByTestId('app-tile');
    const badge = tile.locator('.mantine-Badge-root');
    await expect(badge).toHaveText(/12 Gewinne im Gesamtwert von 14\.814,72\s€/);
    // Not cut off: the label shows all of its text, and the badge stays inside the tile.
    const label = badge.locator('.mantine-Badge-label');
    const clipped = await label.evaluate(
      (element) =>
        element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
    );
    expect(clipped).toBe(false);
    const tileBox = await tile.boundingBox();
    const badgeBox = await badge.boundingBox();
    expect(badgeBox && tileBox && badgeBox.x + badgeBox.width <= tileBox.x + tileBox.width).toBe(
      true,
    );
    await page.screenshot({ path: test.info().outputPath(`app-tile-${width}.png`) });
  }
});

test('the in-app preview keeps the description’s bold and lists, in both formats', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await couponWith(page, merchant, {
    title: { de: 'Kuchenwoche' },
    description_format: 'wysiwyg',
    description: { de: RICH_HTML },
  });
  await page.goto(`/${merchant}/campaigns/view-in-app/${campaign}`);
  const description = page.getByTestId('app-description');
  await expect(description.locator('strong')).toHaveText('frischer Kuchen');
  await expect(description.getByRole('listitem')).toHaveText(['Apfelkuchen', 'Zwetschgendatschi']);
  await expect(description).not.toContainText('<strong>');
  await page.screenshot({ path: test.info().outputPath('app-description.png') });

  await api(page, 'POST', `/campaigns/${campaign}`, {
    description_format: 'markdown',
    description: { de: `Nur **diese Woche**:${FILLER}\n\n- Apfelkuchen\n- Käsekuchen` },
  });
  await page.reload();
  await expect(description.locator('strong')).toHaveText('diese Woche');
  await expect(description.getByRole('listitem')).toHaveText(['Apfelkuchen', 'Käsekuchen']);
  await expect(description).not.toContainText('**');
});

test('switching the description from WYSIWYG to markdown and back keeps bold and lists', async ({
  page,
}) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const campaign = await couponWith(page, merchant, {
    title: { de: 'Kuchenwoche' },
    description_format: 'wysiwyg',
    description: { de: RICH_HTML },
  });
  await page.goto(`/${merchant}/campaigns/coupon/${campaign}/content`);
  const editor = page.getByRole('textbox', { name: 'Beschreibung' });
  await expect(editor.locator('strong')).toHaveText('frischer Kuchen');

  await page.getByText('Markdown', { exact: true }).click();
  // Converted (turndown loads first), the markdown editor and its preview replace the editor.
  const preview = page.getByTestId('markdown-preview');
  await expect(preview).toBeVisible();
  const markdown = page.getByRole('textbox', { name: /^Beschreibung/ });
  await expect(markdown).toHaveValue(/\*\*frischer Kuchen\*\*/);
  await expect(markdown).toHaveValue(/^- Apfelkuchen$/m);
  await expect(markdown).toHaveValue(/^- Zwetschgendatschi$/m);
  // The markdown preview beside it shows the same formatting.
  await expect(preview.locator('strong')).toHaveText('frischer Kuchen');
  await expect(preview.getByRole('listitem')).toHaveText(['Apfelkuchen', 'Zwetschgendatschi']);
  await page.screenshot({ path: test.info().outputPath('markdown-converted.png') });

  await page.getByText('Editor (WYSIWYG)', { exact: true }).click();
  await expect(editor.locator('strong')).toHaveText('frischer Kuchen');
  await expect(editor.getByRole('listitem')).toHaveText(['Apfelkuchen', 'Zwetschgendatschi']);
});
