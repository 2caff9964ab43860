import type { Page } from '@playwright/test';
import { PICKUP_ONLY_LABEL } from '../../lib/time/slots.ts';

// No `expect` here: the page benchmarks (scripts/lib/bench-console.ts) take the same steps outside the test runner.

/** Orders for the first slot of the day after next, which the API's own clock accepts whenever the test runs. Returns the time as the page words it. */
export async function orderForALaterSlot(page: Page): Promise<string> {
  const bar = page.locator('[data-order-time-bar]');
  await bar.getByRole('button', { name: 'Change' }).click();
  const picker = page.getByRole('dialog', { name: 'Order time' });
  await picker.getByLabel('Later', { exact: true }).check();
  const days = picker.getByLabel('Day', { exact: true }).locator('option:not([disabled])');
  await picker.getByLabel('Day', { exact: true }).selectOption((await days.nth(1).getAttribute('value')) ?? '');
  // Times that cannot be chosen are listed with their reason, disabled: take the first that can.
  // A "(Pickup Only)" time moves a delivery order to pickup (after the evening's delivery hours,
  // or a lunch without drivers), which no journey asking for a later slot means.
  const times = picker
    .getByLabel('Time', { exact: true })
    .locator('option:not([disabled]):not([value=""])')
    .filter({ hasNotText: PICKUP_ONLY_LABEL });
  // The times follow the chosen day a render later; one read before it names a time the list no longer holds.
  for (let attempt = 1; ; attempt += 1) {
    const value = (await times.first().getAttribute('value')) ?? '';
    try {
      await picker.getByLabel('Time', { exact: true }).selectOption(value, { timeout: 2_000 });
      break;
    } catch (error) {
      if (attempt === 5) throw error;
    }
  }
  await picker.getByRole('button', { name: /^Order for / }).click();
  return (await bar.locator('[data-order-time]').textContent()) ?? '';
}
