import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { dismissPopups, liveStatusAsNormal, openShopAt } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

/**
 * A phone's first seconds go to painting and answering taps: the ordering runtime, live
 * messaging and popups start at the visitor's first interaction, or once the page has been left
 * alone for a few seconds. The page's clock is paused so "a few seconds" is exact.
 */
const loadedAt = Date.parse('2026-11-25T08:00:00Z');

async function openPaused(page: Page, options: { popups?: boolean; at?: number } = {}): Promise<string[]> {
  const at = options.at ?? loadedAt;
  await page.clock.install({ time: new Date(at - 1000) });
  await page.clock.pauseAt(new Date(at));
  await liveStatusAsNormal(page);
  if (!options.popups) await dismissPopups(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(tenantUrl('bella-napoli'));
  await page.waitForLoadState('networkidle');
  return scripts;
}

/** A 390 px phone that ordered a large Margherita for pickup on an earlier visit, its page closed. */
async function returningCustomer(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const first = await context.newPage();
  await openShopAt(first, 'bella-napoli', new Date(loadedAt - 60_000).toISOString());
  await first.getByRole('link', { name: 'Add Margherita' }).click();
  const builder = first.getByRole('dialog', { name: 'Margherita' });
  await builder.getByLabel('Large 13"').check();
  await builder.getByLabel('Traditional hand-stretched').check();
  await builder.getByRole('button', { name: /Add to cart/ }).click();
  await first.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
  await expect(first.locator('[data-cart-button]')).toHaveAccessibleName('Cart, 1 item, $22.00');
  await first.close();
  return context;
}

const liveMessaging = (scripts: string[]) => scripts.some((url) => /\/mqtt[^/]*\.js$/.test(url));
const orderTimeChosen = (page: Page) => page.locator('[data-order-time-bar] [aria-pressed="true"]');

test('a page nobody touches stays light for its first seconds, then starts ordering and live messaging on its own', async ({
  page,
}) => {
  const scripts = await openPaused(page, { popups: true });
  await page.clock.runFor(2500);
  await page.waitForLoadState('networkidle');
  expect(liveMessaging(scripts)).toBe(false);
  await expect(orderTimeChosen(page)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.clock.runFor(3000);
  await expect(orderTimeChosen(page)).toHaveCount(1);
  await expect.poll(() => liveMessaging(scripts)).toBe(true);
  // The retailer's popup waits for the same moment, then opens without moving the page under it.
  await expect
    .poll(async () => {
      await page.clock.runFor(250);
      return page.getByRole('dialog').count();
    })
    .toBe(1);
  const shifted = await page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    return (observer.takeRecords() as (PerformanceEntry & { value: number })[]).reduce(
      (total, entry) => total + entry.value,
      0,
    );
  });
  expect(shifted).toBeLessThanOrEqual(0.02);
});

test('the first interaction starts the ordering runtime at once', async ({ page }) => {
  const scripts = await openPaused(page);
  await page.keyboard.press('Shift');
  await page.clock.runFor(500);
  await expect(orderTimeChosen(page)).toHaveCount(1);
  await expect.poll(() => liveMessaging(scripts)).toBe(true);
});

test('a returning customer sees their cart, their service and the open status before anything loads the ordering rules (390 px phone)', async ({
  browser,
}) => {
  const context = await returningCustomer(browser);

  const page = await context.newPage();
  const scripts = await openPaused(page);
  // Half a second of a page nobody touches: the ordering runtime waits for 3 s of quiet, so what shows is the first paint's.
  await page.clock.runFor(500);
  expect(scripts.some((url) => /\/(cart|order-time)\.[^/]*\.js$/.test(url))).toBe(false);
  await expect(page.locator('[data-cart-button]')).toHaveText('1·$22.00');
  await expect(page.locator('[data-cart-button]')).toHaveAccessibleName('Cart, 1 item, $22.00');
  await expect(orderTimeChosen(page)).toHaveText('Pickup');
  // Only the rules know whether the shop is open now, so no time is promised before they load.
  await expect(page.locator('[data-order-time]')).toHaveCount(0);
  // The open status hydrates at the browser's first idle moments: a paused clock lets them pass 100 ms at a time.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100);
        return page.locator('[data-open-status]').count();
      },
      { intervals: [100], timeout: 10_000 },
    )
    .toBe(1);
  await expect(page.locator('[data-open-status]')).toContainText('Pickup');
  expect(scripts.some((url) => /\/(cart|order-time)\.[^/]*\.js$/.test(url))).toBe(false);
  // Once the rules load they agree with what was shown.
  await page.clock.runFor(3000);
  await expect(page.locator('[data-order-time]')).not.toBeEmpty();
  await expect(page.locator('[data-cart-button]')).toHaveAccessibleName('Cart, 1 item, $22.00');
  await expect(orderTimeChosen(page)).toHaveText('Pickup');
  await context.close();
});

