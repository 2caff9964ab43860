import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEFAULT_BOARD_LIMIT,
  MAX_BOARD_LIMIT,
  staffLiveResponseSchema,
  staffOrdersResponseSchema,
  staffPaths,
  staffSignInResponseSchema,
} from '../../lib/api/staff-contract.ts';
import { CONSOLE_CONFIG_FILE } from '../../apps/console/shell/config.ts';
import { SESSION_STORAGE_KEY } from '../../apps/console/shell/session-mark.ts';
import { placeLaterPickup } from './ordering-support.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { withoutNewOrderAlert } from './console-support.ts';
import { ALERT_SETTING_KEY } from '../../apps/console/features/board/new-order-alert.ts';
import { consoleOrigin, stackApiUrl, stackPort } from './urls.ts';

/**
 * The staff console's journeys (issue 19, slice 1) on the stack the global setup starts with
 * `npm start`: the console at console.localhost, the reference API and its broker, the sample
 * staff accounts it seeds, and orders placed through a shop's own pages. The stack is shared with
 * every other spec, so a board may hold other journeys' orders: each test finds its own by number.
 */

/** The board goes live once mqtt.js has loaded and the broker has answered: seconds on a loaded machine. */
const LIVE_WAIT_MS = 15_000;
/** Under the board's 15 s polls, so only a push arrives in time. */
const PUSH_WAIT_MS = 10_000;

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const tablet = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };

/** The sample accounts `npm start` gives every sample shop (server/api/services/sample-staff.ts). */
const account = (shop: string, role: 'owner' | 'kitchen') => ({
  shop,
  email: `${role}@${shop}.test`,
  password: `${shop}-${role}`,
});

