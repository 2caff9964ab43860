import type { Placement } from '../../../lib/cart/placement.ts';
import type { ApiDeps } from '../deps.ts';
import { withStores } from '../store/stores.ts';
import { slotItemsOf } from './placing.ts';
import type { PaymentEvent } from './stripe-gateway.ts';
import type { ServedTenant } from './tenants.ts';

/**
 * What a verified Stripe event does to an online payment (issue 30). Each event is taken once, by
 * id, in the retailer's write transaction: a redelivery, a replay or the same event handled by two
 * API processes finds it taken and changes nothing. A payment moves only out of awaiting payment,
 * so a late or out-of-order event (expired after paid, paid twice) changes nothing either.
 */

export interface EventOutcome {
  /** Whether this delivery was the first of its event id. */
  first: boolean;
  outcome: string;
  /** The placement this event put before the kitchen, once. */
  placed: Placement | null;
}

type SessionObject = Extract<PaymentEvent, { type: 'checkout.session.completed' }>['data']['object'];

function paymentIdOf(session: SessionObject): number | null {
  const reference = session.client_reference_id ?? session.metadata?.['payment_id'] ?? '';
  return /^\d{1,15}$/.test(reference) ? Number(reference) : null;
}

function paymentIntentIdOf(session: SessionObject): string | null {
  const intent = session.payment_intent;
  if (intent === null) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

export async function takePaymentEvent(
  deps: ApiDeps,
  served: ServedTenant,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const { retailerId } = served.tenant.config;
  const now = deps.now();
  return withStores(deps.db, retailerId, async ({ payments, orders }) => {
    if (await payments.eventTaken(retailerId, event.id)) return { first: false, outcome: 'duplicate', placed: null };
    const settle = async (): Promise<{ paymentId: number | null; outcome: string; placed: Placement | null }> => {
      if (
        event.type !== 'checkout.session.completed' &&
        event.type !== 'checkout.session.async_payment_succeeded' &&
        event.type !== 'checkout.session.async_payment_failed' &&
        event.type !== 'checkout.session.expired'
      )
        return { paymentId: null, outcome: `ignored: ${event.type} is not handled`, placed: null };
      const session = event.data.object;
      const paymentId = paymentIdOf(session);
      const payment = paymentId === null ? undefined : await payments.find(retailerId, paymentId);
      if (!payment) return { paymentId: null, outcome: 'ignored: names no payment of this shop', placed: null };
      if (payment.checkoutSessionId !== null && payment.checkoutSessionId !== session.id)
        return { paymentId: payment.paymentId, outcome: 'ignored: another session of this payment', placed: null };
      // Either way the cart comes back to the customer and nothing reaches the kitchen.
      if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
        const state = event.type === 'checkout.session.expired' ? 'expired' : 'failed';
        const moved = await payments.settle(payment.paymentId, state, { sessionId: session.id }, now);
        return { paymentId: payment.paymentId, outcome: moved ? state : `unchanged: ${payment.state}`, placed: null };
      }
      // An asynchronous method (a bank debit) completes the session unpaid; its success comes later.
      if (session.payment_status !== 'paid')
        return { paymentId: payment.paymentId, outcome: `unchanged: ${session.payment_status}`, placed: null };
      if (session.amount_total !== payment.amountCents)
        return {
          paymentId: payment.paymentId,
          outcome: `refused: paid ${session.amount_total} cents for ${payment.amountCents}`,
          placed: null,
        };
      const moved = await payments.settle(
        payment.paymentId,
        'paid',
        { sessionId: session.id, paymentIntentId: paymentIntentIdOf(session) },
        now,
      );
      if (!moved) return { paymentId: payment.paymentId, outcome: `unchanged: ${payment.state}`, placed: null };
      // Paid is placed: its room in the kitchen's slot was held while the customer was on the payment page.
      const placed = await orders.place(
        { orderId: payment.orderId, retailerId },
        { ...payment.placement, placedAt: now.toISOString() },
        now,
        slotItemsOf(served, await orders.products(payment.orderId)),
      );
      return { paymentId: payment.paymentId, outcome: 'paid', placed };
    };
    const { paymentId, outcome, placed } = await settle();
    await payments.recordEvent(retailerId, event, paymentId, outcome, now);
    return { first: true, outcome, placed };
  });
}
