import { expect, test } from '@playwright/test';
import { dismissPopups, openShopAt, settle } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

/** Issue 27, item 6: what cannot be ordered at the order time says when it can, where Add would be. */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// Friday 27 November 2026, 8:40 pm in Melbourne: bella-napoli's lunch menu is over, its late-night menu opens at 9.
const fridayEvening = '2026-11-27T09:40:00Z';

test('bella-napoli at 8:40 pm: the lunch and late-night groups say when they are served instead of offering Add', async ({
  page,
}) => {
  await openShopAt(page, 'bella-napoli', fridayEvening);
  // The menu hydrates on first use.
  await page.getByRole('searchbox', { name: 'Search the menu' }).focus();
  const lunch = page.getByRole('region', { name: 'Pranzo (Lunch)' });
  const lateNight = page.getByRole('region', { name: 'Late-night Menu' });
  await expect(lunch.locator('[data-group-unavailable]')).toHaveText(
    'Not available at your order time · Available Wednesday at 11:30 am',
  );
  await expect(lateNight.locator('[data-group-unavailable]')).toHaveText(
    'Not available at your order time · Opens at 9:00 pm',
  );
  await expect(lunch.getByRole('link', { name: /^Add / })).toHaveCount(0);
  await expect(lateNight.getByRole('link', { name: /^Add / })).toHaveCount(0);
  await expect(lateNight.locator('[data-served-later]').first()).toHaveText('Opens at 9:00 pm');
  // A group served now keeps its Add buttons.
  await expect(
    page.getByRole('region', { name: 'Classic Pizzas' }).getByRole('link', { name: /^Add / }).first(),
  ).toBeVisible();

  // At 9 pm the late-night menu can be ordered.
  await page.clock.runFor(21 * 60_000);
  await expect(lateNight.locator('[data-group-unavailable]')).toHaveCount(0, { timeout: 10_000 });
  await expect(lateNight.getByRole('link', { name: /^Add / }).first()).toBeVisible();
});

// Wednesday 25 November 2026, 7:00 pm in Melbourne: bella-napoli is open for both services.
const wednesdayEvening = '2026-11-25T08:00:00Z';

test('bella-napoli with Margherita sold out: the menu and Popular show "Sold out today" and offer nothing to tap', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(wednesdayEvening) });
  await dismissPopups(page);
  // The shop's clock status as the console's sold-out switch makes it (lib/menu/sold-out.ts reads it).
  await page.route('**/api/retailer/get-clock-status', (route) =>
    route.fulfill({
      json: {
        retailerOnline: true,
        liveDeliveryWaitTime: 30,
        livePickupWaitTime: 30,
        closedDateToday: false,
        livePickupOverCapacity: false,
        liveDeliveryOverCapacity: false,
        allowDelivery: true,
        soldOutProductIds: [1101],
        soldOutProductGroupIds: [],
      },
    }),
  );
  await page.goto(tenantUrl('bella-napoli'));
  await settle(page);
  const card = page.locator('#menu [data-product-id="1101"]');
  await expect(card.locator('[data-sold-out-badge]')).toBeVisible();
  await expect(card.locator('[data-sold-out-badge]')).toHaveText('Sold out today');
  await expect(page.getByRole('link', { name: 'Add Margherita', exact: true })).toHaveCount(0);
  // Still on the menu, beside what can be ordered.
  await expect(card).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Diavola', exact: true })).toBeVisible();

  const popular = page.getByRole('region', { name: 'Popular right now' });
  const trending = popular.locator('[data-open-product="1101"]');
  await expect(trending).toHaveAttribute('aria-disabled', 'true');
  await expect(trending.locator('[data-sold-out-badge]')).toBeVisible();
  await trending.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
