import { expect, test, type Page } from '@playwright/test';
import { liveStatusAsNormal } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

// Wednesday 19:00 in Melbourne: bella-napoli is open for pickup and delivery.
const wednesdayEvening = '2026-11-25T08:00:00Z';
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() =>
    sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index))),
  );
  await liveStatusAsNormal(page);
});

test('?retailerWebsiteId= of a second website opens its own home, with its layout, theme, title and links, for the whole visit', async ({
  page,
}) => {
  const websiteIds: string[] = [];
  page.on('request', (request) => {
    const header = request.headers()['x-retailer-website-id'];
    if (header) websiteIds.push(header);
  });
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=1112#menu'));
  await expect(page).toHaveURL(tenantUrl('bella-napoli', '/website/1112#menu'));
  await expect(page.locator('html')).toHaveAttribute('data-website', '1112');
  // The catering website's own layout: the hero header, no deals, the clock on the right.
  await expect(page.locator('main#menu')).toHaveAttribute('data-layout', '3');
  await expect(page.getByRole('link', { name: 'See the menu' })).toBeVisible();
  await expect(page.locator('[data-clock-position]')).toHaveAttribute('data-clock-position', 'right');
  await expect(page.getByRole('heading', { name: /deals/i })).toHaveCount(0);
  await expect.poll(() => bodyBackground(page)).toBe('rgb(244, 248, 243)');
  await expect(page).toHaveTitle(/^Bella Napoli Catering/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /to your event/);
  await expect(page.getByRole('link', { name: 'Catering enquiries' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
  // The ordering runtime speaks to the API as that website.
  await expect.poll(() => websiteIds).toContain('1112');
  expect(websiteIds.every((id) => id === '1112')).toBe(true);

  // Other pages are the default website's, switched in place.
  await page.getByRole('link', { name: 'About Bella Napoli' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('data-website', '1112');
  await expect(page).toHaveTitle(/\| Bella Napoli Catering/);
  // The click starts a navigation: ask the page that has the new title, not the one it leaves.
  await expect.poll(() => bodyBackground(page)).toBe('rgb(244, 248, 243)');
  await expect(page.getByRole('link', { name: 'Catering enquiries' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Facebook' })).toBeHidden();

  // Their links home lead back to the catering home.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(tenantUrl('bella-napoli', '/website/1112'));
  await expect(page.locator('main#menu')).toHaveAttribute('data-layout', '3');
  expect(websiteIds.every((id) => id === '1112')).toBe(true);
});

test('a dialog link of the second website opens the dialog on its home', async ({ page }) => {
  // While the shop is open, so no closing-time toast arrives to take the Escape meant for the dialog.
  await page.clock.install({ time: new Date(wednesdayEvening) });
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=1112&modal=delivery-map'));
  await expect(page).toHaveURL(tenantUrl('bella-napoli', '/website/1112?modal=delivery-map'));
  await expect(page.getByRole('dialog', { name: /delivery/i })).toBeVisible();
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(tenantUrl('bella-napoli', '/website/1112'));
});

test('an unknown website id, or the default one, goes back to the default website', async ({ page }) => {
  await page.goto(tenantUrl('bella-napoli', '/?retailerWebsiteId=1112'));
  await expect(page.locator('main#menu')).toHaveAttribute('data-layout', '3');
  await page.goto(tenantUrl('bella-napoli', '/website/1112?retailerWebsiteId=424242'));
  await expect(page).toHaveURL(tenantUrl('bella-napoli', '/'));
  await expect(page.locator('html')).toHaveAttribute('data-website', '1111');
  await expect(page.locator('main#menu')).toHaveAttribute('data-layout', '2');
  expect(await bodyBackground(page)).toBe('rgb(255, 250, 240)');
  await expect(page).toHaveTitle(/^Bella Napoli Pizzeria/);
  await expect(page.getByRole('link', { name: 'Facebook' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Catering enquiries' })).toHaveCount(0);

  // The choice is forgotten: the default home stays the default.
  await page.goto(tenantUrl('bella-napoli', '/about'));
  await expect(page.locator('html')).toHaveAttribute('data-website', '1111');
  await page.goto(tenantUrl('bella-napoli', '/website/1112?retailerWebsiteId=1111'));
  await expect(page).toHaveURL(tenantUrl('bella-napoli', '/'));
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
