import { isCartExpired } from './expiry.ts';

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

export const EMPTY_CART_SUMMARY: CartSummaryText = { count: 0, items: '0 items', subtotal: '$0.00' };

const SHORT_TEXT = 40;

function parsed(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function summaryOf(value: unknown): CartSummaryText | null {
  if (!isRecord(value)) return null;
  const { count, items, subtotal } = value;
  if (!Number.isInteger(count) || typeof items !== 'string' || typeof subtotal !== 'string') return null;
  if (items.length > SHORT_TEXT || !/^\$[\d,]+\.\d\d$/.test(subtotal)) return null;
  return { count: count as number, items, subtotal };
}

/**
 * The saved order (`orderStore`) and the cart summary saved beside it, as a first paint may show
 * them: the summary only while it describes the saved cart (same number of items) and the cart
 * has not expired, since the start-up rules would then empty it. Hand-checked instead of parsed
 * with the order's zod schema, which the first paint does not load; anything unreadable is null.
 */
export function savedVisit(orderJson: string | null, summaryJson: string | null, now: Date): SavedVisit | null {
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
  if (count === 0 || isCartExpired(lastActivity, now)) return { ...visit, summary: EMPTY_CART_SUMMARY };
  const summary = summaryOf(parsed(summaryJson));
  return summary && summary.count === count ? { ...visit, summary } : null;
}
