import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { daySummaryResponseSchema, staffPaths, type DaySummaryResponse } from '../../lib/api/staff-contract.ts';
import { formatMoney } from '../../lib/pricing/money.ts';
import { SESSION_STORAGE_KEY } from '../../apps/console/shell/session-mark.ts';
import { signInToConsole } from './console-support.ts';
import { placeLaterPickup } from './ordering-support.ts';
import { expectNoSidewaysScroll } from './screen-support.ts';
import { stackApiUrl } from './urls.ts';

/**
 * Issue 28, item 7: the owner's end of day. Orders placed through a shop's pages show in its
 * totals, the figures on screen are the API's, and the CSV lists each order. The stack is shared
 * with other journeys, so each check compares with what the API answers at that moment.
 */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const tablet = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };
// A shop that takes orders ahead, so the customer can order whatever the hour in Melbourne.
const shop = 'fire-and-slice';

async function placePickupOrder(browser: Browser): Promise<number> {
  const context = await browser.newContext(phone);
  const { orderNumber } = await placeLaterPickup(await context.newPage(), shop, 'End of day journey');
  await context.close();
  return orderNumber;
}

const consoleToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '',
    SESSION_STORAGE_KEY,
  );

async function reportOver(token: string, day: string): Promise<DaySummaryResponse> {
  const response = await fetch(`${stackApiUrl()}${staffPaths.daySummary(day, day)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return daySummaryResponseSchema.parse(await response.json());
}

test("orders placed in the shop add up in the owner's End of day, which equals the API's figures, and the CSV lists them", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const placed = [await placePickupOrder(browser), await placePickupOrder(browser)];

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const owner = await context.newPage();
  await signInToConsole(owner, shop, 'owner');

  await owner.getByRole('link', { name: 'End of day' }).click();
  await expect(owner.getByRole('heading', { name: 'End of day', level: 1 })).toBeVisible();
  const day = await owner.getByLabel('Day', { exact: true }).inputValue();
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const token = await consoleToken(owner);

  let report: DaySummaryResponse | undefined;
  await test.step('the totals shown are the ones the API stored', async () => {
    await expect(async () => {
      await owner.getByRole('button', { name: 'Refresh' }).click();
      await expect(owner.locator('[aria-busy="false"]')).toBeVisible();
      report = await reportOver(token, day);
      expect(report.orders.map((order) => order.orderNumber)).toEqual(expect.arrayContaining(placed));
      await expect(owner.locator('[data-total="orders"]')).toHaveText(String(report.summary.totals.orders));
      await expect(owner.locator('[data-total="sales"]')).toHaveText(formatMoney(report.summary.totals.salesCents));
      await expect(owner.locator('[data-total="average"]')).toHaveText(formatMoney(report.summary.totals.averageCents));
    }).toPass({ timeout: 30_000 });
    const sum = report?.orders.reduce((total, order) => total + order.totalCents, 0);
    expect(report?.summary.totals.salesCents).toBe(sum);
    await expect(owner.locator('[data-sales-chart] canvas').first()).toBeVisible();
  });

  await test.step('Download CSV gives one row per order in the shop time, then the summary', async () => {
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`end-of-day-${shop}-${day}.csv`);
    const text = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const rows = text.split('\r\n');
    expect(rows[0]).toBe('Order,Placed (shop time),Service,Payment,Items,Total,Tip,Promo,Promo saving,Cancelled');
    for (const number of placed) {
      const order = report?.orders.find((entry) => entry.orderNumber === number);
      const row = rows.find((line) => line.startsWith(`${number},`));
      expect(row, `order ${number}`).toMatch(
        new RegExp(
          `^${number},${day} \\d\\d:\\d\\d \\+1[01]:00,pickup,(cash|card),.+ × .+,${((order?.totalCents ?? 0) / 100).toFixed(2)},0\\.00,,0\\.00,no$`,
        ),
      );
    }
    expect(rows).toContain(`Summary,${day}`);
    expect(rows.find((line) => line.startsWith('Orders,'))).toMatch(/^Orders,\d+$/);
    expect(rows.filter((line) => /^\d+,/.test(line)).length).toBeGreaterThanOrEqual(placed.length);
  });

  await test.step('fits a 390 px phone and a 768 px tablet, light and dark', async () => {
    for (const [size, dark] of [
      [phone.viewport, false],
      [tablet.viewport, true],
    ] as const) {
      await owner.setViewportSize(size);
      // The console's moon button sets the theme; a media query alone does not switch an open page.
      if (dark) await owner.locator('[data-dark-mode-toggle]').click();
      await expect(owner.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(owner.locator('[data-total="orders"]')).toBeVisible();
      await expect(owner.locator('[data-sales-chart] canvas').first()).toBeVisible();
      await expectNoSidewaysScroll(owner, `End of day at ${size.width} px${dark ? ', dark' : ''}`);
    }
  });
  await context.close();
});
