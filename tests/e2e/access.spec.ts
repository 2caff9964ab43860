import { expect, test, type Locator, type Page } from '@playwright/test';
import { openShopAt } from './ordering-support.ts';
import { seriousViolations } from './screen-support.ts';
import { TRADING_SAMPLE_SHOPS } from '../../lib/tenant/sample-shops.ts';

const wednesdayEvening = '2026-11-25T08:00:00Z';

/** Presses Tab (or Shift+Tab) until the target has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 150, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

for (const slug of TRADING_SAMPLE_SHOPS) {
  test(`${slug}: no serious accessibility issue on the home page, in the builder, the cart and the time picker`, async ({
    page,
  }) => {
    // Four full-page axe scans: on a busy two-core machine they outlast the default 30 s.
    test.slow();
    await openShopAt(page, slug, wednesdayEvening);
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('[data-add-product]').first().click();
    await expect(page.getByRole('dialog').locator('[data-builder-submit]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.locator('[data-cart-button]').click();
    await expect(page.getByRole('dialog', { name: 'Your order' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Change' }).click();
    const picker = page.getByRole('dialog', { name: 'Order time' });
    await expect(picker.getByRole('radio', { name: 'As soon as possible' })).toBeVisible();
    // crust-and-co takes no orders for later, so its picker offers none.
    if (await picker.getByLabel('Later', { exact: true }).count())
      await picker.getByLabel('Later', { exact: true }).check();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the whole ordering journey works by keyboard alone', async ({ page }) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  await tabTo(page, page.getByRole('link', { name: 'Add Margherita' }));
  await page.keyboard.press('Enter');
  const builder = page.getByRole('dialog', { name: 'Margherita' });
  await expect(builder).toBeVisible();
  // Sizes are radio buttons: arrows move the choice.
  await tabTo(page, builder.getByLabel('Small 10"'));
  await page.keyboard.press('ArrowRight');
  await expect(builder.getByLabel('Large 13"')).toBeChecked();
  await tabTo(page, builder.getByLabel('Traditional hand-stretched'));
  await page.keyboard.press('Space');
  await expect(builder.getByLabel('Traditional hand-stretched')).toBeChecked();
  await tabTo(page, builder.getByRole('button', { name: /Add to cart/ }));
  await page.keyboard.press('Enter');
  await expect(builder).toHaveCount(0);

  await tabTo(page, page.locator('[data-cart-button]'), 300, 'Shift+Tab');
  await page.keyboard.press('Enter');
  const cart = page.getByRole('dialog', { name: 'Your order' });
  await expect(cart.locator('[data-cart-line]')).toContainText('Large 13"');
  await tabTo(page, cart.getByRole('button', { name: 'More: Quantity of Margherita' }));
  await page.keyboard.press('Enter');
  await expect(cart.locator('[data-cart-line]')).toContainText('2');
  await tabTo(page, cart.getByRole('button', { name: 'Change time' }));
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Order time' });
  await tabTo(page, picker.getByRole('radio', { name: 'As soon as possible' }));
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByLabel('Later', { exact: true })).toBeChecked();
  await tabTo(page, picker.getByLabel('Time', { exact: true }));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, picker.getByRole('button', { name: /^Order for / }));
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-order-time-bar] [data-order-time]')).toHaveText(/^today, Wed 25 Nov at /);
});
