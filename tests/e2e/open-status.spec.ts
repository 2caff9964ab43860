import { expect, test } from '@playwright/test';
import { dismissPopups, liveStatusAsNormal } from './ordering-support.ts';
import { tenantUrl } from './urls.ts';

// The retailer's popups would cover the page these journeys drive.
test.beforeEach(({ page }) => dismissPopups(page));

// The visitor's own time zone must not matter: the shop's clock is its named zone, else Melbourne's (plus its diff).
test.use({ timezoneId: 'America/New_York' });

test('the clock panel says what is open on the shop’s clock, and changes when delivery closes after midnight', async ({
  page,
}) => {
  // Saturday 00:29 in Melbourne (AEDT): Friday's late shift runs pickup to 01:00 and delivery to 00:30.
  await page.clock.install({ time: new Date('2026-11-27T13:29:00Z') });
  // The panel follows the live clock status too; the reference API would answer for its own time.
  await liveStatusAsNormal(page);
  await page.goto(tenantUrl('bella-napoli'));
  const status = page.locator('[data-open-status]');
  await expect(status).toContainText('Pickup open until 1:00 am');
  await expect(status).toContainText('Delivery open until 12:30 am');

  await page.clock.runFor(2 * 60_000);
  await expect(status).toContainText('Pickup open until 1:00 am');
  await expect(status).toContainText('Delivery opens today at 12:00 pm');
});

test("a Perth shop reads its own hours on Perth's clock, three hours behind Melbourne's summer time", async ({
  page,
}) => {
  // Friday 17:30 in Melbourne (AEDT) is 14:30 at harbour-pizza (Australia/Perth, no daylight saving;
  // the spec's − 2 h would say 15:30): lunch pickup has just ended (an end is exclusive) and dinner
  // starts at 16:30.
  await page.clock.setFixedTime(new Date('2026-11-27T06:30:00Z'));
  await liveStatusAsNormal(page);
  await page.goto(tenantUrl('harbour-pizza'));
  const status = page.locator('[data-open-status]');
  await expect(status).toContainText('Pickup opens today at 4:30 pm');
  await expect(status).toContainText('Delivery opens today at 5:00 pm');
});
