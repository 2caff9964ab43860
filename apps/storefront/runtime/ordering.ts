import { ApiError, type ApiClient } from '../../../lib/api/client.ts';
import { checkCartAvailability } from '../../../lib/cart/availability.ts';
import { isCartExpired } from '../../../lib/cart/expiry.ts';
import { needsStartStatus, orderTypeStatus, startStatus } from '../../../lib/cart/order-status.ts';
import { revalidateCart } from '../../../lib/cart/revalidate.ts';
import { groupAvailabilityMap } from '../../../lib/menu/group-availability-map.ts';
import { $orderTime, noteRemovedUnavailable } from '../stores/cart.ts';
import { $clockStatus } from '../stores/clock.ts';
import { $customer, resetCustomer } from '../stores/customer.ts';
import { $order, resetOrder, setCartLines } from '../stores/order.ts';
import { applyStartupOrderType, followShopStatus } from '../stores/order-time.ts';
import { $catalogue, $orderingData, loadOrderingData } from '../stores/ordering-data.ts';
import { recordStatus } from '../stores/status-queue.ts';
import { orderToast } from '../stores/toasts.ts';
import { linkOrder } from './account.ts';
import { startClockStatus } from './clock-status.ts';
import { startClosingWarnings } from './closing-warnings.ts';
import { toastFailure } from './failure-toasts.ts';
import { applyCartCheck } from './menu-refresh.ts';
import { startOrderSync } from './order-sync.ts';
import { startSoldOutMenu } from './sold-out-menu.ts';
import { retailerApi } from './retailer-api.ts';
import { yieldToMain } from './yield-to-main.ts';
import { startStatusSender } from './status-sender.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';

/** Spec section 4, "Cart and order" at start-up: an expired cart is reset, otherwise the server's view of the order decides. */
async function restoreOrder(api: ApiClient, now: Date): Promise<void> {
  const order = $order.get();
  if (isCartExpired(order.lastActivity, now)) return resetOrder();
  if (order.encryptedOrderId === null) return;
  try {
    const fetched = await api.getOrder(order.encryptedOrderId);
    // Placed means paid online and in the kitchen: the customer closed the payment's return page, or never saw it.
    if (fetched.orderProcessed || fetched.placement !== null) return resetOrder();
    if (fetched.loggedInCustId === null) resetCustomer();
  } catch (error) {
    // The server no longer knows the order (for instance a new environment): keep the lines and make it anew.
    if (error instanceof ApiError && error.status === 404)
      $order.set({ ...$order.get(), encryptedOrderId: null, createKey: null, revision: $order.get().revision + 1 });
    else console.warn('The saved order could not be checked with the shop', error);
  }
}

/** Prices after an hour away, then what can be ordered at the order time (spec section 5). */
function recheckCart(now: Date): void {
  const catalogue = $catalogue.get();
  const data = $orderingData.get();
  if (!catalogue || !data) return;
  const order = $order.get();
  applyCartCheck(
    revalidateCart(order.products, catalogue, {
      now,
      lastActivity: order.lastActivity,
      newUuid: () => crypto.randomUUID(),
    }),
    now,
  );
  const at = $orderTime.get();
  const open = groupAvailabilityMap(
    data.productsInfoSsr.groups,
    { built: data.groupHours, live: undefined },
    at,
    shopZone(data.config.retailerInfo),
  );
  const availability = checkCartAvailability($order.get().products, catalogue, (groupId) => open[groupId] === true);
  if (availability.removed.length > 0) {
    setCartLines(availability.available, now);
    noteRemovedUnavailable(availability.removed);
  }
  if (availability.toast) orderToast(availability.toast);
}

let started = false;

/**
 * Everything an ordering page does after it has painted: load the menu data, check the saved
 * order with the shop, settle delivery or pickup, record the visit, then keep the order in
 * sync and the closing warnings coming. Started once per page.
 */
export async function startOrdering(): Promise<void> {
  if (started) return;
  started = true;
  let data;
  let api: ApiClient;
  try {
    [data, api] = await Promise.all([loadOrderingData(), retailerApi()]);
  } catch (error) {
    started = false;
    // Only a cart has prices to verify: a visitor with none is not told about a check nobody needs.
    if ($order.get().products.length > 0) toastFailure('verify-prices', error);
    else console.warn('The menu data did not load; ordering tries again on first use', error);
    return;
  }
  // Each step in a task of its own: a tap during start-up is answered between them.
  await yieldToMain();
  startSoldOutMenu();
  await Promise.all([startClockStatus(api), restoreOrder(api, new Date())]);
  await yieldToMain();
  recheckCart(new Date());
  await yieldToMain();
  applyStartupOrderType(new Date());
  // A clock change (poll or live message) moves the order only when the shop pauses its service.
  $clockStatus.listen((status, previous) => followShopStatus(status, previous, new Date()));
  const order = $order.get();
  if (needsStartStatus(order.encryptedOrderId, order.orderStatuses))
    recordStatus(startStatus(navigator.userAgent, new Date()));
  $order.listen((state, previous) => {
    if (previous !== undefined && state.orderType !== previous.orderType)
      recordStatus(orderTypeStatus(state.orderType, new Date()));
    // A logged-in customer's new order belongs to them from the start.
    const customerId = $customer.get().custInfo?.customerId;
    if (previous?.encryptedOrderId === null && state.encryptedOrderId !== null && customerId !== undefined)
      void linkOrder(api, customerId);
  });
  await yieldToMain();
  startOrderSync(api, data.retailerId);
  startStatusSender(api);
  await yieldToMain();
  startClosingWarnings();
}
