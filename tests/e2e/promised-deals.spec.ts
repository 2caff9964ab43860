import { expect, test } from '@playwright/test';
import { openShopAt, openShopNow, orderForALaterSlot, serverOrder } from './ordering-support.ts';
import { withoutNewOrderAlert } from './console-support.ts';
import { consoleOrigin } from './urls.ts';

/**
 * Issue 27, item 1: the deal the customer builds is the deal they pay. What the builder promised,
 * what the cart and checkout charge, what place-order stored, the confirmation and the kitchen's
 * board agree to the cent.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('fire-and-slice: the Vegan Feast built is the Vegan Feast charged, from the builder to the kitchen’s board', async ({
  page,
  browser,
}) => {
  // On the real clock, which the API shares: the order is for a later slot the shop accepts whenever the test runs.
  await openShopNow(page, 'fire-and-slice');
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await orderForALaterSlot(page);

  await page.getByRole('link', { name: 'Choose items for Vegan Feast' }).click();
  const builder = page.getByRole('dialog', { name: 'Vegan Feast' });
  const units = builder.locator('[data-special-unit]');
  await expect(units).toHaveCount(3);
  await units.nth(0).getByLabel('Item').selectOption({ label: 'Vegan Margherita' });
  await units.nth(1).getByLabel('Item').selectOption({ label: 'Vegan Margherita' });
  await units.nth(2).getByLabel('Item').selectOption({ label: 'Charred Broccolini' });
  for (const base of await builder.getByLabel('Base').all()) await base.selectOption({ label: 'Sourdough' });
  // Two regular pizzas would also make up "Any Two Regular Pizzas" (better priority, $2 off): the built deal wins.
  await expect(builder.locator('[data-special-preview]')).toHaveText('$55.00 $50.00 · you save $5.00');
  await builder.getByRole('button', { name: 'Add deal to cart' }).tap();
  await expect(builder).toHaveCount(0);

  await page.locator('[data-cart-button]').tap();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  await expect(cart.locator('[data-special-line]')).toHaveCount(1);
  await expect(cart.locator('[data-special-line]')).toContainText('Vegan Feast');
  await expect(cart.locator('[data-total="discount"]')).toHaveText('−$5.00');
  await expect(cart.locator('[data-total="total"]')).toHaveText('$50.00');
  await cart.getByRole('button', { name: 'Checkout' }).tap();

  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.locator('[data-special-line]')).toContainText('Vegan Feast');
  await expect(checkout.locator('[data-total="total"]')).toHaveText('$50.00');
  await checkout.getByLabel('Name').fill('Ada Lovelace');
  await checkout.getByLabel('Phone').fill('0400 555 666');
  await checkout.getByLabel('Email').fill('ada@example.com');
  await checkout.getByRole('button', { name: /^Place order/ }).tap();

  await expect(page).toHaveURL(/\/order\/\?id=/);
  const totals = page.getByRole('definition').filter({ hasText: '−$5.00' });
  await expect(totals).toHaveCount(1);
  await expect(page.getByRole('term').filter({ hasText: 'Vegan Feast' })).toBeVisible();
  await expect(page.locator('[data-order-total]')).toHaveText('$50.00');
  const orderNumber = Number(((await page.locator('[data-order-number]').textContent()) ?? '').replace('#', ''));
  const id = new URL(page.url()).searchParams.get('id') ?? '';

  const stored = (await serverOrder(page, id)) as unknown as {
    discountTotal: number;
    products: { productName: string; deal: { retailerSpecialId: number } | null }[];
    placement: { total: number; deals: { name: string; discount: number }[] };
  };
  expect(stored.placement.total).toBe(50);
  expect(stored.discountTotal).toBe(5);
  expect(stored.placement.deals).toEqual([{ name: 'Vegan Feast', discount: 5 }]);
  expect(stored.products.map((line) => [line.productName, line.deal?.retailerSpecialId])).toEqual([
    ['Vegan Margherita', 9105],
    ['Vegan Margherita', 9105],
    ['Charred Broccolini', 9105],
  ]);

  const kitchen = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage();
  await withoutNewOrderAlert(kitchen);
  await kitchen.goto(consoleOrigin());
  await kitchen.getByLabel('Shop').fill('fire-and-slice');
  await kitchen.getByLabel('Email').fill('kitchen@fire-and-slice.test');
  await kitchen.getByLabel('Password').fill('fire-and-slice-kitchen');
  await kitchen.getByRole('button', { name: 'Sign in' }).click();
  await expect(kitchen.getByRole('article', { name: `Order ${orderNumber}`, exact: true })).toContainText(
    'Total $50.00',
  );
  await kitchen.context().close();
});

// Friday 27 November 2026, 8:40 pm in Melbourne: Midnight Munchies runs Friday and Saturday from 10 pm.
const fridayBeforeTen = '2026-11-27T09:40:00Z';

test('bella-napoli: Midnight Munchies cannot be added at 8:40 pm; its builder says when it is available and offers that time', async ({
  page,
}) => {
  await openShopAt(page, 'bella-napoli', fridayBeforeTen);
  await page.getByRole('link', { name: 'Choose items for Midnight Munchies' }).tap();
  const builder = page.getByRole('dialog', { name: 'Midnight Munchies' });
  await expect(builder.locator('[data-deal-refusal]')).toHaveText(
    'Not available at your order time. Opens at 10:00 pm.',
  );
  const units = builder.locator('[data-special-unit]');
  for (const unit of await units.all()) await unit.getByLabel('Item').selectOption({ index: 1 });
  for (const base of await builder.getByLabel('Base').all()) await base.selectOption({ index: 1 });
  await expect(builder.getByRole('button', { name: 'Add deal to cart' })).toBeDisabled();
  await expect(builder.locator('[data-special-preview]')).toHaveCount(0);

  // It offers the time it starts; taking it makes the deal one that applies, and the cart charges it.
  await builder.getByRole('button', { name: 'Order for today, Fri 27 Nov at 10:00 pm' }).tap();
  await expect(builder.locator('[data-deal-refusal]')).toHaveCount(0);
  await expect(builder.locator('[data-special-saving]')).toBeVisible();
  const saving = (await builder.locator('[data-special-saving]').textContent()) ?? '';
  await builder.getByRole('button', { name: 'Add deal to cart' }).tap();
  await expect(page.locator('[data-order-time-bar] [data-order-time]')).toContainText('10:00 pm');
  await page.locator('[data-cart-button]').first().tap();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  await expect(cart.locator('[data-special-line]')).toContainText('Midnight Munchies');
  await expect(cart.locator('[data-total="discount"]')).toHaveText(`−${saving}`);
});
