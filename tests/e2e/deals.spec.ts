import { expect, test } from '@playwright/test';
import { centsOf, openShopAt, savedOrder, serverOrder, waitForSync } from './ordering-support.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: bella-napoli is open for both services.
const wednesdayEvening = '2026-11-25T08:00:00Z';

test('a special filled in its builder: the saving shown, the cart discount and the server agree', async ({ page }) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  await page.getByRole('link', { name: 'Choose items for Any Two Large Pizzas' }).click();
  const builder = page.getByRole('dialog', { name: 'Any Two Large Pizzas' });
  const units = builder.locator('[data-special-unit]');
  await expect(units).toHaveCount(2);
  for (const [index, dish] of [
    [0, 'Margherita'],
    [1, 'Diavola'],
  ] as const) {
    await units.nth(index).getByLabel('Item').selectOption({ label: dish });
    await units.nth(index).getByLabel('Base').selectOption({ index: 1 });
  }
  const saving = centsOf(await builder.locator('[data-special-saving]').textContent());
  expect(saving).toBeGreaterThan(0);
  await builder.getByRole('button', { name: 'Add deal to cart' }).click();

  await page.locator('[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  await expect(cart.locator('[data-cart-line]')).toHaveCount(2);
  await expect(cart.locator('[data-special-line]')).toContainText('Any Two Large Pizzas');
  expect(centsOf(await cart.locator('[data-total="discount"]').textContent())).toBe(saving);

  await waitForSync(page);
  const order = await savedOrder(page);
  const stored = (await serverOrder(page, order.encryptedOrderId ?? '')) as unknown as { discountTotal: number };
  expect(Math.round(stored.discountTotal * 100)).toBe(saving);
});

test('the deals selector filters by price and by what is available at the order time', async ({ page }) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  await page.getByRole('link', { name: 'Find a deal' }).click();
  const selector = page.getByRole('dialog', { name: 'Deals' });
  const deals = selector.getByRole('list', { name: 'Deals' }).getByRole('listitem');
  await expect(deals.first()).toBeVisible();
  const all = await deals.count();
  expect(all).toBeGreaterThan(1);
  await selector.getByLabel('Up to').selectOption({ label: '$20.00' });
  for (const price of await deals.locator('[data-special-price]').allTextContents())
    expect(centsOf(price)).toBeLessThanOrEqual(2000);
  await selector.getByLabel('Up to').selectOption({ label: 'any price' });
  await selector.getByLabel('Only deals available now').check();
  // The lunch deal runs 11:30 am to 2:30 pm and is for pickup only: not at 7 pm.
  await expect(deals.filter({ hasText: 'Pickup Lunch Deal' })).toHaveCount(0);
  expect(await deals.count()).toBeLessThan(all);
});

test('the retailer’s popup shows once per visit, and trending dishes open the builder', async ({ page }) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening, { popups: true });
  const popup = page.getByRole('dialog', { name: 'Now delivering to Brunswick East' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).first().click();
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  await expect(popup).toHaveCount(0);

  const trending = page.getByRole('region', { name: 'Popular right now' }).getByRole('link').first();
  const name = (await trending.locator('span').first().textContent()) ?? '';
  await trending.click();
  const builder = page.getByRole('dialog', { name });
  await expect(builder).toBeVisible();
});
