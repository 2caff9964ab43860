import { expect, test, type Page } from '@playwright/test';
import { addProduct, dismissPopups, liveStatusAsNormal, waitForSync } from './ordering-support.ts';
import { recordAnnouncedClientIds, startLiveStack, type LiveStack } from './live-stack.ts';
import { melbourneWeekTime } from './shop-week.ts';
import { tenantUrl } from './urls.ts';
import { darkColours } from '../../lib/site/theme.ts';
import { loadTenant } from '../../lib/tenant/load.ts';

// The retailer's popups would cover the page these journeys drive.
test.beforeEach(({ page }) => dismissPopups(page));

// Friday 20:30 in Melbourne, when bella-napoli takes pickup and delivery orders: a Friday before
// the server's clock, as on a phone whose clock is behind (the page's clock never agrees with the server's).
const fridayEvening = (side: 'behind' | 'ahead' = 'behind') => melbourneWeekTime(5, '20:30', side);
const BELLA = { slug: 'bella-napoli', retailerId: 111, retailerWebsiteId: 1111 };
const designTopic = `storefront/${BELLA.retailerId}/design/field-update/${BELLA.retailerWebsiteId}`;
const clockTopic = `storefront/${BELLA.retailerId}/clock/status`;

let stack: LiveStack;
test.beforeAll(async () => {
  stack = await startLiveStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

/** Opens bella-napoli on the test's own API and broker and resolves with the client id it announced. */
async function openLivePage(page: Page, announced: string[], path = '/', clock = fridayEvening()): Promise<string> {
  await page.clock.install({ time: clock });
  await liveStatusAsNormal(page);
  await stack.usedBy(page);
  const before = announced.length;
  await page.goto(tenantUrl(BELLA.slug, path));
  await expect.poll(() => announced.length, { timeout: 15000 }).toBeGreaterThan(before);
  return announced[announced.length - 1] ?? '';
}

const rootVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
const bodyVariable = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.body).getPropertyValue(variable).trim(), name);

for (const side of ['behind', 'ahead'] as const) {
  test(`a page whose clock is ${side} the server's hears a notification`, async ({ page }) => {
    const announced = await recordAnnouncedClientIds(await stack.operatorClient(), BELLA.retailerId);
    const clientId = await openLivePage(page, announced, '/', fridayEvening(side));
    // Longer than one keepalive interval of mqtt.js (30 s at the default 60 s keepalive): the connection has to last.
    await page.waitForTimeout(1000);
    await page.clock.runFor(45_000);
    await stack.operator('notify', BELLA.slug, clientId, `Heard with the clock ${side}`);
    await expect(page.getByRole('status').filter({ hasText: `Heard with the clock ${side}` })).toContainText(
      'Notification',
    );
  });
}

