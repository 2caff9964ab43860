import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { BuiltLine } from '../../../lib/cart/line-builder.ts';
import { decodeOrderState, freshOrderState, type OrderState } from '../../../lib/cart/order-state.ts';
import type { CartProduct, OrderStatus } from '../../../lib/cart/schemas.ts';
import { putLineBack, takeLineOut, type RemovedLine } from '../../../lib/cart/undo-removal.ts';
import type { OrderTypeState } from '../../../lib/time/order-type.ts';

/** The customer's order, saved under `orderStore`; an unreadable saved value is reported and replaced by a fresh order. */
export const $order = persistentAtom<OrderState>('orderStore', freshOrderState(), {
  encode: JSON.stringify,
  decode(saved) {
    const decoded = decodeOrderState(saved);
    if (!decoded.ok)
      console.error(`The saved order could not be restored and a fresh cart was started: ${decoded.reason}`);
    return decoded.state;
  },
});

function newLineUuid(): string {
  return crypto.randomUUID();
}

/** A change the server must hear about: stamps the customer's activity and asks the order sync to send. */
function changeOrder(changes: Partial<OrderState>, now: Date): void {
  const current = $order.get();
  $order.set({
    ...current,
    ...changes,
    lastActivity: now.getTime(),
    createDate: current.createDate ?? now.toISOString(),
    revision: current.revision + 1,
  });
}

export function addToCart(line: BuiltLine, now = new Date()): CartProduct {
  const added: CartProduct = { ...line, uuid: newLineUuid(), timeStamp: now.getTime() };
  changeOrder({ products: [...$order.get().products, added] }, now);
  return added;
}

/** Puts a rebuilt line in place of `uuid`, keeping its place in the cart and its order product on the server. */
export function replaceLine(uuid: string, line: BuiltLine, now = new Date()): void {
  changeOrder(
    {
      products: $order.get().products.map((current) =>
        current.uuid === uuid
          ? // An edited line stays in its deal: the cart says so if the deal no longer fits it.
            { ...line, uuid, orderProductId: current.orderProductId, timeStamp: now.getTime(), deal: current.deal }
          : current,
      ),
    },
    now,
  );
}

/** The line the customer last took out of the cart, while its Undo is offered; null once put back or superseded. */
export const $undoableRemoval = atom<RemovedLine | null>(null);

export function removeLine(uuid: string, now = new Date()): void {
  const taken = takeLineOut($order.get().products, uuid);
  if (!taken) return;
  $undoableRemoval.set(taken.removed);
  changeOrder({ products: taken.products }, now);
}

/** Undo: the last removed line back at its place, exactly as it was. */
export function undoRemoval(now = new Date()): void {
  const removed = $undoableRemoval.get();
  if (!removed) return;
  $undoableRemoval.set(null);
  changeOrder({ products: putLineBack($order.get().products, removed) }, now);
}

/** The Undo is no longer offered (the cart closed, or the order was placed). */
export function forgetRemoval(): void {
  $undoableRemoval.set(null);
}

/** Fewer than one removes the line. */
export function setQuantity(uuid: string, quantity: number, now = new Date()): void {
  if (quantity < 1) return removeLine(uuid, now);
  changeOrder(
    { products: $order.get().products.map((line) => (line.uuid === uuid ? { ...line, quantity } : line)) },
    now,
  );
}

export function setOrderNotes(orderNotes: string, now = new Date()): void {
  changeOrder({ orderNotes }, now);
}

/** The lines after a price or availability check: re-priced lines come back with new uuids. */
export function setCartLines(products: CartProduct[], now = new Date()): void {
  // A removed line kept from before a re-pricing would come back at its old price.
  forgetRemoval();
  changeOrder({ products }, now);
}

/** Delivery or pickup, now or at a later time. */
export function setOrderTime(state: OrderTypeState, now = new Date()): void {
  const current = $order.get();
  const at = state.orderForLaterAt?.toISOString() ?? null;
  if (current.orderType === state.orderType && current.orderForLaterRequestDateTime === at) return;
  changeOrder({ orderType: state.orderType, orderForLater: at !== null, orderForLaterRequestDateTime: at }, now);
}

/** The customer's delivery suburb, chosen in the cart or at checkout; it sets the fee and minimum the server charges. */
export function setDeliverySuburb(deliverySuburbId: number | null, now = new Date()): void {
  if ($order.get().deliverySuburbId === deliverySuburbId) return;
  changeOrder({ deliverySuburbId }, now);
}

/** A fresh, empty order that keeps the customer's delivery or pickup choice and suburb. */
export function resetOrder(): void {
  const { orderType, deliverySuburbId } = $order.get();
  forgetRemoval();
  $order.set(freshOrderState(orderType, deliverySuburbId));
}

export function recordOrderStatus(status: OrderStatus): void {
  $order.set({ ...$order.get(), orderStatuses: [...$order.get().orderStatuses, status] });
}

/** Keeps one Idempotency-Key for creating this order until the server answers it. */
export function createKeyForOrder(): string {
  const current = $order.get();
  if (current.createKey !== null) return current.createKey;
  const createKey = crypto.randomUUID();
  $order.set({ ...current, createKey });
  return createKey;
}

/** Sends the cart as it stands again: a change the server refused while a payment page was open on it. */
export function resendOrder(): void {
  const current = $order.get();
  $order.set({ ...current, revision: current.revision + 1 });
}

/** The server accepted the order as it was at `revision`: remember its id and the ids of its products. */
export function orderSynced(
  result: { encryptedOrderId?: string; uuidToOrderProductIds: Record<string, number> },
  revision: number,
): void {
  const current = $order.get();
  $order.set({
    ...current,
    encryptedOrderId: result.encryptedOrderId ?? current.encryptedOrderId,
    createKey: null,
    syncedRevision: Math.max(current.syncedRevision, revision),
    products: current.products.map((line) => ({
      ...line,
      orderProductId: result.uuidToOrderProductIds[line.uuid] ?? line.orderProductId,
    })),
  });
}

/** Stops sending a change the server refused for good (it would refuse it again). */
export function abandonSync(revision: number): void {
  $order.set({ ...$order.get(), syncedRevision: Math.max($order.get().syncedRevision, revision) });
}
