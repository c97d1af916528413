/**
 * Follow-ups on the overview step (docs/product.md#the-campaign-wizard "followup creation", docs/product.md#campaigns "parent
 * and followup", docs/product.md#roles-and-access): the create button only for merchants of level 1 and
 * up (the server refuses the others), and a follow-up names its parent
 * campaign with a link to it.
 */
import { expect } from '@playwright/test';
import { api, merchantIdentOf, signInAt, signOut, type Envelope, test } from './fixtures';

const createButton = 'Folgekampagne anlegen';

test('the overview offers a follow-up from merchant level 1 only', async ({ page }) => {
  // owner@example.com acts for a level-0 (basic) merchant.
  await signInAt(page, '/', 'owner@example.com');
  const basic = await merchantIdentOf(page);
  const { campaign: low } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: basic,
    type: 'coupon/percent',
  });
  await page.goto(`/${basic}/campaigns/coupon/${low.uuid}/review`);
  await expect(page.getByRole('heading', { name: 'Folgekampagnen' })).toBeVisible();
  await expect(page.getByRole('button', { name: createButton })).toHaveCount(0);

  // silver@example.com acts for a level-1 (silver) merchant.
  await signOut(page);
  await signInAt(page, '/', 'silver@example.com');
  const silver = await merchantIdentOf(page);
  const { campaign: high } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant: silver,
    type: 'coupon/percent',
  });
  await page.goto(`/${silver}/campaigns/coupon/${high.uuid}/review`);
  await expect(page.getByRole('heading', { name: 'Folgekampagnen' })).toBeVisible();
  await expect(page.getByRole('button', { name: createButton })).toBeVisible();
});

test("a follow-up's overview links to its parent campaign", async ({ page }) => {
  await signInAt(page, '/', 'silver@example.com');
  const merchant = await merchantIdentOf(page);
  const title = `Elternkampagne ${Date.now()}`;
  const { campaign: parent } = await api<Envelope>(page, 'POST', '/campaigns', {
    merchant,
    type: 'coupon/percent',
  });
  await api(page, 'POST', `/campaigns/${parent.uuid}`, { title: { de: title } });
  const { campaign: followup } = await api<Envelope>(
    page,
    'POST',
    `/campaigns/${parent.uuid}/create-followup`,
  );

  await page.goto(`/${merchant}/campaigns/coupon/${followup.uuid}/review`);
  const link = page.getByTestId('parent-campaign').getByRole('link', { name: title });
  // The parent is still being created: its edit link leads to its first step.
  await expect(link).toHaveAttribute(
    'href',
    `/${merchant}/campaigns/coupon/${parent.uuid}/benefit`,
  );
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/coupon/${parent.uuid}/benefit$`));

  // The parent itself has no parent, and lists the follow-up.
  await page.goto(`/${merchant}/campaigns/coupon/${parent.uuid}/review`);
  await expect(page.getByTestId('followup')).toHaveCount(1);
  await expect(page.getByTestId('parent-campaign')).toHaveCount(0);
});
