import { toCents } from '../../../lib/pricing/money.ts';
import { bodyLimit } from 'hono/body-limit';
import { apiCalls, messages } from '../../../lib/api/contract.ts';
import { originHost } from '../../../lib/tenant/hosts.ts';
import { serveCall } from '../app.ts';
import type { ApiDeps } from '../deps.ts';
import type { ApiApp } from '../env.ts';
import { clockStatusOf, tellKitchenFill } from '../services/clock.ts';
import { tellStaffBoards } from '../services/order-taking.ts';
import { takePaymentEvent } from '../services/payment-events.ts';
import {
  assertKnownGroups,
  assertSameRetailer,
  readyToPlace,
  sameCustomerDetails,
  type PlacingBody,
} from '../services/placing.ts';
import { ApiProblem, readBody } from '../services/problems.ts';
import { clientAddress, throttle } from '../services/rate-limits.ts';
import { CHECKOUT_MINUTES, SignatureRefused, type CheckoutRequest } from '../services/stripe-gateway.ts';
import type { ServedTenant } from '../services/tenants.ts';
import type { CartTotals } from '../../../lib/pricing/totals.ts';
import type { PlacedPromo, PlacedTip } from '../../../lib/cart/checkout.ts';
import { promoLabel } from '../../../lib/cart/promo.ts';
import { withStores } from '../store/stores.ts';
import { acceptOnArrival } from '../services/auto-accept.ts';

/** Every shop prices in Australian dollars (the storefront's `$`); Stripe writes currencies in lower case. */
const SHOP_CURRENCY = 'aud';
/** A Stripe event is a few kilobytes; a checkout session with every field set stays far below this. */
export const MAX_EVENT_BYTES = 64 * 1024;
/** A pay-online still talking to Stripe is left alone this long before another attempt may replace it. */
const STARTING_MS = 60_000;
const SIGNATURE_HEADER = 'stripe-signature';

/** The shop's address the browser came from, else its first host: Stripe sends the customer back there. */
function shopOrigin(deps: ApiDeps, served: ServedTenant, origin: string | undefined): string {
  const host = originHost(origin);
  if (origin && host && deps.tenants.allowsOrigin(origin) && deps.tenants.byDomain(host.hostname) === served)
    return origin;
  const [first] = served.tenant.settings.hosts;
  return first ? `https://${first}` : `http://${served.tenant.slug}.localhost`;
}

/**
 * The server's total as Stripe's line items: the food after its deals and promo code, then the
 * delivery fee (less what a free-delivery code takes off it), then the customer's tip on a line of
 * its own; they add up to what is charged. Stripe takes no negative lines, so the saving is taken
 * off the lines themselves and named on the food's.
 */
function checkoutLines(
  totals: CartTotals,
  promo: PlacedPromo | null,
  totalCents: number,
  tip: PlacedTip,
): CheckoutRequest['lines'] {
  const saving = promo?.cents ?? 0;
  const offFee = promo?.freeDelivery ? saving : 0;
  const foodName = promo ? `Your order (${promoLabel(promo.code)})` : 'Your order';
  const lines = [
    { name: foodName, cents: totals.subtotal - totals.discount - (saving - offFee) },
    { name: 'Delivery fee', cents: totals.deliveryFee - offFee },
  ].filter((line) => line.cents > 0);
  const sum = lines.reduce((total, line) => total + line.cents, 0);
  const order = sum === totalCents ? lines : [{ name: foodName, cents: totalCents }];
  return tip.cents > 0 ? [...order, { name: 'Tip', cents: tip.cents }] : order;
}