test('a returning customer’s cart and service are in the first paint, before any script file has loaded (390 px phone)', async ({
  browser,
}) => {
  const context = await returningCustomer(browser);
  const page = await context.newPage();
  // No script file ever arrives: what shows is the prerendered page and its inline scripts alone.
  await page.route(/\.js(?:\?|$)/, (route) => route.abort());
  await page.clock.install({ time: new Date(loadedAt) });
  await page.goto(tenantUrl('bella-napoli'));
  await expect(page.locator('[data-cart-button]')).toHaveText('1·$22.00');
  await expect(page.locator('[data-cart-button]')).toHaveAccessibleName('Cart, 1 item, $22.00');
  await expect(orderTimeChosen(page)).toHaveText('Pickup');
  await context.close();
});

test('at 3 am a returning customer is never told "as soon as possible": the first paint names no time, and the rules then say pickup is closed (390 px phone)', async ({
  browser,
}) => {
  const context = await returningCustomer(browser);

  const page = await context.newPage();
  // Thursday 3:00 am in Melbourne, the same week: bella-napoli is closed for both services.
  await openPaused(page, { at: Date.parse('2026-11-25T16:00:00Z') });
  await page.clock.runFor(500);
  await expect(orderTimeChosen(page)).toHaveText('Pickup');
  await expect(page.locator('[data-order-time-bar]').getByText(/as soon as possible/i)).toBeHidden();
  await page.clock.runFor(3000);
  await expect(page.locator('[data-order-time]')).toHaveText('Pickup is closed now: choose a later time');
  await expect(page.locator('[data-open-status]')).toContainText('Pickup');
  await context.close();
});

test('the open status is in the first paint, before any script file has loaded, and the hours rules then say the same (390 px phone)', async ({
  browser,
}) => {
  // Today on the real clock: the build wrote the statuses of the fortnight from the shop's midnight it ran in.
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const lines = (page: Page, from = 'built') => page.locator(`[data-open-status="${from}"] [data-open-status-line]`);

  const bare = await context.newPage();
  await bare.route(/\.js(?:\?|$)/, (route) => route.abort());
  await bare.clock.install({ time: at });
  await bare.goto(tenantUrl('bella-napoli'));
  await expect(lines(bare)).toHaveCount(2);
  await expect(lines(bare).nth(0)).toHaveText(/^Pickup (open until|opens|not available) /);
  await expect(lines(bare).nth(1)).toHaveText(/^Delivery (open until|opens|not available) /);
  const painted = await lines(bare).allTextContents();
  const paintedDots = await bare
    .locator('[data-open-status-dot]')
    .evaluateAll((dots) => dots.map((dot) => dot.className));

  const page = await context.newPage();
  await page.clock.install({ time: at });
  await page.clock.pauseAt(new Date(at.getTime() + 1000));
  await liveStatusAsNormal(page);
  await page.goto(tenantUrl('bella-napoli'));
  await expect(lines(page)).toHaveText(painted);
  // The ordering runtime starts after 3 s of quiet; from then the hours rules write the status.
  await page.clock.runFor(5000);
  await expect(lines(page, 'live')).toHaveText(painted);
  expect(await page.locator('[data-open-status-dot]').evaluateAll((dots) => dots.map((dot) => dot.className))).toEqual(
    paintedDots,
  );
  await context.close();
});
