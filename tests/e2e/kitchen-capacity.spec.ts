import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import { apiCalls } from '../../lib/api/contract.ts';
import { shopPaths } from '../../lib/api/shop-contract.ts';
import { staffSignInResponseSchema } from '../../lib/api/staff-contract.ts';
import { placementTotals } from '../../lib/cart/checkout.ts';
import { NO_CAPACITY_LIMITS, type KitchenCapacity } from '../../lib/kitchen/capacity.ts';
import { catalogueFromTenant } from '../../lib/pricing/catalogue.ts';
import { toDollars } from '../../lib/pricing/money.ts';
import { loadTenant } from '../../lib/tenant/load.ts';
import { orderBody } from '../../server/api/tests/fixtures/orders.ts';
import { dismissPopups, settle } from './ordering-support.ts';
import { EDITOR_SCREENS, expectNoSidewaysScroll, pageOn, seriousViolations } from './screen-support.ts';
import { withoutNewOrderAlert } from './console-support.ts';
import { consoleUrl, stackApiUrl, stackPort, tenantUrl } from './urls.ts';

/**
 * Issue 28 item 6 on the real stack: the owner sets the kitchen's capacity, orders placed through
 * the API fill a slot, an open storefront's time picker shows it "Kitchen full" within seconds
 * without a reload, and place-order refuses the next pizza. The shop is put back after.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOP = { slug: 'fire-and-slice', retailerId: 114 };
const owner = { email: `owner@${SHOP.slug}.test`, password: `${SHOP.slug}-owner` };
const TWO_A_SLOT: KitchenCapacity = { countedGroupIds: [], limits: [{ service: 'shared', items: 2 }] };

async function ownerToken(): Promise<string> {
  const answer = await fetch(stackApiUrl('/staff/sign-in'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retailer: SHOP.slug, ...owner }),
  });
  expect(answer.status).toBe(200);
  return staffSignInResponseSchema.parse(await answer.json()).token;
}

/** Publishes the capacity as the Shop view does: a draft of that part, then Publish. */
async function publishCapacity(capacity: KitchenCapacity): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await ownerToken()}` };
  const revision = async () =>
    ((await (await fetch(stackApiUrl(shopPaths.shop), { headers })).json()) as { revision: number }).revision;
  const send = async (method: 'PUT' | 'POST', path: string, body: object) => {
    const answer = await fetch(stackApiUrl(path), { method, headers, body: JSON.stringify(body) });
    expect(answer.status, `${path}: ${await answer.text()}`).toBe(200);
  };
  await send('PUT', shopPaths.draft, { revision: await revision(), prices: [], parts: { kitchenCapacity: capacity } });
  await send('POST', shopPaths.publish, { revision: await revision() });
}

/** Margheritas (Regular) for pickup at `at`, placed through the API as a storefront places them; the answer as it came. */
async function placePizzas(at: string, quantity: number): Promise<{ status: number; body: unknown }> {
  const host = new URL(tenantUrl(SHOP.slug)).host;
  const lines = [
    {
      uuid: randomUUID(),
      productId: 3101,
      productGroupId: 31,
      productName: 'Margherita',
      size: {
        retailerProductSizeId: 601,
        productGroupId: 31,
        productSizeId: 4,
        name: 'Regular 11"',
        price: 20,
        defaultProductPrice: 21,
      },
      quantity,
      historicPrice: 20,
      timeStamp: Date.now(),
    },
  ];
  const timing = { retailerId: SHOP.retailerId, isPickup: true, orderForLater: true, orderForLaterRequestDateTime: at };
  const post = async (path: string, body: unknown) => {
    const answer = await fetch(stackApiUrl(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-retailer-domain': host },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as unknown };
  };
  const created = await post(apiCalls.createOrder.path, orderBody(lines, timing));
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const { encryptedOrderId } = apiCalls.createOrder.response.parse(created.body);
  const order = apiCalls.createOrder.body.parse(orderBody(lines, { ...timing, encryptedOrderId }));
  const tenant = await loadTenant('tenants', SHOP.slug);
  const totals = placementTotals(order, tenant, catalogueFromTenant(tenant), new Date(), null);
  return post(apiCalls.placeOrder.path, {
    order,
    contact: { fullName: 'Ada Lovelace', phoneNumber: '0400 000 000', email: 'ada@example.com' },
    delivery: null,
    paymentMethod: 'cash',
    expectedTotal: toDollars(totals.total),
  });
}

/** Waits until the shop's deployed build has the capacity the owner published (or none). */
async function expectDeployed(probe: Page, on: boolean): Promise<void> {
  const deployed = () =>
    probe.evaluate(() =>
      fetch('/_payload.json', { cache: 'no-store' }).then((response) =>
        response.text().then((text) => text.includes('kitchenCapacity')),
      ),
    );
  await expect.poll(deployed, { timeout: 60_000 }).toBe(on);
}

/** Opens the shop and waits until the page follows its live messages (it announces itself once subscribed). */
async function openShop(page: Page): Promise<void> {
  const client = await mqtt.connectAsync(`ws://localhost:${stackPort('E2E_BROKER_PORT')}`, {
    username: 'operator',
    password: 'dev-operator',
    clientId: `e2e_capacity_${Math.random().toString(16).slice(2, 10)}`,
    reconnectPeriod: 0,
  });
  let announced = 0;
  client.on('message', () => (announced += 1));
  await client.subscribeAsync(`storefront/${SHOP.retailerId}/connected`);
  await dismissPopups(page);
  await page.goto(tenantUrl(SHOP.slug));
  await settle(page);
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  await expect.poll(() => announced, { timeout: 15_000 }).toBeGreaterThan(0);
  await client.endAsync(true);
}

