import { expect, test, type Locator, type Page } from '@playwright/test';
import { centsOf, openShopAt, openShopNow, orderForALaterSlot } from './ordering-support.ts';
import { expectInsideScreen, expectNoSidewaysScroll } from './screen-support.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: bella-napoli delivers.
const wednesdayEvening = '2026-11-25T08:00:00Z';

// bella-napoli: Carlton & Fitzroy deliver for $6.50 with a $30 minimum (its base terms), the other zones for $8.50 with $40.
const devices = [
  {
    name: 'on a 390 px touch phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
  { name: 'on a desktop', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
];

/** A tap on a touch screen, a click elsewhere. */
async function press(page: Page, target: Locator): Promise<void> {
  if ((await page.evaluate(() => navigator.maxTouchPoints)) > 0) await target.tap();
  else await target.click();
}

/** Adds a Margherita of the given size, on the first of each required choice, from its builder. */
async function addMargherita(page: Page, size: 'Small 10"' | 'Large 13"'): Promise<void> {
  await press(page, page.getByRole('link', { name: 'Add Margherita' }));
  const builder = page.getByRole('dialog', { name: 'Margherita' });
  await builder.getByLabel(size).check();
  for (const group of await builder.locator('fieldset[data-field^="option-"][data-required="true"]').all())
    await group.getByRole('radio').first().check();
  await press(page, builder.getByRole('button', { name: /Add to cart/ }));
  await expect(builder).toHaveCount(0);
}

async function openCart(page: Page): Promise<Locator> {
  await press(page, page.locator('[data-cart-button]'));
  return page.getByRole('dialog', { name: 'Your order' });
}

for (const device of devices) {
  test.describe(device.name, () => {
    test.use(device.use);

    test('the cart shows the delivery fee range until the suburb is chosen, then the one fee and total that checkout keeps', async ({
      page,
    }) => {
      await openShopAt(page, 'bella-napoli', wednesdayEvening);
      await press(page, page.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }));
      await addMargherita(page, 'Large 13"');
      await addMargherita(page, 'Small 10"');

      let cart = await openCart(page);
      await expect(cart.locator('[data-total="subtotal"]')).toHaveText('$38.00');
      await expect(cart.locator('[data-delivery-terms]')).toHaveText(
        'Delivery $6.50–$8.50 and minimum order $30.00–$40.00, set by your suburb.',
      );
      await expect(cart.locator('[data-total="delivery"]')).toHaveText('$6.50–$8.50');
      await expect(cart.locator('[data-total="total"]')).toHaveText('$44.50–$46.50');
      await expect(cart.locator('[data-total-pending]')).toHaveText('Choose your suburb to see the final total.');
      await expect(cart.locator('[data-minimum-order]')).toHaveText(
        'The minimum for delivery is $30.00–$40.00, set by your suburb.',
      );
      const suburb = cart.getByLabel('Delivering to');
      await expectInsideScreen(page, suburb, 'the suburb select');
      await expectInsideScreen(page, cart.locator('[data-delivery-terms]'), 'the delivery range');

      await suburb.selectOption({ label: 'Fitzroy North 3068' });
      await expect(cart.locator('[data-delivery-terms]')).toHaveText(
        'Brunswick & North Fitzroy: delivery $8.50, minimum order $40.00',
      );
      await expect(cart.locator('[data-total="delivery"]')).toHaveText('$8.50');
      await expect(cart.locator('[data-total="total"]')).toHaveText('$46.50');
      await expect(cart.locator('[data-total-pending]')).toHaveCount(0);
      await expect(cart.locator('[data-minimum-order]')).toHaveText(
        'The minimum for delivery is $40.00. Add $2.00 more to order.',
      );
      await expect(cart.getByRole('button', { name: 'Checkout' })).toBeDisabled();

      await suburb.selectOption({ label: 'Carlton 3053' });
      await expect(cart.locator('[data-total="delivery"]')).toHaveText('$6.50');
      await expect(cart.locator('[data-total="total"]')).toHaveText('$44.50');
      await expect(cart.locator('[data-minimum-order]')).toHaveCount(0);
      await expectNoSidewaysScroll(page, 'the cart');

      // The suburb is part of the saved order: it is still chosen after a reload.
      await page.reload();
      await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
      cart = await openCart(page);
      await expect(cart.getByLabel('Delivering to').locator('option:checked')).toHaveText('Carlton 3053');
      await expect(cart.locator('[data-total="total"]')).toHaveText('$44.50');

      await press(page, cart.getByRole('button', { name: 'Checkout' }));
      const checkout = page.getByRole('dialog', { name: 'Checkout' });
      await expect(checkout.getByLabel('Suburb').locator('option:checked')).toHaveText('Carlton 3053');
      await expect(checkout.locator('[data-total="delivery"]')).toHaveText('$6.50');
      await expect(checkout.locator('[data-total="total"]')).toHaveText('$44.50');
      await expect(checkout.getByRole('button', { name: /^Place order/ })).toHaveText('Place order · $44.50');

      // A suburb changed at checkout is the cart's suburb too.
      await checkout.getByLabel('Suburb').selectOption({ label: 'Fitzroy North 3068' });
      await expect(checkout.locator('[data-total="total"]')).toHaveText('$46.50');
      await press(page, checkout.getByRole('button', { name: 'Back to cart' }));
      await expect(cart.getByLabel('Delivering to').locator('option:checked')).toHaveText('Fitzroy North 3068');
      await expect(cart.locator('[data-total="delivery"]')).toHaveText('$8.50');
    });

    test('the delivery fee chosen in the cart is the one checkout charges and the confirmation shows', async ({
      page,
    }) => {
      // Placed through the shop's API, which checks the order time on its own clock: the page runs on it too and orders for a later slot.
      test.setTimeout(60_000);
      await openShopNow(page, 'bella-napoli');
      await addMargherita(page, 'Large 13"');
      await addMargherita(page, 'Large 13"');
      await press(page, page.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }));
      await orderForALaterSlot(page);

      const cart = await openCart(page);
      await expect(cart.locator('[data-total-pending]')).toBeVisible();
      await cart.getByLabel('Delivering to').selectOption({ label: 'Fitzroy North 3068' });
      await expect(cart.locator('[data-total="delivery"]')).toHaveText('$8.50');
      const total = (await cart.locator('[data-total="total"]').textContent()) ?? '';
      const items =
        centsOf(await cart.locator('[data-total="subtotal"]').textContent()) -
        (await cart.locator('[data-total="discount"]').allTextContents()).reduce((sum, text) => sum + centsOf(text), 0);
      expect(centsOf(total)).toBe(items + 850);

      await press(page, cart.getByRole('button', { name: 'Checkout' }));
      const checkout = page.getByRole('dialog', { name: 'Checkout' });
      await expect(checkout.locator('[data-total="delivery"]')).toHaveText('$8.50');
      await expect(checkout.locator('[data-total="total"]')).toHaveText(total);
      await checkout.getByLabel('Name').fill('Grace Hopper');
      await checkout.getByLabel('Phone').fill('0400 111 222');
      await checkout.getByLabel('Email').fill('grace@example.com');
      await checkout.getByLabel('Street address').fill('3 Best Street');
      await press(page, checkout.getByRole('button', { name: `Place order · ${total}` }));

      await expect(page).toHaveURL(/\/order\/\?id=/);
      await expect(page.locator('[data-order-place]')).toHaveText('3 Best Street, Fitzroy North 3068');
      await expect(page.locator('dt:text-is("Delivery fee") + dd')).toHaveText('$8.50');
      await expect(page.locator('[data-order-total]')).toHaveText(total);
    });
  });
}
