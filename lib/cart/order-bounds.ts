import { formatMoney, toCents } from '../pricing/money.ts';
import type { CartTotals } from '../pricing/totals.ts';
import type { RetailerInfo } from '../tenant/retailer.ts';

export type OrderBoundsRetailer = {
  config: { retailerInfo: Pick<RetailerInfo, 'name' | 'phone' | 'maxOrderValue' | 'maxOrderItems'> };
};

/**
 * Why an order is too large to place online, in the words the cart and place-order both show, or
 * null when it is within the shop's bounds (retailerInfo.maxOrderValue on the total the customer
 * pays, maxOrderItems on the units: a line of 3 counts 3). The customer is sent to the phone.
 */
export function orderBoundRefusal(
  totals: Pick<CartTotals, 'itemCount' | 'total'>,
  retailer: OrderBoundsRetailer,
): string | null {
  const { name, phone, maxOrderValue, maxOrderItems } = retailer.config.retailerInfo;
  const call = phone.trim() === '' ? `please call ${name}` : `please call ${name} on ${phone.trim()}`;
  if (totals.itemCount > maxOrderItems)
    return `Online orders are limited to ${maxOrderItems} items. For a larger order, ${call}.`;
  if (totals.total > toCents(maxOrderValue))
    return `Online orders are limited to ${formatMoney(toCents(maxOrderValue))}. For a larger order, ${call}.`;
  return null;
}
