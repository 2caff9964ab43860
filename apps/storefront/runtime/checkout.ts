import { ApiError } from '../../../lib/api/client.ts';
import type { CheckoutContact, DeliveryAddress } from '../../../lib/cart/checkout.ts';
import { payloadFromState } from '../../../lib/cart/order-payload.ts';
import type { PaymentMethod } from '../../../lib/cart/payment-methods.ts';
import type { PromoCode } from '../../../lib/cart/promo.ts';
import { NO_TIP, type TipChoice } from '../../../lib/cart/tip.ts';
import { toDollars } from '../../../lib/pricing/money.ts';
import { $clockStatus } from '../stores/clock.ts';
import { $order, resetOrder } from '../stores/order.ts';
import { $orderingData, $schedule } from '../stores/ordering-data.ts';
import { syncOrderNow } from './order-sync.ts';
import { keepReceiptForReturn } from './payment-return.ts';
import { retailerApi } from './retailer-api.ts';

export interface CheckoutDetails {
  contact: CheckoutContact;
  delivery: DeliveryAddress | null;
  paymentMethod: PaymentMethod;
  /** The total the customer is looking at, without the tip. */
  expectedTotalCents: number;
  /** The tip they chose and the amount it showed (lib/cart/tip.ts); none when left out. */
  tip?: TipChoice;
  expectedTipCents?: number;
  /** The promo code applied (lib/cart/promo.ts), its saving already out of expectedTotalCents. */
  promoCode?: string | null;
  deliveryFeeCents: number;
}

/** The terms of a promo code the customer typed, or the words why it is not taken. */
export async function checkPromoCode(
  code: string,
): Promise<{ ok: true; terms: PromoCode } | { ok: false; message: string }> {
  try {
    return await (await retailerApi()).checkPromo(code);
  } catch (error) {
    if (error instanceof ApiError && error.body) return { ok: false, message: error.body.message };
    return { ok: false, message: 'We could not reach the shop to check the code. Please try again.' };
  }
}

export const PRICES_CHANGED =
  'The shop has changed its prices since this page opened. Your cart now shows the current prices: check the new total and place your order again.';

/**
 * `receipt`: what the confirmation page shows the customer's details with (lib/cart/order-receipt.ts).
 * `payAt`: the payment provider's page the customer goes to next, for an order paid online.
 */
export type PlaceResult =
  { ok: true; encryptedOrderId: string; receipt: string; payAt: string | null } | { ok: false; message: string };

/**
 * Places the cart as it stands. The cart is emptied only once the shop has accepted the order;
 * any refusal or failure leaves it as it was, with the shop's reason to show. An order paid online
 * keeps its cart until the payment is confirmed: the order page empties it then.
 */
export async function placeCurrentOrder(details: CheckoutDetails): Promise<PlaceResult> {
  const data = $orderingData.get();
  if (!data) return { ok: false, message: 'The menu has not loaded yet. Please try again in a moment.' };
  if (!(await syncOrderNow()))
    return {
      ok: false,
      message:
        'We could not reach the shop to save your order. Check your connection and try again; your cart is safe.',
    };
  const state = $order.get();
  // The revision the order sync just saved: placing an older one would be refused as stale.
  const order = {
    ...payloadFromState(
      state,
      {
        retailerId: data.retailerId,
        deliveryFeeCents: details.deliveryFeeCents,
        deliveryWaitTimeMinutes: $clockStatus.get()?.liveDeliveryWaitTime,
        hours: $schedule.get(),
      },
      new Date(),
    ),
    revision: state.revision,
  };
  try {
    const api = await retailerApi();
    const checkout = {
      order,
      contact: details.contact,
      delivery: details.delivery,
      expectedTotal: toDollars(details.expectedTotalCents),
      tip: details.tip ?? NO_TIP,
      expectedTip: toDollars(details.expectedTipCents ?? 0),
      promoCode: details.promoCode ?? null,
    };
    if (details.paymentMethod === 'online') {
      const paying = await api.payOnline(checkout);
      keepReceiptForReturn(paying.encryptedOrderId, paying.receipt);
      return {
        ok: true,
        encryptedOrderId: paying.encryptedOrderId,
        receipt: paying.receipt,
        payAt: paying.checkoutUrl,
      };
    }
    const placed = await api.placeOrder({ ...checkout, paymentMethod: details.paymentMethod });
    resetOrder();
    return { ok: true, encryptedOrderId: placed.encryptedOrderId, receipt: placed.receipt, payAt: null };
  } catch (error) {
    if (error instanceof ApiError && error.body?.issues?.some((issue) => issue.path === 'total')) {
      // The shop's prices moved under this page (a publish, or its undo): the page takes the menu the
      // shop serves now, so the next tap places the total the customer sees.
      const { repriceFromCurrentMenu } = await import('./menu-refresh.ts');
      if (await repriceFromCurrentMenu(new Date())) return { ok: false, message: PRICES_CHANGED };
    }
    // The code applied was taken meanwhile (used up by another customer, or past its hours): named, with the way on.
    if (details.promoCode && error instanceof ApiError && error.body?.issues?.some((issue) => issue.path === 'promo'))
      return {
        ok: false,
        message: `Promo code ${details.promoCode}: ${error.body.message} Remove the code to place your order at the full price.`,
      };
    if (error instanceof ApiError && error.body) return { ok: false, message: error.body.message };
    return { ok: false, message: 'We could not reach the shop. Your cart is safe; please try again.' };
  }
}
