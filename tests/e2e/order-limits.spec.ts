import { expect, test, type Browser, type Page } from '@playwright/test';
import { shopPaths, shopResponseSchema } from '../../lib/api/shop-contract.ts';
import { staffOrdersResponseSchema, staffPaths, staffSignInResponseSchema } from '../../lib/api/staff-contract.ts';
import { signInToConsole } from './console-support.ts';
import {
  addProduct,
  fillGuestDetails,
  markProcessed,
  openShopNow,
  orderForALaterSlot,
  savedOrder,
} from './ordering-support.ts';
import { EDITOR_SCREENS, expectNoSidewaysScroll, pageOn, seriousViolations } from './screen-support.ts';
import { tenantUrl } from './urls.ts';

/**
 * Issue 29 item 5 on the real stack: the owner lowers the shop's order limits in the Shop view and
 * publishes; a customer whose page was open with a larger order is refused by place-order in the
 * sentence that sends them to the phone, nothing reaches the kitchen's board, and the page, once on
 * the new build, says it in the cart. Issue 30 item 2 the same way: the tip percentages the owner
 * publishes are the ones checkout offers. The shop's limits and tips are put back after.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

// No other journey publishes this shop's parts or orders ten items there.
const SHOP = 'harbour-pizza';
const SHIPPED = { maxOrderCents: 100_000, maxOrderItems: 100 };
const SHIPPED_TIPS = { offered: true, percentages: [10, 15, 20] };
const REFUSAL =
  'Online orders are limited to 10 items. For a larger order, please call Harbour Pizza on (08) 9335 1874.';

const apiUrl = (path: string) => `http://localhost:${process.env['E2E_API_PORT']}${path}`;

async function staffToken(role: 'owner' | 'kitchen'): Promise<string> {
  const answer = await fetch(apiUrl(staffPaths.signIn), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ retailer: SHOP, email: `${role}@${SHOP}.test`, password: `${SHOP}-${role}` }),
  });
  expect(answer.status).toBe(200);
  return staffSignInResponseSchema.parse(await answer.json()).token;
}

/** The limits and tips as shipped, published again only when a journey left others. */
async function putShopBack(): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${await staffToken('owner')}` };
  const shop = shopResponseSchema.parse(await (await fetch(apiUrl(shopPaths.shop), { headers })).json());
  const { orderBounds, tips } = shop.parts.published;
  if (JSON.stringify({ orderBounds, tips }) === JSON.stringify({ orderBounds: SHIPPED, tips: SHIPPED_TIPS })) return;
  const send = async (method: 'PUT' | 'POST', path: string, body: object) => {
    const answer = await fetch(apiUrl(path), { method, headers, body: JSON.stringify(body) });
    const text = await answer.text();
    expect(answer.status, `${path}: ${text}`).toBe(200);
    return shopResponseSchema.parse(JSON.parse(text));
  };
  const drafted = await send('PUT', shopPaths.draft, {
    revision: shop.revision,
    prices: [],
    parts: { orderBounds: SHIPPED, tips: SHIPPED_TIPS },
  });
  await send('POST', shopPaths.publish, { revision: drafted.revision });
}

test.afterAll(putShopBack);

const touch = (browser: Browser, width: number, height: number) =>
  browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });

async function openShopTab(page: Page, tab: 'Order limits' | 'Tips'): Promise<void> {
  await signInToConsole(page, SHOP, 'owner');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Shop' }).click();
  await page.getByRole('tab', { name: tab }).click();
}

test('the owner lowers the items an order may hold and publishes; the open page’s larger order is refused with the shop’s phone, and the board never sees it (390 px touch)', async ({
  browser,
}) => {
  const customerContext = await touch(browser, 390, 844);
  const customer = await customerContext.newPage();
  await openShopNow(customer, SHOP);
  await addProduct(customer);
  await customer.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await orderForALaterSlot(customer);
  await customer.locator('[data-cart-button]').click();
  const cart = customer.getByRole('dialog', { name: 'Your order' });
  const more = cart.getByRole('button', { name: /^More: Quantity of / });
  for (let quantity = 2; quantity <= 11; quantity += 1) {
    await more.click();
    await expect(cart.getByRole('group', { name: /Quantity of / })).toContainText(String(quantity));
  }
  // Eleven is far within the shipped limit of 100: the cart lets the customer on.
  await expect(cart.locator('[data-order-bound]')).toHaveCount(0);
  await cart.getByRole('button', { name: 'Checkout' }).click();
  const checkout = customer.getByRole('dialog', { name: 'Checkout' });
  await fillGuestDetails(checkout);

  const ownerContext = await touch(browser, 390, 844);
  const owner = await ownerContext.newPage();
  await openShopTab(owner, 'Order limits');
  const items = owner.getByLabel('Most items in an order');
  await expect(items).toHaveValue('100');
  await items.fill('0');
  await expect(
    owner.getByText('"0" is not a number of items. Type whole items from 5 to 500.', { exact: true }),
  ).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await items.fill('10');
  await owner.getByRole('button', { name: 'Save draft' }).click();
  await expect(owner.getByRole('list', { name: 'What publishing changes' })).toContainText(
    'Online orders up to 100 items → 10 items',
  );
  await expectNoSidewaysScroll(owner, 'the order limits editor at 390 px');
  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  await expect(owner.getByText('Published: up to $1,000.00 and 10 items.')).toBeVisible();

  // The customer's page still has the build from before; place-order holds the new limit.
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(checkout.locator('[data-checkout-error]')).toHaveText(REFUSAL);
  expect(customer.url()).not.toMatch(/\/order\//);
  const { encryptedOrderId } = await savedOrder(customer);
  const kitchen = { authorization: `Bearer ${await staffToken('kitchen')}` };
  const board = staffOrdersResponseSchema.parse(
    await (await fetch(apiUrl(staffPaths.orders(50)), { headers: kitchen })).json(),
  );
  expect(board.orders.map((order) => order.encryptedOrderId)).not.toContain(encryptedOrderId);

  // Once the shop's rebuilt page is live, the cart says it before checkout, and ten go through.
  await expect
    .poll(
      () => customer.evaluate(() => fetch('/_payload.json', { cache: 'no-store' }).then((response) => response.text())),
      { timeout: 60_000 },
    )
    .toContain('"maxOrderItems":10');
  await customer.goto(tenantUrl(SHOP));
  await customer.locator('[data-cart-button]').click();
  await expect(cart.locator('[data-order-bound]')).toHaveText(REFUSAL);
  await expect(cart.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await cart.getByRole('button', { name: /^Fewer: Quantity of / }).click();
  await expect(cart.locator('[data-order-bound]')).toHaveCount(0);
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await fillGuestDetails(checkout);
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(customer).toHaveURL(/\/order\/\?id=/);
  await markProcessed(SHOP, new URL(customer.url()).searchParams.get('id') ?? '');
  await ownerContext.close();
  await customerContext.close();
});

test('the owner offers other tip percentages, a repeated one refused beside its field, and publishes; checkout offers the new ones (390 px touch)', async ({
  browser,
}) => {
  const ownerContext = await touch(browser, 390, 844);
  const owner = await ownerContext.newPage();
  await openShopTab(owner, 'Tips');
  await expect(owner.getByRole('checkbox', { name: 'Offer tips at checkout' })).toBeChecked();
  const third = owner.getByLabel('Percentage 3 (%)');
  await expect(third).toHaveValue('20');
  await third.fill('15');
  await expect(owner.getByText('15% is offered already. Remove one.', { exact: true })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await third.fill('25');
  await owner.getByRole('button', { name: 'Save draft' }).click();
  const own = 'an amount of the customer’s own';
  await expect(owner.getByRole('list', { name: 'What publishing changes' })).toContainText(
    `Checkout offers 10%, 15%, 20% or ${own} → 10%, 15%, 25% or ${own}`,
  );
  await expectNoSidewaysScroll(owner, 'the tips editor at 390 px');
  await owner.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  await expect(owner.getByText(`Published: 10%, 15%, 25% or ${own}.`)).toBeVisible();

  const customerContext = await touch(browser, 390, 844);
  const customer = await customerContext.newPage();
  await openShopNow(customer, SHOP);
  await expect
    .poll(
      () => customer.evaluate(() => fetch('/_payload.json', { cache: 'no-store' }).then((response) => response.text())),
      { timeout: 60_000 },
    )
    .toContain('"percentages":[10,15,25]');
  await customer.goto(tenantUrl(SHOP));
  await expect(customer.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  await addProduct(customer);
  await customer.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await orderForALaterSlot(customer);
  await customer.locator('[data-cart-button]').click();
  await customer.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(
    customer.getByRole('dialog', { name: 'Checkout' }).locator('[data-tip-picker]').getByRole('button'),
  ).toHaveText([/^No tip$/, /^10%/, /^15%/, /^25%/, /^Other$/]);
  await ownerContext.close();
  await customerContext.close();
});

for (const screen of EDITOR_SCREENS) {
  test(`the order limits editor names what it refuses and reads at ${screen.width} px (${screen.scheme})`, async ({
    browser,
  }) => {
    const page = await pageOn(browser, screen);
    const context = page.context();
    await openShopTab(page, 'Order limits');
    const largest = page.getByLabel('Largest order ($)');
    await expect(largest).toHaveValue('1000.00');
    await largest.fill('99999');
    await expect(
      page.getByText('"99999" is not a largest order. Type dollars from 50.00 to 10000.00.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    await largest.fill('250');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('list', { name: 'What publishing changes' })).toContainText(
      'Online orders up to $1,000.00 → $250.00',
    );
    await expectNoSidewaysScroll(page, `the order limits editor at ${screen.width} px`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`order-limits-${screen.width}-${screen.scheme}.png`),
      fullPage: true,
    });
    // Set back to the published limit, the draft holds no change.
    await largest.fill('1000');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('list', { name: 'What publishing changes' })).toHaveCount(0);
    await context.close();
  });
}

for (const screen of EDITOR_SCREENS) {
  test(`the tips editor names what it refuses and reads at ${screen.width} px (${screen.scheme})`, async ({
    browser,
  }) => {
    const page = await pageOn(browser, screen);
    const context = page.context();
    await openShopTab(page, 'Tips');
    await page.getByRole('button', { name: 'Add a percentage' }).click();
    const fourth = page.getByLabel('Percentage 4 (%)');
    await fourth.fill('60');
    await expect(
      page.getByText('"60" is not a tip percentage. Type a whole number from 1 to 50.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a percentage' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    await expectNoSidewaysScroll(page, `the tips editor at ${screen.width} px`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: test.info().outputPath(`tips-${screen.width}-${screen.scheme}.png`),
      fullPage: true,
    });
    // Taken away again, the draft holds no change.
    await page.getByRole('button', { name: 'Remove percentage 4' }).click();
    await expect(page.getByText('"60" is not a tip percentage.')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'What publishing changes' })).toHaveCount(0);
    await context.close();
  });
}
