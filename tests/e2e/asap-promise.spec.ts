import { expect, test } from '@playwright/test';
import { openKitchenTablet } from './kitchen-tablet.ts';
import { startLiveStack, type LiveStack } from './live-stack.ts';
import { addProduct, fillGuestDetails, openShopAt, serverOrder } from './ordering-support.ts';
import { expectNoSidewaysScroll } from './screen-support.ts';

/**
 * Issue 27's promise for as soon as possible, held end to end: the time the cart and checkout say
 * is the time the order page says, the time the server stored, and the time the kitchen's board
 * shows. The journey's own API runs on a clock started at the page's instant (API_CLOCK_START),
 * so an order for now can be placed at a fixed shop hour whatever day the suite runs.
 */

const SLUG = 'bella-napoli';
// Wednesday 25 November 2026, 7:00 pm in Melbourne: open for pickup, the kitchen's wait 30 minutes.
const WEDNESDAY_7PM = '2026-11-25T08:00:00Z';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

let stack: LiveStack;
let apiClock: () => Date;
test.beforeEach(async ({ page }) => {
  const startedAt = Date.now();
  apiClock = () => new Date(Date.parse(WEDNESDAY_7PM) + Date.now() - startedAt);
  stack = await startLiveStack({ apiEnv: { API_CLOCK_START: WEDNESDAY_7PM } });
  await stack.usedBy(page);
});
test.afterEach(async () => {
  await stack.stop();
});

test('as soon as possible: the pickup time the cart promised is the one the order page, the server and the kitchen’s board keep', async ({
  page,
  browser,
}) => {
  // An order placed and a console signed in on a tablet of its own.
  test.setTimeout(90_000);
  await openShopAt(page, SLUG, WEDNESDAY_7PM);
  await page.locator('[data-order-time-bar]').getByRole('button', { name: 'Pickup' }).tap();
  await addProduct(page);
  await page.locator('[data-cart-button]').first().tap();
  const cart = page.getByRole('dialog', { name: 'Your order' });
  await expect(cart.locator('[data-order-promise]')).toHaveText('Ready for pickup about 7:30 pm');
  await cart.getByRole('button', { name: 'Checkout' }).tap();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.locator('[data-checkout-promise]')).toHaveText('Ready for pickup about 7:30 pm');
  await fillGuestDetails(checkout);
  await checkout.getByRole('button', { name: /^Place order/ }).tap();

  await expect(page).toHaveURL(/\/order\/\?id=/);
  await expect(page.locator('[data-order-when]')).toHaveText('As soon as possible, about 7:30 pm');
  await expectNoSidewaysScroll(page);
  const encryptedOrderId = new URL(page.url()).searchParams.get('id') ?? '';
  const stored = (await serverOrder(page, encryptedOrderId)) as unknown as {
    placement: { dueAt: string | null; orderNumber: number };
  };
  // Placed within the minute after 7:00 pm on the API's clock: due half an hour on, in that minute.
  expect(stored.placement.dueAt?.slice(0, 16)).toBe('2026-11-25T08:30');
  const orderNumber = stored.placement.orderNumber;
  await expect(page.locator('[data-order-number]')).toHaveText(`#${orderNumber}`);

  const kitchen = await openKitchenTablet(browser, stack, SLUG, apiClock());
  const card = kitchen.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(card).toContainText('Pickup · ASAP, promised 7:30 pm');
  await kitchen.context().close();
});
