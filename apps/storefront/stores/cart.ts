import { atom, computed } from 'nanostores';
import { deliveryQuote, pricingTerms, type DeliveryQuote } from '../../../lib/cart/delivery-quote.ts';
import { cartUnitCount } from '../../../lib/cart/order-state.ts';
import type { CartProduct } from '../../../lib/cart/schemas.ts';
import { removedLineName } from '../../../lib/cart/toasts.ts';
import { isSpecialAvailableFor } from '../../../lib/menu/special-availability.ts';
import { PricingError } from '../../../lib/pricing/item-price.ts';
import { formatMoney } from '../../../lib/pricing/money.ts';
import { cartTotals, type CartTotals } from '../../../lib/pricing/totals.ts';
import { $now } from './clock.ts';
import { $order } from './order.ts';
import { $catalogue, $orderingData } from './ordering-data.ts';
import { shopZone } from '../../../lib/time/shop-zone.ts';

/** When the order is for: the requested later time, or now. */
export const $orderTime = computed([$order, $now], (order, now): Date => {
  if (order.orderForLater && order.orderForLaterRequestDateTime !== null)
    return new Date(order.orderForLaterRequestDateTime);
  return now ?? new Date();
});

/** The delivery fee and minimum for the customer's suburb, or their range while it is unknown; null until the menu has loaded. */
export const $deliveryQuote = computed([$order, $orderingData], (order, data): DeliveryQuote | null =>
  data ? deliveryQuote(data, order.deliverySuburbId) : null,
);

/**
 * The cart priced against the current menu, specials applied at the order time, with the
 * delivery terms of `$deliveryQuote`; null until the menu has loaded or while a line cannot be priced.
 */
export const $cartTotals = computed(
  [$order, $catalogue, $orderingData, $orderTime, $deliveryQuote],
  (order, catalogue, data, at, quote): CartTotals | null => {
    if (!catalogue || !data || !quote) return null;
    const groups = data.productsInfoSsr.groups;
    const zone = shopZone(data.config.retailerInfo);
    try {
      return cartTotals(order.products, catalogue, {
        orderType: order.orderType,
        specials: data.specials,
        isSpecialAvailable: (special) =>
          isSpecialAvailableFor(special, {
            orderType: order.orderType,
            at,
            groups,
            groupHours: data.groupHours,
            zone,
          }),
        delivery: pricingTerms(quote),
      });
    } catch (error) {
      if (error instanceof PricingError) return null;
      throw error;
    }
  },
);

/**
 * What the header's cart button and the "View order" bar show, formatted here so the button
 * itself stays light: the items' subtotal with the deals taken off, without the delivery fee
 * (the cart shows that on its own line). Before the menu has loaded it is what the lines cost when added.
 */
export const $cartSummary = computed([$order, $cartTotals], (order, totals) => {
  const count = cartUnitCount(order.products);
  return {
    count,
    /** "1 item", "2 items": the count as the header and the View order bar say it. */
    items: `${count} ${count === 1 ? 'item' : 'items'}`,
    subtotal: formatMoney(
      totals
        ? totals.subtotal - totals.discount
        : order.products.reduce((sum, line) => sum + Math.round(line.historicPrice * 100) * line.quantity, 0),
    ),
  };
});

/** The dishes the availability check took out of the cart, by name, shown in the cart until the customer has read them (spec section 5: removing unavailable items lists them). */
export const $removedUnavailable = atom<string[]>([]);

export function noteRemovedUnavailable(lines: readonly CartProduct[]): void {
  $removedUnavailable.set([...$removedUnavailable.get(), ...lines.map(removedLineName)]);
}

export function clearRemovedUnavailable(): void {
  $removedUnavailable.set([]);
}