/** Capacity off, as the shop ships: published again only when a journey left it on. */
async function putShopBack(): Promise<void> {
  const published = await publishedCapacity();
  if (published.limits.length > 0 || published.countedGroupIds.length > 0) await publishCapacity(NO_CAPACITY_LIMITS);
}

test.afterAll(putShopBack);

/** Signs the owner in to the console and opens the Shop view's Kitchen capacity tab. */
async function openCapacityEditor(page: Page): Promise<void> {
  await withoutNewOrderAlert(page);
  await page.goto(consoleUrl());
  await page.getByLabel('Shop').fill(SHOP.slug);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Shop' }).click();
  await page.getByRole('tab', { name: 'Kitchen capacity' }).click();
}

/** The capacity the API serves the shop with now, as published. */
async function publishedCapacity(): Promise<KitchenCapacity> {
  const headers = { authorization: `Bearer ${await ownerToken()}` };
  const shop = (await (await fetch(stackApiUrl(shopPaths.shop), { headers })).json()) as {
    parts: { published: { kitchenCapacity: KitchenCapacity } };
  };
  return shop.parts.published.kitchenCapacity;
}

test('a slot filled through the API shows "Kitchen full" on an open page within seconds, and place-order refuses the next pizza (390 px touch)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(tenantUrl(SHOP.slug, '/builds/latest.json'));
  await publishCapacity(TWO_A_SLOT);
  await expectDeployed(page, true);

  await openShop(page);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Change' }).click();
  const picker = page.getByRole('dialog', { name: 'Order time' });
  await picker.getByLabel('Later', { exact: true }).check();
  const day = picker.getByLabel('Day', { exact: true });
  await day.selectOption((await day.locator('option:not([disabled])').nth(1).getAttribute('value')) ?? '');
  // The day's last time: journeys that order ahead take the first.
  const times = picker.getByLabel('Time', { exact: true }).locator('option:not([disabled]):not([value=""])');
  const slotAt = (await times.last().getAttribute('value')) ?? '';
  const slot = picker.getByLabel('Time', { exact: true }).locator(`option[value="${slotAt}"]`);
  await expect(slot).toBeEnabled();
  await expect(slot).not.toContainText('Kitchen full');

  // Two pizzas fill the slot; the open page hears it on the broker, with no reload.
  const filled = await placePizzas(slotAt, 2);
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  await expect(slot).toBeDisabled({ timeout: 5_000 });
  await expect(slot).toContainText('Kitchen full');
  await expectNoSidewaysScroll(page, 'the order-time picker with a full slot at 390 px');

  // The next pizza for that time is refused, in the shop's words.
  const refused = await placePizzas(slotAt, 1);
  expect(refused.status).toBe(422);
  expect((refused.body as { message: string }).message).toMatch(
    /^The kitchen is full at \d{1,2}:\d\d [ap]m\. Please choose another time\.$/,
  );

  // Off again: the file is as before and the page's build has no capacity.
  await publishCapacity(NO_CAPACITY_LIMITS);
  await expectDeployed(page, false);
  await context.close();
});