test('operator messages reach an open page: a notification, a new colour, a closed shop; bad design values change nothing', async ({
  page,
}) => {
  // Eight operator CLI runs, each a Node process of its own: on a loaded two-core machine they take seconds each.
  test.setTimeout(90_000);
  const listener = await stack.operatorClient();
  const announced = await recordAnnouncedClientIds(listener, BELLA.retailerId);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const clientId = await openLivePage(page, announced);
  expect(clientId).toMatch(/^sf_[0-9a-f]{16}$/);

  await stack.operator('notify', BELLA.slug, clientId, 'Your pizza is in the oven');
  const toast = page.getByRole('status').filter({ hasText: 'Your pizza is in the oven' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Notification');

  await stack.operator('design', BELLA.slug, 'primary', '#0b6e4f');
  await expect.poll(() => rootVariable(page, '--tenant-primary')).toBe('#0b6e4f');
  await expect(page.getByRole('link', { name: /^Call / })).toHaveCSS('background-color', 'rgb(11, 110, 79)');

  // An unknown field and values that are no colour: the API refuses them, the broker carries whatever is published; the page refuses them all.
  await expect(stack.operator('design', BELLA.slug, 'font', '#123456')).rejects.toThrow();
  await expect(stack.operator('design', BELLA.slug, 'primary', 'red')).rejects.toThrow();
  for (const [fieldName, fieldValue] of [
    ['font', '#123456'],
    ['primary', 'red'],
  ])
    await listener.publishAsync(designTopic, JSON.stringify({ fieldName, fieldValue }));
  for (const fieldValue of [
    'red;}body{display:none',
    '#000000;}body{display:none',
    'url(javascript:alert(1))',
    '</style><script>alert(1)</script>',
  ]) {
    await listener.publishAsync(designTopic, JSON.stringify({ fieldName: 'primary', fieldValue }));
  }
  await listener.publishAsync(designTopic, JSON.stringify({ fieldName: 'body{display:none}', fieldValue: '#000000' }));
  // A valid update after the bad ones: once it shows, every bad one has been handled.
  await stack.operator('design', BELLA.slug, 'secondary', '#abcdef');
  await expect.poll(() => rootVariable(page, '--tenant-secondary')).toBe('#abcdef');
  expect(await rootVariable(page, '--tenant-primary')).toBe('#0b6e4f');
  expect(await rootVariable(page, '--tenant-font')).toBe('');
  await expect(page.locator('body')).toBeVisible();
  await expect(page.locator('#menu')).toBeVisible();

  const status = page.locator('[data-open-status]');
  await expect(status).toContainText('Pickup open until 1:00 am');
  await stack.operator('clock', BELLA.slug, '--online', 'false');
  // Timed from the moment the broker hands the message out, not from the CLI's start-up.
  let deliveredAt = 0;
  listener.on('message', (topic) => {
    if (topic === clockTopic) deliveredAt = Date.now();
  });
  await listener.subscribeAsync(clockTopic);
  await stack.operator('publish-clock', BELLA.slug);
  await expect(status).toContainText('Pickup closed now', { timeout: 1000 });
  const closedAfterMs = Date.now() - deliveredAt;
  expect(deliveredAt).toBeGreaterThan(0);
  expect(closedAfterMs).toBeLessThan(1000);
  test.info().annotations.push({
    type: 'measured',
    description: `shop shown closed at most ${closedAfterMs} ms after the broker delivered the clock status`,
  });
  await expect(status).toContainText('Delivery closed now');
  await expect(page.locator('[data-order-time]')).toContainText('closed now');
  await stack.operator('clock-clear', BELLA.slug);
  expect(pageErrors).toEqual([]);
});

test('a design update reaches a visitor in dark mode too: the dark theme is derived again from the new colour', async ({
  page,
}) => {
  const bellaCss = (await loadTenant('tenants', BELLA.slug)).config.retailerCSS;
  await page.emulateMedia({ colorScheme: 'dark' });
  const clientId = await openLivePage(
    page,
    await recordAnnouncedClientIds(await stack.operatorClient(), BELLA.retailerId),
  );
  expect(clientId).not.toBe('');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  const callButton = page.getByRole('link', { name: /^Call / });
  const before = await callButton.evaluate((element) => getComputedStyle(element).backgroundColor);

  await stack.operator('design', BELLA.slug, 'primary', '#0b6e4f');
  const changed = structuredClone(bellaCss);
  changed.primary = '#0b6e4f';
  const expected = darkColours(changed).primary;
  await expect.poll(() => bodyVariable(page, '--tenant-primary')).toBe(expected);
  await expect(callButton).not.toHaveCSS('background-color', before);

  // The retailer may name the dark colour itself; switching back to light shows the light one.
  await stack.operator('design', BELLA.slug, 'dark-primary', '#ff8a80');
  await expect.poll(() => bodyVariable(page, '--tenant-primary')).toBe('#ff8a80');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);
  await expect.poll(() => bodyVariable(page, '--tenant-primary')).toBe('#0b6e4f');
  await expect(callButton).toHaveCSS('background-color', 'rgb(11, 110, 79)');
});

test('a live layout change is refused: the page keeps the layout it was built with, and the operator and the error log are told why', async ({
  page,
}) => {
  const reason =
    "initial-layout is not applied live: the layout is built into the pages from the retailer configuration's layout number; change that and rebuild the site";
  const listener = await stack.operatorClient();
  const announced = await recordAnnouncedClientIds(listener, BELLA.retailerId);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Live messaging')) warnings.push(message.text());
  });
  await openLivePage(page, announced);
  // bella-napoli is built with layout 2: the shop's name in a band above the menu, under a plain header bar.
  const nameBand = page.getByRole('heading', { level: 1, name: 'Bella Napoli Pizzeria' });
  await expect(nameBand).toBeVisible();

  // The CLI prints the API's answer and exits with 1.
  const answer = await stack.operator('design', BELLA.slug, 'initial-layout', '3').then(
    () => 'published',
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  expect(JSON.parse(answer)).toMatchObject({ success: false, message: `Invalid request body: fieldName: ${reason}` });
  // The retailer's own back office may still send one: the page refuses it as well and logs why.
  await listener.publishAsync(designTopic, JSON.stringify({ fieldName: 'initial-layout', fieldValue: 3 }));
  await expect.poll(() => warnings).toContain(`Live messaging: Design update refused: ${reason}`);
  await expect
    .poll(async () => (await errorLog()).some((entry) => entry.message === `Design update refused: ${reason}`), {
      timeout: 15_000,
    })
    .toBe(true);

  // A colour after it still applies, and the layout is the one the site was built with.
  await stack.operator('design', BELLA.slug, 'secondary', '#abcdef');
  await expect.poll(() => rootVariable(page, '--tenant-secondary')).toBe('#abcdef');
  await expect(nameBand).toBeVisible();
});

