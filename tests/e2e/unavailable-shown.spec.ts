import { expect, test } from '@playwright/test';
import { openShopAt } from './ordering-support.ts';

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
