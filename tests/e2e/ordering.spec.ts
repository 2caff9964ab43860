import { expect, test } from '@playwright/test';
import { addProduct, centsOf, openShopAt, savedOrder, serverOrder, waitForSync } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: bella-napoli takes pickup and delivery orders.
const wednesdayEvening = '2026-11-25T08:00:00Z';
// Wednesday noon: lunch pickup is open, delivery is not.
const wednesdayNoon = '2026-11-25T01:00:00Z';

test('a half-and-half with an extra and a removed ingredient costs the same in the builder, the cart and on the server', async ({
  page,
}) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  await page.getByRole('link', { name: 'Add Margherita' }).click();
  const builder = page.getByRole('dialog', { name: 'Margherita' });
  await builder.getByLabel('Large 13"').check();
  await builder.getByRole('button', { name: /^Add to cart from \$/ }).click();
  await expect(builder.getByRole('alert').first()).toContainText('Choose a base');
  await builder.getByLabel('Thin & crispy').check();
  // The rule in words, and what each other half makes the pizza cost: ($22 + $24) / 2 + $2.
  await expect(builder.getByRole('group', { name: /^Half & half/ })).toContainText(
    "Half & half (half of each pizza's price, plus $2.00)",
  );
  await builder.getByLabel('Other half').selectOption({ label: 'Half Diavola · $25.00' });
  await builder
    .getByRole('region', { name: 'Margherita half' })
    .getByRole('button', { name: 'More: Extra Buffalo mozzarella' })
    .click();
  await builder.getByRole('region', { name: 'Diavola half' }).getByLabel(/^No /).first().check();
  const builderCents = centsOf(await builder.locator('[data-builder-price]').textContent());
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Item added to cart')).toBeVisible();

  await page.locator('[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  const line = cart.locator('[data-cart-line]');
  await expect(line).toContainText('Margherita / Diavola');
  await expect(line).toContainText('Half Margherita, half Diavola');
  await expect(line).toContainText('Margherita half: Extra Buffalo mozzarella');
  await expect(line).toContainText(/Diavola half: No /);
  expect(centsOf(await line.locator('[data-line-price]').textContent())).toBe(builderCents);

  await waitForSync(page);
  const order = await savedOrder(page);
  const stored = await serverOrder(page, order.encryptedOrderId ?? '');
  expect(stored.products).toHaveLength(1);
  expect(Math.round((stored.products[0]?.historicPrice ?? 0) * 100)).toBe(builderCents);
});

test('delivery below the minimum order says how much is missing', async ({ page }) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }).click();
  await page.getByRole('link', { name: 'Add Wood-fired Garlic Bread' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Add to cart/ })
    .click();
  await page.locator('[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  const subtotal = centsOf(await cart.locator('[data-total="subtotal"]').textContent());
  // bella-napoli's zones charge $6.50 to $8.50 with a $30 to $40 minimum: until the suburb is chosen the cart says so.
  await expect(cart.locator('[data-total="delivery"]')).toHaveText('$6.50–$8.50');
  await expect(cart.locator('[data-minimum-order]')).toHaveText(
    `The minimum for delivery is $30.00–$40.00, set by your suburb. Add at least $${((3000 - subtotal) / 100).toFixed(2)} more to order.`,
  );
  await cart.getByLabel('Delivering to').selectOption({ label: 'Brunswick 3056' });
  await expect(cart.locator('[data-total="delivery"]')).toHaveText('$8.50');
  await expect(cart.locator('[data-minimum-order]')).toHaveText(
    `The minimum for delivery is $40.00. Add $${((4000 - subtotal) / 100).toFixed(2)} more to order.`,
  );
});

test('switching to delivery while it is closed schedules the next time, and the picker follows the hours', async ({
  page,
}) => {
  await openShopAt(page, 'bella-napoli', wednesdayNoon);
  const bar = page.locator('[data-order-time-bar]');
  await expect(bar.getByRole('button', { name: 'Pickup' })).toHaveAttribute('aria-pressed', 'true');
  await bar.getByRole('button', { name: 'Delivery' }).click();
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText('Order scheduled for later')).toBeVisible();
  await expect(
    toasts.getByText("Delivery is not open right now, so we've set your order for today at 6:00 pm.", { exact: false }),
  ).toBeVisible();
  await expect(bar.locator('[data-order-time]')).toHaveText('today, Wed 25 Nov at 6:00 pm');

  await bar.getByRole('button', { name: 'Pickup' }).click();
  await bar.getByRole('button', { name: 'Change' }).click();
  const picker = page.getByRole('dialog', { name: 'Order time' });
  await picker.getByLabel('Later', { exact: true }).check();
  const day = picker.getByLabel('Day', { exact: true });
  // Monday is closed all day: no slot, so the picker does not offer it.
  await expect(day.locator('option', { hasText: 'closed' }).first()).toHaveAttribute('value', '2026-11-30');
  await expect(day.locator('option[value="2026-11-30"]')).toBeDisabled();
  // Today's lunch pickup: delivery is closed then.
  await day.selectOption('2026-11-25');
  await expect(
    picker.getByLabel('Time', { exact: true }).locator('option', { hasText: '1:00 pm (Pickup Only)' }),
  ).toHaveCount(1);
  // Friday's shift runs past midnight: Saturday 12:30 am is still Friday night's.
  await day.selectOption('2026-11-28');
  await picker.getByLabel('Time', { exact: true }).selectOption({ label: '12:15 am' });
  await picker.getByRole('button', { name: /Order for/ }).click();
  await expect(bar.locator('[data-order-time]')).toHaveText('Sat 28 Nov at 12:15 am');
});