test('a custom page shows a notification too, bringing its toaster along', async ({ page }) => {
  const announced = await recordAnnouncedClientIds(await stack.operatorClient(), BELLA.retailerId);
  const clientId = await openLivePage(page, announced, '/about/our-story');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toHaveCount(0);
  await stack.operator('notify', BELLA.slug, clientId, 'Table 4 is ready', '--title', 'Bookings');
  await expect(page.getByRole('status').filter({ hasText: 'Bookings: Table 4 is ready' })).toContainText(
    'Notification',
  );
});

test('two tabs never share a client id', async ({ context }) => {
  const listener = await stack.operatorClient();
  const announced = await recordAnnouncedClientIds(listener, BELLA.retailerId);
  const first = await openLivePage(await context.newPage(), announced);
  const second = await openLivePage(await context.newPage(), announced);
  expect(first).not.toBe(second);
});

interface LoggedError {
  message: string;
  component: string | null;
  timestamp: string;
  additionalContext: { kind?: string } | null;
}

async function errorLog(): Promise<LoggedError[]> {
  return JSON.parse(await stack.operator('errors', BELLA.slug, '--limit', '500')) as LoggedError[];
}

test('the broker away for a minute: the page keeps working, logs one messaging error and hears a notification soon after the broker returns', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The error log keeps the page's own timestamps, which count from the page's clock.
  const clock = fridayEvening();
  const startedAt = clock.toISOString();
  const announced = await recordAnnouncedClientIds(await stack.operatorClient(), BELLA.retailerId);
  const messagingWarnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Live messaging')) messagingWarnings.push(message.text());
  });
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const clientId = await openLivePage(page, announced, '/', clock);

  await stack.stopBroker();
  const stoppedAt = Date.now();
  const connectionAttempts: number[] = [];
  page.on('websocket', () => connectionAttempts.push(Date.now()));
  await addProduct(page, 0);
  await page.getByRole('searchbox').fill('pizza');
  await page.getByRole('searchbox').fill('');
  await addProduct(page, 1);
  await expect(page.locator('[data-cart-button]')).toContainText('2');
  await page.waitForTimeout(60_000 - (Date.now() - stoppedAt));
  // mqtt.js waits its 5 s reconnect period between attempts, in any tab.
  const gaps = connectionAttempts.slice(1).map((at, index) => at - (connectionAttempts[index] ?? at));
  expect(connectionAttempts.length).toBeGreaterThan(0);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(4500);

  await stack.startBroker();
  const returnedAt = Date.now();
  const toast = page.getByRole('status').filter({ hasText: 'We are back' });
  await expect(async () => {
    await stack.operator('notify', BELLA.slug, clientId, 'We are back');
    await expect(toast).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000, intervals: [0] });
  const heardAfterMs = Date.now() - returnedAt;
  expect(heardAfterMs).toBeLessThan(10_000);
  test.info().annotations.push({
    type: 'measured',
    description: `${connectionAttempts.length} connection attempts in the 60 s outage, at least ${Math.min(...gaps)} ms apart; notification shown ${heardAfterMs} ms after the broker returned`,
  });

  await page.locator('[data-cart-button]').click();
  await expect(page.getByRole('dialog', { name: 'Your order' }).locator('[data-cart-line]')).toHaveCount(2);
  expect(messagingWarnings.length).toBeLessThanOrEqual(1);
  await expect
    .poll(
      async () =>
        (await errorLog()).filter(
          (entry) => entry.timestamp >= startedAt && entry.additionalContext?.kind === 'connection',
        ).length,
      { timeout: 10_000 },
    )
    .toBe(1);
  expect(pageErrors).toEqual([]);
});