export function paymentRoutes(app: ApiApp, deps: ApiDeps): void {
  const { tenants, db, paymentGateway: gateway } = deps;

  serveCall(app, tenants, 'getPaymentOptions', (_c, served) => ({
    onlinePayment: gateway.offersOnline(served.tenant.slug),
  }));

  serveCall(app, tenants, 'payOnline', async (c, served) => {
    const body = await readBody(c, apiCalls.payOnline.body);
    assertSameRetailer(body.order, served);
    assertKnownGroups(body.order, served.catalogue, 'order.');
    const { tenant } = served;
    const { retailerId } = tenant.config;
    if (!gateway.offersOnline(tenant.slug))
      throw new ApiProblem(422, 'This shop does not take payment online.', {
        issues: [{ path: 'paymentMethod', message: 'This shop does not take payment online.' }],
      });
    const limits = deps.rateLimits;
    await throttle(
      'payment attempts',
      deps.now(),
      [limits.payOnlinePerAddress, clientAddress(c, deps.trustProxy)],
      [limits.payOnlinePerRetailer, String(retailerId)],
      ...(body.promoCode === null ? [] : [[limits.promoChecksPerAddress, clientAddress(c, deps.trustProxy)] as const]),
    );
    const now = deps.now();
    const clock = await clockStatusOf(deps, served, now);
    const placing: PlacingBody = { ...body, paymentMethod: 'online', onlineOffered: true };

    const started = await withStores(db, retailerId, async (stores) => {
      const { orders, payments } = stores;
      const order =
        body.order.encryptedOrderId === null ? undefined : await orders.find(retailerId, body.order.encryptedOrderId);
      if (!order) throw new ApiProblem(404, 'Order not found');
      if (order.placed) throw new ApiProblem(409, messages.orderPlaced);
      if (order.processed) throw new ApiProblem(409, messages.orderProcessed);
      const latest = await payments.latestFor(order.orderId);
      if (latest?.state === 'awaiting-payment') {
        // A retry whose answer was lost: the same page again, with a receipt of its own. Only for the
        // total that page charges: a customer shown another total must not be sent to pay the old one.
        if (
          latest.checkoutUrl !== null &&
          sameCustomerDetails(latest.placement, body) &&
          toCents(body.expectedTotal) + toCents(body.expectedTip) === latest.amountCents &&
          latest.placement.promoCode === (body.promoCode?.trim().toUpperCase() ?? null)
        )
          return { reuse: latest.checkoutUrl, receipt: await orders.newReceipt(order.orderId, now) } as const;
        if (latest.checkoutUrl !== null) throw new ApiProblem(409, messages.orderAwaitingPayment);
        if (now.getTime() - Date.parse(latest.placement.placedAt) < STARTING_MS)
          throw new ApiProblem(409, 'This order is already opening its payment page. Please try again in a minute.');
        // Its call to Stripe never answered: a fresh attempt, under a key of its own.
        await payments.settle(latest.paymentId, 'failed', {}, now);
      }
      const { placement, totals, tip, promo, totalCents, slotItems } = await readyToPlace(
        stores,
        served,
        placing,
        order,
        clock,
        now,
      );
      const payment = await payments.start(
        order,
        { cents: totalCents + tip.cents, currency: SHOP_CURRENCY },
        placement,
        now,
        slotItems,
      );
      return {
        payment,
        totals,
        tip,
        promo,
        totalCents,
        orderId: order.orderId,
        receipt: await orders.newReceipt(order.orderId, now),
      } as const;
    });
    const encryptedOrderId = body.order.encryptedOrderId ?? '';
    if ('reuse' in started)
      return { success: true as const, encryptedOrderId, checkoutUrl: started.reuse, receipt: started.receipt };

    const { payment, totals, tip, promo, totalCents } = started;
    const back = `${shopOrigin(deps, served, c.req.header('origin'))}/order/?id=${encodeURIComponent(encryptedOrderId)}`;
    let checkout: { sessionId: string; url: string };
    try {
      checkout = await gateway.createCheckout(tenant.slug, {
        idempotencyKey: `storefront-${retailerId}-order-${started.orderId}-attempt-${payment.attempt}`,
        currency: payment.currency,
        lines: checkoutLines(totals, promo, totalCents, tip),
        paymentId: payment.paymentId,
        retailerId,
        successUrl: `${back}&payment=paid`,
        cancelUrl: `${back}&payment=cancelled`,
        customerEmail: body.contact.email,
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      });
    } catch (error) {
      deps.log(
        `api: ${tenant.slug} payment ${payment.paymentId} could not open a checkout: ${(error as Error).message}`,
      );
      await withStores(db, retailerId, ({ payments }) => payments.settle(payment.paymentId, 'failed', {}, deps.now()));
      throw new ApiProblem(502, 'The payment page could not be opened. Please try again.');
    }
    await withStores(db, retailerId, ({ payments }) =>
      payments.recordCheckout(payment.paymentId, checkout.sessionId, checkout.url, deps.now()),
    );
    return { success: true as const, encryptedOrderId, checkoutUrl: checkout.url, receipt: started.receipt };
  });

  /**
   * Back from Stripe's page unpaid: the session is ended at Stripe first, so it cannot be paid
   * afterwards, and only then is the cart given back. A payment Stripe already took stays taken.
   */
  serveCall(app, tenants, 'cancelPayment', async (c, served) => {
    const { encryptedOrderId } = await readBody(c, apiCalls.cancelPayment.body);
    const { tenant } = served;
    const { retailerId } = tenant.config;
    await throttle('payment attempts', deps.now(), [
      deps.rateLimits.payOnlinePerAddress,
      clientAddress(c, deps.trustProxy),
    ]);
    const payment = await withStores(db, retailerId, async ({ orders, payments }) => {
      const order = await orders.find(retailerId, encryptedOrderId);
      if (!order) throw new ApiProblem(404, 'Order not found');
      return payments.latestFor(order.orderId);
    });
    if (payment?.state === 'paid') return { success: true as const, state: 'paid' as const };
    if (payment?.state !== 'awaiting-payment' || payment.checkoutSessionId === null)
      return { success: true as const, state: 'cancelled' as const };
    if (!(await gateway.expireCheckout(tenant.slug, payment.checkoutSessionId)))
      throw new ApiProblem(409, 'This payment is already being made and can no longer be cancelled.');
    await withStores(db, retailerId, ({ payments }) => payments.settle(payment.paymentId, 'expired', {}, deps.now()));
    return { success: true as const, state: 'cancelled' as const };
  });

  /**
   * Stripe's events, one endpoint per shop (each shop's own account signs with its own secret): the
   * slug names the secret, and nothing in the body is read before its signature is checked.
   */
  app.post(
    '/payments/stripe/webhook/:slug',
    bodyLimit({
      maxSize: MAX_EVENT_BYTES,
      onError: (c) => c.json({ success: false, message: `Event larger than ${MAX_EVENT_BYTES} bytes` }, 413),
    }),
    async (c) => {
      const served = tenants.bySlug(c.req.param('slug'));
      if (!served || !gateway.offersOnline(served.tenant.slug))
        throw new ApiProblem(404, 'No shop takes Stripe payments at this address');
      const limits = deps.rateLimits;
      await throttle(
        'payment events',
        deps.now(),
        [limits.paymentEventsPerAddress, clientAddress(c, deps.trustProxy)],
        [limits.paymentEventsPerRetailer, String(served.tenant.config.retailerId)],
      );
      const signature = c.req.header(SIGNATURE_HEADER);
      if (!signature) throw new ApiProblem(400, `Missing ${SIGNATURE_HEADER} header`);
      const raw = await c.req.text();
      let event;
      try {
        event = await gateway.verifyEvent(served.tenant.slug, raw, signature);
      } catch (error) {
        if (error instanceof SignatureRefused) throw new ApiProblem(400, 'Webhook signature refused');
        throw error;
      }
      const taken = await takePaymentEvent(deps, served, event);
      if (taken.placed) {
        tellStaffBoards(deps, served, { event: 'order-placed', orderNumber: taken.placed.orderNumber });
        // Only now, paid: an order paid online reaches the kitchen, and auto-accept, once the money has.
        const paid = await deps.orders.findByOrderNumber(served.tenant.config.retailerId, taken.placed.orderNumber);
        if (paid) await acceptOnArrival(deps, served, paid.encryptedOrderId);
        tellKitchenFill(deps, served);
      }
      deps.log(`api: ${served.tenant.slug} ${event.type} ${event.id}: ${taken.first ? taken.outcome : 'duplicate'}`);
      return c.json({ received: true, duplicate: !taken.first });
    },
  );
}
