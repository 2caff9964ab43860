import { expect, test, type Page } from '@playwright/test';
import { createStaffClient, StaffApiError } from '../../src/lib/console/client.ts';
import { SESSION_STORAGE_KEY } from '../../src/lib/console/session-mark.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { startStaffApiDouble, type StaffApiDouble } from './staff-api-double.ts';

/**
 * The staff console's journeys (issue 19, slice 1) against a test double of the staff API and its
 * broker (staff-api-double.ts), which keeps to the contract. The console finds its API through
 * /console-config.json, so pointing it at the double is one route; drop the route (and place the
 * orders through the storefront) to run the same journeys against the real API.
 */

const consoleOrigin = () => {
  const port = process.env['E2E_PORT'];
  if (!port) throw new Error('E2E_PORT is not set: the global setup did not start the static server');
  return `http://console.localhost:${port}`;
};

const bellaNapoli = { slug: 'bella-napoli', name: 'Bella Napoli', retailerId: 111 };
const crustAndCo = { slug: 'crust-and-co', name: 'Crust & Co', retailerId: 436 };

let api: StaffApiDouble;
test.beforeEach(async () => {
  api = await startStaffApiDouble({ consoleOrigins: [consoleOrigin()], retailers: [bellaNapoli, crustAndCo] });
});
test.afterEach(async () => {
  await api.close();
});

