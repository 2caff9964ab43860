import { expect, test, type Locator, type Page } from '@playwright/test';
import { addProduct, centsOf, openShopAt } from './ordering-support.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: every sample shop is open.
const wednesdayEvening = '2026-11-25T08:00:00Z';

const phone = (width: number) => ({ viewport: { width, height: 780 }, hasTouch: true, isMobile: true });

/** What each cart line says, in order: title, words and price. */
const cartLines = (cart: Locator) => cart.locator('[data-cart-line]').allInnerTexts();

/** crust-and-co's Plain Cheese / Pepperoni half & half, large, garlic-butter crust, extra mozzarella on the Pepperoni half: nine taps. */
async function addHalfAndHalf(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Add Plain Cheese', exact: true }).first().tap();
  const builder = page.getByRole('dialog', { name: 'Plain Cheese' });
  await builder.getByLabel('Large 18"').tap();
  await builder.getByLabel('Garlic-butter crust').tap();
  await builder
    .getByRole('group', { name: /^Half & half/ })
    .getByLabel('Other half')
    .selectOption({
      label: 'Half Pepperoni · $40.00',
    });
  const secondHalf = builder.getByRole('region', { name: 'Pepperoni half' });
  await secondHalf.getByRole('button', { name: 'More: Extra Low-moisture mozzarella' }).tap();
  await builder.locator('[data-builder-submit]').tap();
  await expect(builder).toHaveCount(0);
}

for (const width of [360, 390]) {
  test.describe(`phone ${width} px`, () => {
    test.use(phone(width));

    test('"−" at one is a bin that removes the line, and Undo puts the exact line back at its place', async ({
      page,
    }) => {
      await openShopAt(page, 'crust-and-co', wednesdayEvening);
      await addProduct(page, 0);
      await addHalfAndHalf(page);
      await addProduct(page, 1);
      await page.locator('[data-cart-button]').first().tap();
      const cart = page.getByRole('dialog', { name: 'Your order' });
      await expect(cart.locator('[data-cart-line]')).toHaveCount(3);
      const before = await cartLines(cart);
      const total = await cart.locator('[data-total="total"]').textContent();
      expect(before[1]).toContain('Pepperoni half: Extra Low-moisture mozzarella');

      // At one the stepper's "−" says what it does; "Fewer" comes back above one.
      const middle = cart.locator('[data-cart-line]').nth(1);
      await middle.getByRole('button', { name: 'More: Quantity of Plain Cheese / Pepperoni' }).tap();
      await expect(middle.getByRole('button', { name: 'Fewer: Quantity of Plain Cheese / Pepperoni' })).toBeVisible();
      await middle.getByRole('button', { name: 'Fewer: Quantity of Plain Cheese / Pepperoni' }).tap();
      const bin = cart.getByRole('button', { name: 'Remove Plain Cheese / Pepperoni', exact: true });
      await expect(bin).toHaveCount(1);
      await expect(bin.locator('svg')).toBeVisible();

      await bin.tap();
      await expect(cart.locator('[data-cart-line]')).toHaveCount(2);
      const undo = cart.getByRole('button', { name: 'Undo' });
      await expect(undo).toBeFocused();
      await expect(cart.locator('[data-cart-removed]')).toContainText('Removed Plain Cheese / Pepperoni');
      // The offer stands where the line stood: between the two lines left.
      const rows = cart.getByRole('list', { name: 'Items in your cart' }).locator(':scope > li');
      await expect(rows.nth(1)).toHaveAttribute('data-cart-removed');
      await expect(cart.locator('[data-total="total"]')).not.toHaveText(total ?? '');

      await undo.tap();
      await expect(cart.locator('[data-cart-removed]')).toHaveCount(0);
      expect(await cartLines(cart)).toEqual(before);
      await expect(cart.locator('[data-total="total"]')).toHaveText(total ?? '');
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('orderStore') ?? '{}'));
      expect(saved.products[1]).toMatchObject({
        isHalfHalf: true,
        secondHalf: {
          productName: 'Pepperoni',
          extras: [expect.objectContaining({ name: 'Low-moisture mozzarella', quantity: 1 })],
        },
        quantity: 1,
      });
      expect(centsOf(await cart.locator('[data-total="total"]').textContent())).toBeGreaterThan(4000);
    });
  });
}
