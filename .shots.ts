import { chromium, type Page } from 'playwright-core';
const port = process.argv[2] ?? '4331';
const out = '/tmp/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
async function open(dark: boolean, slug: string, product: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  await page.clock.install({ time: new Date('2026-11-25T08:00:00Z') });
  await page.route('**/api/retailer/get-clock-status', (route) => route.fulfill({ json: { retailerOnline: true, liveDeliveryWaitTime: 30, livePickupWaitTime: 30, closedDateToday: false, livePickupOverCapacity: false, liveDeliveryOverCapacity: false, allowDelivery: true } }));
  await page.addInitScript(() => sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index))));
  await page.goto(`http://${slug}.localhost:${port}/`);
  await page.locator('[data-order-time-bar] [aria-pressed="true"]').waitFor();
  await page.getByRole('link', { name: `Add ${product}` }).click();
  await page.getByRole('dialog').locator('[data-builder-submit]').waitFor();
  return page;
}
for (const dark of [false, true]) {
  const tag = dark ? 'dark' : 'light';
  const page = await open(dark, 'crust-and-co', 'Plain Cheese');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/crust-initial-${tag}.png` });
  await page.getByRole('dialog').locator('[data-builder-submit]').click();
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${out}/crust-missing-${tag}.png` });
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Large 18"').check();
  await dialog.getByLabel('Classic New York').check();
  await dialog.getByLabel('Other half').selectOption({ label: 'Half Pepperoni' });
  await dialog.getByRole('region', { name: 'Pepperoni half' }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/crust-half-${tag}.png` });
  await dialog.locator('[data-builder-submit]').click();
  await page.locator('[data-cart-button]').first().click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/crust-cart-${tag}.png` });
  const harbour = await open(dark, 'harbour-pizza', 'Margherita');
  await harbour.getByRole('dialog').getByText('Half & half', { exact: false }).first().scrollIntoViewIfNeeded();
  await harbour.waitForTimeout(300);
  await harbour.screenshot({ path: `${out}/harbour-medium-${tag}.png` });
}
await browser.close();
