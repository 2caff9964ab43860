import { expect, test, type Browser, type Page } from '@playwright/test';
import { paymentChoiceLabels } from '../../lib/cart/checkout.ts';
import { PAYMENT_POLL_MS } from '../../apps/storefront/islands/order-confirmation/order-tracking.ts';
import {
  addProduct,
  centsOf,
  fillGuestDetails,
  laterPickupAtCheckout,
  openShopNow,
  savedOrder,
  settle,
} from './ordering-support.ts';
import { openKitchenTablet } from './kitchen-tablet.ts';
import { usePayingStack } from './paying-stack.ts';
import { signInToConsole } from './console-support.ts';
import { formatMoney } from '../../lib/pricing/money.ts';
import { expectNoSidewaysScroll, seriousViolations } from './screen-support.ts';
import { tenantUrl } from './urls.ts';

/**
 * Issue 30, the customer's side of paying online, at 390 px on touch: checkout sends the customer to
 * Stripe's hosted page (the boundary: a stand-in answers there, and the test delivers the signed
 * events Stripe would send), and the order reaches the kitchen's board only once Stripe says it is paid.
 */

const SLUG = 'bella-napoli';
const PAY_ONLINE = 'Pay online (card, Apple Pay, Google Pay)';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const stack = usePayingStack(SLUG);

/** A pizza for pickup at a later slot (the API's own clock accepts it whenever the test runs), at checkout with the guest's details. */
async function cartAtCheckout(page: Page) {
  await openShopNow(page, SLUG);
  const checkout = await laterPickupAtCheckout(page);
  await fillGuestDetails(checkout);
  return checkout;
}

