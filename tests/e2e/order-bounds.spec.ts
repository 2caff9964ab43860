import { expect, test } from '@playwright/test';
import { centsOf, openShopAt } from './ordering-support.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: bella-napoli is open.
const wednesdayEvening = '2026-11-25T08:00:00Z';

test('a cart over the shop’s $1,000 says to call the shop before checkout, and one under it checks out', async ({
  page,
}) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  await page.getByRole('link', { name: 'Add Margherita' }).click();
  const builder = page.getByRole('dialog', { name: 'Margherita' });
  await builder.getByLabel('Large 13"').check();
  await builder.getByLabel('Thin & crispy').check();
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await expect(builder).toHaveCount(0);
  // Pickup: the total is one amount, not a range set by the suburb.
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();

  await page.locator('[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  const bound = cart.locator('[data-order-bound]');
  const checkout = cart.getByRole('button', { name: 'Checkout' });
  const more = cart.getByRole('button', { name: /^More: Quantity of Margherita/ });
  const total = async () => centsOf(await cart.locator('[data-total="total"]').textContent());
  await expect(checkout).toBeEnabled();
  // One more pizza at a time, as a customer would, until the cart passes the shop's bound.
  for (let quantity = 1; (await total()) <= 100_000; quantity += 1) {
    await more.click();
    await expect(cart.getByRole('group', { name: /Quantity of Margherita/ })).toContainText(String(quantity + 1));
  }
  await expect(bound).toHaveText(
    'Online orders are limited to $1,000.00. For a larger order, please call Bella Napoli Pizzeria on (03) 9347 2210.',
  );
  await expect(checkout).toBeDisabled();

  await cart.getByRole('button', { name: /^Fewer: Quantity of Margherita/ }).click();
  await expect(bound).toHaveCount(0);
  await expect(checkout).toBeEnabled();
  expect(await total()).toBeLessThanOrEqual(100_000);
});
