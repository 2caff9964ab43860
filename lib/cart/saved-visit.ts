import { CART_EXPIRY_MS } from '../constants.ts';

/** The header's cart summary as the cart's rules last worked it out ("2 items", "$41.50"). */
export interface CartSummaryText {
  count: number;
  items: string;
  subtotal: string;
}

/** What a returning customer's first paint may show before the ordering rules load. */
export interface SavedVisit {
  summary: CartSummaryText;
  orderType: 'delivery' | 'pickup';
  orderForLater: boolean;
}

/** The header cart button's accessible name; the first-paint script uses this function's own source too. */
export function cartButtonLabel(summary: CartSummaryText | undefined): string {
  return summary ? `Cart, ${summary.items}, ${summary.subtotal}` : 'Cart';
}

export const EMPTY_CART_SUMMARY: CartSummaryText = { count: 0, items: '0 items', subtotal: '$0.00' };

/**
 * The saved order (`orderStore`) and the cart summary saved beside it, as a first paint may show
 * them: the summary only while it describes the saved cart (same number of items) and the cart
 * has not expired, since the start-up rules would then empty it. Hand-checked instead of parsed
 * with the order's zod schema, which the first paint does not load; anything unreadable is null.
 *
 * Self-contained on purpose: the page's inline first-paint script is this function's own source
 * (lib/site/saved-visit-script.ts), so its body may name nothing from outside it.
 */
export function visitFromStorage(
  orderJson: string | null,
  summaryJson: string | null,
  nowMs: number,
  expiryMs: number,
): SavedVisit | null {
  const parsed = (json: string | null): unknown => {
    if (json === null) return null;
    try {
      return JSON.parse(json);
    } catch {
      return null;
    }
  };
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const order = parsed(orderJson);
  if (!isRecord(order) || !Array.isArray(order['products'])) return null;
  const { orderType, orderForLater, lastActivity } = order;
  if (orderType !== 'delivery' && orderType !== 'pickup') return null;
  if (lastActivity !== null && typeof lastActivity !== 'number') return null;
  let count = 0;
  for (const line of order['products']) {
    const quantity = isRecord(line) ? line['quantity'] : undefined;
    if (!Number.isInteger(quantity) || (quantity as number) < 1) return null;
    count += quantity as number;
  }
  const visit: Omit<SavedVisit, 'summary'> = { orderType, orderForLater: orderForLater === true };
  // The same two weeks as isCartExpired (./expiry.ts), after which the start-up rules empty the cart.
  const expired = lastActivity !== null && (!Number.isFinite(lastActivity) || nowMs - lastActivity > expiryMs);
  if (count === 0 || expired) return { ...visit, summary: { count: 0, items: '0 items', subtotal: '$0.00' } };
  const summary = parsed(summaryJson);
  if (!isRecord(summary)) return null;
  const { count: summaryCount, items, subtotal } = summary;
  if (summaryCount !== count || typeof items !== 'string' || typeof subtotal !== 'string') return null;
  // Shown as text, but only what a summary can be: short words and an amount of money.
  if (items.length > 40 || !/^\$[\d,]+\.\d\d$/.test(subtotal)) return null;
  return { ...visit, summary: { count, items, subtotal } };
}

/** What a returning customer's first paint shows, read from the device's storage (see visitFromStorage). */
export function savedVisit(orderJson: string | null, summaryJson: string | null, now: Date): SavedVisit | null {
  return visitFromStorage(orderJson, summaryJson, now.getTime(), CART_EXPIRY_MS);
}