for (const screen of EDITOR_SCREENS) {
  test(`an owner sets a pickup limit for the evening in the Shop view, publishes it, and takes it off again (${screen.width} px, ${screen.scheme})`, async ({
    browser,
  }) => {
    const page = await pageOn(browser, screen);
    const context = page.context();
    await openCapacityEditor(page);
    await expect(page.getByText('No limit: the kitchen takes every order.')).toBeVisible();

    await page.getByRole('button', { name: 'Add a limit' }).click();
    const limit = page.getByRole('group', { name: 'Limit 1' });
    await limit.getByLabel('Orders for').selectOption('pickup');
    await limit.getByLabel('Pizzas per 15 minutes').fill('0');
    await expect(limit.getByText('Type whole pizzas from 1 to 500.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    await limit.getByLabel('Pizzas per 15 minutes').fill('6');
    await limit.getByLabel('All day').uncheck();
    await expect(limit.getByLabel('From')).toHaveValue('17:00');
    await expect(limit.getByLabel('To')).toHaveValue('21:00');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('list', { name: 'What publishing changes' })).toContainText(
      '6 pizzas per 15 minutes, pickup, 5:00 pm - 9:00 pm',
    );
    await expectNoSidewaysScroll(page, `the capacity editor at ${screen.width} px`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`capacity-editor-${screen.width}-${screen.scheme}.png`),
      fullPage: true,
    });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    await expect(page.getByText('Published: 6 pizzas per 15 minutes, pickup, 5:00 pm - 9:00 pm')).toBeVisible();

    await limit.getByRole('button', { name: 'Remove limit 1' }).click();
    await expect(page.getByText('No limit: the kitchen takes every order.')).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('list', { name: 'What publishing changes' })).toContainText(
      'No limit: the kitchen takes every order',
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    await context.close();
  });
}

test('an owner chooses which menu groups the limit counts, and the shop counts them once published (390 px touch)', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await openCapacityEditor(page);
  const groups = page.getByRole('group', { name: 'Counted menu groups' });
  const pizzas = ['Rosse (Tomato Base)', 'Bianche (White Base)', 'Plant-based'];
  // By default every pizza counts: the groups that take half & half, and nothing else.
  for (const name of pizzas) await expect(groups.getByLabel(name)).toBeChecked();
  for (const name of ['Share Plates', 'Desserts', 'Drinks']) await expect(groups.getByLabel(name)).not.toBeChecked();

  await page.getByRole('button', { name: 'Add a limit' }).click();
  await page.getByRole('group', { name: 'Limit 1' }).getByLabel('Pizzas per 15 minutes').fill('6');
  for (const name of pizzas) await groups.getByLabel(name).uncheck();
  await expect(groups.getByRole('alert')).toHaveText('Tick at least one menu group to count.');
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await groups.getByLabel('Share Plates').check();
  await groups.getByLabel('Rosse (Tomato Base)').check();
  await expect(groups.getByRole('alert')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'the counted menu groups at 390 px');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('list', { name: 'What publishing changes' })).toContainText(
    'Counts the items of 2 chosen product groups',
  );
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  // What the screen showed is what the shop's file now holds, in the menu's order.
  expect(await publishedCapacity()).toEqual({
    countedGroupIds: [31, 34],
    limits: [{ service: 'shared', items: 6 }],
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Kitchen capacity' }).click();
  for (const name of ['Rosse (Tomato Base)', 'Share Plates']) await expect(groups.getByLabel(name)).toBeChecked();
  for (const name of ['Bianche (White Base)', 'Plant-based']) await expect(groups.getByLabel(name)).not.toBeChecked();
  await context.close();
});