/** Counts the beeps the console starts, through a Web Audio that only records. */
const recordBeeps = () => {
  const counted = window as unknown as { beeps: number };
  counted.beeps = 0;
  const node = { connect: () => undefined };
  const param = { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
  class RecordingAudio {
    state = 'suspended';
    currentTime = 0;
    destination = node;
    resume() {
      this.state = 'running';
      return Promise.resolve();
    }
    createOscillator() {
      return { ...node, type: 'sine', frequency: param, start: () => (counted.beeps += 1), stop: () => undefined };
    }
    createGain() {
      return { ...node, gain: param };
    }
  }
  Object.assign(window, { AudioContext: RecordingAudio });
};

async function openConsole(page: Page, options: { broker?: boolean } = {}): Promise<void> {
  await page.addInitScript(recordBeeps);
  await page.route('**/console-config.json', (route) => route.fulfill({ json: { apiBaseUrl: api.url } }));
  if (options.broker === false) await page.routeWebSocket(/.*/, (socket) => socket.close());
  await page.goto(`${consoleOrigin()}/`);
}

async function signIn(page: Page, shop = 'bella-napoli', email = 'owner@bella-napoli.test', password = 'bella-napoli-owner'): Promise<void> {
  await page.getByLabel('Shop').fill(shop);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const card = (page: Page, orderNumber: number) => page.getByRole('article', { name: `Order ${orderNumber}` });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function placeSampleOrders(): void {
  api.placeOrder(bellaNapoli.retailerId, { orderNumber: 1040, placedAt: minutesAgo(40), state: 'ready', lines: ['2 × Garlic bread'], totalCents: 1200 });
  api.placeOrder(bellaNapoli.retailerId, { orderNumber: 1041, placedAt: minutesAgo(25), state: 'taken', paymentMethod: 'card', lines: ['1 × Large Pepperoni', '1 × Tiramisu'], totalCents: 3150 });
  api.placeOrder(bellaNapoli.retailerId, {
    orderNumber: 1042,
    placedAt: minutesAgo(4),
    dueAt: new Date(Date.now() + 45 * 60_000).toISOString(),
    orderType: 'delivery',
    address: '12 Lygon Street, Carlton VIC 3053',
    lines: ['1 × Large Margherita, extra olives', '1 × Half & half: Capricciosa / Diavola (large)', '2 × Coke 375 ml'],
    notes: 'Buzzer 4, please ring twice',
    totalCents: 5890,
  });
  api.placeOrder(crustAndCo.retailerId, { orderNumber: 77, placedAt: minutesAgo(1), lines: ['1 × Secret pizza of another shop'] });
}

test('the sign-in page paints without JavaScript and fits a phone', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${consoleOrigin()}/`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Shop')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page).toHaveTitle('Sign in · Console');
  await expectNoSidewaysScroll(page, 'sign-in without JavaScript');
  await context.close();
});

test('a wrong password gets the API\'s words; then the board shows the shop\'s orders newest first with what the kitchen needs', async ({ page }) => {
  placeSampleOrders();
  await openConsole(page);
  expect(await seriousViolations(page)).toEqual([]);
  await signIn(page, 'bella-napoli', 'owner@bella-napoli.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Email or password is wrong.');

  await page.getByLabel('Password').fill('bella-napoli-owner');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByText('Rosa Esposito · Owner')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  expect(await page.getByRole('article').evaluateAll((cards) => cards.map((element) => element.getAttribute('data-order')))).toEqual(['1042', '1041', '1040']);
  await expect(page.getByText('Secret pizza of another shop')).toHaveCount(0);

  const newest = card(page, 1042);
  await expect(newest).toContainText('Delivery · Due');
  await expect(newest).toContainText('12 Lygon Street, Carlton VIC 3053');
  await expect(newest.getByRole('listitem')).toHaveText(['1 × Large Margherita, extra olives', '1 × Half & half: Capricciosa / Diavola (large)', '2 × Coke 375 ml']);
  await expect(newest).toContainText('Note: Buzzer 4, please ring twice');
  await expect(newest).toContainText('Total $58.90');
  await expect(newest).toContainText('New');
  await expect(card(page, 1041)).toContainText('Pickup · ASAP');
  await expect(card(page, 1041)).toContainText('Card');
  await expect(page).toHaveTitle('(1) New order · Console');
  expect(await seriousViolations(page)).toEqual([]);
});

test('Take shows at once and sticks; a Ready the server refuses puts the card back and says why', async ({ page }) => {
  placeSampleOrders();
  await openConsole(page);
  await signIn(page);
  const newest = card(page, 1042);
  await newest.getByRole('button', { name: 'Take' }).click();
  await expect(newest).toHaveAttribute('data-state', 'taken');
  await expect(newest.getByRole('button', { name: 'Take' })).toBeDisabled();
  await expect(page).toHaveTitle('Orders · Console');

  api.failNext('POST', /\/ready$/, 503, { error: 'The kitchen printer queue is full.' });
  await newest.getByRole('button', { name: 'Ready' }).click();
  await expect(newest.getByRole('alert')).toHaveText('Could not mark this order ready: The kitchen printer queue is full.');
  await expect(newest).toHaveAttribute('data-state', 'taken');
  await newest.getByRole('button', { name: 'Ready' }).click();
  await expect(newest).toHaveAttribute('data-state', 'ready');
  await expect(newest.getByRole('alert')).toHaveCount(0);
  expect(api.requests.filter((request) => request.startsWith('POST /staff/orders/'))).toHaveLength(3);
});

test('a new order arrives through the broker at once: on the board, counted in the title, with a beep', async ({ page }) => {
  await openConsole(page);
  await signIn(page);
  await expect(page.getByText('No orders in the last 24 hours.')).toBeVisible();
  await expect(page.getByText('Live: new orders show at once.')).toBeVisible();

  api.placeOrder(bellaNapoli.retailerId, { orderNumber: 1043, lines: ['1 × Small Hawaiian'] });
  await expect(card(page, 1043)).toBeVisible();
  await expect(page).toHaveTitle('(1) New order · Console');
  await expect.poll(() => page.evaluate(() => (window as unknown as { beeps: number }).beeps)).toBe(2);
});

test('without the broker the board asks every 15 seconds', async ({ page }) => {
  await page.clock.install();
  await openConsole(page, { broker: false });
  await signIn(page);
  await expect(page.getByText('Checking for orders every 15 seconds.')).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  const asked = () => api.requests.filter((request) => request === 'GET /staff/orders').length;
  const before = asked();
  api.placeOrder(bellaNapoli.retailerId, { orderNumber: 1044 });
  await expect(card(page, 1044)).toHaveCount(0);
  await page.clock.runFor(15_000);
  await expect(card(page, 1044)).toBeVisible();
  expect(asked()).toBe(before + 1);
  await page.clock.runFor(15_000);
  await expect.poll(asked).toBe(before + 2);
});

test('Print ticket prints that one order and nothing else', async ({ page }) => {
  placeSampleOrders();
  await page.addInitScript(() => {
    Object.assign(window, { printed: 0, print: () => ((window as unknown as { printed: number }).printed += 1) });
  });
  await openConsole(page);
  await signIn(page);
  await card(page, 1041).getByRole('button', { name: 'Print ticket' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const ticket = page.locator('[data-ticket]');
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText('Order 1041');
  await expect(ticket).toContainText('1 × Large Pepperoni');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByText('Staff console')).toBeHidden();
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(ticket).toHaveCount(0);
});

test('a reload keeps the board, an ended session goes back to sign-in saying so, and only the token was ever kept', async ({ page }) => {
  placeSampleOrders();
  await openConsole(page);
  await signIn(page);
  await expect(card(page, 1042)).toBeVisible();
  const kept = await page.evaluate(() => ({ session: Object.keys(sessionStorage), local: Object.keys(localStorage) }));
  expect(kept).toEqual({ session: [SESSION_STORAGE_KEY], local: ['darkMode'] });
  expect(await page.evaluate((key) => Object.keys(JSON.parse(sessionStorage.getItem(key) ?? '{}')), SESSION_STORAGE_KEY)).toEqual(['token', 'expiresAt']);

  await page.reload();
  await expect(card(page, 1042)).toBeVisible();

  api.expireSessions();
  api.placeOrder(bellaNapoli.retailerId, { orderNumber: 1045 });
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Sign in again to see the orders.');
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
});

test('sign-out ends the session on the server and here', async ({ page }) => {
  await openConsole(page);
  await signIn(page, 'crust-and-co', 'kitchen@crust-and-co.test', 'crust-and-co-kitchen');
  await expect(page.getByText('Marco Bianchi · Kitchen')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  expect(api.requests).toContain('POST /staff/sign-out');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

for (const screen of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the board fits a ${screen.width} px phone in ${colorScheme} mode, with thumb-sized buttons and no serious accessibility issue`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: screen, isMobile: true, hasTouch: true, colorScheme });
      const page = await context.newPage();
      placeSampleOrders();
      await openConsole(page);
      await expectNoSidewaysScroll(page, 'sign-in');
      expect(await seriousViolations(page)).toEqual([]);
      await signIn(page);
      await expect(card(page, 1040)).toBeVisible();
      await expectNoSidewaysScroll(page, 'the board');
      expect(await seriousViolations(page)).toEqual([]);
      for (const button of await page.getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box?.height ?? 0, await button.innerText()).toBeGreaterThanOrEqual(44);
      }
      await context.close();
    });
  }
}

