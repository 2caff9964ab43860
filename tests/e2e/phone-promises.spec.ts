import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addProduct,
  centsOf,
  openShopAt,
  openShopNow,
  orderForALaterSlot,
  savedOrder,
  serverOrder,
} from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: every sample shop is open.
const wednesdayEvening = '2026-11-25T08:00:00Z';

const phone = (width: number) => ({ viewport: { width, height: 780 }, hasTouch: true, isMobile: true });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/** `a` lies wholly above `b`, as drawn on the screen now. */
async function expectAbove(a: Locator, b: Locator): Promise<void> {
  const [upper, lower] = [await boxOf(a), await boxOf(b)];
  expect(upper.y + upper.height, `${a.toString()} ends above ${b.toString()}`).toBeLessThanOrEqual(lower.y + 0.5);
}

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
      await page.screenshot({ path: test.info().outputPath('cart-undo.png') });

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

for (const width of [360, 390]) {
  test.describe(`checkout on a ${width} px phone`, () => {
    test.use(phone(width));

    test('the Place order bar stays at the foot showing the total, never over the total or the field being typed in; the order is summed up at the top', async ({
      page,
    }) => {
      await openShopAt(page, 'bella-napoli', wednesdayEvening);
      for (const index of [0, 1, 2]) await addProduct(page, index);
      await page.getByRole('button', { name: /^View order · 3 items · / }).tap();
      const cart = page.getByRole('dialog', { name: 'Your order' });
      await cart.getByLabel('Delivering to').selectOption({ label: 'Carlton 3053' });
      const lines = await cart.locator('[data-cart-line]').count();
      await cart.getByRole('button', { name: 'Checkout' }).tap();
      const checkout = page.getByRole('dialog', { name: 'Checkout' });
      const bar = checkout.locator('[data-checkout-bar]');
      const place = bar.getByRole('button', { name: /^Place order · \$/ });
      await expect(place).toBeVisible();

      // The summary is folded at the top: "3 items · $total", the lines one tap away.
      const summary = checkout.locator('[data-checkout-summary]');
      const total = (await bar.locator('[data-checkout-bar-total]').textContent()) ?? '';
      expect(centsOf(total)).toBeGreaterThan(0);
      await expect(summary.locator('summary')).toHaveText(`3 items · ${total}`);
      // Folded, its lines are not drawn (nor read out) until opened.
      const summed = summary.locator('li');
      await expect(summed).toHaveCount(lines);
      await expect(summed.first()).toBeHidden();
      await summary.locator('summary').tap();
      await expect(summary.getByRole('listitem')).toHaveCount(lines);
      await expect(summed.first()).toBeVisible();
      expect((await boxOf(summary)).y).toBeLessThan((await boxOf(checkout.getByLabel('Name', { exact: true }))).y);

      // The bar lies along the bottom of the screen, inside it.
      const barBox = await boxOf(bar);
      expect(barBox.y + barBox.height).toBeLessThanOrEqual(780);
      expect(barBox.y + barBox.height).toBeGreaterThan(780 - 40);
      expect(barBox.x + barBox.width).toBeLessThanOrEqual(width);

      // Each field, tapped and typed in, shows above the bar, however far down the form it is.
      const fields = [
        checkout.getByLabel('Name', { exact: true }),
        checkout.getByLabel('Phone', { exact: true }),
        checkout.getByLabel('Email', { exact: true }),
        checkout.getByLabel('Street address', { exact: true }),
        checkout.getByLabel('Delivery instructions (optional)', { exact: true }),
      ];
      for (const [index, field] of fields.entries()) {
        await field.tap();
        await expect(field).toBeFocused();
        await page.keyboard.type(index === 1 ? '0400111222' : 'Lygon');
        await expectAbove(field, bar);
        expect((await boxOf(field)).y).toBeGreaterThanOrEqual(0);
        await expect(bar).toBeInViewport();
      }
      await page.screenshot({ path: test.info().outputPath('checkout-typing.png') });

      // The order's total, scrolled to, shows above the bar, and the bar shows the same amount.
      const totalRow = checkout.locator('[data-total="total"]');
      await totalRow.scrollIntoViewIfNeeded();
      await expectAbove(totalRow, bar);
      await expect(totalRow).toHaveText(total);
      await expect(place).toHaveAccessibleName(`Place order · ${total}`);
      await page.screenshot({ path: test.info().outputPath('checkout-total.png') });

      // With the on-screen keyboard up the page is shorter: the bar rides above the keyboard and the field above the bar.
      await page.setViewportSize({ width, height: 420 });
      const street = checkout.getByLabel('Street address', { exact: true });
      await street.tap();
      await page.keyboard.type(' Street');
      await expectAbove(street, bar);
      expect((await boxOf(street)).y).toBeGreaterThanOrEqual(0);
      expect((await boxOf(bar)).y + (await boxOf(bar)).height).toBeLessThanOrEqual(420);
      await page.screenshot({ path: test.info().outputPath('checkout-keyboard.png') });
    });
  });
}

