import { expect, test, type Browser, type Page } from '@playwright/test';
import { openShopAt } from './ordering-support.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { withoutNewOrderAlert } from './console-support.ts';
import { consoleUrl } from './urls.ts';

/**
 * Table bookings and the activity log in the staff console (issue 19, items 5 and 6), against the
 * real stack the global setup starts: a customer asks for a table on the storefront, the kitchen
 * confirms it in the console, and the owner reads who did it in Activity. Bookings go to
 * harbour-pizza, whose sample staff `npm start` seeds (README).
 */

const SHOP = 'harbour-pizza';

/** Asks for a table for 4 on the storefront's booking dialog, on the real clock (the API checks the time against its own). */
async function requestTable(page: Page, name: string): Promise<void> {
  await openShopAt(page, SHOP, new Date().toISOString());
  await page.getByRole('link', { name: 'Book a table' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a table' });
  // Days the shop is closed are listed, disabled: take the second bookable one, so the time is well ahead.
  await dialog
    .getByLabel('Day', { exact: true })
    .selectOption(
      (await dialog
        .getByLabel('Day', { exact: true })
        .locator('option:not([disabled])')
        .nth(1)
        .getAttribute('value')) ?? '',
    );
  const times = dialog.getByLabel('Time', { exact: true }).locator('option:not([disabled]):not([value=""])');
  await dialog.getByLabel('Time', { exact: true }).selectOption((await times.first().getAttribute('value')) ?? '');
  await dialog.getByLabel('Guests').selectOption('4');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Phone').fill('0400 123 456');
  await dialog.getByRole('button', { name: 'Request the table' }).click();
  await expect(page.getByRole('dialog', { name: 'Table requested' })).toContainText('a table for 4');
}

async function signIn(page: Page, role: 'owner' | 'kitchen'): Promise<void> {
  await withoutNewOrderAlert(page);
  await page.goto(consoleUrl());
  await page.getByLabel('Shop').fill(SHOP);
  await page.getByLabel('Email').fill(`${role}@${SHOP}.test`);
  await page.getByLabel('Password').fill(`${SHOP}-${role}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });
const bookingCard = (page: Page, name: string) => page.getByRole('article').filter({ hasText: name });

async function openSection(page: Page, name: 'Orders' | 'Bookings' | 'Activity'): Promise<void> {
  await sections(page).getByRole('link', { name }).click();
  await expect(sections(page).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
}

test('a table asked for on the storefront is confirmed by the kitchen; the owner reads it in Activity, the kitchen has no Activity', async ({
  page,
  browser,
}) => {
  const guest = `Guest ${Date.now()}`;
  await requestTable(page, guest);

  const kitchen = await browser.newPage();
  await signIn(kitchen, 'kitchen');
  await expect(sections(kitchen).getByRole('link')).toHaveText(['Orders', 'Live', 'Bookings', 'Promo codes', 'Staff']);
  await openSection(kitchen, 'Bookings');
  await expect(kitchen.getByRole('heading', { name: 'Table bookings' })).toBeVisible();
  const card = bookingCard(kitchen, guest);
  await expect(card).toContainText('4 people');
  await expect(card).toContainText('New');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card).toContainText('Confirmed by Marco Bianchi');
  await expect(card.getByRole('button')).toHaveCount(0);
  // Back returns to the board, which went on under Bookings.
  await kitchen.goBack();
  await expect(kitchen.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  // Asked for by its address, Activity stays closed to the kitchen.
  await withoutNewOrderAlert(kitchen);
  await kitchen.goto(consoleUrl('#activity'));
  await kitchen.reload();
  await expect(kitchen.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(kitchen.getByRole('heading', { name: 'Activity' })).toHaveCount(0);
  await kitchen.close();

  const owner = await browser.newPage();
  await signIn(owner, 'owner');
  await openSection(owner, 'Activity');
  const entries = owner.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
  await expect(entries.filter({ hasText: guest })).toHaveText(
    new RegExp(`Marco Bianchi · Confirmed · Booking \\d+: ${guest}, 4 people`),
  );
  await expect(entries.first()).toContainText('Rosa Esposito · Signed in');
  // The booking reads confirmed for the owner too.
  await openSection(owner, 'Bookings');
  await expect(bookingCard(owner, guest)).toContainText('Confirmed by Marco Bianchi');
  await owner.close();
});

test.describe('on a phone and a desktop', () => {
  const guest = `Layout guest ${Date.now()}`;
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    const page = await browser.newPage();
    await requestTable(page, guest);
    await page.close();
  });

  for (const screen of [
    { width: 360, height: 740, phone: true },
    { width: 390, height: 844, phone: true },
    { width: 1280, height: 800, phone: false },
  ]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`Bookings and Activity fit ${screen.width} px in ${colorScheme} mode, with thumb-sized buttons and no serious accessibility issue`, async ({
        browser,
      }) => {
        const context = await browser.newContext({
          viewport: { width: screen.width, height: screen.height },
          isMobile: screen.phone,
          hasTouch: screen.phone,
          colorScheme,
        });
        const page = await context.newPage();
        await signIn(page, 'owner');
        await openSection(page, 'Bookings');
        const card = bookingCard(page, guest);
        await expect(card).toBeVisible();
        await card.getByRole('button', { name: 'Decline' }).click();
        await expect(card.getByRole('button', { name: 'Yes, decline' })).toBeVisible();
        for (const where of ['Bookings', 'Activity'] as const) {
          if (where === 'Activity') {
            await openSection(page, 'Activity');
            await expect(page.getByRole('list', { name: 'Activity, newest first' })).toBeVisible();
          }
          await expectNoSidewaysScroll(page, where);
          expect(await seriousViolations(page), where).toEqual([]);
          for (const control of [
            ...(await page.getByRole('main').getByRole('button').all()),
            ...(await sections(page).getByRole('link').all()),
          ]) {
            const box = await control.boundingBox();
            expect(box?.height ?? 0, `${where}: ${await control.innerText()}`).toBeGreaterThanOrEqual(44);
          }
        }
        await context.close();
      });
    }
  }
});
