import { expect, test, type Page } from '@playwright/test';
import { liveStatusAsNormal } from './ordering-support.ts';
import { recordAnnouncedClientIds, startLiveStack, type LiveStack } from './live-stack.ts';
import { tenantUrl } from './urls.ts';

// Friday 20:30 in Melbourne: bella-napoli takes pickup and delivery orders.
const FRIDAY_EVENING = '2026-11-27T09:30:00Z';
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
async function openLivePage(page: Page, announced: string[]): Promise<string> {
  await page.clock.install({ time: new Date(FRIDAY_EVENING) });
  await liveStatusAsNormal(page);
  await stack.usedBy(page);
  const before = announced.length;
  await page.goto(tenantUrl(BELLA.slug));
  await expect.poll(() => announced.length, { timeout: 15000 }).toBeGreaterThan(before);
  return announced[announced.length - 1] ?? '';
}

const rootVariable = (page: Page, name: string) => page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);

test('operator messages reach an open page: a notification, a new colour, a closed shop; bad design values change nothing', async ({ page }) => {
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

  // An unknown field and values that are no colour: the API lets some through, the broker carries any; the page refuses them all.
  await stack.operator('design', BELLA.slug, 'font', '#123456');
  await stack.operator('design', BELLA.slug, 'primary', 'red');
  for (const fieldValue of ['red;}body{display:none', '#000000;}body{display:none', 'url(javascript:alert(1))', '</style><script>alert(1)</script>']) {
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
  const published = Date.now();
  await stack.operator('publish-clock', BELLA.slug);
  await expect(status).toContainText('Pickup closed now', { timeout: 1000 });
  await expect(status).toContainText('Delivery closed now');
  expect(Date.now() - published).toBeLessThan(2000);
  await expect(page.locator('[data-order-time]')).toContainText('closed now');
  await stack.operator('clock-clear', BELLA.slug);
  expect(pageErrors).toEqual([]);
});

test('two tabs never share a client id', async ({ context }) => {
  const listener = await stack.operatorClient();
  const announced = await recordAnnouncedClientIds(listener, BELLA.retailerId);
  const first = await openLivePage(await context.newPage(), announced);
  const second = await openLivePage(await context.newPage(), announced);
  expect(first).not.toBe(second);
});
