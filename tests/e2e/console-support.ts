import { expect, type Page } from '@playwright/test';
import { ALERT_SETTING_KEY } from '../../apps/console/features/board/new-order-alert.ts';
import { consoleUrl } from './urls.ts';

/**
 * A console that does not raise the full-screen new-order alert, as the board's Alert switch
 * leaves it. Journeys run in parallel and place orders on the same sample shops, so a console
 * journey that is not about the alert would otherwise be covered by another journey's order.
 */
export const withoutNewOrderAlert = (page: Page) =>
  page.addInitScript((key) => localStorage.setItem(key, 'off'), ALERT_SETTING_KEY);

/**
 * Opens the console at the shared static server (or, after a stack's `usedBy`, on that stack's
 * API) without the new-order alert, and sends its sign-in form for `shop` with an account's email
 * and password. Resolves once sent: a refused sign-in stays on the form.
 */
export async function submitConsoleSignIn(page: Page, shop: string, email: string, password: string): Promise<void> {
  await withoutNewOrderAlert(page);
  await page.goto(consoleUrl());
  // Typed before the sign-in form hydrates, the fields would be wiped by it.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Shop', { exact: true }).fill(shop);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in to the console (submitConsoleSignIn) with a shop's sample account (sample-staff.ts):
 * `<role>@<shop>.test`. Resolves once the board shows.
 */
export async function signInToConsole(page: Page, shop: string, role: 'owner' | 'kitchen'): Promise<void> {
  await submitConsoleSignIn(page, shop, `${role}@${shop}.test`, `${shop}-${role}`);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
}