test.describe('the test double keeps to the contract', () => {
  const client = (token: () => string | null = () => null) => createStaffClient({ baseUrl: api.url, token });
  const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof StaffApiError ? { status: error.status, message: error.message } : error));

  test('sign-in answers one 401 for an unknown shop, email or password, then 429 with Retry-After', async () => {
    const wrong = { status: 401, message: 'Email or password is wrong.' };
    expect(await failure(client().signIn({ retailer: 'no-such-shop', email: 'owner@bella-napoli.test', password: 'bella-napoli-owner' }))).toEqual(wrong);
    expect(await failure(client().signIn({ retailer: 'bella-napoli', email: 'nobody@bella-napoli.test', password: 'bella-napoli-owner' }))).toEqual(wrong);
    for (let attempt = 0; attempt < 5; attempt += 1) await failure(client().signIn({ retailer: 'bella-napoli', email: 'owner@bella-napoli.test', password: 'wrong' }));
    expect(await failure(client().signIn({ retailer: 'bella-napoli', email: 'owner@bella-napoli.test', password: 'bella-napoli-owner' }))).toMatchObject({ status: 429 });
  });

  test("an order of another shop is a 404 like an unknown one; a kitchen may not read the audit; sign-out ends the token", async () => {
    const other = api.placeOrder(crustAndCo.retailerId, { orderNumber: 5 });
    const { token } = await client().signIn({ retailer: 'bella-napoli', email: 'kitchen@bella-napoli.test', password: 'bella-napoli-kitchen' });
    const kitchen = client(() => token);
    expect(await failure(kitchen.take(other.encryptedOrderId))).toMatchObject({ status: 404 });
    expect(await failure(kitchen.take('no-such-order'))).toMatchObject({ status: 404 });
    expect(await failure(kitchen.audit())).toMatchObject({ status: 403 });
    await expect(kitchen.live()).resolves.toMatchObject({ username: 'staff-111', topic: 'storefront/111/staff/orders' });
    await kitchen.signOut();
    expect(await failure(kitchen.me())).toMatchObject({ status: 401 });
  });
});
