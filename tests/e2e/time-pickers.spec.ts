import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCalls } from '../../lib/api/contract.ts';
import { openShopAt } from './ordering-support.ts';
import { expectInsideScreen } from './screen-support.ts';

/**
 * What a customer reads in the order-time and table-booking dialogs of harbour-pizza, a Perth
 * shop (Australia/Perth, +08:00 all year: Melbourne's summer time less three hours) that is
 * closed on Wednesdays, open Friday and Saturday until 1:00 am, takes orders 7 days ahead and is closed
 * on Christmas Day. The clock: Thursday 26 November 2026, 9:20 pm in Perth, ten minutes before
 * closing, when Melbourne is already past midnight.
 */
const thursdayLateInPerth = '2026-11-26T13:20:00Z';

const layouts = [
  {
    name: 'phone 390 px light',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'light',
  },
  {
    name: 'phone 390 px dark',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, colorScheme: 'light' },
] as const;

const optionTexts = (select: Locator) =>
  select
    .locator('option')
    .evaluateAll((options) =>
      options.map((option) => `${(option as HTMLOptionElement).disabled ? '[disabled] ' : ''}${option.textContent}`),
    );

/** The dialog opens inside the screen, nothing on the page is wider than it, and no select is wider than the dialog. */
async function expectInsideViewport(page: Page, dialog: Locator): Promise<void> {
  await expectInsideScreen(page, dialog);
  const box = await dialog.boundingBox();
  for (const select of await dialog.locator('select').all()) {
    const selectBox = await select.boundingBox();
    expect(
      box && selectBox && selectBox.x + selectBox.width <= box.x + box.width,
      'a select wider than its dialog',
    ).toBe(true);
  }
}

