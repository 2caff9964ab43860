import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_OPERATOR_TOKEN, operatorPaths } from '../../server/api/operator/operator-contract.ts';
import { dismissPopups, openShopAt, settle } from './ordering-support.ts';
import { seriousViolations } from './screen-support.ts';
import { tenantUrl } from './urls.ts';
import { TRADING_SAMPLE_SHOPS } from '../../lib/tenant/sample-shops.ts';

const wednesdayEvening = '2026-11-25T08:00:00Z';

const dialogs = [
  { modal: 'table-booking', link: 'Book a table', title: 'Book a table' },
  { modal: 'delivery-map', link: 'Delivery areas', title: 'Delivery areas' },
  { modal: 'mailing-list', link: 'Join our mailing list', title: 'Join our mailing list' },
] as const;

const modalOf = (page: Page) => new URL(page.url()).searchParams.get('modal');

for (const { modal, link, title } of dialogs) {
  test(`${modal}: its link opens it with ?modal=${modal}; Escape and Back close it`, async ({ page }) => {
    await openShopAt(page, 'bella-napoli', wednesdayEvening);
    const dialog = page.getByRole('dialog', { name: title });

    await page.getByRole('link', { name: link }).first().click();
    await expect(dialog).toBeVisible();
    expect(modalOf(page)).toBe(modal);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(modalOf(page)).toBeNull();

    await page.getByRole('link', { name: link }).first().click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    expect(modalOf(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
  });
}

test('a direct ?modal= link opens its dialog, drops the menu group, and Back closes it on the same page', async ({
  page,
}) => {
  // Popups are not dismissed: a dialog the address asks for comes first.
  await page.clock.install({ time: new Date(wednesdayEvening) });
  await page.goto(tenantUrl('fire-and-slice', '/?group=2&modal=delivery-map'));
  const dialog = page.getByRole('dialog', { name: 'Delivery areas' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-zone-entry]')).not.toHaveCount(0);
  await expect(dialog.locator('svg path[data-zone]')).not.toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('group')).toBeNull();
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  expect(modalOf(page)).toBeNull();
  // Opening dropped the menu group; closing does not bring it back.
  expect(new URL(page.url()).searchParams.get('group')).toBeNull();
  expect(new URL(page.url()).hostname).toBe('fire-and-slice.localhost');
});

test('closing a dialog opened from a ?group= address removes modal and leaves group removed, with Escape or with Back', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(wednesdayEvening) });
  await dismissPopups(page);
  for (const close of ['Escape', 'Back'] as const) {
    await page.goto(tenantUrl('bella-napoli', '/?group=12'));
    await settle(page);
    const dialog = page.getByRole('dialog', { name: 'Book a table' });
    await page.getByRole('link', { name: 'Book a table' }).first().click();
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).search).toBe('?modal=table-booking');
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await page.goBack();
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).search, close).toBe('');
  }
});

test('custom pages link to the dialogs on the home page', async ({ page }) => {
  await page.goto(tenantUrl('bella-napoli', '/about'));
  await page.getByRole('link', { name: 'Book a table' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Book a table' })).toBeVisible();
});

test('a table booking request is stored by the retailer API', async ({ page, request }) => {
  // The API checks the time against its own clock, so the page runs on the real one.
  await openShopAt(page, 'harbour-pizza', new Date().toISOString());
  await page.getByRole('link', { name: 'Book a table' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a table' });
  const name = `Guest ${Date.now()}`;
  // Days the shop is closed are listed, disabled, with their reason: take the second bookable one.
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
  await dialog.getByRole('button', { name: 'Request the table' }).click();
  await expect(dialog.getByText('Please enter your name.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Phone').fill('0400 123 456');
  await dialog.getByRole('button', { name: 'Request the table' }).click();
  await expect(page.getByRole('dialog', { name: 'Table requested' })).toContainText(`a table for 4`);

  const answer = await request.get(
    `http://localhost:${process.env['E2E_API_PORT']}${operatorPaths.tableBookings('harbour-pizza')}`,
    { headers: { authorization: `Bearer ${DEFAULT_OPERATOR_TOKEN}` } },
  );
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toContainEqual(expect.objectContaining({ name, phone: '0400 123 456', partySize: 4 }));
});

test('the mailing list thanks a new subscriber, and shows the spec text when the call fails', async ({ page }) => {
  await openShopAt(page, 'crust-and-co', wednesdayEvening);
  await page.getByRole('link', { name: 'Join our mailing list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join our mailing list' });
  await dialog.getByLabel('Name').fill('Sam');
  await dialog.getByLabel('Email').fill('not an email');
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(dialog.getByText('Please enter your email address')).toBeVisible();

  await page.route('**/api/mailing-list/signup', (route) => route.abort('connectionrefused'));
  await dialog.getByLabel('Email').fill(`sam.${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to add to mailing list. Please try again.');

  await page.unroute('**/api/mailing-list/signup');
  await dialog.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('dialog', { name: "You're on the list" })).toContainText('Thanks, Sam!');
});

for (const slug of TRADING_SAMPLE_SHOPS) {
  for (const mode of ['light', 'dark'] as const) {
    test(`${slug} ${mode}: no serious accessibility issue on the page and with each dialog open`, async ({ page }) => {
      test.slow();
      await page.emulateMedia({ colorScheme: mode });
      await openShopAt(page, slug, wednesdayEvening);
      await expect(page.locator('body')).toHaveClass(mode === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await seriousViolations(page), 'home page').toEqual([]);
      for (const { modal, title } of dialogs) {
        await page.goto(tenantUrl(slug, `/?modal=${modal}`));
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        if (modal === 'table-booking') await expect(dialog.getByLabel('Time', { exact: true })).toBeVisible();
        if (modal === 'delivery-map') await expect(dialog.locator('[data-delivery-map]')).toBeVisible();
        expect(await seriousViolations(page), modal).toEqual([]);
      }
    });
  }
}
