import { expect, test, type Page, type Request } from '@playwright/test';
import { corruptIslandProps } from './fault-support.ts';
import { addProduct, dismissPopups, liveStatusAsNormal, openShopAt, settle } from './ordering-support.ts';
import { expectInsideScreen, seriousViolations } from './screen-support.ts';
import { tenantUrl } from './urls.ts';

// Wednesday 25 November 2026, 7:00 pm in Melbourne: the shop is open.
const wednesdayEvening = '2026-11-25T08:00:00Z';

type LoggedError = { errorType: string; component: string | null; message: string };

/** Every error log entry the page sends, batch by batch. */
function errorLog(page: Page): LoggedError[] {
  const entries: LoggedError[] = [];
  const isErrorLogPost = (request: Request) =>
    request.method() === 'POST' && request.url().endsWith('/api/logs/create-error-logs');
  page.on('request', (request) => {
    if (isErrorLogPost(request)) entries.push(...(request.postDataJSON() as LoggedError[]));
  });
  return entries;
}

/** The spec's error screen for anything but a 404 (section 2), and nothing of the page behind it. */
async function expectErrorScreen(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: '500' })).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong.')).toBeVisible();
  await expect(page.getByText('An unexpected error has occurred.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reload and try again' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[data-add-product]').first()).toBeHidden();
}

test('menu data that will not load: no "Cart Validation Error" without a cart, the error screen when a dish needs it, and the failure is reported', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(wednesdayEvening) });
  await dismissPopups(page);
  await liveStatusAsNormal(page);
  await page.route('**/_payload.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  const warnings: string[] = [];
  page.on('console', (message) => warnings.push(message.text()));
  const logged = errorLog(page);
  await page.goto(tenantUrl('bella-napoli'));
  await settle(page);

  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  // A visitor with nothing in the cart has no prices to verify: the runtime notes the failure and says nothing.
  await expect.poll(() => warnings.some((text) => text.startsWith('The menu data did not load'))).toBe(true);
  await expect(toasts.getByRole('listitem').filter({ hasText: 'Cart Validation Error' })).toHaveCount(0);
  await expect(toasts.getByText('Menu not loaded')).toHaveCount(0);
  // The prerendered menu still reads.
  await expect(page.locator('[data-product-id]').first()).toBeVisible();

  await page.locator('[data-add-product]').first().click();
  await expectErrorScreen(page);
  await expect
    .poll(() => logged.filter((entry) => entry.component === 'ProductBuilder'), { timeout: 15_000 })
    .toEqual([
      expect.objectContaining({
        errorType: 'javascript',
        message: expect.stringContaining('_payload.json answered 503'),
      }),
    ]);

  await page.unroute('**/_payload.json');
  await page.getByRole('link', { name: 'Reload and try again' }).click();
  await page.waitForURL(tenantUrl('bella-napoli'));
  await expect(page.locator('[data-add-product]').first()).toBeVisible();
  await expect(page.getByText('Oops! Something went wrong.')).toHaveCount(0);
});

test('menu data that will not load under a saved cart: "Cart Validation Error" at once, and the cart is kept', async ({
  page,
}) => {
  await openShopAt(page, 'bella-napoli', wednesdayEvening);
  await addProduct(page, 0);
  await page.route('**/_payload.json', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.reload();
  await settle(page);
  const validationError = page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('listitem')
    .filter({ hasText: 'Cart Validation Error' });
  await expect(validationError).toContainText('Unable to verify current prices. Please refresh the page.');
  await expect(validationError).toHaveAttribute('data-variant', 'destructive');
  await expect(page.locator('[data-cart-button]')).toHaveAccessibleName(/^Cart, 1 item, /);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test('an ordering shell that fails beyond its boundary brings up the error screen, which fits the screen, and is reported', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date(wednesdayEvening) });
    await dismissPopups(page);
    await liveStatusAsNormal(page);
    // The shell's popups arrive as null instead of a list: it throws as soon as it renders.
    await corruptIslandProps(page, 'OrderingRoot', '"popups":[1,', '"popups":[0,null],"unused":[1,');
    const logged = errorLog(page);
    await page.goto(tenantUrl('bella-napoli'));
    await settle(page);

    await expectErrorScreen(page);
    const reload = page.getByRole('link', { name: 'Reload and try again' });
    await expectInsideScreen(page, reload, 'Reload and try again');
    await expectInsideScreen(page, page.getByText('Oops! Something went wrong.'), 'the error screen');
    expect(await seriousViolations(page)).toEqual([]);
    await expect
      .poll(() => logged.filter((entry) => entry.component === 'OrderingRoot'), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ errorType: 'react' })]);

    await reload.tap();
    await page.waitForURL(tenantUrl('bella-napoli'));
  });
});
