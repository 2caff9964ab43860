import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shopPaths } from '../../lib/api/shop-contract.ts';
import { PRICES_CHANGED } from '../../apps/storefront/runtime/checkout.ts';
import { centsOf, openShopNow, orderForALaterSlot, serverOrder } from './ordering-support.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { consoleOrigin, stackApiUrl, tenantUrl } from './urls.ts';
import { withoutNewOrderAlert } from './console-support.ts';

/**
 * Editing and publishing the shop (issue 19 item 4) against the real stack: the API writes the
 * tenant's files in the e2e stack's copy of tenants/ (global-setup.ts), the watcher rebuilds that
 * tenant, and the storefront shows the new price on a reload. One journey at a time: they edit
 * the same shop.
 */
// Three rebuilds and two axe runs a journey, on a shared two-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOP = 'bella-napoli';
/** Margherita's Small is its lowest price, the menu's "from" price: $16.00 in the sample. */
const MARGHERITA_SMALL = 'Small 10" ($)';

async function signIn(page: Page, role: 'owner' | 'kitchen'): Promise<void> {
  await withoutNewOrderAlert(page);
  await page.goto(`${consoleOrigin()}/`);
  await page.getByLabel('Shop').fill(SHOP);
  await page.getByLabel('Email').fill(`${role}@${SHOP}.test`);
  await page.getByLabel('Password').fill(`${SHOP}-${role}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
}

const margherita = (page: Page) => page.getByRole('group', { name: 'Margherita', exact: true });

/** The menu's Margherita entry shows its Small price, after a reload once the rebuilt build is live. */
async function expectMenuPrice(page: Page, price: string): Promise<void> {
  await expect(async () => {
    await page.goto(tenantUrl(SHOP, '/'));
    await expect(page.locator('li[data-product-id="1101"]').first()).toContainText(`Small 10" ${price}`, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
}

for (const width of [360, 390]) {
  test(`an owner publishes a new price, the shop shows it on a reload, and Undo publish restores it (${width} px)`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, 'owner');
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Shop' }).click();
    await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
    const small = margherita(page).getByLabel(MARGHERITA_SMALL);
    await expect(small).toHaveValue('16.00');

    await small.fill('17.25');
    // A look at the orders mid-edit loses nothing typed.
    const sections = page.getByRole('navigation', { name: 'Console sections' });
    await sections.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    await sections.getByRole('link', { name: 'Shop' }).click();
    await expect(small).toHaveValue('17.25');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('list', { name: 'What publishing changes' })).toContainText(
      'Margherita, Small 10": $16.00 → $17.25',
    );
    await expectNoSidewaysScroll(page, `the Shop view at ${width} px`);
    expect(await seriousViolations(page)).toEqual([]);

    const storefront = await browser.newPage();
    await expectMenuPrice(storefront, '$16.00');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'What the last publish changed' })).toContainText('$16.00 → $17.25');
    await expectMenuPrice(storefront, '$17.25');

    await page.getByRole('button', { name: 'Undo publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Publish undone' })).toBeVisible();
    await expect(small).toHaveValue('16.00');
    await expectMenuPrice(storefront, '$16.00');

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousViolations(page)).toEqual([]);
    await storefront.close();
  });
}

test('a kitchen account gets no Shop view, and the API refuses it the shop', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, 'kitchen');
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText([
    'Orders',
    'Live',
    'Bookings',
    'Promo codes',
    'Staff',
  ]);
  await expect(page.getByRole('link', { name: 'Shop' })).toHaveCount(0);

  const signedIn = await request.post(`${stackApiUrl()}/staff/sign-in`, {
    data: { retailer: SHOP, email: `kitchen@${SHOP}.test`, password: `${SHOP}-kitchen` },
  });
  const { token } = (await signedIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.get(`${stackApiUrl()}/staff/shop`, { headers })).status()).toBe(403);
  expect(
    (
      await request.put(`${stackApiUrl()}/staff/shop/draft`, {
        headers,
        data: { revision: 0, prices: [{ productId: 1101, sizeId: 201, priceCents: 1 }] },
      })
    ).status(),
  ).toBe(403);
  expect((await request.post(`${stackApiUrl()}/staff/shop/publish`, { headers, data: { revision: 0 } })).status()).toBe(
    403,
  );
});

