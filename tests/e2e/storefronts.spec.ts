import { expect, test } from '@playwright/test';
import { tenantUrl } from './urls.ts';

const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16)).join(', ')})`;

const shops = [
  { slug: 'bella-napoli', title: /Bella Napoli/, background: '#fffaf0', primary: '#b3261e', dish: 'Margherita', page: '/about/our-story', pageHeading: /story/i },
  { slug: 'crust-and-co', title: /Crust/, background: null, primary: null, dish: null, page: null, pageHeading: null },
] as const;

test.describe('each tenant is its own shop', () => {
  test('bella-napoli: title, theme, menu with prices, custom page, 404', async ({ page }) => {
    const shop = shops[0];
    const response = await page.goto(tenantUrl(shop.slug));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(shop.title);
    await expect(page.locator('body')).toHaveCSS('background-color', hexToRgb(shop.background));
    const menu = page.locator('#menu');
    await expect(menu.getByRole('heading', { name: shop.dish, exact: true })).toBeVisible();
    await expect(menu.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();

    await page.getByRole('link', { name: /our story/i }).first().click();
    await expect(page).toHaveURL(tenantUrl(shop.slug, shop.page));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.pageHeading);

    const missing = await page.goto(tenantUrl(shop.slug, '/no/such/page'));
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reload and try again' })).toHaveAttribute('href', '/');
  });
});