test('a saved pickup choice stays pickup at start-up while pickup is busy and delivery is open', async ({ page }) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  const bar = page.locator('[data-order-time-bar]');
  await bar.getByRole('button', { name: 'Pickup' }).click();
  await expect(bar.getByRole('button', { name: 'Pickup' })).toHaveAttribute('aria-pressed', 'true');
  // The kitchen marks pickup over capacity; the spec only ever switches a start-up choice to pickup.
  await page.route('**/api/retailer/get-clock-status', (route) =>
    route.fulfill({
      json: {
        retailerOnline: true,
        liveDeliveryWaitTime: 30,
        livePickupWaitTime: 30,
        closedDateToday: false,
        livePickupOverCapacity: true,
        liveDeliveryOverCapacity: false,
        allowDelivery: true,
      },
    }),
  );
  await page.reload();
  await page.keyboard.press('Shift');
  await expect(bar.getByRole('button', { name: 'Pickup' })).toHaveAttribute('aria-pressed', 'true');
  await bar.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByRole('dialog', { name: 'Order time' }).locator('[data-asap-reason]')).toHaveText(
    '(busy: no more pickup orders right now)',
  );
});

test('with the API unreachable the cart stays, and afterwards exactly one order holds every line', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await openShopAt(page, 'fire-and-slice', wednesdayEvening);
  const created = new Set<string>();
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/order/create-order') && response.ok())
      created.add(((await response.json()) as { encryptedOrderId: string }).encryptedOrderId);
  });
  await page.route('**/api/order/**', (route) => route.abort('connectionrefused'));
  for (const index of [0, 1, 2]) await addProduct(page, index);
  await expect(
    page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Error creating order'),
  ).toBeVisible();
  expect((await savedOrder(page)).products).toHaveLength(3);

  await page.reload();
  await expect(page.locator('[data-cart-button]')).toContainText('3');
  await page.unroute('**/api/order/**');
  await waitForSync(page);
  const order = await savedOrder(page);
  const stored = await serverOrder(page, order.encryptedOrderId ?? '');
  expect(stored.products.map((product) => product.uuid).sort()).toEqual(
    order.products.map((product) => product.uuid).sort(),
  );
  expect([...created]).toEqual([order.encryptedOrderId]);
  expect(errors).toEqual([]);
});

test('a corrupted saved cart gives a fresh cart and no page error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript(() => localStorage.setItem('orderStore', '{"orderType":"delivery","products":[{"uuid":7}]'));
  await openShopAt(page, 'crust-and-co', wednesdayEvening);
  await expect(page.locator('[data-cart-button]')).toContainText('0');
  await page.locator('[data-add-product]').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
});

test('toasts pile up to three, wait while hovered, and F8 reaches them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  for (const dish of ['Wood-fired Garlic Bread', 'Tiramisù', 'Wood-fired Garlic Bread', 'Tiramisù']) {
    await page
      .getByRole('link', { name: `Add ${dish}` })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Add to cart/ })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(toasts).toHaveCount(3);
  await toasts.first().hover();
  await page.clock.runFor(8000);
  await expect(toasts.filter({ hasText: 'Item added to cart' })).toHaveCount(3);
  await page.mouse.move(10, 10);
  await page.clock.runFor(6000);
  await expect(toasts.filter({ visible: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Add Tiramisù' }).first().click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Add to cart/ })
    .click();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).locator('ol')).toBeFocused();
});

test('a ?product= link opens that product’s builder', async ({ page }) => {
  await openShopAt(page, 'harbour-pizza', wednesdayEvening);
  const first = page.locator('[data-add-product]').first();
  const productId = await first.getAttribute('data-add-product');
  const name = (await first.locator('.sr-only').textContent())?.trim() ?? '';
  await page.goto(tenantUrl('harbour-pizza', `/?product=${productId}`));
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(tenantUrl('harbour-pizza', '/'));
});

