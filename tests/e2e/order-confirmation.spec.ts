import { expect, test, type Page } from '@playwright/test';
import { successColours } from '../../lib/site/success-colours.ts';
import { darkColours, lightColours } from '../../lib/site/theme.ts';
import { loadTenant } from '../../lib/tenant/load.ts';
import { ORDER_POLL_MS } from '../../apps/storefront/islands/order-confirmation/order-tracking.ts';
import { addProduct, checkoutWithNotes, dismissPopups, openShopNow, orderForALaterSlot } from './ordering-support.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { tenantUrl } from './urls.ts';
import { TRADING_SAMPLE_SHOPS } from '../../lib/tenant/sample-shops.ts';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const smallPhone = { ...phone, viewport: { width: 360, height: 740 } };
const desktop = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

const operatorCall = async (path: string, method = 'GET') => {
  const response = await fetch(`http://localhost:${process.env['E2E_API_PORT']}${path}`, {
    method,
    headers: { authorization: 'Bearer dev-operator' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};

/** A computed colour ("rgb(…)" or "color(srgb …)") as 0-255 channels. */
function channels(css: string): number[] {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/.exec(css);
  if (srgb) return srgb.slice(1, 4).map((value) => Math.round(Number(value) * 255));
  return (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}
const hexChannels = (hex: string) => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));

async function expectPanelColours(page: Page, expected: { surface: string; accent: string }): Promise<void> {
  const panel = page.locator('[data-order-status]');
  const [background, border] = await panel.evaluate((element) => [
    getComputedStyle(element).backgroundColor,
    getComputedStyle(element).borderTopColor,
  ]);
  for (const [actual, hex] of [
    [background ?? '', expected.surface],
    [border ?? '', expected.accent],
  ] as const) {
    channels(actual).forEach((value, index) =>
      expect(Math.abs(value - (hexChannels(hex)[index] ?? 0))).toBeLessThanOrEqual(1),
    );
  }
}

interface Journey {
  name: string;
  device: typeof phone | typeof desktop;
  slug: string;
  service: 'Pickup' | 'Delivery';
}

const journeys: Journey[] = [
  { name: 'on a 390 px phone, for pickup', device: phone, slug: 'harbour-pizza', service: 'Pickup' },
  { name: 'on a desktop, for delivery', device: desktop, slug: 'bella-napoli', service: 'Delivery' },
];

const notes = 'Ring the bell twice.\nNo onions on anything, please!';

for (const journey of journeys) {
  test.describe(journey.name, () => {
    test.use(journey.device);

    test('the confirmation shows the order number, where, when and the notes, and changes the moment the kitchen takes the order', async ({
      page,
    }) => {
      // A whole order placed through the shop, then taken by the kitchen: more than the default 30 s on a busy machine.
      test.setTimeout(60_000);
      const tenant = await loadTenant('tenants', journey.slug);
      await openShopNow(page, journey.slug);
      await addProduct(page);
      // Two dishes clear bella-napoli's $30 delivery minimum.
      if (journey.service === 'Delivery') await addProduct(page);
      await page.locator('[data-order-time-bar]').getByRole('button', { name: journey.service }).click();
      const when = await orderForALaterSlot(page);

      const checkout = await checkoutWithNotes(page, notes);
      await checkout.getByLabel('Name').fill('Grace Hopper');
      await checkout.getByLabel('Phone').fill('0400 111 222');
      await checkout.getByLabel('Email').fill('grace@example.com');
      if (journey.service === 'Delivery') {
        await checkout.getByLabel('Street address').fill('12 Lygon Street');
        await checkout.getByLabel('Suburb').selectOption({ label: 'Carlton 3053' });
      }
      await checkout.getByRole('button', { name: /^Place order/ }).click();

      await expect(page).toHaveURL(/\/order\/\?id=/);
      const status = page.locator('[data-order-status]');
      await expect(status.getByRole('heading')).toHaveText('Order received');
      await expect(status).not.toContainText('Accepted');
      const orderNumber = (await page.locator('[data-order-number]').textContent()) ?? '';
      expect(orderNumber).toMatch(/^#\d+$/);
      await expect(page.locator('[data-order-when]')).toHaveText(when);
      await expect(page.locator('[data-order-notes]')).toHaveText(notes, { useInnerText: true });
      const place = page.locator('[data-order-place]');
      if (journey.service === 'Pickup') {
        await expect(page.getByText('Ready for pickup', { exact: true })).toBeVisible();
        await expect(place).toContainText(tenant.config.retailerInfo.address);
      } else {
        await expect(place).toHaveText('12 Lygon Street, Carlton 3053');
      }
      await expectNoSidewaysScroll(page);
      await expectPanelColours(page, successColours(lightColours(tenant.config.retailerCSS)));
      expect(await seriousViolations(page)).toEqual([]);

      // The kitchen's queue shows the order under the number the customer sees, with the notes as sent.
      const id = new URL(page.url()).searchParams.get('id') ?? '';
      const queue = (await operatorCall(`/operator/tenants/${journey.slug}/open-orders`)) as {
        encryptedOrderId: string;
        orderNumber: number;
        orderNotes: string;
      }[];
      expect(queue.find((order) => order.encryptedOrderId === id)).toMatchObject({
        orderNumber: Number(orderNumber.slice(1)),
        orderNotes: notes,
      });

      // Listening: from now on the poll only ever says "not taken yet", so only the broker can change the page.
      await expect(status).toHaveAttribute('data-live', 'on');
      await page.route('**/api/order/get-order', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), orderProcessed: false } });
      });
      const takenAt = await page.evaluate(() => Date.now());
      await operatorCall(`/operator/tenants/${journey.slug}/order-numbers/${orderNumber.slice(1)}/processed`, 'POST');
      // An order for later taken before its time is accepted, not yet being prepared.
      await expect(status.getByRole('heading')).toHaveText('Accepted', { timeout: 5000 });
      const shownAt = await page.evaluate(() => Date.now());
      expect(shownAt - takenAt).toBeLessThan(ORDER_POLL_MS);
      await expect(status).toHaveAttribute('data-order-status', 'preparing');
      await expect(status).not.toContainText('Order received');
      await expect(status.getByRole('listitem').filter({ hasText: 'Accepted' })).toHaveAttribute(
        'aria-current',
        'step',
      );

      await page.getByRole('button', { name: 'Dark mode' }).click();
      await expect(page.locator('body')).toHaveClass(/\bdark\b/);
      await expectPanelColours(page, successColours(darkColours(tenant.config.retailerCSS)));
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
    });
  });
}