for (const layout of layouts) {
  test.describe(layout.name, () => {
    test.use({
      viewport: layout.viewport,
      isMobile: layout.isMobile,
      hasTouch: layout.hasTouch,
      colorScheme: layout.colorScheme,
    });

    test('the order-time picker names every day with its date and says why a day cannot be chosen', async ({
      page,
    }, testInfo) => {
      await openShopAt(page, 'harbour-pizza', thursdayLateInPerth);
      const bar = page.locator('[data-order-time-bar]');
      await expect(bar.getByRole('button', { name: 'Pickup' })).toHaveAttribute('aria-pressed', 'true');
      await bar.getByRole('button', { name: 'Change' }).click();
      const picker = page.getByRole('dialog', { name: 'Order time' });
      await picker.getByLabel('Later', { exact: true }).check();
      const day = picker.getByLabel('Day', { exact: true });
      await expect(day).toBeVisible();

      const days = await optionTexts(day);
      expect(days).toHaveLength(30);
      expect(days.slice(0, 9)).toEqual([
        '[disabled] Today, Thu 26 Nov – no times left',
        'Tomorrow, Fri 27 Nov',
        'Sat 28 Nov',
        'Sun 29 Nov',
        'Mon 30 Nov',
        'Tue 1 Dec',
        '[disabled] Wed 2 Dec – closed',
        'Thu 3 Dec',
        '[disabled] Fri 4 Dec – orders open 7 days ahead',
      ]);
      expect(days).toContain('[disabled] Wed 9 Dec – closed');
      expect(days.at(-1)).toBe('[disabled] Fri 25 Dec – closed (Christmas Day)');
      expect(days.filter((text) => text.includes('closed'))).toEqual([
        '[disabled] Wed 2 Dec – closed',
        '[disabled] Wed 9 Dec – closed',
        '[disabled] Wed 16 Dec – closed',
        '[disabled] Wed 23 Dec – closed',
        '[disabled] Fri 25 Dec – closed (Christmas Day)',
      ]);
      await expect(day).toHaveValue('2026-11-27');
      await expectInsideViewport(page, picker);
      await page.screenshot({ path: testInfo.outputPath('order-time.png') });

      const times = await optionTexts(picker.getByLabel('Time', { exact: true }));
      expect(times.slice(0, 3)).toEqual(['Choose a time', '11:00 am (Pickup Only)', '11:15 am (Pickup Only)']);
      expect(times).toContain('[disabled] 2:30 pm – pickup closed then');
      expect(times).toContain('[disabled] 4:15 pm – pickup closed then');
      expect(times.at(-1)).toBe('11:45 pm');

      await picker.getByLabel('Time', { exact: true }).selectOption({ label: '7:00 pm' });
      await picker.getByRole('button', { name: 'Order for tomorrow, Fri 27 Nov at 7:00 pm' }).click();
      await expect(picker).toHaveCount(0);
      await expect(bar.locator('[data-order-time]')).toHaveText('tomorrow, Fri 27 Nov at 7:00 pm');
    });

    test('every time that cannot be chosen says why: closed now and when it opens, no delivery then but pickup open', async ({
      page,
    }) => {
      // Wednesday 2 December, noon in Perth: the shop is closed all day.
      await openShopAt(page, 'harbour-pizza', '2026-12-02T04:00:00Z');
      await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Change' }).click();
      const picker = page.getByRole('dialog', { name: 'Order time' });
      await expect(picker.locator('[data-asap-reason]')).toHaveText('(closed now, opens tomorrow at 11:00 am)');
      await expect(picker.getByLabel('As soon as possible')).toBeDisabled();
      await picker.getByRole('button', { name: 'Delivery' }).click();
      await picker.getByLabel('Later', { exact: true }).check();
      await picker.getByLabel('Day', { exact: true }).selectOption('2026-12-04');
      const times = await optionTexts(picker.getByLabel('Time', { exact: true }));
      expect(times.slice(1, 4)).toEqual([
        '[disabled] 11:00 am – no delivery then, pickup open',
        '[disabled] 11:15 am – no delivery then, pickup open',
        '11:30 am',
      ]);
      expect(times).toContain('[disabled] 2:15 pm – no delivery then, pickup open');
      await expectInsideViewport(page, picker);
    });

    test("table booking lists Friday's small hours under Friday, labelled next day, and says why a day has no table", async ({
      page,
    }, testInfo) => {
      await openShopAt(page, 'harbour-pizza', thursdayLateInPerth);
      const sent: unknown[] = [];
      await page.route(`**${apiCalls.requestTableBooking.path}`, async (route) => {
        sent.push(route.request().postDataJSON());
        await route.fulfill({ json: { success: true, bookingId: 7 } });
      });
      await page.getByRole('link', { name: 'Book a table' }).filter({ visible: true }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Book a table' });
      const day = dialog.getByLabel('Day', { exact: true });
      const time = dialog.getByLabel('Time', { exact: true });
      await expect(day).toBeVisible();

      const days = await optionTexts(day);
      expect(days).toHaveLength(30);
      expect(days.slice(0, 8)).toEqual([
        '[disabled] Today, Thu 26 Nov – no times left',
        'Tomorrow, Fri 27 Nov',
        'Sat 28 Nov',
        'Sun 29 Nov',
        'Mon 30 Nov',
        'Tue 1 Dec',
        '[disabled] Wed 2 Dec – closed',
        'Thu 3 Dec',
      ]);
      expect(days.at(-1)).toBe('[disabled] Fri 25 Dec – closed (Christmas Day)');
      await expect(day).toHaveValue('2026-11-27');

      // Friday 11:00 am-2:30 pm and 4:30 pm-1:00 am: the last seating is half an hour before closing, after midnight.
      const friday = await optionTexts(time);
      expect(friday.slice(0, 2)).toEqual(['Choose a time', '11:00 am']);
      expect(friday).toContain('4:30 pm');
      expect(friday).toContain('[disabled] 2:15 pm – last seating 2:00 pm');
      expect(friday).toContain('[disabled] 3:00 pm – closed then');
      expect(friday.slice(-5)).toEqual([
        '11:45 pm',
        'midnight',
        '12:15 am (next day)',
        '12:30 am (next day)',
        '[disabled] 12:45 am (next day) – last seating 12:30 am',
      ]);
      await day.selectOption('2026-11-28');
      const saturday = await optionTexts(time);
      expect(saturday.slice(0, 2)).toEqual(['Choose a time', '11:00 am']);
      expect(saturday.slice(-3)).toEqual([
        '12:15 am (next day)',
        '12:30 am (next day)',
        '[disabled] 12:45 am (next day) – last seating 12:30 am',
      ]);
      await expectInsideViewport(page, dialog);
      await page.screenshot({ path: testInfo.outputPath('table-booking.png') });

      await day.selectOption('2026-11-27');
      await time.selectOption({ label: '12:15 am (next day)' });
      await dialog.getByLabel('Name').fill('Ada');
      await dialog.getByLabel('Phone').fill('0400 123 456');
      await dialog.getByRole('button', { name: 'Request the table' }).click();
      const thanks = page.getByRole('dialog', { name: 'Table requested' });
      await expect(thanks).toContainText(
        'We have your request for a table for 2: tomorrow, Fri 27 Nov at 12:15 am (next day).',
      );
      // Saturday 00:15 in Perth (+08:00).
      expect(sent).toEqual([expect.objectContaining({ dateTime: '2026-11-27T16:15:00.000Z', partySize: 2 })]);
      await expectInsideViewport(page, thanks);
    });
  });
}