test('a cart left for over an hour is re-priced at start-up, with the spec’s toast', async ({ page }) => {
  const twoHoursBefore = new Date(Date.parse(wednesdayEvening) - 2 * 3_600_000).getTime();
  const smallSize = {
    retailerProductSizeId: 201,
    productGroupId: 11,
    productSizeId: 1,
    name: 'Small 10"',
    price: 16,
    defaultProductPrice: 16,
  };
  const stale = {
    uuid: '0b7e3c8a-4a51-4d1e-9c1f-2f1f5d2f7a10',
    productId: 1101,
    productGroupId: 11,
    productName: 'Margherita',
    size: smallSize,
    quantity: 1,
    historicPrice: 12.5,
    timeStamp: twoHoursBefore,
  };
  await page.addInitScript(
    (saved) => localStorage.setItem('orderStore', saved),
    JSON.stringify({ orderType: 'pickup', products: [stale], lastActivity: twoHoursBefore }),
  );
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText('Cart Updated')).toBeVisible();
  await expect(toasts.getByText('Updated prices of 1 item(s).')).toBeVisible();
  await page.locator('[data-cart-button]').click();
  await expect(page.getByRole('dialog', { name: 'Your order' }).locator('[data-line-price]')).toHaveText('$16.00');
});

test('a saved dish not served at the order time is taken out at start-up, and the toast and the cart name it', async ({
  page,
}) => {
  const aMinuteBefore = Date.parse(wednesdayEvening) - 60_000;
  const lunchServe = {
    retailerProductSizeId: 211,
    productGroupId: 15,
    productSizeId: 7,
    name: 'Lunch serve',
    price: 15,
    defaultProductPrice: 15,
  };
  const lunch = {
    uuid: '5d0c1f57-8a0e-4b8a-9a53-6f2b0f7e2c11',
    productId: 1130,
    productGroupId: 15,
    productName: 'Lunch Margherita & Salad',
    size: lunchServe,
    quantity: 2,
    historicPrice: 15,
    timeStamp: aMinuteBefore,
  };
  await page.addInitScript(
    (saved) => localStorage.setItem('orderStore', saved),
    JSON.stringify({ orderType: 'pickup', products: [lunch], lastActivity: aMinuteBefore }),
  );
  // Wednesday 7 pm: lunch is served until 3 pm.
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  const toast = page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('listitem')
    .filter({ hasText: 'Items Removed' });
  await expect(toast).toContainText('Removed 1 unavailable item(s) from cart: 2 × Lunch Margherita & Salad.');

  await page.locator('[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  const removed = cart.getByRole('region', { name: 'Removed: not available at your order time' });
  await expect(removed.getByRole('listitem')).toHaveText(['2 × Lunch Margherita & Salad']);
  await expect(cart.getByText('Your cart is empty.', { exact: false })).toBeVisible();
  await removed.getByRole('button', { name: 'OK, got it' }).click();
  await expect(removed).toHaveCount(0);
});

test('closing warnings come as toasts with their action, once per shift', async ({ page }) => {
  // Wednesday 9:15 pm: delivery ends at 9:30 pm with a 30-minute wait, pickup runs to 10 pm.
  await openShopAt(page, 'bella-napoli', '2026-11-25T10:15:00Z');
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText('Order may not complete in time!')).toBeVisible();
  await expect(toasts.getByText('Delivery ending soon')).toBeVisible();
  await toasts.getByRole('button', { name: 'Switch to Pickup' }).first().click();
  await expect(page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  await page.clock.runFor(2000);
  await expect(toasts.getByText('Order may not complete in time!')).toHaveCount(0);
});

test('the menu’s search and filters come alive on first use, without loading before it', async ({ page }) => {
  const menuScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/Menu\.[\w-]+\.js$/.test(request.url())) menuScripts.push(request.url());
  });
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  expect(menuScripts).toEqual([]);
  const search = page.getByRole('searchbox', { name: 'Search the menu' });
  await search.click();
  await expect.poll(() => menuScripts.length).toBe(1);
  await search.fill('tiramis');
  await expect(page.locator('#menu [data-product-id]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Add Tiramisù' }).click();
  await expect(page.getByRole('dialog', { name: 'Tiramisù' })).toBeVisible();
});

test('what a customer types in the menu search before it has come alive still filters the menu', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/Menu\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  const search = page.getByRole('searchbox', { name: 'Search the menu' });
  await search.fill('tiramis');
  release();
  await expect(page.locator('#menu [data-product-id]')).toHaveCount(1);
  await expect(search).toHaveValue('tiramis');
});

test('a dish whose group is not served at the order time cannot be added', async ({ page }) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  // The lunch menu is served 11:30 am to 2:30 pm; at 7 pm its dishes wait for another order time. The menu then
  // offers no Add for them (tests/e2e/unavailable-shown.spec.ts): a shared link to the dish still opens its builder.
  await page.goto(tenantUrl('bella-napoli', '/?product=1131'));
  const builder = page.getByRole('dialog', { name: 'Pasta of the Day' });
  await expect(builder.locator('[data-builder-unavailable]')).toHaveText(
    'Pranzo (Lunch) is not available at your order time.',
  );
  await builder.locator('[data-builder-submit]').click();
  await expect(builder).toBeVisible();
  expect((await savedOrder(page)).products ?? []).toHaveLength(0);
});