test.describe('on a 390 px phone', () => {
  test.use(phone(390));

  test('as soon as possible: the cart and checkout say when it will be ready, from the live wait', async ({ page }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    await addProduct(page, 0);
    await page.locator('[data-cart-button]').first().tap();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await cart.getByRole('button', { name: 'Pickup' }).tap();
    // 7:00 pm in Melbourne and the kitchen's 30 minutes.
    await expect(cart.locator('[data-order-promise]')).toHaveText('Ready for pickup about 7:30 pm');
    await cart.getByRole('button', { name: 'Delivery' }).tap();
    await expect(cart.locator('[data-order-promise]')).toHaveText('Delivery about 7:30 pm');
    await cart.getByRole('button', { name: 'Pickup' }).tap();
    await cart.getByRole('button', { name: 'Checkout' }).tap();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout.locator('[data-checkout-promise]')).toHaveText('Ready for pickup about 7:30 pm');

    // The kitchen says 45 minutes now: the next status the page fetches moves the promise.
    await page.route('**/api/retailer/get-clock-status', (route) =>
      route.fulfill({
        json: {
          retailerOnline: true,
          liveDeliveryWaitTime: 45,
          livePickupWaitTime: 45,
          closedDateToday: false,
          livePickupOverCapacity: false,
          liveDeliveryOverCapacity: false,
          allowDelivery: true,
        },
      }),
    );
    await page.clock.runFor(61_000);
    await expect(checkout.locator('[data-checkout-promise]')).toHaveText('Ready for pickup about 7:46 pm');
  });

  test('a guest sees the promised time before placing, the same as the confirmation and the API; details are kept only when they agree, and can be forgotten', async ({
    page,
  }) => {
    // Three visits and two orders: on a busy 2-core machine it ran past the default 30 s.
    test.slow();
    const checkoutFor = async (suburb?: string) => {
      await page.locator('[data-cart-button]').first().tap();
      const cart = page.getByRole('dialog', { name: 'Your order' });
      if (suburb) await cart.getByLabel('Delivering to').selectOption({ label: suburb });
      await cart.getByRole('button', { name: 'Checkout' }).tap();
      return page.getByRole('dialog', { name: 'Checkout' });
    };
    await openShopNow(page, 'bella-napoli');
    await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).tap();
    await addProduct(page, 0);
    const when = await orderForALaterSlot(page);
    let checkout = await checkoutFor();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const remember = checkout.getByLabel('Remember my details on this device', { exact: true });
    await expect(remember).not.toBeChecked();
    await expect(checkout.locator('[data-checkout-promise]')).toHaveText(`Ready for pickup ${when}`);
    await checkout.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await checkout.getByLabel('Phone', { exact: true }).fill('0400 111 222');
    await checkout.getByLabel('Email', { exact: true }).fill('grace@example.com');
    const asked = (await savedOrder(page)) as { orderForLaterRequestDateTime?: string };
    await checkout.getByRole('button', { name: /^Place order/ }).tap();

    await expect(page).toHaveURL(/\/order\/\?id=/);
    await expect(page.locator('[data-order-when]')).toHaveText(when);
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    const stored = (await serverOrder(page, id)) as unknown as { placement: { dueAt: string | null } };
    expect(stored.placement.dueAt).toBe(new Date(asked.orderForLaterRequestDateTime ?? '').toISOString());
    // Not ticked: nothing of the guest is kept.
    expect(await page.evaluate(() => localStorage.getItem('rememberedDetails'))).toBeNull();

    // The next order, delivered: ticked this time.
    await page.goto(tenantUrl('bella-napoli'));
    await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }).tap();
    for (const index of [0, 1, 2]) await addProduct(page, index);
    await orderForALaterSlot(page);
    checkout = await checkoutFor('Carlton 3053');
    await expect(checkout.getByLabel('Name', { exact: true })).toHaveValue('');
    await checkout.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await checkout.getByLabel('Phone', { exact: true }).fill('0400 111 222');
    await checkout.getByLabel('Email', { exact: true }).fill('Grace@Example.com');
    await checkout.getByLabel('Street address', { exact: true }).fill('12 Lygon Street');
    await checkout.getByLabel('Delivery instructions (optional)', { exact: true }).fill('Buzzer 4');
    await checkout.getByLabel('Remember my details on this device', { exact: true }).check();
    await checkout.getByRole('button', { name: /^Place order/ }).tap();
    await expect(page).toHaveURL(/\/order\/\?id=/);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('rememberedDetails'))) ?? 'null')).toEqual({
      version: 1,
      contact: { fullName: 'Grace Hopper', phoneNumber: '0400 111 222', email: 'grace@example.com' },
      // Carlton's id; the instructions were for that order only.
      delivery: { street: '12 Lygon Street', suburbId: 1 },
    });

    // Filled in on the next visit, the box still ticked, the suburb too on a device that forgot the cart's;
    // Forget takes them off the device.
    await page.evaluate(() => localStorage.removeItem('orderStore'));
    await page.goto(tenantUrl('bella-napoli'));
    await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }).tap();
    for (const index of [0, 1, 2]) await addProduct(page, index);
    await orderForALaterSlot(page);
    checkout = await checkoutFor();
    await expect(checkout.getByLabel('Suburb', { exact: true }).locator('option:checked')).toHaveText('Carlton 3053');
    await expect(checkout.getByLabel('Name', { exact: true })).toHaveValue('Grace Hopper');
    await expect(checkout.getByLabel('Phone', { exact: true })).toHaveValue('0400 111 222');
    await expect(checkout.getByLabel('Email', { exact: true })).toHaveValue('grace@example.com');
    await expect(checkout.getByLabel('Street address', { exact: true })).toHaveValue('12 Lygon Street');
    await expect(checkout.getByLabel('Delivery instructions (optional)', { exact: true })).toHaveValue('');
    await expect(checkout.getByLabel('Remember my details on this device', { exact: true })).toBeChecked();
    await checkout.getByRole('button', { name: 'Forget my details' }).tap();
    await expect(checkout.getByText('Forgotten: nothing of yours is kept on this device.')).toBeVisible();
    await expect(checkout.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(checkout.getByLabel('Street address', { exact: true })).toHaveValue('');
    await expect(checkout.getByLabel('Remember my details on this device', { exact: true })).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('rememberedDetails'))).toBeNull();
  });

  test('details saved in a shape checkout cannot read leave it empty, as for a new guest', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'rememberedDetails',
        JSON.stringify({ version: 1, contact: { fullName: 'X', email: 'no' } }),
      ),
    );
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    await addProduct(page, 0);
    await page.locator('[data-cart-button]').first().tap();
    const cart = page.getByRole('dialog', { name: 'Your order' });
    await cart.getByRole('button', { name: 'Pickup' }).tap();
    await cart.getByRole('button', { name: 'Checkout' }).tap();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(checkout.getByLabel('Remember my details on this device', { exact: true })).not.toBeChecked();
  });
});