test.describe('the 404 page on a 360 px phone', () => {
  test.use(smallPhone);

  for (const slug of TRADING_SAMPLE_SHOPS) {
    test(`${slug}: the shop's header and footer, the spec's texts and a way back to the menu, nothing wider than the screen`, async ({
      page,
    }) => {
      await dismissPopups(page);
      const tenant = await loadTenant('tenants', slug);
      const path = `/no/such-page/${'a-long-segment-without-any-spaces-'.repeat(4)}`;
      const response = await page.goto(tenantUrl(slug, path));
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole('banner').getByRole('link', { name: tenant.config.retailerInfo.name, exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(tenant.config.retailerInfo.address);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
      await expect(page.getByText("Oops! This page can't be found.")).toBeVisible();
      await expect(page.getByText("We can't seem to find the page you're looking for.")).toBeVisible();
      await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Reload and try again' })).toHaveAttribute('href', '/');
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Back to the menu' }).tap();
      await expect(page).toHaveURL(tenantUrl(slug, '/#menu'));
      await expect(page.locator('#menu')).toBeInViewport();
    });
  }
});

test.describe('the 404 page on a desktop', () => {
  test.use(desktop);

  test('header, footer and the way back to the menu beside the reload button', async ({ page }) => {
    await dismissPopups(page);
    await page.goto(tenantUrl('bella-napoli', '/menu/old-specials'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the menu' })).toHaveAttribute('href', '/#menu');
    await expect(page.getByRole('link', { name: 'Reload and try again' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
