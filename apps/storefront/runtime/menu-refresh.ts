import { repriceCart } from '../../../lib/cart/revalidate.ts';
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
  const checked = repriceCart($order.get().products, $catalogue.get(), { now, newUuid: () => crypto.randomUUID() });
  if (checked.status === 'failed') {
    toastFailure('verify-prices', checked.error);
    return false;
  }
  if (checked.repriced.length === 0 && checked.removed.length === 0) return false;
  setCartLines(checked.items, now);
  if (checked.toast) orderToast(checked.toast);
  return true;
}