/** The theme colour a shop's page is drawn with now (the light theme's `--tenant-*` custom property). */
async function expectShopColour(page: Page, name: string, colour: string): Promise<void> {
  await expect(async () => {
    await page.goto(tenantUrl(SHOP, '/'));
    expect(
      await page.evaluate(
        (property) => getComputedStyle(document.documentElement).getPropertyValue(property).trim(),
        `--tenant-${name}`,
      ),
    ).toBe(colour);
  }).toPass({ timeout: 30_000 });
}

test('an owner sees an unreadable theme refused before saving, publishes a readable one and undoes it (390 px)', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'owner');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Shop' }).click();
  await page.getByRole('tab', { name: 'Theme colours' }).click();
  const primary = page
    .getByRole('group', { name: 'Light theme' })
    .getByRole('group', { name: 'Primary colour', exact: true })
    .getByLabel('Code');
  await expect(primary).toHaveValue('#b3261e');

  // The sample's cream secondary colour: white text on it cannot be read, and the console says so before anything is saved.
  await primary.fill('#f3e3c3');
  await expect(page.getByText(/Light theme: .* has contrast/).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fix before saving' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await expectNoSidewaysScroll(page, 'the theme editor at 390 px');

  await primary.fill('#0b6e4f');
  await expect(page.getByText('Every text colour reads on its background')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('list', { name: 'What publishing changes' })).toContainText('#b3261e → #0b6e4f');
  expect(await seriousViolations(page)).toEqual([]);

  const storefront = await browser.newPage();
  await expectShopColour(storefront, 'primary', '#b3261e');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  await expectShopColour(storefront, 'primary', '#0b6e4f');

  await page.getByRole('button', { name: 'Undo publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Publish undone' })).toBeVisible();
  await expectShopColour(storefront, 'primary', '#b3261e');
  await expect(primary).toHaveValue('#b3261e');
  await storefront.close();
});

