import { expect, test, type Request } from '@playwright/test';
import { buildMetaSchema, type BuildMeta } from '../../lib/site/build-manifest.ts';
import { startLiveStack, type LiveStack } from './live-stack.ts';
import { corruptIslandProps } from './fault-support.ts';
import { dismissPopups } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

// The retailer's popups would cover the page these journeys drive.
test.beforeEach(({ page }) => dismissPopups(page));

let stack: LiveStack;
test.beforeAll(async () => {
  stack = await startLiveStack();
});
test.afterAll(async () => {
  await stack?.stop();
});

const isErrorLogPost = (request: Request) =>
  request.method() === 'POST' && request.url().endsWith('/api/logs/create-error-logs');

test('an island that throws is reported in one batch and the rest of the page works', async ({ page }) => {
  const startedAt = new Date().toISOString();
  await stack.usedBy(page);
  // The clock panel's island gets a time zone no shop can have: it throws as soon as it renders the time.
  await corruptIslandProps(page, 'OpenStatus', '"timeZoneDiff":[0,0]', '"timeZoneDiff":[0,99]');
  const batches: { errorType: string; component: string | null; message: string }[][] = [];
  page.on('request', (request) => {
    if (isErrorLogPost(request)) batches.push(request.postDataJSON() as (typeof batches)[number]);
  });
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(tenantUrl('bella-napoli'));

  await expect.poll(() => batches.length, { timeout: 15_000 }).toBe(1);
  const reported = batches[0]?.filter((entry) => entry.component === 'OpenStatus') ?? [];
  expect(reported).toHaveLength(1);
  expect(reported[0]).toMatchObject({ errorType: 'react', message: expect.stringContaining('timeZoneDiff') });
  expect(reported[0]).toEqual(
    expect.objectContaining({
      retailerId: 111,
      route: '/',
      url: tenantUrl('bella-napoli'),
      userAgent: expect.any(String),
      timestamp: expect.any(String),
      stack: expect.any(String),
      additionalContext: { componentStack: expect.any(String) },
    }),
  );
  const stored = JSON.parse(await stack.operator('errors', 'bella-napoli')) as {
    component: string | null;
    timestamp: string;
  }[];
  expect(stored.filter((entry) => entry.component === 'OpenStatus' && entry.timestamp >= startedAt)).toHaveLength(1);

  // The rest of the page: the menu filters and the product builder still answer.
  await page.locator('input[type="search"]').fill('margherita');
  await expect(page.locator('[data-product-id]').first()).toContainText(/Margherita/i);
  await page.locator('[data-add-product]').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(pageErrors).toEqual([]);
  await page.waitForTimeout(6000);
  expect(batches).toHaveLength(1);
});

test('an error log endpoint that fails loses the batch without a retry storm', async ({ page }) => {
  let posts = 0;
  await page.route('**/api/logs/create-error-logs', (route) => {
    posts++;
    return route.fulfill({ status: 500, json: { success: false, message: 'log store down' } });
  });
  await page.goto(tenantUrl('bella-napoli'));
  await page.evaluate(() => {
    for (let index = 0; index < 25; index++)
      setTimeout(() => Promise.reject(new Error(`background failure ${index}`)), 0);
  });
  // 25 entries are three batches (10, 10, 5), each tried twice: the client's one retry.
  await expect.poll(() => posts, { timeout: 15_000 }).toBe(6);
  await page.waitForTimeout(12_000);
  expect(posts).toBe(6);
  await expect(page.locator('[data-add-product]').first()).toBeVisible();
});

