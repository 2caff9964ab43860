import { repriceCart, type CartRevalidation } from '../../../lib/cart/revalidate.ts';
import { $order, setCartLines } from '../stores/order.ts';
import { $catalogue, $orderingData, reloadOrderingData } from '../stores/ordering-data.ts';
import { orderToast } from '../stores/toasts.ts';
import { toastFailure } from './failure-toasts.ts';

/**
 * Loads the menu the shop serves now and re-prices the cart against it by the spec's rule
 * (changed lines removed and re-added at the new price, "Cart Updated"). Resolves with whether
 * the cart changed; a menu that cannot be loaded leaves the cart as it is.
 */
export async function repriceFromCurrentMenu(now: Date): Promise<boolean> {
  // A page that has not started ordering has no cart priced from this menu yet.
  if ($orderingData.get() === null) return false;
  try {
    await reloadOrderingData();
  } catch (error) {
    if ($order.get().products.length > 0) toastFailure('verify-prices', error);
    return false;
  }
  return applyCartCheck(
    repriceCart($order.get().products, $catalogue.get(), { now, newUuid: () => crypto.randomUUID() }),
    now,
  );
}

/**
 * Puts a price check's outcome in the cart (changed lines replaced, "Cart Updated") or says it
 * could not be done; resolves whether the cart changed. The hourly check at start-up and the
 * check against a changed menu end the same way.
 */
export function applyCartCheck(checked: CartRevalidation, now: Date): boolean {
  if (checked.status === 'failed') toastFailure('verify-prices', checked.error);
  if (checked.status !== 'checked' || (checked.repriced.length === 0 && checked.removed.length === 0)) return false;
  setCartLines(checked.items, now);
  if (checked.toast) orderToast(checked.toast);
  return true;
}
