import { expect, type Locator, type Page } from '@playwright/test';
import { tenantUrl } from './urls.ts';

import { orderForALaterSlot } from './order-time-picker.ts';

export { orderForALaterSlot };

/**
 * The reference API answers the clock status on the server's own time; a page whose clock is
 * set elsewhere gets the status a retailer system would send at that time: online, no capacity
 * limits, the default waits.
 */
export async function liveStatusAsNormal(page: Page): Promise<void> {
  await page.route('**/api/retailer/get-clock-status', (route) =>
    route.fulfill({
      json: {
        retailerOnline: true,
        liveDeliveryWaitTime: 30,
        livePickupWaitTime: 30,
        closedDateToday: false,
        livePickupOverCapacity: false,
        liveDeliveryOverCapacity: false,
        allowDelivery: true,
      },
    }),
  );
}

/** Counts the retailer's popups as already seen in this visit, so they do not cover the page a test drives. */
export async function dismissPopups(page: Page): Promise<void> {
  await page.addInitScript(() =>
    sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index))),
  );
}

/**
 * Acts as a visitor who has started using the page (a key press that does nothing): the ordering
 * runtime, live messaging and popups start at the first interaction, or only after a few quiet
 * seconds when nobody touches the page.
 */
export async function settle(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
}

/**
 * Opens a shop's home page on the real clock, which the reference API shares: for journeys the
 * server checks against the time (placing an order), so they never depend on the day they run.
 */
export async function openShopNow(page: Page, slug: string): Promise<void> {
  await dismissPopups(page);
  await page.clock.install();
  await page.goto(tenantUrl(slug));
  await settle(page);
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
}

/** Opens a shop's home page at a fixed instant and waits until the ordering runtime has read the saved order. The retailer's popups count as already seen unless `popups` is set. */
export async function openShopAt(
  page: Page,
  slug: string,
  at: string,
  options: { popups?: boolean } = {},
): Promise<void> {
  await page.clock.install({ time: new Date(at) });
  if (!options.popups) await dismissPopups(page);
  await liveStatusAsNormal(page);
  await page.goto(tenantUrl(slug));
  await settle(page);
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
}

/** Adds the menu's n-th product with the first choice of every required option, and waits for the builder to close. */
export async function addProduct(page: Page, index = 0): Promise<void> {
  await page.locator('[data-add-product]').nth(index).click();
  const builder = page.getByRole('dialog');
  await expect(builder.locator('[data-builder-submit]')).toBeVisible();
  for (const group of await builder.locator('fieldset[data-field^="option-"][data-required="true"]').all())
    await group.getByRole('radio').first().check();
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await expect(builder).toHaveCount(0);
}

/** Cents of a "$12.50" text. */
export function centsOf(text: string | null): number {
  const match = /\$([\d,]+)\.(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number((match[1] ?? '').replace(/,/g, '')) * 100 + Number(match[2]);
}

/** The saved order as the page keeps it. */
export async function savedOrder(page: Page): Promise<{
  encryptedOrderId: string | null;
  products: { uuid: string; quantity: number }[];
  revision: number;
  syncedRevision: number;
}> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('orderStore') ?? '{}'));
}

/** The order as the reference API stored and priced it. */
export async function serverOrder(
  page: Page,
  encryptedOrderId: string,
): Promise<{ products: { uuid: string; historicPrice: number; quantity: number; productName: string }[] }> {
  return page.evaluate(async (id) => {
    const config = (await (await fetch('/runtime-config.json')).json()) as { apiBaseUrl: string };
    const response = await fetch(`${config.apiBaseUrl}/api/order/get-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-retailer-domain': location.host },
      body: JSON.stringify({ encryptedOrderId: id }),
    });
    return response.json();
  }, encryptedOrderId);
}

/** Waits until the cart's last change has reached the server. */
export async function waitForSync(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const order = await savedOrder(page);
        return order.encryptedOrderId !== null && order.revision === order.syncedRevision;
      },
      { timeout: 15000 },
    )
    .toBe(true);
}

/** What the kitchen does when it takes an order, through the reference API's operator endpoint. */
export async function markProcessed(slug: string, encryptedOrderId: string): Promise<void> {
  const response = await fetch(
    `http://localhost:${process.env['E2E_API_PORT']}/operator/tenants/${slug}/orders/${encodeURIComponent(encryptedOrderId)}/processed`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer dev-operator' },
    },
  );
  expect(response.status).toBe(200);
}

/** Opens the cart, writes the kitchen's notes and goes on to checkout; returns the checkout dialog. */
export async function checkoutWithNotes(page: Page, notes: string): Promise<Locator> {
  await page.locator('[data-cart-button]').click();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  await cart.getByLabel('Notes for the kitchen').fill(notes);
  await cart.getByLabel('Notes for the kitchen').blur();
  await cart.getByRole('button', { name: 'Checkout' }).click();
  return page.getByRole('dialog', { name: 'Checkout' });
}

/**
 * On an open shop: adds a dish, orders pickup for a later slot (taken whatever the hour, so the
 * API's own clock accepts it) and goes through the cart to checkout. Returns the checkout dialog.
 */
export async function laterPickupAtCheckout(page: Page): Promise<Locator> {
  await addProduct(page);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await orderForALaterSlot(page);
  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  return page.getByRole('dialog', { name: 'Checkout' });
}

/** A guest's name, phone and email in the checkout, as the journeys' Grace Hopper types them. */
export async function fillGuestDetails(checkout: Locator): Promise<void> {
  await checkout.getByLabel('Name').fill('Grace Hopper');
  await checkout.getByLabel('Phone').fill('0400 111 222');
  await checkout.getByLabel('Email').fill('grace@example.com');
}

/**
 * A guest orders pickup for a later slot through the shop's pages (a later slot is taken whatever
 * the hour), with `notes` for the kitchen; the page ends on the confirmation. Answers the order's
 * number and id.
 */
export async function placeLaterPickup(
  page: Page,
  slug: string,
  notes: string,
): Promise<{ orderNumber: number; encryptedOrderId: string }> {
  await openShopNow(page, slug);
  await addProduct(page);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await orderForALaterSlot(page);
  const checkout = await checkoutWithNotes(page, notes);
  await fillGuestDetails(checkout);
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/order\/\?id=/);
  const orderNumber = Number(((await page.locator('[data-order-number]').textContent()) ?? '').replace('#', ''));
  expect(orderNumber).toBeGreaterThan(0);
  return { orderNumber, encryptedOrderId: new URL(page.url()).searchParams.get('id') ?? '' };
}
