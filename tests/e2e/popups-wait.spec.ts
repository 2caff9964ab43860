import { expect, test } from '@playwright/test';
import { liveStatusAsNormal, openShopAt } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

/** Issue 27, item 5: a retailer's popup never interrupts an order, and its button opens what it advertises in place. */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// Wednesday 25 November 2026, 7:00 pm in Melbourne: every sample shop is open.
const wednesdayEvening = '2026-11-25T08:00:00Z';

test('a customer who taps a dish at once and adds it is never interrupted by the popup', async ({ page }) => {
  await page.clock.install({ time: new Date(wednesdayEvening) });
  await liveStatusAsNormal(page);
  await page.goto(tenantUrl('fire-and-slice'));
  // The first touch of the visit opens a dish, before anything else has started.
  await page.locator('[data-add-product]').first().tap();
  const builder = page.getByRole('dialog').filter({ has: page.locator('[data-builder-submit]') });
  await expect(builder).toBeVisible();
  for (const group of await builder.locator('fieldset[data-field^="option-"][data-required="true"]').all())
    await group.getByRole('radio').first().check();
  await builder.getByRole('button', { name: /Add to cart/ }).tap();
  await expect(builder).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(page.locator('[data-cart-button]').first()).toContainText('1');
  await expect(page.getByRole('dialog', { name: 'Vegan Feast is here' })).toHaveCount(0);
  // Nor on the next page load of the visit, with the dish in the cart.
  await page.reload();
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).tap();
  await page.clock.runFor(10_000);
  await expect(page.getByRole('dialog', { name: 'Vegan Feast is here' })).toHaveCount(0);
});

for (const { shop, popup, button, opens } of [
  { shop: 'fire-and-slice', popup: 'Vegan Feast is here', button: 'Show me', opens: 'Vegan Feast' },
  { shop: 'crust-and-co', popup: 'Footy finals? We open early.', button: 'Order now', opens: 'Order time' },
  {
    shop: 'bella-napoli',
    popup: 'Now delivering to Brunswick East',
    button: 'See delivery areas',
    opens: 'Delivery areas',
  },
]) {
  test(`${shop}: the popup's "${button}" opens ${opens} without reloading the page`, async ({ page }) => {
    await openShopAt(page, shop, wednesdayEvening, { popups: true });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const dialog = page.getByRole('dialog', { name: popup });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: button }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: opens })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
}
