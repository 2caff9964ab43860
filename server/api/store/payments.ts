import { slotStartMs } from '../../../lib/kitchen/capacity.ts';
import type { Kysely, Selectable } from 'kysely';
import { placementSchema, type Placement } from '../../../lib/cart/placement.ts';
import type { Database, OnlinePaymentsTable } from './schema.ts';

export type PaymentState = OnlinePaymentsTable['state'];

/** A pending placement: the order number is the kitchen's, given when the payment arrives. */
export type PendingPlacement = Omit<Placement, 'orderNumber'>;

export interface OnlinePayment {
  paymentId: number;
  retailerId: number;
  orderId: number;
  attempt: number;
  state: PaymentState;
  amountCents: number;
  currency: string;
  placement: PendingPlacement;
  checkoutSessionId: string | null;
  checkoutUrl: string | null;
  paymentIntentId: string | null;
  refundId: string | null;
}

const pendingPlacementSchema = placementSchema.omit({ orderNumber: true });

function paymentOf(row: Selectable<OnlinePaymentsTable>): OnlinePayment {
  return {
    paymentId: row.payment_id,
    retailerId: row.retailer_id,
    orderId: row.order_id,
    attempt: row.attempt,
    state: row.state,
    amountCents: row.amount_cents,
    currency: row.currency,
    placement: pendingPlacementSchema.parse(JSON.parse(row.placement_json)),
    checkoutSessionId: row.checkout_session_id,
    checkoutUrl: row.checkout_url,
    paymentIntentId: row.payment_intent_id,
    refundId: row.refund_id,
  };
}

/**
 * The online payments of orders and the provider's events already taken. Every change runs in the
 * retailer's write transaction (withStores), so two API processes handling the same event, or an
 * event and a retried pay-online, see each other's writes and move a payment once.
 */
export function createPaymentStore(db: Kysely<Database>) {
  const selectPayment = () => db.selectFrom('online_payments').selectAll();

  return {
    /** The order's newest attempt, whatever its state. */
    async latestFor(orderId: number): Promise<OnlinePayment | undefined> {
      const row = await selectPayment().where('order_id', '=', orderId).orderBy('attempt', 'desc').executeTakeFirst();
      return row && paymentOf(row);
    },

    async find(retailerId: number, paymentId: number): Promise<OnlinePayment | undefined> {
      const row = await selectPayment()
        .where('retailer_id', '=', retailerId)
        .where('payment_id', '=', paymentId)
        .executeTakeFirst();
      return row && paymentOf(row);
    },

    async findByPaymentIntent(retailerId: number, paymentIntentId: string): Promise<OnlinePayment | undefined> {
      const row = await selectPayment()
        .where('retailer_id', '=', retailerId)
        .where('payment_intent_id', '=', paymentIntentId)
        .executeTakeFirst();
      return row && paymentOf(row);
    },

    /** Whether a checkout of the order is open: its cart is on the provider's page and must not change under it. */
    async awaitingCheckout(orderId: number): Promise<boolean> {
      const row = await db
        .selectFrom('online_payments')
        .select('payment_id')
        .where('order_id', '=', orderId)
        .where('state', '=', 'awaiting-payment')
        .where('checkout_session_id', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async start(
      order: { orderId: number; retailerId: number },
      amount: { cents: number; currency: string },
      placement: PendingPlacement,
      now: Date,
      slotItems: number,
    ): Promise<OnlinePayment> {
      const last = await db
        .selectFrom('online_payments')
        .select((eb) => eb.fn.max('attempt').as('last'))
        .where('order_id', '=', order.orderId)
        .executeTakeFirst();
      const at = now.toISOString();
      const row = await db
        .insertInto('online_payments')
        .values({
          retailer_id: order.retailerId,
          order_id: order.orderId,
          attempt: (last?.last ?? 0) + 1,
          state: 'awaiting-payment',
          amount_cents: amount.cents,
          currency: amount.currency,
          placement_json: JSON.stringify(placement),
          slot_at: placement.dueAt === null ? null : new Date(slotStartMs(Date.parse(placement.dueAt))).toISOString(),
          slot_items: slotItems,
          slot_pickup: placement.isPickup ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return paymentOf(row);
    },

    /** Records the provider's checkout of an attempt; a session already recorded stays (an event may have brought it first). */
    async recordCheckout(paymentId: number, sessionId: string, url: string, now: Date): Promise<void> {
      await db
        .updateTable('online_payments')
        .set((eb) => ({
          checkout_session_id: eb.fn.coalesce('checkout_session_id', eb.val(sessionId)),
          checkout_url: url,
          updated_at: now.toISOString(),
        }))
        .where('payment_id', '=', paymentId)
        .execute();
    },

    /** Moves an attempt on from awaiting payment only: answers whether this call moved it. */
    async settle(
      paymentId: number,
      state: Exclude<PaymentState, 'awaiting-payment'>,
      details: { sessionId?: string; paymentIntentId?: string | null },
      now: Date,
    ): Promise<boolean> {
      const at = now.toISOString();
      const changed = await db
        .updateTable('online_payments')
        .set((eb) => ({
          state,
          checkout_session_id: eb.fn.coalesce('checkout_session_id', eb.val(details.sessionId ?? null)),
          payment_intent_id: details.paymentIntentId ?? null,
          paid_at: state === 'paid' ? at : null,
          updated_at: at,
        }))
        .where('payment_id', '=', paymentId)
        .where('state', '=', 'awaiting-payment')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) return false;
      // Never paid, so never the kitchen's: its promo code's use is given back.
      if (state !== 'paid') {
        const payment = await db
          .selectFrom('online_payments')
          .select('order_id')
          .where('payment_id', '=', paymentId)
          .executeTakeFirst();
        if (payment) await db.deleteFrom('promo_uses').where('order_id', '=', payment.order_id).execute();
      }
      return true;
    },

    async recordRefund(
      paymentId: number,
      refund: { refundId: string; cents: number; reason: string },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('online_payments')
        .set({
          refund_id: refund.refundId,
          refunded_cents: refund.cents,
          refund_reason: refund.reason,
          refunded_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .where('payment_id', '=', paymentId)
        .where('refund_id', 'is', null)
        .execute();
    },

    async eventTaken(retailerId: number, eventId: string): Promise<boolean> {
      const seen = await db
        .selectFrom('payment_events')
        .select('event_id')
        .where('retailer_id', '=', retailerId)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return seen !== undefined;
    },

    /** Keeps the event's id and what it did; its primary key refuses a second record of the same event. */
    async recordEvent(
      retailerId: number,
      event: { id: string; type: string },
      paymentId: number | null,
      outcome: string,
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('payment_events')
        .values({
          retailer_id: retailerId,
          event_id: event.id,
          event_type: event.type,
          payment_id: paymentId,
          outcome,
          received_at: now.toISOString(),
        })
        .execute();
    },
  };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