/** From the menu to checkout through the cart, with the guest's details filled in. */
async function guestAtCheckout(page: Page) {
  await page.locator('[data-cart-button]').click();
  await page.getByRole('dialog', { name: 'Your order' }).getByRole('button', { name: 'Checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await fillGuestDetails(checkout);
  return checkout;
}

/** Back on the shop's menu: waits, as openShopNow does, until its ordering runtime has read the saved cart. */
async function backAtTheShop(page: Page): Promise<void> {
  await expect(page).toHaveURL(tenantUrl(SLUG));
  await settle(page);
  await expect(page.locator('[data-order-time-bar] [aria-pressed="true"]')).toHaveCount(1);
}

/** Chooses Pay online and places the order; resolves on Stripe's page with its address. */
async function payOnline(page: Page): Promise<{ checkoutUrl: string; cartTotal: number; lines: number }> {
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.getByLabel(PAY_ONLINE).check();
  const cartTotal = centsOf(await checkout.locator('[data-total="total"]').textContent());
  const lines = (await savedOrder(page)).products.length;
  await checkout.getByRole('button', { name: /^Place order/ }).click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  return { checkoutUrl: page.url(), cartTotal, lines };
}

test('pays online: the order reaches the board only after Stripe’s signed checkout.session.completed, once, and its page follows it to paid', async ({
  page,
}) => {
  // A whole order, a trip to Stripe's page and back, and the events: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const checkout = await cartAtCheckout(page);
  await expect(checkout.getByRole('radio')).toHaveCount(3);
  await expectNoSidewaysScroll(page);
  const { checkoutUrl, cartTotal } = await payOnline(page);
  expect(stack().stripe.refused).toEqual([]);
  const session = stack().session(checkoutUrl);
  const encryptedOrderId = new URL(session.successUrl).searchParams.get('id') ?? '';
  expect(session.successUrl).toBe(tenantUrl(SLUG, `/order/?id=${encodeURIComponent(encryptedOrderId)}&payment=paid`));
  expect(stack().stripe.sessions.get(session.id)?.['amount_total']).toBe(cartTotal);
  expect(await stack().board()).toEqual([]);

  // Back from Stripe before its event arrived: the page waits for the payment, and the kitchen has nothing.
  await page.goto(session.successUrl);
  await expect(page.locator('[data-payment-step]')).toHaveAttribute('data-payment-step', 'awaiting-payment');
  await expect(page.getByRole('heading', { name: 'Awaiting payment' })).toBeVisible();
  expect(centsOf(await page.locator('[data-payment-amount]').textContent())).toBe(cartTotal);
  // The cart stays until the payment is confirmed.
  expect((await savedOrder(page)).products.length).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await stack().board()).toEqual([]);

  const first = await stack().deliver(checkoutUrl, 'completed');
  expect(first).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
  const board = await stack().board();
  expect(board).toHaveLength(1);
  expect(board[0]).toMatchObject({ encryptedOrderId, paymentMethod: 'online', total: cartTotal / 100 });

  await page.clock.runFor(PAYMENT_POLL_MS);
  await expect(page.locator('[data-payment-step]')).toHaveAttribute('data-payment-step', 'paid');
  await expect(page.locator('[data-order-status]').getByRole('heading')).toHaveText('Order received');
  await expect(page.locator('[data-order-number]')).toHaveText(`#${board[0]?.orderNumber}`);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(cartTotal);
  expect(centsOf(await page.locator('[data-payment-amount]').textContent())).toBe(cartTotal);
  // The receipt crossed the trip in this tab: the customer's own details show, and the address keeps it now.
  await expect(page.getByText('Grace Hopper · 0400 111 222')).toBeVisible();
  await expect(page).toHaveURL(/#receipt=/);
  await expect.poll(async () => (await savedOrder(page)).products).toEqual([]);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Stripe's redelivery of the same event, then a late expiry of the paid session: nothing changes.
  const again = await stack().deliver(checkoutUrl, 'completed', first.eventId);
  expect(again).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
  expect((await stack().deliver(checkoutUrl, 'expired')).status).toBe(200);
  expect(await stack().board()).toEqual(board);
  await page.reload();
  await expect(page.locator('[data-payment-step]')).toHaveAttribute('data-payment-step', 'paid');
  expect(stack().stripe.refused).toEqual([]);
});

test('a paid order the kitchen declines is refunded at Stripe for what was charged, and its page says so', async ({
  page,
  browser,
}) => {
  // A whole order, a trip to Stripe's page, and a console signed in on a tablet of its own.
  test.setTimeout(90_000);
  await cartAtCheckout(page);
  const { checkoutUrl, cartTotal } = await payOnline(page);
  const session = stack().session(checkoutUrl);
  await stack().deliver(checkoutUrl, 'completed');
  const [placed] = await stack().board();
  await page.goto(session.successUrl);
  await expect(page.locator('[data-payment-step]')).toHaveAttribute('data-payment-step', 'paid');

  const kitchen = await openKitchenTablet(browser, stack(), SLUG);
  const card = kitchen.getByRole('article', { name: `Order ${placed?.orderNumber}` });
  await expect(card).toContainText('Paid online');
  await card.getByRole('button', { name: 'Decline' }).click();
  const asked = card.getByRole('group', { name: `Decline order ${placed?.orderNumber}` });
  await expect(asked).toContainText(`Their online payment of $${(cartTotal / 100).toFixed(2)} is refunded.`);
  await expectNoSidewaysScroll(kitchen);
  await asked.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(kitchen.getByRole('status').filter({ hasText: 'declined' })).toHaveText(
    `Order ${placed?.orderNumber} declined, and $${(cartTotal / 100).toFixed(2)} refunded to the customer's card.`,
  );
  await expect(card).toHaveCount(0);

  // Stripe was asked once for the whole amount of the payment it took.
  const refunds = stack().stripe.requests.filter((request) => request.path === '/v1/refunds');
  expect(refunds).toHaveLength(1);
  expect(refunds[0]?.body).toMatchObject({ payment_intent: `pi_for_${session.id}`, amount: String(cartTotal) });
  expect(await stack().board()).toEqual([]);

  // The customer's open page hears the decline and shows the refund, the amount the cart showed.
  const refund = page.locator('[data-payment-step="refunded"]');
  await expect(refund).toContainText('Refunded');
  expect(centsOf(await refund.locator('[data-payment-amount]').textContent())).toBe(cartTotal);
  await expect(refund.getByRole('status')).toContainText('refunded to the card you paid with');
  await expect(page.locator('[data-order-status]').getByRole('heading')).toHaveText('Declined');
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(stack().stripe.refused).toEqual([]);
  await kitchen.context().close();
});

test('a 15% tip: checkout, Stripe’s session, the order page, the kitchen’s board and the end of day all show the same tip', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const checkout = await cartAtCheckout(page);
  await checkout.getByLabel(PAY_ONLINE).check();
  const tips = checkout.getByRole('group', { name: 'Tip' });
  await expect(tips.getByRole('button', { name: 'No tip' })).toHaveAttribute('aria-pressed', 'true');
  await expect(checkout.locator('[data-total="tip"]')).toHaveCount(0);
  const before = centsOf(await checkout.locator('[data-total="total"]').textContent());
  await tips.getByRole('button', { name: /^15%/ }).tap();
  await expect(tips.getByRole('button', { name: /^15%/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(checkout.locator('[data-tip-note]')).toHaveText('Charged with your order, on a line of its own.');
  // The rule of lib/cart/tip.ts: 15% of the food after specials (a pickup: the food is the total), to the cent.
  const tip = centsOf(await checkout.locator('[data-total="tip"]').textContent());
  expect(tip).toBe(Math.round((before * 15) / 100));
  const withTip = centsOf(await checkout.locator('[data-total="total"]').textContent());
  expect(withTip).toBe(before + tip);
  await expect(checkout.getByRole('button', { name: /^Place order/ })).toHaveText(
    `Place order · ${formatMoney(withTip)}`,
  );
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  const { checkoutUrl } = await payOnline(page);
  const session = stack().session(checkoutUrl);
  expect(stack().stripe.refused).toEqual([]);
  expect(stack().stripe.sessions.get(session.id)?.['amount_total']).toBe(withTip);
  const sent = stack().stripe.requests.findLast((request) => request.path === '/v1/checkout/sessions');
  const lineItems = sent?.body['line_items'] as {
    price_data: { unit_amount: string; product_data: { name: string } };
  }[];
  expect(lineItems.at(-1)).toMatchObject({ price_data: { unit_amount: String(tip), product_data: { name: 'Tip' } } });
  expect((await stack().deliver(checkoutUrl, 'completed')).status).toBe(200);
  const [placed] = await stack().board();
  expect(placed).toMatchObject({ total: before / 100, tip: tip / 100, tipPercent: 15, paymentMethod: 'online' });

  await page.goto(session.successUrl);
  await expect(page.locator('[data-payment-step]')).toHaveAttribute('data-payment-step', 'paid');
  expect(centsOf(await page.locator('[data-order-tip]').textContent())).toBe(tip);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(withTip);
  expect(centsOf(await page.locator('[data-payment-amount]').textContent())).toBe(withTip);
  await expect(page.locator('[data-tip-note]')).toHaveText(
    `Your tip of ${formatMoney(tip)} is charged with your order. Thank you!`,
  );
  await expectNoSidewaysScroll(page);

  await ownerSeesTheTip(browser, {
    orderNumber: placed?.orderNumber ?? 0,
    ticket: `Tip ${formatMoney(tip)} · paid online`,
    tip,
    sales: before,
    method: 'online',
  });
});

test('a tip of one’s own noted for cash: checkout, the order page, the board and the end of day say it is paid at the counter', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const checkout = await cartAtCheckout(page);
  await checkout.getByLabel(paymentChoiceLabels.cash).check();
  const tips = checkout.getByRole('group', { name: 'Tip' });
  await tips.getByRole('button', { name: 'Other' }).tap();
  await checkout.getByLabel('Tip amount ($)').fill('99999');
  await expect(checkout.locator('[data-tip-error]')).toContainText('A tip can be at most');
  await checkout.getByLabel('Tip amount ($)').fill('5');
  await expect(checkout.locator('[data-tip-error]')).toHaveCount(0);
  await expect(checkout.locator('[data-tip-note]')).toHaveText(
    'Noted on your order: pay it with your order at the door or the counter.',
  );
  expect(centsOf(await checkout.locator('[data-total="tip"]').textContent())).toBe(500);
  const withTip = centsOf(await checkout.locator('[data-total="total"]').textContent());
  await expectNoSidewaysScroll(page);
  await checkout.getByRole('button', { name: /^Place order/ }).tap();
  await expect(page).toHaveURL(/\/order\/\?id=/);
  expect(centsOf(await page.locator('[data-order-tip]').textContent())).toBe(500);
  expect(centsOf(await page.locator('[data-order-total]').textContent())).toBe(withTip);
  await expect(page.locator('[data-tip-note]')).toHaveText(
    'Your tip of $5.00 is noted: please pay it with your order at the counter. Thank you!',
  );
  const [placed] = await stack().board();
  expect(placed).toMatchObject({ total: (withTip - 500) / 100, tip: 5, tipPercent: null, paymentMethod: 'cash' });
  await ownerSeesTheTip(browser, {
    orderNumber: placed?.orderNumber ?? 0,
    ticket: `Tip $5.00 · collect ${formatMoney(withTip)} in all`,
    tip: 500,
    sales: withTip - 500,
    method: 'cash',
  });
});

/** The owner's phone: the order's card on the board with its tip, then the day's tips apart from its sales. */
async function ownerSeesTheTip(
  browser: Browser,
  order: { orderNumber: number; ticket: string; tip: number; sales: number; method: 'cash' | 'online' },
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const owner = await context.newPage();
  await stack().usedBy(owner);
  await signInToConsole(owner, SLUG, 'owner');
  const card = owner.getByRole('article', { name: `Order ${order.orderNumber}` });
  await expect(card.locator('[data-tip]')).toHaveText(order.ticket);
  await owner.getByRole('link', { name: 'End of day' }).tap();
  await expect(owner.locator('[data-total="tips"]')).toHaveText(formatMoney(order.tip));
  await expect(owner.locator('[data-total="sales"]')).toHaveText(formatMoney(order.sales));
  await expect(owner.locator(`[data-tips="${order.method}"]`)).toContainText(formatMoney(order.tip));
  await expectNoSidewaysScroll(owner);
  await context.close();
}

test('an abandoned payment gives the cart back, cancelled on Stripe’s page or run out there, and nothing reaches the board', async ({
  page,
}) => {
  // The SDK's backed-off retries in the outage take about 20 s of it.
  test.setTimeout(150_000);
  const checkoutFirst = await cartAtCheckout(page);
  // Stripe down: its 500 to each of the SDK's 3 tries, for pay-online and the page client's one retry of it.
  // Checkout says so, and the cart stays.
  stack().stripe.failNext('/v1/checkout/sessions', 6);
  await checkoutFirst.getByLabel(PAY_ONLINE).check();
  await checkoutFirst.getByRole('button', { name: /^Place order/ }).click();
  await expect(checkoutFirst.locator('[data-checkout-error]')).toHaveText(
    'The payment page could not be opened. Please try again.',
  );
  expect(new URL(page.url()).hostname).toBe(`${SLUG}.localhost`);
  expect((await savedOrder(page)).products.length).toBeGreaterThan(0);
  const cancelled = await payOnline(page);
  const { cancelUrl } = stack().session(cancelled.checkoutUrl);

  // The customer leaves Stripe's page by its back link: the shop ends that page first, then gives the cart back.
  await page.goto(cancelUrl);
  await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toHaveText(
    'Payment cancelled. Your cart is as you left it.',
  );
  expect(stack().stripe.sessions.get(stack().session(cancelled.checkoutUrl).id)?.['status']).toBe('expired');
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to your cart' }).click();
  await backAtTheShop(page);
  expect((await savedOrder(page)).products).toHaveLength(cancelled.lines);
  expect(await stack().board()).toEqual([]);

  // Again, and this time the page runs out at Stripe: its expiry event gives the same cart back.
  await guestAtCheckout(page);
  const expired = await payOnline(page);
  expect(expired.checkoutUrl).not.toBe(cancelled.checkoutUrl);
  expect(expired.cartTotal).toBe(cancelled.cartTotal);
  expect(await stack().deliver(expired.checkoutUrl, 'expired')).toMatchObject({ status: 200 });
  await page.goto(stack().session(expired.checkoutUrl).successUrl);
  await expect(page.locator('[data-payment-ended]')).toContainText(
    'Your payment did not go through and nothing was sent to the kitchen. Your cart is as you left it.',
  );
  await page.goto(tenantUrl(SLUG));
  await backAtTheShop(page);
  expect((await savedOrder(page)).products).toHaveLength(cancelled.lines);
  expect(await stack().board()).toEqual([]);
  expect(stack().stripe.refused).toEqual([]);
});

test('back at the shop without Stripe’s cancel link (Back, or the shop’s address), a change of the cart ends that page and is saved; paying again pays the new cart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await cartAtCheckout(page);
  const left = await payOnline(page);
  await page.goto(tenantUrl(SLUG));
  await backAtTheShop(page);
  await addProduct(page);
  await expect(page.locator('[data-phone-notice]')).toContainText('Payment cancelled. Your cart is as you left it.');
  await expect
    .poll(() => stack().stripe.sessions.get(stack().session(left.checkoutUrl).id)?.['status'])
    .toBe('expired');
  await expect
    .poll(async () => {
      const saved = await savedOrder(page);
      return saved.revision === saved.syncedRevision ? saved.products.length : -1;
    })
    .toBe(left.lines + 1);
  expect(await stack().board()).toEqual([]);

  await guestAtCheckout(page);
  const again = await payOnline(page);
  expect(again.cartTotal).toBeGreaterThan(left.cartTotal);
  expect(stack().stripe.sessions.get(stack().session(again.checkoutUrl).id)?.['amount_total']).toBe(again.cartTotal);
  expect(stack().stripe.refused).toEqual([]);
});

test('paid and never back on the order page (the tab closed on Stripe’s): the kitchen has the order, and the next visit starts a fresh cart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await cartAtCheckout(page);
  const { checkoutUrl, cartTotal } = await payOnline(page);
  expect(await stack().deliver(checkoutUrl, 'completed')).toMatchObject({ status: 200 });
  expect(await stack().board()).toMatchObject([{ paymentMethod: 'online', total: cartTotal / 100 }]);

  await page.goto(tenantUrl(SLUG));
  await backAtTheShop(page);
  await expect.poll(async () => (await savedOrder(page)).encryptedOrderId).toBeNull();
  expect((await savedOrder(page)).products).toEqual([]);
  expect(await stack().board()).toHaveLength(1);
});