/** The staff API over HTTP, as anyone holding a token could call it, whatever the console shows. */
async function staffCall(
  path: string,
  options: { token?: string; method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stackApiUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

async function tokenOver({
  shop,
  email,
  password,
}: {
  shop: string;
  email: string;
  password: string;
}): Promise<string> {
  const answer = await staffCall(staffPaths.signIn, { method: 'POST', body: { retailer: shop, email, password } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return staffSignInResponseSchema.parse(answer.body).token;
}

/** The token the console keeps in the tab, to replay what it may do. */
const consoleToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '',
    SESSION_STORAGE_KEY,
  );

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

/** Notes, on the page's own clock, when each order's card first shows: how fast the push was is measured there. */
const recordCardArrivals = () => {
  const seen: Record<string, number> = {};
  Object.assign(window, { cardsSeenAt: seen });
  new MutationObserver(() => {
    for (const card of document.querySelectorAll('article[data-order]'))
      seen[card.getAttribute('data-order') ?? ''] ??= Date.now();
  }).observe(document, { childList: true, subtree: true });
};

/** Counts the prints started instead of opening the browser's dialog. */
const recordPrints = () => {
  Object.assign(window, { printed: 0, print: () => ((window as unknown as { printed: number }).printed += 1) });
};

async function signIn(
  page: Page,
  { shop, email, password }: { shop: string; email: string; password: string },
): Promise<void> {
  await page.getByLabel('Shop').fill(shop);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const card = (page: Page, orderNumber: number) =>
  page.getByRole('article', { name: `Order ${orderNumber}`, exact: true });

/** Nothing wider than the screen, no serious accessibility issue (axe is slow: once a page and theme), and every button at least 44 px tall for a thumb. */
async function expectFitsAndAccessible(page: Page, where: string, options: { axe?: boolean } = {}): Promise<void> {
  await expectNoSidewaysScroll(page, where);
  if (options.axe ?? true) expect(await seriousViolations(page), where).toEqual([]);
  const buttons = await page.getByRole('button').evaluateAll((elements) =>
    elements
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => ({
        label: element.textContent?.trim() ?? '',
        height: element.getBoundingClientRect().height,
      })),
  );
  expect(buttons.length, `${where}: buttons`).toBeGreaterThan(0);
  expect(
    buttons.filter((button) => button.height < 44).map((button) => button.label),
    `${where}: buttons under 44 px tall`,
  ).toEqual([]);
}

const notes = 'Extra napkins, please';

/** A customer orders pickup for a later slot through the shop's pages; answers their confirmation page and the order's number and id. */
async function placeOrderThroughShop(
  browser: Browser,
  slug: string,
): Promise<{ customer: Page; orderNumber: number; encryptedOrderId: string }> {
  const customer = await (await browser.newContext(phone)).newPage();
  return { customer, ...(await placeLaterPickup(customer, slug, notes)) };
}

test('the sign-in page paints without JavaScript and fits a phone', async ({ browser }) => {
  const context = await browser.newContext({
    ...phone,
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await withoutNewOrderAlert(page);
  await page.goto(`${consoleOrigin()}/`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Shop')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page).toHaveTitle('Sign in · Console');
  await expectNoSidewaysScroll(page, 'sign-in without JavaScript');
  await context.close();
});

test('npm start points the console at its own API and broker on the ports it was given, and the API admits only the console origin', async ({
  page,
}) => {
  await withoutNewOrderAlert(page);
  await page.goto(`${consoleOrigin()}/`);
  expect(
    await page.evaluate((file) => fetch(`/${file}`).then((response) => response.json()), CONSOLE_CONFIG_FILE),
  ).toEqual({ apiBaseUrl: stackApiUrl() });

  const preflight = async (origin: string) =>
    (
      await fetch(`${stackApiUrl()}${staffPaths.signIn}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      })
    ).headers.get('access-control-allow-origin');
  expect(await preflight(consoleOrigin())).toBe(consoleOrigin());
  expect(await preflight('http://bella-napoli.localhost:4321')).toBeNull();

  const live = await staffCall(staffPaths.live, { token: await tokenOver(account('crust-and-co', 'kitchen')) });
  expect(staffLiveResponseSchema.parse(live.body)).toMatchObject({
    brokerUrl: `ws://localhost:${stackPort('E2E_BROKER_PORT')}`,
    username: expect.stringMatching(/^staff-\d+$/),
  });
});

test("an order placed in the shop reaches the owner's phone at once; Accept, Ready, an undone mis-tap and Collected each reach the customer's page; the kitchen's 768 px tablet prints its ticket; the order ends in Done; another shop's staff may touch none of it", async ({
  browser,
}) => {
  // A whole order placed through the shop, then moved along by two consoles: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  // A shop that takes orders ahead, so the customer can order whatever the hour in Melbourne (crust-and-co takes none).
  const shop = 'fire-and-slice';

  const owner = await (await browser.newContext(phone)).newPage();
  await owner.addInitScript(recordBeeps);
  await owner.addInitScript(recordCardArrivals);
  await test.step('the owner signs in on a phone, after a wrong password', async () => {
    await owner.goto(`${consoleOrigin()}/`);
    await expectFitsAndAccessible(owner, 'sign-in at 390 px');
    await signIn(owner, { ...account(shop, 'owner'), password: 'not-the-password' });
    await expect(owner.getByRole('alert')).toHaveText('Email or password is wrong.');
    await owner.getByLabel('Password').fill(account(shop, 'owner').password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await expect(owner.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(owner.getByText('Rosa Esposito · Owner')).toBeVisible();
    await expect(owner.getByText('Live: new orders show at once.')).toBeVisible({ timeout: LIVE_WAIT_MS });
    await owner.evaluate(() => Object.assign(window, { sameDocument: true }));
    // The owner looks at the live switches while the order comes in.
    await owner.evaluate(() => (location.hash = '#live'));
    await expect(owner.locator('h1', { hasText: 'Live' })).toBeVisible();
  });

  const { customer, orderNumber, encryptedOrderId } = await test.step('a customer orders pickup through the shop', () =>
    placeOrderThroughShop(browser, shop));
  const ownerCard = card(owner, orderNumber);

  await test.step('the order is raised full screen over the Live view, beeping again until the owner acknowledges it, and shows on the board without a reload, counted in the title', async () => {
    // Other journeys order from this shop too: their orders may share the alert ("2 new orders").
    const alert = owner.getByRole('alertdialog', { name: /new orders?$/i });
    await expect(alert).toBeVisible({ timeout: PUSH_WAIT_MS });
    await expect(alert).toContainText(`#${orderNumber}`);
    await expect(alert).toContainText('Pickup');
    await expectFitsAndAccessible(owner, 'new-order alert at 390 px');
    // One chime on arrival (two beeps), then the alert's repeat five seconds later.
    await expect
      .poll(() => owner.evaluate(() => (window as unknown as { beeps: number }).beeps), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(4);
    await alert.getByRole('button', { name: /^Show the orders?$/ }).click();
    await expect(alert).toBeHidden();
    await expect(owner.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await expect(ownerCard).toBeVisible();
    // From here on this phone only follows the board: another journey's order must not cover it.
    await owner.getByRole('button', { name: 'Alert on' }).click();
    await expect(owner.getByRole('button', { name: 'Alert off' })).toHaveAttribute('aria-pressed', 'false');
    expect(await owner.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const token = await consoleToken(owner);
    const board = staffOrdersResponseSchema.parse(
      (await staffCall(staffPaths.orders(DEFAULT_BOARD_LIMIT), { token })).body,
    ).orders;
    const placed = board.find((order) => order.orderNumber === orderNumber);
    expect(placed).toMatchObject({ encryptedOrderId, orderType: 'pickup', notes, state: 'new' });
    const seenAt = await owner.evaluate(
      (number) => (window as unknown as { cardsSeenAt: Record<string, number> }).cardsSeenAt[String(number)] ?? 0,
      orderNumber,
    );
    const latency = seenAt - Date.parse(placed?.placedAt ?? '');
    test.info().annotations.push({
      type: 'push latency',
      description: `order ${orderNumber}: on the board ${latency} ms after the API placed it`,
    });
    console.log(`push latency: order ${orderNumber} was on the owner's board ${latency} ms after the API placed it`);

    await expect(ownerCard).toHaveAttribute('data-state', 'new');
    await expect(ownerCard).toContainText('Pickup · Due');
    await expect(ownerCard).toContainText('Grace Hopper');
    await expect(ownerCard).toContainText(`Note: ${notes}`);
    await expect(ownerCard.getByRole('list').getByRole('listitem')).toHaveCount(1);
    await expect(owner).toHaveTitle(/^\(\d+\) New orders? · Console$/);
  });

  await test.step('the board fits a 390 and a 360 px phone, with thumb-sized buttons and no serious accessibility issue', async () => {
    await expectFitsAndAccessible(owner, 'board at 390 px');
    await owner.setViewportSize({ width: 360, height: 740 });
    await expectFitsAndAccessible(owner, 'board at 360 px', { axe: false });
  });

  await test.step("bella-napoli's owner, replaying the API over HTTP, is refused everything of fire-and-slice's order", async () => {
    const other = await tokenOver(account('bella-napoli', 'owner'));
    const unknown = await staffCall(staffPaths.take('no-such-order'), { token: other, method: 'POST' });
    expect(unknown.status).toBe(404);
    for (const path of [staffPaths.take(encryptedOrderId), staffPaths.ready(encryptedOrderId)]) {
      const refused = await staffCall(path, { token: other, method: 'POST' });
      expect({ status: refused.status, body: refused.body }, path).toEqual({ status: 404, body: unknown.body });
    }
    const theirs = staffOrdersResponseSchema.parse(
      (await staffCall(staffPaths.orders(MAX_BOARD_LIMIT), { token: other })).body,
    ).orders;
    expect(theirs.map((order) => order.encryptedOrderId)).not.toContain(encryptedOrderId);
    const live = staffLiveResponseSchema.parse((await staffCall(staffPaths.live, { token: other })).body);
    const ownLive = staffLiveResponseSchema.parse(
      (await staffCall(staffPaths.live, { token: await consoleToken(owner) })).body,
    );
    expect(live.topic).not.toBe(ownLive.topic);
    // Nothing moved: the order is still new on its own shop's board and on the customer's page.
    await expect(ownerCard).toHaveAttribute('data-state', 'new');
    await expect(customer.locator('[data-order-status]').getByRole('heading')).toHaveText('Order received');
  });

  const kitchen = await (await browser.newContext({ ...tablet, colorScheme: 'dark' })).newPage();
  await kitchen.addInitScript(recordPrints);
  const kitchenCard = card(kitchen, orderNumber);
  await test.step('the kitchen signs in on a 768 px tablet and sees the board', async () => {
    await withoutNewOrderAlert(kitchen);
    await kitchen.goto(`${consoleOrigin()}/`);
    await signIn(kitchen, account(shop, 'kitchen'));
    await expect(kitchen.getByText('Marco Bianchi · Kitchen')).toBeVisible();
    await expect(kitchen.getByText('Live: new orders show at once.')).toBeVisible({ timeout: LIVE_WAIT_MS });
    await expect(kitchenCard).toHaveAttribute('data-state', 'new');
    await expectFitsAndAccessible(kitchen, 'board on a 768 px tablet in dark mode');
  });

  const status = customer.locator('[data-order-status]');
  await test.step("the owner's Accept changes the customer's open confirmation page and the kitchen's board", async () => {
    await expect(status).toHaveAttribute('data-live', 'on', { timeout: LIVE_WAIT_MS });
    // From now on the page's own check only ever hears "not taken yet", so only the broker can change it.
    await customer.route('**/api/order/get-order', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        json: { ...(await response.json()), orderProcessed: false, kitchenStage: 'new' },
      });
    });
    await ownerCard.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(ownerCard).toHaveAttribute('data-state', 'taken');
    await expect(ownerCard.getByRole('button', { name: 'Ready', exact: true })).toBeEnabled();
    // Taken before its time, the order for later is accepted, not yet being prepared.
    await expect(status.getByRole('heading')).toHaveText('Accepted', { timeout: PUSH_WAIT_MS });
    await expect(status).toHaveAttribute('data-order-status', 'preparing');
    await expect(kitchenCard).toHaveAttribute('data-state', 'taken', { timeout: PUSH_WAIT_MS });
  });

  await test.step("the kitchen's Ready shows on both boards and on the customer's page; a mis-tap undone goes back there too", async () => {
    await kitchenCard.getByRole('button', { name: 'Ready', exact: true }).click();
    await expect(kitchenCard).toHaveAttribute('data-state', 'ready');
    await expect(status.getByRole('heading')).toHaveText('Ready for pickup', { timeout: PUSH_WAIT_MS });
    await kitchenCard.getByRole('button', { name: 'Undo: back to Cooking' }).click();
    await expect(kitchenCard).toHaveAttribute('data-state', 'taken');
    await expect(status.getByRole('heading')).toHaveText('Accepted', { timeout: PUSH_WAIT_MS });
    await kitchenCard.getByRole('button', { name: 'Ready', exact: true }).click();
    await expect(kitchenCard).toHaveAttribute('data-state', 'ready');
    await expect(kitchenCard.getByRole('button', { name: 'Collected', exact: true })).toBeEnabled();
    await expect(status.getByRole('heading')).toHaveText('Ready for pickup', { timeout: PUSH_WAIT_MS });
    await expect(ownerCard).toHaveAttribute('data-state', 'ready', { timeout: PUSH_WAIT_MS });
    const board = staffOrdersResponseSchema.parse(
      (await staffCall(staffPaths.orders(DEFAULT_BOARD_LIMIT), { token: await consoleToken(kitchen) })).body,
    ).orders;
    expect(board.find((order) => order.encryptedOrderId === encryptedOrderId)?.state).toBe('ready');
  });

  await test.step('Print ticket prints that one order and nothing else', async () => {
    await kitchenCard.getByRole('button', { name: 'Print ticket' }).click();
    expect(await kitchen.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await kitchen.emulateMedia({ media: 'print' });
    const ticket = kitchen.locator('[data-ticket]');
    await expect(ticket).toBeVisible();
    await expect(ticket).toContainText(`Order ${orderNumber}`);
    await expect(ticket).toContainText(`Note: ${notes}`);
    await expect(kitchen.getByRole('article')).toHaveCount(0);
    await expect(kitchen.getByText('Staff console')).toBeHidden();
    await kitchen.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await kitchen.emulateMedia({ media: 'screen' });
    await expect(ticket).toHaveCount(0);
  });

  await test.step("the owner's Collected ends it: the customer's page says so, and the order leaves both boards for Done", async () => {
    await ownerCard.getByRole('button', { name: 'Collected', exact: true }).click();
    await expect(status.getByRole('heading')).toHaveText('Collected', { timeout: PUSH_WAIT_MS });
    await expect(ownerCard).toHaveCount(0);
    await expect(kitchenCard).toHaveCount(0, { timeout: PUSH_WAIT_MS });
    const done = kitchen.locator('[data-done-list]');
    await done.getByText(/^Done/).click();
    await done.getByLabel('Order number or name').fill(String(orderNumber));
    await done.getByRole('button', { name: 'Find' }).click();
    await expect(done.locator(`[data-done="${orderNumber}"]`)).toContainText('Grace Hopper');
    await expect(done.locator('[data-done]')).toHaveCount(1);
    await expectFitsAndAccessible(kitchen, 'board with Done open at 768 px', { axe: false });
  });

  await Promise.all([owner, kitchen, customer].map((page) => page.context().close()));
});

test('sign-out ends the session on the server and here; a session ended elsewhere or by its 12 hours goes back to sign-in saying so', async ({
  page,
}) => {
  await page.clock.install();
  await withoutNewOrderAlert(page);
  await page.goto(`${consoleOrigin()}/`);
  const kitchen = account('bella-napoli', 'kitchen');

  await test.step('signed in, the tab keeps only the token, and a reload keeps the board', async () => {
    await signIn(page, kitchen);
    await expect(page.getByText('Marco Bianchi · Kitchen')).toBeVisible();
    // Beside the theme, the browser keeps only its device token (issue 29): no session, it lets this
    // device sign in while strangers' wrong passwords hold the account's count; and the shop's name
    // (issue 28), which the next sign-in's form fills in.
    expect(
      await page.evaluate(() => ({ session: Object.keys(sessionStorage), local: Object.keys(localStorage).sort() })),
    ).toEqual({
      session: [SESSION_STORAGE_KEY],
      local: [ALERT_SETTING_KEY, 'consoleDevice', 'consoleShop', 'darkMode'].sort(),
    });
    expect(await page.evaluate(() => localStorage.getItem('consoleShop'))).toBe('Bella Napoli Pizzeria');
    expect(await page.evaluate(() => localStorage.getItem('consoleDevice'))).not.toBe(await consoleToken(page));
    expect(
      await page.evaluate((key) => Object.keys(JSON.parse(sessionStorage.getItem(key) ?? '{}')), SESSION_STORAGE_KEY),
    ).toEqual(['token', 'expiresAt']);
    await page.reload();
    await expect(page.getByText('Marco Bianchi · Kitchen')).toBeVisible();
  });

  await test.step('Sign out: the token no longer opens anything', async () => {
    const token = await consoleToken(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('status')).toHaveText('You are signed out.');
    expect((await staffCall(staffPaths.me, { token })).status).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  await test.step('a session ended on the server (signed out from elsewhere) sends the console back to sign-in', async () => {
    await signIn(page, kitchen);
    await expect(page.getByText('Marco Bianchi · Kitchen')).toBeVisible();
    // Held back until the reload: any call of the open page (a board or printer check) would hear the 401 first,
    // and the reload would then find no session to resume and nothing to say.
    await page.route(
      (url) => url.pathname.startsWith('/staff/'),
      (route) => route.abort(),
    );
    expect((await staffCall(staffPaths.signOut, { token: await consoleToken(page), method: 'POST' })).status).toBe(204);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Your session has ended. Sign in again to see the orders.');
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  });

  await test.step('12 hours after signing in the session has expired', async () => {
    await signIn(page, kitchen);
    await expect(page.getByText('Marco Bianchi · Kitchen')).toBeVisible();
    await page.clock.fastForward('12:00:00');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Your session has ended. Sign in again to see the orders.');
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  });
});

test('without the broker the board asks the API every 15 seconds', async ({ page }) => {
  await page.clock.install();
  await page.routeWebSocket(/.*/, (socket) => socket.close());
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/staff/orders') asked.push(request.url());
  });
  let answered = 0;
  page.on('requestfinished', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/staff/orders') answered += 1;
  });
  await withoutNewOrderAlert(page);
  await page.goto(`${consoleOrigin()}/`);
  await signIn(page, account('harbour-pizza', 'owner'));
  await expect(page.getByText('Checking for orders every 15 seconds.')).toBeVisible();
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  // A loaded machine can take over a second between reading the page's clock and pausing it, and
  // pausing in the past throws; the margin is a fraction of the 15 s between asks.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3_000);
  // The next ask is timed from when the last one came back.
  await expect.poll(() => answered).toBe(asked.length);
  const before = asked.length;
  await page.clock.runFor(15_000);
  await expect.poll(() => asked.length).toBe(before + 1);
});
