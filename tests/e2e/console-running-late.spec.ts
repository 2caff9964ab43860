import { expect, test } from '@playwright/test';
import {
  staffOrdersResponseSchema,
  staffPaths,
  staffSignInResponseSchema,
  type BoardOrder,
} from '../../lib/api/staff-contract.ts';
import { formatTime } from '../../lib/time/format.ts';
import { retailerWallClock } from '../../lib/time/retailer-clock.ts';
import type { ShopZone } from '../../lib/time/shop-zone.ts';
import { placeLaterPickup } from './ordering-support.ts';
import { expectNoSidewaysScroll } from './screen-support.ts';
import { consoleOrigin, stackApiUrl } from './urls.ts';

/**
 * Issue 28, "running late", on the stack the global setup starts: a customer orders through the
 * shop's pages, the kitchen's 768 px touch tablet pushes the time out, and the customer's open
 * order page hears the new time from the broker. The API's clock is the real one, so the order is
 * for the shop's first later slot, whatever the hour: the new time is counted from it.
 */

const SHOP = 'fire-and-slice';
const tablet = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LIVE_WAIT_MS = 15_000;
/** Under the order page's own checks, so only a push arrives in time. */
const PUSH_WAIT_MS = 10_000;

const kitchen = { email: `kitchen@${SHOP}.test`, password: `${SHOP}-kitchen` };

/** What the API keeps of the order, read as the kitchen's staff. */
async function storedOrder(orderNumber: number): Promise<{ order: BoardOrder | undefined; zone: ShopZone }> {
  const signIn = await fetch(`${stackApiUrl()}${staffPaths.signIn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retailer: SHOP, ...kitchen }),
  });
  const { token, staff } = staffSignInResponseSchema.parse(await signIn.json());
  const board = await fetch(`${stackApiUrl()}${staffPaths.orders(1)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { orders } = staffOrdersResponseSchema.parse(await board.json());
  return { order: orders.find((order) => order.orderNumber === orderNumber), zone: staff.retailer.zone };
}

test("the kitchen's tablet pushes an order out 20 minutes: the card and the customer's open page show the new time the API keeps, and its lines and total stay as placed", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await (await browser.newContext(phone)).newPage();
  const orderNumber = await test.step('a customer orders pickup for later through the shop', () =>
    placeLaterPickup(customer, SHOP, 'Running late, please say so').then((placed) => placed.orderNumber));
  const status = customer.locator('[data-order-status]');
  const total = customer.locator('[data-order-total]');
  const totalBefore = await total.textContent();
  expect(totalBefore).toMatch(/\$\d/);
  await expect(status).toHaveAttribute('data-live', 'on', { timeout: LIVE_WAIT_MS });
  // From now on the page's own checks never hear of the new time, so only the broker can tell it.
  await customer.route('**/api/order/get-order', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), runningLateUntil: null } });
  });

  const page = await (await browser.newContext(tablet)).newPage();
  const card = page.getByRole('article', { name: `Order ${orderNumber}`, exact: true });
  await test.step('the kitchen signs in on a 768 px touch tablet by the shop’s name and finds the order', async () => {
    await page.goto(`${consoleOrigin()}/`);
    // "Fire & Slice" as a cook would type it.
    await page.getByLabel('Shop').fill('fire and slice');
    await page.getByLabel('Email').fill(kitchen.email);
    await page.getByLabel('Password').fill(kitchen.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Live: new orders show at once.')).toBeVisible({ timeout: LIVE_WAIT_MS });
    await expect(card).toBeVisible();
    await expect(card.locator('[data-running-late]')).toHaveCount(0);
  });

  const { order: placed } = await storedOrder(orderNumber);
  expect(placed?.runningLateUntil).toBeNull();
  const due = placed?.dueAt ?? '';

  await test.step('a tap on +20 min: the card says the new time', async () => {
    await card
      .getByRole('group', { name: `Running late with order ${orderNumber}` })
      .getByRole('button', {
        name: 'Running late: 20 minutes more',
      })
      .tap();
    await expect(card.locator('[data-running-late]')).toContainText('Running late: now');
    await expectNoSidewaysScroll(page, 'board with a late order at 768 px');
  });

  await test.step("the API keeps 20 minutes after the time asked for, and the customer's page says it", async () => {
    await expect.poll(async () => (await storedOrder(orderNumber)).order?.runningLateUntil).not.toBeNull();
    const { order, zone } = await storedOrder(orderNumber);
    expect(Date.parse(order?.runningLateUntil ?? '') - Date.parse(due)).toBe(20 * 60_000);
    expect(order?.lines).toEqual(placed?.lines);
    expect(order?.totalCents).toBe(placed?.totalCents);
    const time = formatTime(retailerWallClock(new Date(order?.runningLateUntil ?? ''), zone).minutes);
    await expect(card.locator('[data-running-late]')).toHaveText(new RegExp(`^Running late: now .*${time}$`));
    await expect(status.locator('[data-running-late]')).toHaveText(
      new RegExp(`^The kitchen is running late: now about .*${time}$`),
      { timeout: PUSH_WAIT_MS },
    );
    await expect(total).toHaveText(totalBefore ?? '');
  });

  await test.step('the tablet remembers the shop: a new tab’s sign-in form has it filled in', async () => {
    const next = await page.context().newPage();
    await next.goto(`${consoleOrigin()}/`);
    await expect(next.getByLabel('Shop')).toHaveValue('Fire & Slice');
  });
});
