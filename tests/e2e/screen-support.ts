import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

/** Serious or critical accessibility issues on the page, or only inside `within` (a CSS selector). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The page is no wider than the screen, and the browser did not widen its layout viewport to fit something. */
export async function expectNoSidewaysScroll(page: Page, where = 'the page'): Promise<void> {
  const { width } = page.viewportSize() ?? { width: 0 };
  const measured = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(measured, `${where}: page width`).toEqual({ scrollWidth: width, innerWidth: width });
}

/** The element's box lies inside the screen, and the page has not grown wider than it. */
export async function expectInsideScreen(page: Page, target: Locator, where = 'the dialog'): Promise<void> {
  await expect(target).toBeVisible();
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const box = await target.boundingBox();
  expect(box, `${where} has a box`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${where}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${where}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${where}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  await expectNoSidewaysScroll(page, where);
}

/** The two screens an owner's editor is checked on: a 360 px phone in light, a desktop in dark. */
export const EDITOR_SCREENS = [
  { width: 360, height: 800, scheme: 'light', touch: true },
  { width: 1280, height: 900, scheme: 'dark', touch: false },
] as const;

/** A page of its own context on one of EDITOR_SCREENS; close it with `page.context().close()`. */
export async function pageOn(browser: Browser, screen: (typeof EDITOR_SCREENS)[number]): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.touch,
    hasTouch: screen.touch,
    colorScheme: screen.scheme,
  });
  return context.newPage();
}
