import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { liveStateReadResponseSchema, staffSignInResponseSchema } from '../../lib/api/staff-contract.ts';
import { addProduct, dismissPopups, liveStatusAsNormal, settle, waitForSync } from './ordering-support.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { consoleUrl, stackApiUrl, stackPort, tenantUrl } from './urls.ts';
import { withoutNewOrderAlert } from './console-support.ts';

/**
 * The console's Live panel (issue 19, slice 2) on the real stack of the global setup, with the
 * sample accounts: what staff switch there reaches open storefront pages within seconds, on the
 * clock-status message they already follow, and place-order holds to it. The journeys change
 * harbour-pizza's live state, so they run one after another and put it back after each.
 */

test.describe.configure({ mode: 'serial' });
// The console words and reads times on the shop's clock (Perth's for harbour-pizza), never the
// device's: these devices are in Melbourne.
test.use({ timezoneId: 'Australia/Melbourne' });

// A shop that shows its hours line (where a pause reads) and takes orders for later.
const SHOP = { slug: 'harbour-pizza', retailerId: 999, dish: { productId: 4101, name: 'Margherita' } };
const kitchen = { email: `kitchen@${SHOP.slug}.test`, password: `${SHOP.slug}-kitchen` };
const owner = { email: `owner@${SHOP.slug}.test`, password: `${SHOP.slug}-owner` };

/** Signs a sample account in through the API itself, for setting the shop back between journeys. */
async function apiToken(account: { email: string; password: string }): Promise<string> {
  const answer = await fetch(stackApiUrl('/staff/sign-in'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retailer: SHOP.slug, ...account }),
  });
  expect(answer.status).toBe(200);
  return staffSignInResponseSchema.parse(await answer.json()).token;
}

/** Both services open with the usual wait, nothing sold out: how every journey starts and leaves the shop. */
async function putShopBack(): Promise<void> {
  const token = await apiToken(owner);
  const send = async (path: string, body: unknown) => {
    const answer = await fetch(stackApiUrl(path), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(200);
  };
  for (const service of ['pickup', 'delivery'])
    await send(`/staff/live-state/${service}`, { waitMinutes: 30, mode: 'open', until: null });
  const read = await fetch(stackApiUrl('/staff/live-state'), { headers: { authorization: `Bearer ${token}` } });
  const { soldOut } = liveStateReadResponseSchema.parse(await read.json()).liveState;
  for (const productId of soldOut.productIds) await send('/staff/live-state/sold-out', { productId, soldOut: false });
  for (const productGroupId of soldOut.productGroupIds)
    await send('/staff/live-state/sold-out', { productGroupId, soldOut: false });
}

test.beforeAll(putShopBack);
test.afterEach(putShopBack);

/** The `datetime-local` value of an instant on the shop's clock (harbour-pizza keeps Perth's). */
function shopInput(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Perth',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}`;
}

/** Listens on the stack's broker for the storefront pages announcing themselves (they do once subscribed to the clock). */
async function announcements(): Promise<{ count: () => number; close: () => Promise<void> }> {
  const client = await mqtt.connectAsync(`ws://localhost:${stackPort('E2E_BROKER_PORT')}`, {
    username: 'operator',
    password: 'dev-operator',
    clientId: `e2e_live_${Math.random().toString(16).slice(2, 10)}`,
    reconnectPeriod: 0,
  });
  let count = 0;
  client.on('message', () => (count += 1));
  await client.subscribeAsync(`storefront/${SHOP.retailerId}/connected`);
  return { count: () => count, close: () => client.endAsync(true) };
}

/** Opens the shop as a customer does and waits until the page follows its live messages. */
async function openShop(context: BrowserContext): Promise<Page> {
  const listening = await announcements();
  const page = await context.newPage();
  await dismissPopups(page);
  await page.goto(tenantUrl(SHOP.slug));
  await settle(page);
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  await expect.poll(listening.count, { timeout: 15_000 }).toBeGreaterThan(0);
  await listening.close();
  return page;
}

/** Signs in to the console and opens its Live panel. */
async function openLivePanel(
  browser: Browser,
  account = kitchen,
  screen = { width: 390, height: 844 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: screen,
    isMobile: screen.width < 600,
    hasTouch: screen.width < 600,
  });
  const page = await context.newPage();
  await withoutNewOrderAlert(page);
  await page.goto(consoleUrl());
  await page.getByLabel('Shop').fill(SHOP.slug);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Live' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toBeVisible();
  return { context, page };
}

