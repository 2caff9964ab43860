import type { CartProduct } from '../cart/schemas.ts';
import type { Special } from '../tenant/index.ts';
import type { Catalogue } from './catalogue.ts';
import { assertLineQuantity, priceCartItemParts, type ItemPrice } from './item-price.ts';
import { toCents } from './money.ts';
import {
  applyCartSpecials,
  type AppliedSpecial,
  type OrderType,
  type SpecialLine,
  type UnmetDeal,
} from './specials.ts';

export interface TotalsContext {
  orderType: OrderType;
  specials: readonly Special[];
  isSpecialAvailable: (special: Special) => boolean;
  /** A delivery zone's own fee and minimum, once the customer's suburb is known; the retailer's base values otherwise. */
  delivery?: { feeCents: number; minimumCents: number } | undefined;
}

export interface PricedLine {
  uuid: string;
  quantity: number;
  price: ItemPrice;
  unitCents: number;
  lineCents: number;
}

/** Every amount in cents. */
export interface CartTotals {
  lines: PricedLine[];
  /** Units in the cart (a line of 3 counts 3). */
  itemCount: number;
  subtotal: number;
  /** What specials save, as a positive amount taken off the subtotal. */
  discount: number;
  deliveryFee: number;
  total: number;
  minimumOrderValue: number;
  /** How much more the customer must order to reach the minimum (after specials, before the delivery fee). */
  shortfall: number;
  meetsMinimumOrder: boolean;
  appliedSpecials: AppliedSpecial[];
  /** Deals chosen in their builder that do not apply as the order stands; their lines are charged as usual. */
  unmetDeals: UnmetDeal[];
}

/** What special matching needs of a priced cart line. */
export function specialLine(line: PricedLine & { deal?: CartProduct['deal'] }): SpecialLine {
  return {
    deal: line.deal ?? null,
    uuid: line.uuid,
    quantity: line.quantity,
    isHalfHalf: line.price.halves.length > 1,
    halves: line.price.halves,
    baseCents: line.price.baseCents,
    halfHalfSurchargeCents: line.price.halfHalfSurchargeCents,
    unitCents: line.unitCents,
  };
}

/**
 * Totals of the cart against the current catalogue. Throws PricingError when a line refers to
 * something no longer sold: revalidate the cart first.
 */
export function cartTotals(items: readonly CartProduct[], catalogue: Catalogue, context: TotalsContext): CartTotals {
  const lines = items.map((item): PricedLine => {
    const quantity = assertLineQuantity(item);
    const price = priceCartItemParts(item, catalogue);
    return { uuid: item.uuid, quantity, price, unitCents: price.unitCents, lineCents: price.unitCents * quantity };
  });
  const deals = new Map(items.map((item) => [item.uuid, item.deal]));
  const subtotal = lines.reduce((sum, line) => sum + line.lineCents, 0);
  const specials = applyCartSpecials(
    lines.map((line) => specialLine({ ...line, deal: deals.get(line.uuid) ?? null })),
    context.specials,
    {
      orderType: context.orderType,
      isSpecialAvailable: context.isSpecialAvailable,
      allowHalfHalfInSpecials: catalogue.allowHalfHalfInSpecials,
    },
  );
  const appliedSpecials = specials.applied;
  const discount = appliedSpecials.reduce((sum, special) => sum + special.discountCents, 0);
  const { baseDeliveryFee, minOrderValueDelivery, minOrderValuePickup } = catalogue.retailerInfo;
  const isDelivery = context.orderType === 'delivery';
  // An empty cart has nothing to deliver, so it shows no fee.
  const deliveryFee = isDelivery && lines.length > 0 ? (context.delivery?.feeCents ?? toCents(baseDeliveryFee)) : 0;
  const minimumOrderValue = isDelivery
    ? (context.delivery?.minimumCents ?? toCents(minOrderValueDelivery))
    : toCents(minOrderValuePickup);
  const shortfall = Math.max(0, minimumOrderValue - (subtotal - discount));
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    discount,
    deliveryFee,
    total: subtotal - discount + deliveryFee,
    minimumOrderValue,
    shortfall,
    meetsMinimumOrder: shortfall === 0,
    appliedSpecials,
    unmetDeals: specials.unmet,
  };
}