test('a newer build reloads the menu on the next navigation only when it changes the menu page', async ({ page }) => {
  const ownManifest = page.waitForResponse(/\/builds\/meta\/[^/]+\.json$/);
  const firstCheck = page.waitForResponse(/\/builds\/latest\.json$/);
  await page.goto(tenantUrl('bella-napoli'));
  const current = buildMetaSchema.parse(await (await ownManifest).json());
  await firstCheck;
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const products = page.locator('[data-add-product]');

  // The same build: opening a product stays in the page.
  await products.first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  /** Deploys a build like the page's own but for the route it changes; coming back to the tab makes the page check. */
  const deploy = async (id: string, changedRoute: string) => {
    expect(current.routes.map((route) => route.path)).toContain(changedRoute);
    const meta: BuildMeta = {
      ...current,
      id,
      routes: current.routes.map((route) =>
        route.path === changedRoute ? { ...route, hash: `${route.hash}0` } : route,
      ),
    };
    await page.unroute('**/builds/latest.json');
    await page.route('**/builds/latest.json', (route) => route.fulfill({ json: { id, timestamp: Date.now() } }));
    await page.route(`**/builds/meta/${id}.json`, (route) => route.fulfill({ json: meta }));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.locator(`html[data-build-examined="${id}"]`)).toHaveCount(1, { timeout: 10_000 });
  };

  // A build that changed only the story page: the menu stays as it is, products open in the page.
  await deploy('a-build-of-the-story-page', '/about/our-story');
  await expect(page.locator('html[data-build-stale]')).toHaveCount(0);
  await products.nth(2).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A build that changed the menu page: the next product opens in a fresh page load.
  await deploy('a-build-of-the-menu', '/');
  await expect(page.locator('html[data-build-stale="true"]')).toHaveCount(1);
  const productId = await products.nth(1).getAttribute('data-add-product');
  await products.nth(1).click();
  await page.waitForURL(`**/?product=${productId}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
});

test('a deleted chunk reloads the page once, not in a loop', async ({ page }) => {
  await page.route(/\/_astro\/OrderTimeBar\.[^/]*\.js/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(tenantUrl('bella-napoli'));
  await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(5000);
  expect(loads).toBe(2);
  // The prerendered menu still reads, and the other islands still run.
  await expect(page.locator('[data-product-id]').first()).toBeVisible();
  await expect(page.locator('[data-cart-button]')).toHaveAttribute('aria-label', /^Cart, 0 items/);
});

test('"Retailer inactive" from an API call sends the visitor to the retailer’s external site with retid', async ({
  page,
}) => {
  await page.route('**/api/retailer/get-clock-status', (route) =>
    route.fulfill({
      status: 403,
      json: {
        success: false,
        message: 'Retailer inactive',
        statusMessage: 'Retailer inactive',
        retailerId: 111,
        redirectUrl: 'https://order.example/holding',
      },
    }),
  );
  await page.route('https://order.example/**', (route) =>
    route.fulfill({ body: '<title>Holding site</title>', contentType: 'text/html' }),
  );
  await page.goto(tenantUrl('bella-napoli'));
  await page.waitForURL('https://order.example/holding?retid=111');
});

test("analytics: the configured shop sends its page view and a link click to the local API's sink, with no console error; other shops send nothing", async ({
  page,
}) => {
  const apiOrigin = `http://localhost:${process.env['E2E_API_PORT']}`;
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const hits: { url: URL; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/matomo.php') hits.push({ url, status: response.status() });
  });
  await page
    .context()
    .route('https://www.instagram.com/**', (route) => route.fulfill({ body: 'instagram', contentType: 'text/html' }));
  await page.goto(tenantUrl('bella-napoli', '/about/our-story'));
  // The page's services start at the visitor's first interaction (or once the page is idle).
  await page.keyboard.press('Shift');
  await expect.poll(() => hits.length, { timeout: 10_000 }).toBe(1);
  const [view] = hits;
  expect(view?.url.origin).toBe(apiOrigin);
  expect(view?.status).toBe(204);
  expect(Object.fromEntries(view?.url.searchParams ?? [])).toMatchObject({
    idsite: '11',
    rec: '1',
    url: tenantUrl('bella-napoli', '/about/our-story'),
    action_name: `bella-napoli.localhost/${await page.title()}`,
  });
  expect(JSON.parse(view?.url.searchParams.get('_cvar') ?? '')).toEqual({
    '1': ['retailerId', '111'],
    '2': ['hostName', 'bella-napoli.localhost'],
  });

  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Instagram' }).click();
  await (await popup).close();
  await expect.poll(() => hits.length).toBe(2);
  expect(hits[1]?.url.searchParams.get('link')).toBe('https://www.instagram.com/bellanapolicarlton/');
  expect(hits[1]?.status).toBe(204);

  // What a developer sees arrive at the local API.
  const seen = await page.request.get(`${apiOrigin}/operator/analytics`, {
    headers: { authorization: 'Bearer dev-operator' },
  });
  const { recent } = (await seen.json()) as {
    recent: { siteId: number; kind: string; url: string; link: string | null }[];
  };
  expect(recent.filter((hit) => hit.siteId === 11).slice(0, 2)).toEqual([
    expect.objectContaining({ kind: 'link', link: 'https://www.instagram.com/bellanapolicarlton/' }),
    expect.objectContaining({ kind: 'page-view', url: tenantUrl('bella-napoli', '/about/our-story') }),
  ]);
  expect(errors).toEqual([]);

  const others: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).hostname.endsWith('localhost')) others.push(request.url());
  });
  for (const slug of ['crust-and-co', 'fire-and-slice', 'harbour-pizza']) {
    await page.goto(tenantUrl(slug));
    await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
    await page.keyboard.press('Shift');
    await page.waitForTimeout(1500);
  }
  expect(others).toEqual([]);
  expect(hits).toHaveLength(2);
});