const orderTypeShown = (page: Page) => page.locator('[data-order-time-bar] [aria-pressed="true"]');

/** Orders for the first time the picker offers, on the first day it offers one; answers that time. */
async function orderForTheFirstLaterTime(page: Page): Promise<Date> {
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Change' }).click();
  const picker = page.getByRole('dialog', { name: 'Order time' });
  await picker.getByLabel('Later', { exact: true }).check();
  const day = picker.getByLabel('Day', { exact: true });
  await day.selectOption((await day.locator('option:not([disabled])').first().getAttribute('value')) ?? '');
  const time = picker.getByLabel('Time', { exact: true });
  const first = (await time.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')) ?? '';
  await time.selectOption(first);
  await picker.getByRole('button', { name: /^Order for / }).click();
  return new Date(first);
}

test('pausing delivery shows on an open storefront within seconds and place-order refuses delivery; resuming restores it', async ({
  browser,
}) => {
  // A customer with the shop open, delivery chosen.
  const customer = await browser.newContext();
  const shop = await openShop(customer);
  await shop.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }).click();
  await expect(orderTypeShown(shop)).toHaveText('Delivery');

  // Another customer whose page hears nothing (no broker, an old clock) has a delivery for later ready to place.
  const stale = await browser.newContext();
  await stale.routeWebSocket(/.*/, (socket) => socket.close());
  const late = await stale.newPage();
  await dismissPopups(late);
  await liveStatusAsNormal(late);
  await late.goto(tenantUrl(SHOP.slug));
  await settle(late);
  // Two pizzas: over the delivery minimum of any suburb.
  await addProduct(late);
  await addProduct(late);
  await late.locator('[data-order-time-bar]').getByRole('button', { name: 'Delivery' }).click();
  const slotAt = await orderForTheFirstLaterTime(late);
  expect(slotAt.getTime()).toBeGreaterThan(Date.now());
  await waitForSync(late);
  await late.locator('[data-cart-button]').click();
  await late.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  const checkout = late.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByLabel('Name').fill('Edsger Dijkstra');
  await checkout.getByLabel('Phone').fill('0400 555 666');
  await checkout.getByLabel('Email').fill('edsger@example.com');
  await checkout.getByLabel('Street address').fill('3 High Street');
  await checkout.getByLabel('Suburb').selectOption({ label: 'Fremantle 6160' });
  await checkout.getByLabel('Cash on delivery or pickup').check();

  // The journey runs on the real clock (the API checks the order's time on its own): a pause moves an
  // order for now to pickup only while both services take orders now (shopForcedOrderType).
  const statusBefore = (await shop.locator('[data-open-status="live"]').textContent()) ?? '';
  const bothOpenNow = /Pickup open until/.test(statusBefore) && /Delivery open until/.test(statusBefore);

  // The kitchen pauses delivery until an hour after that order's time.
  const { context: consoleContext, page: staff } = await openLivePanel(browser);
  const delivery = staff.getByRole('region', { name: 'Delivery' });
  await delivery.getByLabel('Busy or paused until').fill(shopInput(new Date(slotAt.getTime() + 60 * 60_000)));
  await delivery.getByRole('button', { name: 'Pause delivery' }).click();
  await expect(staff.locator('[data-live-notice]')).toHaveText(
    'Saved: Delivery paused, 30 min wait. Open shop pages show it now.',
  );
  await expect(delivery.locator('[data-service-summary]')).toContainText('Paused until');

  // The open page shows it within seconds and, while pickup takes orders now, moves the customer to it.
  await expect(shop.locator('[data-open-status]')).toContainText('Delivery paused until', { timeout: 5000 });
  await expect(orderTypeShown(shop)).toHaveText(bothOpenNow ? 'Pickup' : 'Delivery');

  // The page that heard nothing sends its delivery order: the shop refuses it, and says why.
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(checkout.locator('[data-checkout-error]')).toContainText('The shop has paused delivery until');
  await expect(late).not.toHaveURL(/\/order\//);

  // Resumed: the open page no longer says so.
  await delivery.getByRole('button', { name: 'Resume delivery now' }).click();
  await expect(delivery.locator('[data-service-summary]')).toContainText('Open');
  await expect(shop.locator('[data-open-status]')).not.toContainText('paused', { timeout: 5000 });
  await Promise.all([customer.close(), stale.close(), consoleContext.close()]);
});

