import { CART_EXPIRY_MS, PRICE_RECHECK_AFTER_INACTIVITY_MS } from '../constants.ts';

/** When the customer last touched the cart: epoch milliseconds, a Date, or null when never. */
export type LastActivity = number | Date | null;

function activityMs(lastActivity: LastActivity): number | null {
  if (lastActivity === null) return null;
  return lastActivity instanceof Date ? lastActivity.getTime() : lastActivity;
}

/**
 * A cart untouched for more than two weeks is stale and is reset. A cart that never recorded
 * activity has nothing to expire; an unreadable stamp is treated as expired so a corrupt saved
 * cart starts afresh instead of lingering.
 */
export function isCartExpired(lastActivity: LastActivity, now: Date): boolean {
  const last = activityMs(lastActivity);
  if (last === null) return false;
  if (!Number.isFinite(last)) return true;
  return now.getTime() - last > CART_EXPIRY_MS;
}

/** Prices are re-checked only for a cart with items left alone for more than an hour (or with no usable stamp). */
export function isPriceRecheckDue(itemCount: number, lastActivity: LastActivity, now: Date): boolean {
  if (itemCount <= 0) return false;
  const last = activityMs(lastActivity);
  if (last === null || !Number.isFinite(last)) return true;
  return now.getTime() - last > PRICE_RECHECK_AFTER_INACTIVITY_MS;
}