/** Payloads nobody should send: random bytes, wrong JSON shapes, huge and hostile strings. */
function malformedPayloads(count: number): (string | Buffer)[] {
  let seed = 20261123;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const fixed: (string | Buffer)[] = [
    'null',
    '[]',
    '{}',
    '"text"',
    '42',
    'true',
    '{',
    '{"message":',
    '\u0000',
    Buffer.from([0xff, 0xfe, 0xfd]),
    '{"message":""}',
    '{"message":42}',
    '{"message":{"toString":"x"}}',
    '{"__proto__":{"polluted":true},"message":"x"}',
    '{"retailerOnline":"no"}',
    '{"refresh":false}',
    '{"liveDeliveryWaitTime":-1,"retailerOnline":true}',
    '{"fieldName":"primary"}',
    '{"fieldName":"primary","fieldValue":null}',
    '{"fieldName":"primary","fieldValue":"red;}body{display:none"}',
    '{"fieldName":"__proto__","fieldValue":"#000000"}',
    '{"fieldName":"background","fieldValue":"#00000"}',
    JSON.stringify({ message: 'x'.repeat(200_000) }),
    JSON.stringify({ fieldName: 'primary', fieldValue: '#'.repeat(100_000) }),
  ];
  const payloads = [...fixed];
  while (payloads.length < count) {
    const kind = Math.floor(random() * 3);
    if (kind === 0)
      payloads.push(
        Buffer.from(Array.from({ length: 1 + Math.floor(random() * 64) }, () => Math.floor(random() * 256))),
      );
    else if (kind === 1)
      payloads.push(JSON.stringify({ [`k${Math.floor(random() * 9)}`]: random() > 0.5 ? random() : [random(), 'x'] }));
    else
      payloads.push(
        JSON.stringify({
          fieldName: `f${Math.floor(random() * 1e6)}`,
          fieldValue: random() > 0.5 ? `#${Math.floor(random() * 0xffffff).toString(16)}` : random(),
        }),
      );
  }
  return payloads.slice(0, count);
}

test('500 random and malformed payloads on every topic: no page error, the page still responds, the cart is unchanged', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const listener = await stack.operatorClient();
  const announced = await recordAnnouncedClientIds(listener, BELLA.retailerId);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Live messaging')) warnings.push(message.text());
  });
  const clientId = await openLivePage(page, announced);
  await addProduct(page, 0);
  await expect(page.locator('[data-cart-button]')).toContainText('1');
  await waitForSync(page);
  const cartBefore = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('orderStore') ?? '{}') as { products: unknown[] }).products,
  );
  const primaryBefore = await rootVariable(page, '--tenant-primary');

  const topics = [`storefront/${BELLA.retailerId}/${clientId}/notify`, clockTopic, designTopic];
  const payloads = malformedPayloads(500);
  for (const topic of topics) {
    for (const payload of payloads) listener.publish(topic, payload);
  }
  // A last valid notification: once it shows, every payload before it has been handled.
  await listener.publishAsync(topics[0] ?? '', JSON.stringify({ message: 'After the noise' }));
  await expect(page.getByRole('status').filter({ hasText: 'After the noise' })).toBeVisible({ timeout: 30_000 });

  expect(pageErrors).toEqual([]);
  expect(await rootVariable(page, '--tenant-primary')).toBe(primaryBefore);
  await expect(page.locator('[data-open-status]')).toContainText('Pickup open until');
  expect(
    await page.evaluate(
      () => (JSON.parse(localStorage.getItem('orderStore') ?? '{}') as { products: unknown[] }).products,
    ),
  ).toEqual(cartBefore);
  // Logged once per kind and topic, not once per payload.
  expect(warnings.length).toBeLessThanOrEqual(6);
  await page.locator('[data-cart-button]').click();
  await expect(page.getByRole('dialog', { name: 'Your order' }).locator('[data-cart-line]')).toHaveCount(1);
});

test('the menu’s group availability follows the clock without a reload', async ({ page }) => {
  // Friday 14:58 in Melbourne: the lunch group (15) is served until 15:00.
  await page.clock.install({ time: melbourneWeekTime(5, '14:58', 'behind') });
  await liveStatusAsNormal(page);
  const groupHoursCalls: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/products/get-group-hours')) groupHoursCalls.push(Date.now());
  });
  await page.goto(tenantUrl(BELLA.slug));
  const lunch = page.locator('#group-15');
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  // The menu hydrates on first use.
  await page.getByRole('searchbox', { name: 'Search the menu' }).focus();
  await expect.poll(() => groupHoursCalls.length).toBe(1);
  await expect(lunch.locator('[data-group-unavailable]')).toHaveCount(0);
  await page.clock.runFor(3 * 60_000);
  await expect(lunch.locator('[data-group-unavailable]')).toContainText('Not available at your order time · ');
  // Fresh for 30 s, stale after 5 minutes: focusing again soon costs no call, and the cache refreshes by itself later.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  expect(groupHoursCalls).toHaveLength(1);
  await page.clock.runFor(5 * 60_000);
  await expect.poll(() => groupHoursCalls.length).toBe(2);
});
