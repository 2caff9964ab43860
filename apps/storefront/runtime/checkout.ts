import { ApiError } from '../../../lib/api/client.ts';
import type { CheckoutContact, DeliveryAddress } from '../../../lib/cart/checkout.ts';
import { payloadFromState } from '../../../lib/cart/order-payload.ts';
import type { PaymentMethod } from '../../../lib/cart/payment-methods.ts';
import { toDollars } from '../../../lib/pricing/money.ts';
import { $clockStatus } from '../stores/clock.ts';
import { $order, resetOrder } from '../stores/order.ts';
import { $orderingData, $schedule } from '../stores/ordering-data.ts';
import { syncOrderNow } from './order-sync.ts';
import { retailerApi } from './retailer-api.ts';

export interface CheckoutDetails {
  contact: CheckoutContact;
  delivery: DeliveryAddress | null;
  paymentMethod: PaymentMethod;
  /** The total the customer is looking at. */
  expectedTotalCents: number;
  deliveryFeeCents: number;
}

export const PRICES_CHANGED =
  'The shop has changed its prices since this page opened. Your cart now shows the current prices: check the new total and place your order again.';

/** `receipt`: what the confirmation page shows the customer's details with (lib/cart/order-receipt.ts). */
export type PlaceResult = { ok: true; encryptedOrderId: string; receipt: string } | { ok: false; message: string };

/**
 * Places the cart as it stands. The cart is emptied only once the shop has accepted the order;
 * any refusal or failure leaves it as it was, with the shop's reason to show.
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
    const placed = await api.placeOrder({
      order,
      contact: details.contact,
      delivery: details.delivery,
      paymentMethod: details.paymentMethod,
      expectedTotal: toDollars(details.expectedTotalCents),
    });
    resetOrder();
    return { ok: true, encryptedOrderId: placed.encryptedOrderId, receipt: placed.receipt };
  } catch (error) {
    if (error instanceof ApiError && error.body?.issues?.some((issue) => issue.path === 'total')) {
      // The shop's prices moved under this page (a publish, or its undo): the page takes the menu the
      // shop serves now, so the next tap places the total the customer sees.
      const { repriceFromCurrentMenu } = await import('./menu-refresh.ts');
      if (await repriceFromCurrentMenu(new Date())) return { ok: false, message: PRICES_CHANGED };
    }
    if (error instanceof ApiError && error.body) return { ok: false, message: error.body.message };
    return { ok: false, message: 'We could not reach the shop. Your cart is safe; please try again.' };
  }
}
