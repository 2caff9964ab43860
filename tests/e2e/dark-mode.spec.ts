import { expect, test, type Page } from '@playwright/test';
import { openShopAt } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

const wednesdayEvening = '2026-11-25T08:00:00Z';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** Relative brightness 0 (black) to 1 (white) of an `rgb(r, g, b)` colour. */
const brightness = (rgb: string) => {
  const [red = 0, green = 0, blue = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
};

test('the header toggle turns dark mode on and off, saved as "true"/"false" under darkMode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
  expect(brightness(await bodyBackground(page))).toBeGreaterThan(0.8);

  await toggle.click();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  expect(brightness(await bodyBackground(page))).toBeLessThan(0.15);

  await toggle.click();
  await expect(page.locator('body')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
});

test('on a first visit the system preference decides, and is saved', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(tenantUrl('harbour-pizza', '/about'));
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
});

test('dark mode survives a reload with no flash: the page is dark before any island runs', async ({
  page,
}, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openShopAt(page, 'fire-and-slice', wednesdayEvening);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);

  // No island JavaScript: what shows now is what shows before hydration.
  await page.route('**/*.js', (route) => route.abort());
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  expect(brightness(await bodyBackground(page))).toBeLessThan(0.15);
  await testInfo.attach('before hydration', { body: await page.screenshot(), contentType: 'image/png' });
  expect(await page.evaluate(() => document.querySelectorAll('astro-island:not([ssr])').length)).toBe(0);
});
