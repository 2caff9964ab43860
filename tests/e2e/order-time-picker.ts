import type { Page } from '@playwright/test';

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
  const times = picker.getByLabel('Time', { exact: true }).locator('option:not([disabled]):not([value=""])');
  await picker.getByLabel('Time', { exact: true }).selectOption((await times.first().getAttribute('value')) ?? '');
  await picker.getByRole('button', { name: /^Order for / }).click();
  return (await bar.locator('[data-order-time]').textContent()) ?? '';
}
