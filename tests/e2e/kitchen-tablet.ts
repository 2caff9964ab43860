import type { Browser, Page } from '@playwright/test';
import { signInToConsole } from './console-support.ts';
import type { LiveStack } from './live-stack.ts';

/**
 * The shop's console on a 768 px kitchen tablet, on a journey's own stack (startLiveStack), signed
 * in as its sample owner: the board a promise journey holds the customer's page against. `at`: the
 * tablet's clock, when the stack's API runs on a test clock (a kitchen's tablet and its server
 * agree on the time; a session the API gave would otherwise look expired or not yet begun).
 */
export async function openKitchenTablet(
  browser: Browser,
  stack: Pick<LiveStack, 'usedBy'>,
  slug: string,
  at?: Date,
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (at) await page.clock.install({ time: at });
  await stack.usedBy(page);
  await signInToConsole(page, slug, 'owner');
  return page;
}
