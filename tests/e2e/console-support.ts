import type { Page } from '@playwright/test';
import { ALERT_SETTING_KEY } from '../../apps/console/features/board/new-order-alert.ts';

/**
 * A console that does not raise the full-screen new-order alert, as the board's Alert switch
 * leaves it. Journeys run in parallel and place orders on the same sample shops, so a console
 * journey that is not about the alert would otherwise be covered by another journey's order.
 */
export const withoutNewOrderAlert = (page: Page) =>
  page.addInitScript((key) => localStorage.setItem(key, 'off'), ALERT_SETTING_KEY);
