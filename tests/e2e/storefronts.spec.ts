import { expect, test } from '@playwright/test';
import { dismissPopups } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

// The retailer's popups would cover the page these journeys drive.
test.beforeEach(({ page }) => dismissPopups(page));

const hexToRgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16)).join(', ')})`;

const shops = [
  {
    slug: 'bella-napoli',
    title: /^Bella Napoli Pizzeria/,
    background: '#fffaf0',
    primary: '#b3261e',
    dish: 'Margherita',
    pageLink: 'Our Story',
    page: '/about/our-story',
    pageHeading: 'Our Story',
  },
  {
    slug: 'crust-and-co',
    title: /^Crust & Co\./,
    background: '#1e1d1b',
    primary: '#f5a623',
    dish: 'Hot Honey Pepperoni',
    pageLink: 'Gluten-Free Options',
    page: '/menu/gluten-free',
    pageHeading: 'Gluten-Free Options',
  },
];

for (const shop of shops) {
  test(`${shop.slug}: its own title, theme, menu with prices, custom page and 404`, async ({ page }) => {
    // A retailer popup opening on idle would hide the page from the role queries below.
    await page.addInitScript(() =>
      sessionStorage.setItem('popupsDismissed', JSON.stringify(Array.from({ length: 100 }, (_, index) => index))),
    );
    const response = await page.goto(tenantUrl(shop.slug));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(shop.title);
    await expect(page.locator('body')).toHaveCSS('background-color', hexToRgb(shop.background));
    await expect(page.getByRole('link', { name: /^Call / })).toHaveCSS('background-color', hexToRgb(shop.primary));

    const menu = page.locator('#menu');
    const dish = menu.locator('li', { has: page.getByRole('heading', { name: shop.dish, exact: true }) });
    await expect(dish).toBeVisible();
    await expect(dish.getByText(/\$\d+\.\d{2}/).first()).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: shop.pageLink }).click();
    await expect(page).toHaveURL(tenantUrl(shop.slug, shop.page));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(shop.pageHeading);
    await expect(page).toHaveTitle(new RegExp(`^${shop.pageHeading} \\| `));

    const missing = await page.goto(tenantUrl(shop.slug, '/no/such/page'));
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /no/such/page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reload and try again' })).toHaveAttribute('href', '/');
  });
}

test('the menu reads without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl('bella-napoli'));
  await expect(page.locator('#menu').getByRole('heading', { name: 'Margherita', exact: true })).toBeVisible();
  await expect(page.locator('#menu [data-product-id]')).not.toHaveCount(0);
  await context.close();
});

test('an unknown host gets the site-not-found screen', async ({ page }) => {
  const response = await page.goto(tenantUrl('no-such-shop'));
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! This site can't be found.")).toBeVisible();
  await expect(page.getByText("We can't seem to find the site you're looking for.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reload and try again' })).toHaveCount(0);
});

test('a deployment reaches the local API named in its runtime config, across origins', async ({ page }) => {
  await page.goto(tenantUrl('bella-napoli'));
  const result = await page.evaluate(async () => {
    const config = (await (await fetch('/runtime-config.json')).json()) as { apiBaseUrl: string };
    const response = await fetch(`${config.apiBaseUrl}/api/get-retailer-config`, {
      headers: { 'x-retailer-domain': location.host },
    });
    return {
      apiBaseUrl: config.apiBaseUrl,
      status: response.status,
      body: (await response.json()) as { retailerId: number },
    };
  });
  expect(result.apiBaseUrl).toBe(`http://localhost:${process.env['E2E_API_PORT']}`);
  expect(result.status).toBe(200);
  expect(result.body.retailerId).toBe(111);
});
