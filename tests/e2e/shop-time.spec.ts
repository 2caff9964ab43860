import { expect, test, type Browser, type Page } from '@playwright/test';
import { staffOrdersResponseSchema, staffPaths, staffSignInResponseSchema } from '../../lib/api/staff-contract.ts';
import { addProduct, dismissPopups, orderForALaterSlot, settle } from './ordering-support.ts';
import { consoleUrl, stackPort, tenantUrl } from './urls.ts';

/**
 * Shop time (issue 27, item 3): harbour-pizza keeps Perth's clock (it names Australia/Perth), so
 * the time its customer is promised is the time its kitchen's board says is due, whatever zone the
 * customer's phone or the kitchen's tablet is set to. Perth has no daylight saving: from October to
 * April it is Melbourne − 3 h, and the spec's rule (Melbourne − 2 h) would promise an hour the
 * kitchen does not see.
 *
 * Each device's clock is fixed (`page.clock.setFixedTime`) at the instant the test starts, which
 * the stack's API shares: it checks the order's time on its own clock. The order is for the first
 * slot of the day after next, so the journey passes whatever day it runs.
 */

const shop = 'harbour-pizza';
const kitchenAccount = { email: `kitchen@${shop}.test`, password: `${shop}-kitchen` };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** "Sun 29 Nov" and "11:30 am" (or "midnight") of a time as the shop's pages and console word it. */
function dayAndTime(text: string): { day: string | null; time: string | null } {
  return {
    day: /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}\b/.exec(text)?.[0] ?? null,
    time: /\b\d{1,2}:\d{2} [ap]m\b|\bmidnight\b/.exec(text)?.[0] ?? null,
  };
}

/** Perth's wall clock of an instant, by the runtime's own zone data rather than the code under test. */
function perthWords(iso: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Perth',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts['hour']}:${parts['minute']} ${String(parts['dayPeriod']).toLowerCase()}`;
  return {
    day: `${parts['weekday']} ${parts['day']} ${parts['month']}`,
    time: time === '12:00 am' ? 'midnight' : time,
  };
}

async function fixedClockPage(browser: Browser, timezoneId: string, now: Date): Promise<Page> {
  const page = await (await browser.newContext({ ...phone, timezoneId })).newPage();
  await page.clock.setFixedTime(now);
  return page;
}

for (const timezoneId of ['UTC', 'Australia/Perth']) {
  test(`a device on ${timezoneId}: harbour-pizza's customer is promised the time its kitchen's board says is due`, async ({
    browser,
  }) => {
    const now = new Date();
    const customer = await fixedClockPage(browser, timezoneId, now);
    await dismissPopups(customer);
    await customer.goto(tenantUrl(shop));
    await settle(customer);
    await expect(customer.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
    await addProduct(customer);
    await customer.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).click();
    const chosen = dayAndTime(await orderForALaterSlot(customer));
    expect(chosen.time, 'the order-time bar names a time').not.toBeNull();

    await customer.locator('[data-cart-button]').click();
    await customer.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
    const checkout = customer.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByLabel('Name').fill('Ada Lovelace');
    await checkout.getByLabel('Phone').fill('0400 111 222');
    await checkout.getByLabel('Email').fill('ada@example.com');
    await checkout.getByRole('button', { name: /^Place order/ }).click();
    await expect(customer).toHaveURL(/\/order\/\?id=/);
    const promised = dayAndTime((await customer.locator('[data-order-when]').textContent()) ?? '');
    expect(promised, 'the confirmation promises the time chosen').toEqual(chosen);
    const orderNumber = Number(((await customer.locator('[data-order-number]').textContent()) ?? '').replace('#', ''));
    const encryptedOrderId = new URL(customer.url()).searchParams.get('id') ?? '';

    await test.step('the stored time is that time on Perth clocks', async () => {
      const apiUrl = `http://localhost:${stackPort('E2E_API_PORT')}`;
      const signedIn = await fetch(`${apiUrl}${staffPaths.signIn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ retailer: shop, ...kitchenAccount }),
      });
      const { token } = staffSignInResponseSchema.parse(await signedIn.json());
      const board = await fetch(`${apiUrl}${staffPaths.orders(200)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const order = staffOrdersResponseSchema
        .parse(await board.json())
        .orders.find((candidate) => candidate.encryptedOrderId === encryptedOrderId);
      expect(order?.dueAt).toBeTruthy();
      expect(perthWords(order?.dueAt ?? '')).toEqual(chosen);
    });

    await test.step(`the kitchen's board on a tablet set to ${timezoneId} says the same "Due"`, async () => {
      const kitchen = await fixedClockPage(browser, timezoneId, now);
      await kitchen.goto(consoleUrl());
      await kitchen.getByLabel('Shop').fill(shop);
      await kitchen.getByLabel('Email').fill(kitchenAccount.email);
      await kitchen.getByLabel('Password').fill(kitchenAccount.password);
      await kitchen.getByRole('button', { name: 'Sign in' }).click();
      const card = kitchen.getByRole('article', { name: `Order ${orderNumber}`, exact: true });
      const due = card.getByText(/Due /).first();
      await expect(due).toBeVisible();
      expect(dayAndTime((await due.textContent()) ?? '')).toEqual(chosen);
    });
  });
}