test('a dish marked sold out stays on the open menu as "Sold out today" without Add, in every half & half list too, a freshly loaded page agrees, and back on restores it', async ({
  browser,
}) => {
  const customer = await browser.newContext();
  const shop = await openShop(customer);
  const dish = shop.locator(`[data-product-id="${SHOP.dish.productId}"]`).first();
  await expect(dish).toBeVisible();

  const { context: consoleContext, page: staff } = await openLivePanel(browser);
  const picker = staff.getByRole('region', { name: 'Sold out today' });
  await picker.getByLabel('Find a dish or group').fill(SHOP.dish.name);
  const toggle = picker.getByRole('button', { name: `Sold out ${SHOP.dish.name}`, exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(picker.getByRole('list', { name: 'Sold out now' })).toContainText(SHOP.dish.name);
  await expect(staff.locator('[data-live-notice]')).toHaveText(
    `Saved: ${SHOP.dish.name} sold out for today. Open shop pages show it now.`,
  );

  const add = shop.getByRole('link', { name: `Add ${SHOP.dish.name}`, exact: true });
  await expect(dish.locator('[data-sold-out-badge]')).toHaveText('Sold out today', { timeout: 5000 });
  await expect(dish.locator('[data-sold-out-badge]')).toBeVisible();
  await expect(add).toHaveCount(0);
  await expect(dish).toBeVisible();
  // Another pizza of its group lists it as a half, disabled.
  await shop.getByRole('link', { name: 'Add Pepperoni', exact: true }).first().click();
  const builder = shop.getByRole('dialog', { name: 'Pepperoni' });
  await builder.getByLabel('Large 13"').check();
  const half = builder.getByLabel('Other half').locator('option', { hasText: `Half ${SHOP.dish.name}` });
  await expect(half).toHaveText(`Half ${SHOP.dish.name} · Sold out today`);
  await expect(half).toBeDisabled();
  await builder.getByRole('button', { name: 'Close' }).first().click();
  const fresh = await openShop(customer);
  const freshDish = fresh.locator(`[data-product-id="${SHOP.dish.productId}"]`).first();
  await expect(freshDish.locator('[data-sold-out-badge]')).toBeVisible();
  await expect(fresh.getByRole('link', { name: `Add ${SHOP.dish.name}`, exact: true })).toHaveCount(0);

  await picker.getByRole('button', { name: `Back on ${SHOP.dish.name}` }).click();
  await expect(picker.getByText('Everything on the menu can be ordered.')).toBeVisible();
  await expect(add.first()).toBeVisible({ timeout: 5000 });
  await expect(dish.locator('[data-sold-out-badge]')).toBeHidden();
  await expect(fresh.getByRole('link', { name: `Add ${SHOP.dish.name}`, exact: true }).first()).toBeVisible({
    timeout: 5000,
  });
  await Promise.all([customer.close(), consoleContext.close()]);
});

test('a time already past is refused before anything is sent', async ({ browser }) => {
  const { context, page } = await openLivePanel(browser, owner);
  const pickup = page.getByRole('region', { name: 'Pickup' });
  await pickup.getByLabel('Busy or paused until').fill(shopInput(new Date(Date.now() - 60 * 60_000)));
  await pickup.getByRole('button', { name: 'Busy' }).click();
  await expect(pickup.getByRole('alert')).toHaveText('That time has already passed. Choose a later one.');
  await expect(pickup.locator('[data-service-summary]')).toContainText('Open');
  await context.close();
});

for (const screen of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the Live panel fits a ${screen.width} px screen with thumb-sized buttons and no serious accessibility issue`, async ({
    browser,
  }) => {
    const { context, page } = await openLivePanel(browser, owner, screen);
    await expect(
      page
        .getByRole('region', { name: 'Sold out today' })
        .getByRole('button', { name: `Sold out ${SHOP.dish.name}`, exact: true }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, 'the Live panel');
    expect(await seriousViolations(page)).toEqual([]);
    for (const button of await page.getByRole('main').getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0, await button.innerText()).toBeGreaterThanOrEqual(44);
    }
    await context.close();
  });
}