/** The owner's side of a publish through the staff API, as the Shop view sends it. */
async function ownerApi(request: APIRequestContext) {
  const signedIn = await request.post(`${stackApiUrl()}/staff/sign-in`, {
    data: { retailer: SHOP, email: `owner@${SHOP}.test`, password: `${SHOP}-owner` },
  });
  const { token } = (await signedIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const revision = async () =>
    ((await (await request.get(`${stackApiUrl()}${shopPaths.shop}`, { headers })).json()) as { revision: number })
      .revision;
  const call = async (method: 'put' | 'post', path: string, data: object) => {
    const response = await request[method](`${stackApiUrl()}${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
  };
  return {
    headers,
    publishPrice: async (priceCents: number) => {
      await call('put', shopPaths.draft, {
        revision: await revision(),
        prices: [{ productId: 1101, sizeId: 201, priceCents }],
      });
      await call('post', shopPaths.publish, { revision: await revision() });
    },
    undoPublish: async () => call('post', shopPaths.undo, { revision: await revision() }),
  };
}

/** What the shop deploys now: Margherita Small's price in the current build's menu, read by a page on the shop's host. */
async function deployedSmallMargherita(probe: Page): Promise<string> {
  const payload = await probe.evaluate(() =>
    fetch('/_payload.json', { cache: 'no-store' }).then((response) => response.text()),
  );
  return (
    /"productId":1101,[^\]]*?"retailerProductSizeId":201,"name":"Small 10\\"","priceCents":(\d+)/.exec(payload)?.[1] ??
    ''
  );
}

test('a price undone while a customer is at checkout: the page takes the current menu, says so, and the next tap places what it shows (390 px touch)', async ({
  browser,
  request,
}) => {
  const owner = await ownerApi(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const probe = await context.newPage();
  await probe.goto(tenantUrl(SHOP, '/builds/latest.json'));
  await owner.publishPrice(1650);
  await expect.poll(() => deployedSmallMargherita(probe), { timeout: 30_000 }).toBe('1650');

  const page = await context.newPage();
  // The page goes on seeing the build it opened with: this journey is the customer who reaches Place
  // order before the page notices the new build (when it notices first, the cart is re-priced then).
  const openedWith = await probe.evaluate(() =>
    fetch('/builds/latest.json', { cache: 'no-store' }).then((response) => response.text()),
  );
  await page.route('**/builds/latest.json', (route) =>
    route.fulfill({ body: openedWith, contentType: 'application/json' }),
  );
  await openShopNow(page, SHOP);
  await page.getByRole('link', { name: 'Add Margherita' }).click();
  const builder = page.getByRole('dialog', { name: 'Margherita' });
  await builder.getByLabel('Small 10"').check();
  await builder.getByLabel('Traditional hand-stretched').check();
  await expect(builder.getByRole('button', { name: /Add to cart/ })).toContainText('$16.50');
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await orderForALaterSlot(page);

  await owner.undoPublish();
  await expect.poll(() => deployedSmallMargherita(probe), { timeout: 30_000 }).toBe('1600');

  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByLabel('Name').fill('Ada Lovelace');
  await checkout.getByLabel('Phone').fill('0400 222 333');
  await checkout.getByLabel('Email').fill('ada@example.com');
  await expect(checkout.locator('[data-total="total"]')).toHaveText('$16.50');
  await checkout.getByRole('button', { name: /^Place order/ }).click();

  await expect(checkout.getByText(PRICES_CHANGED)).toBeVisible();
  await expect(checkout.locator('[data-total="total"]')).toHaveText('$16.00');
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/order\/\?id=/);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(1600);
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  const stored = await serverOrder(page, id);
  expect(stored.products.map((line) => [line.productName, line.historicPrice])).toEqual([['Margherita', 16]]);

  // The kitchen's board shows the same order at the same total.
  const board = (await (await request.get(`${stackApiUrl()}/staff/orders`, { headers: owner.headers })).json()) as {
    orders: { encryptedOrderId: string; totalCents: number }[];
  };
  expect(board.orders.find((order) => order.encryptedOrderId === id)?.totalCents).toBe(1600);
  await context.close();
});

test('a price undone while a customer browses: the page notices the new build and re-prices the cart before checkout (390 px touch)', async ({
  browser,
  request,
}) => {
  const owner = await ownerApi(request);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const probe = await context.newPage();
  await probe.goto(tenantUrl(SHOP, '/builds/latest.json'));
  await owner.publishPrice(1650);
  await expect.poll(() => deployedSmallMargherita(probe), { timeout: 30_000 }).toBe('1650');

  const page = await context.newPage();
  // The build watcher starts with the page services, at an idle moment after the ordering runtime,
  // reading its own build's manifest first: only then does it answer the tab becoming visible.
  const watching = page.waitForRequest((asked) => new URL(asked.url()).pathname.startsWith('/builds/meta/'));
  await openShopNow(page, SHOP);
  await page.getByRole('link', { name: 'Add Margherita' }).click();
  const builder = page.getByRole('dialog', { name: 'Margherita' });
  await builder.getByLabel('Small 10"').check();
  await builder.getByLabel('Traditional hand-stretched').check();
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await expect(page.locator('[data-cart-button]')).toHaveAccessibleName('Cart, 1 item, $16.50');
  await watching;

  await owner.undoPublish();
  await expect.poll(() => deployedSmallMargherita(probe), { timeout: 30_000 }).toBe('1600');
  // The page looks at builds/latest.json when it becomes visible again (and every few minutes).
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.locator('[data-cart-button]')).toHaveAccessibleName('Cart, 1 item, $16.00');
  await page.locator('[data-cart-button]').click();
  await expect(page.getByRole('dialog', { name: 'Your order' }).locator('[data-total="subtotal"]')).toHaveText(
    '$16.00',
  );
  await context.close();
});
