import { expect, test, type Page } from '@playwright/test';
import { liveStatusAsNormal } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index))));
  await liveStatusAsNormal(page);
});

test('?retailerWebsiteId= of a second website shows its theme, title and links from the first paint, for the whole visit', async ({ page }) => {
  const websiteIds: string[] = [];
  page.on('request', (request) => {
    const header = request.headers()['x-retailer-website-id'];
    if (header) websiteIds.push(header);
  });
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=1112'));
  await expect(page.locator('html')).toHaveAttribute('data-website', '1112');
  expect(await bodyBackground(page)).toBe('rgb(244, 248, 243)');
  await expect(page).toHaveTitle(/^Bella Napoli Catering/);
  await expect(page.getByRole('link', { name: 'Catering enquiries' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Facebook' })).toBeHidden();
  // The ordering runtime speaks to the API as that website.
  await expect.poll(() => websiteIds).toContain('1112');
  expect(websiteIds.every((id) => id === '1112')).toBe(true);

  await page.getByRole('link', { name: 'About Bella Napoli' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-website', '1112');
  await expect(page).toHaveTitle(/\| Bella Napoli Catering/);
});

test('an unknown website id falls back to the default website', async ({ page }) => {
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=1112'));
  await expect(page.locator('html')).toHaveAttribute('data-website', '1112');
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=424242'));
  await expect(page.locator('html')).not.toHaveAttribute('data-website', /.*/);
  expect(await bodyBackground(page)).toBe('rgb(255, 250, 240)');
  await expect(page).toHaveTitle(/^Bella Napoli Pizzeria/);
  await expect(page.getByRole('link', { name: 'Facebook' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Catering enquiries' })).toBeHidden();
});

test('the second website has its own dark variant', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=1112'));
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  const [red, green] = ((await bodyBackground(page)).match(/\d+/g) ?? []).map(Number);
  // A dark page tinted with the catering website's green, not the default website's red.
  expect(red ?? 255).toBeLessThan(40);
  expect(green ?? 0).toBeGreaterThan(red ?? 255);
});
