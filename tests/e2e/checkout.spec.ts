import { expect, test } from '@playwright/test';
import {
  addProduct,
  centsOf,
  markProcessed,
  openShopAt,
  openShopNow,
  orderForALaterSlot,
  savedOrder,
} from './ordering-support.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne.
const wednesdayEvening = '2026-11-25T08:00:00Z';

test('a guest orders delivery for later, pays cash, and follows the order on its confirmation page', async ({
  page,
}) => {
  await openShopNow(page, 'bella-napoli');
  await page.getByRole('link', { name: 'Add Margherita' }).click();
  const builder = page.getByRole('dialog', { name: 'Margherita' });
  await builder.getByLabel('Large 13"').check();
  await builder.getByLabel('Thin & crispy').check();
  await builder.getByRole('button', { name: 'More: Quantity' }).click();
  await builder.getByRole('button', { name: /Add to cart/ }).click();

  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }).click();
  const when = await orderForALaterSlot(page);
  expect(when).toMatch(/ at /);

  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.locator('[data-checkout-time]')).toHaveText(when);
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(checkout.getByText('Enter your name')).toBeVisible();
  await checkout.getByLabel('Name').fill('Grace Hopper');
  await checkout.getByLabel('Phone').fill('0400 111 222');
  await checkout.getByLabel('Email').fill('grace@example.com');
  await checkout.getByLabel('Street address').fill('12 Lygon Street');
  await checkout.getByLabel('Suburb').selectOption({ label: 'Carlton 3053' });
  await expect(checkout.locator('[data-delivery-terms]')).toContainText('delivery $6.50');
  await checkout.getByLabel('Cash on delivery or pickup').check();
  const total = centsOf(await checkout.locator('[data-total="total"]').textContent());
  await checkout.getByRole('button', { name: /^Place order/ }).click();

  await expect(page).toHaveURL(/\/order\/\?id=/);
  const status = page.locator('[data-order-status]');
  await expect(status).toContainText('Order received');
  await expect(page.locator('[data-order-when]')).toHaveText(when);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(total);
  await expect(page.getByText('12 Lygon Street, Carlton 3053')).toBeVisible();
  expect((await savedOrder(page)).products ?? []).toHaveLength(0);

  await page.reload();
  await expect(status).toContainText('Order received');
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  await markProcessed('bella-napoli', id);
  await page.clock.runFor(16000);
  // Taken before its time, the order for later is accepted, not yet being prepared.
  await expect(status).toContainText('Accepted');
});

test('a refused placement keeps the cart and shows the shop’s reason', async ({ page }) => {
  await openShopAt(page, 'fire-and-slice', wednesdayEvening);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await addProduct(page);
  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByLabel('Name').fill('Alan Turing');
  await checkout.getByLabel('Phone').fill('0400 333 444');
  await checkout.getByLabel('Email').fill('alan@example.com');
  // The shop answers as it would after a price change the page has not seen.
  await page.route('**/api/order/place-order', (route) =>
    route.fulfill({
      status: 422,
      json: {
        success: false,
        message: 'The total is now $99.00, not $20.00. Please check your order and place it again.',
      },
    }),
  );
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(checkout.locator('[data-checkout-error]')).toHaveText(
    'The total is now $99.00, not $20.00. Please check your order and place it again.',
  );
  expect((await savedOrder(page)).products).toHaveLength(1);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a failed Place order sends focus to the first field to fix, and each error goes once its field is fixed', async ({
    page,
  }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    await addProduct(page, 0);
    await page.locator('[data-cart-button]').click();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await cart.getByRole('button', { name: 'Pickup' }).click();
    await cart.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByRole('button', { name: /^Place order/ }).tap();

    await expect(checkout.getByLabel('Name')).toBeFocused();
    await expect(checkout.getByText('Enter your name')).toBeVisible();
    await expect(checkout.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await checkout.getByLabel('Name').fill('Grace Hopper');
    await expect(checkout.getByText('Enter your name')).toHaveCount(0);
    await expect(checkout.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(checkout.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');

    await checkout.getByRole('button', { name: /^Place order/ }).tap();
    await expect(checkout.getByLabel('Phone')).toBeFocused();
  });
});
