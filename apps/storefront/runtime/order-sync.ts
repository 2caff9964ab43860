import { ApiError, type ApiClient } from '../../../lib/api/client.ts';
import { messages } from '../../../lib/api/contract.ts';
import { payloadFromState } from '../../../lib/cart/order-payload.ts';
import { CART_SYNC_DEBOUNCE_MS } from '../../../lib/constants.ts';
import { $cartTotals } from '../stores/cart.ts';
import { $clockStatus } from '../stores/clock.ts';
import { $order, abandonSync, createKeyForOrder, orderSynced, resendOrder } from '../stores/order.ts';
import { $schedule } from '../stores/ordering-data.ts';
import { toast } from '../stores/toasts.ts';
import { toastFailure, toastOrderProcessed } from './failure-toasts.ts';

const RETRY_DELAYS_MS = [2000, 5000, 10000, 30000];
const SYNC_WAIT_STEP_MS = 200;

let sendNow: (() => Promise<void>) | null = null;

/**
 * Sends the cart at once (checkout cannot wait for the debounce) and resolves when the server
 * holds the order as it is now; false when that did not happen within `timeoutMs`.
 */
export async function syncOrderNow(timeoutMs = 15000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = $order.get();
    if (state.encryptedOrderId !== null && state.revision === state.syncedRevision) return true;
    if (Date.now() >= deadline || sendNow === null) return false;
    await sendNow();
    await new Promise((resolve) => setTimeout(resolve, SYNC_WAIT_STEP_MS));
  }
}

/** A refusal the same request would get again: only a change of the cart can help. */
function isFinal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind !== 'network' &&
    error.kind !== 'timeout' &&
    !(error.kind === 'http' && (error.status ?? 0) >= 500)
  );
}

/** The server already holds a newer revision of this cart (sent from here, or another tab): nothing failed. */
function isSuperseded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body?.message === messages.staleOrder;
}

/**
 * Ends the payment page still open on the cart, at Stripe first (cancel-payment), then sends the
 * cart the customer changed meanwhile. Paid just before: the order is placed, and its page says so;
 * being paid right now: Stripe refuses to end it, and the customer is told.
 */
async function endOpenPayment(api: Pick<ApiClient, 'cancelPayment'>, encryptedOrderId: string): Promise<void> {
  try {
    const { state } = await api.cancelPayment(encryptedOrderId);
    if (state === 'paid') {
      location.assign(`/order/?id=${encodeURIComponent(encryptedOrderId)}&payment=paid`);
      return;
    }
    if ($order.get().encryptedOrderId !== encryptedOrderId) return;
    toast({
      title: 'Payment cancelled',
      description: 'Payment cancelled. Your cart is as you left it.',
      onPhones: true,
    });
    resendOrder();
  } catch (error) {
    toastFailure('update-order', error);
  }
}

/**
 * Sends the cart to the retailer one second after the customer's last change: create-order
 * while the order has no id (with an Idempotency-Key kept until the server answers, so a retry
 * never makes a second order), update-order afterwards. Each send carries the cart's revision,
 * so the server drops one that arrives after a newer one. A failed or offline call keeps the
 * cart and tries again with growing pauses and when the browser comes back online; the
 * customer is told once per outage, not once per try. An answer that arrives after the cart was
 * placed and a fresh one started belongs to the old order and is dropped.
 */
export function startOrderSync(
  api: Pick<ApiClient, 'createOrder' | 'updateOrder' | 'cancelPayment'>,
  retailerId: number,
  onlineEvents: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight = false;
  let failures = 0;

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), delayMs);
  };

  async function flush(): Promise<void> {
    if (inFlight) return;
    const state = $order.get();
    if (state.revision === state.syncedRevision) return;
    const creating = state.encryptedOrderId === null;
    // An order is made by its first line; an empty cart that never had one has nothing to tell.
    if (creating && state.products.length === 0) return abandonSync(state.revision);
    inFlight = true;
    const sentRevision = state.revision;
    const createKey = creating ? createKeyForOrder() : null;
    const sameOrder = () =>
      creating ? $order.get().createKey === createKey : $order.get().encryptedOrderId === state.encryptedOrderId;
    try {
      const payload = {
        ...payloadFromState(
          state,
          {
            retailerId,
            deliveryFeeCents: $cartTotals.get()?.deliveryFee ?? 0,
            deliveryWaitTimeMinutes: $clockStatus.get()?.liveDeliveryWaitTime,
            hours: $schedule.get(),
          },
          new Date(),
        ),
        revision: sentRevision,
      };
      if (createKey !== null) {
        const answer = await api.createOrder(payload, { idempotencyKey: createKey });
        if (sameOrder()) orderSynced(answer, sentRevision);
      } else {
        const answer = await api.updateOrder(payload);
        if (sameOrder()) {
          if (answer.success) orderSynced(answer, sentRevision);
          else {
            abandonSync(sentRevision);
            if (answer.message === messages.orderProcessed) toastOrderProcessed();
            // Changed while its payment page is still open at Stripe: the customer came Back instead of
            // paying there, so that page is abandoned, as its own cancel link would.
            else if (answer.message === messages.orderAwaitingPayment && state.encryptedOrderId !== null)
              await endOpenPayment(api, state.encryptedOrderId);
            else toastFailure('update-order', new Error(answer.message));
          }
        }
      }
      failures = 0;
    } catch (error) {
      if (isSuperseded(error) || !sameOrder()) {
        // Nothing failed for the customer: a newer cart is saved, or the cart was placed and replaced meanwhile.
        if (sameOrder()) abandonSync(sentRevision);
        failures = 0;
      } else {
        if (failures === 0) toastFailure(creating ? 'create-order' : 'update-order', error);
        if (isFinal(error)) {
          abandonSync(sentRevision);
          failures = 0;
        } else {
          schedule(RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? CART_SYNC_DEBOUNCE_MS);
          failures += 1;
        }
      }
    } finally {
      inFlight = false;
    }
    const after = $order.get();
    if (failures === 0 && after.revision !== after.syncedRevision) schedule(CART_SYNC_DEBOUNCE_MS);
  }

  sendNow = () => {
    clearTimeout(timer);
    return flush();
  };
  const unbind = $order.listen((state, previous) => {
    if (state.revision !== previous?.revision) schedule(CART_SYNC_DEBOUNCE_MS);
  });
  const onOnline = () => schedule(0);
  onlineEvents.addEventListener('online', onOnline);
  const pending = $order.get();
  if (pending.revision !== pending.syncedRevision) schedule(0);

  return () => {
    sendNow = null;
    clearTimeout(timer);
    unbind();
    onlineEvents.removeEventListener('online', onOnline);
  };
}
