import { z } from 'zod';
import { isSpecialAvailableFor } from '../menu/special-availability.ts';
import type { Catalogue } from '../pricing/catalogue.ts';
import { PricingError } from '../pricing/item-price.ts';
import { formatMoney, toCents } from '../pricing/money.ts';
import { cartTotals, type CartTotals } from '../pricing/totals.ts';
import type { ClockStatus, DeliverySuburb, DeliveryZone, RetailerConfig, Tenant } from '../tenant/index.ts';
import { orderNowRefusal, orderTimeRefusal } from '../time/order-time-reasons.ts';
import type { ScheduleInput } from '../time/schedule.ts';
import { shopZone } from '../time/shop-zone.ts';
import { soldOutDishesAt, unservedDishesAt } from './availability.ts';
import { deliveryTermsFor } from './delivery-quote.ts';
import { orderBoundRefusal } from './order-bounds.ts';
import type { PaymentMethod } from './payment-methods.ts';
import type { OrderPayload } from './schemas.ts';
import { promoSaving, type PromoCode } from './promo.ts';
import { NO_TIP, tipFor, type TipChoice } from './tip.ts';

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cash: 'Cash on delivery or pickup',
  card: 'Card on delivery or pickup',
  online: 'Paid online',
};

/** How checkout offers each method; the receipt and the kitchen name them by paymentMethodLabels. */
export const paymentChoiceLabels: Record<PaymentMethod, string> = {
  ...paymentMethodLabels,
  online: 'Pay online (card, Apple Pay, Google Pay)',
};

export const checkoutContactSchema = z.object({
  fullName: z.string().trim().min(1, 'Enter your name').max(100),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number of 6 to 20 digits'),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter an email address')),
});

export const deliveryAddressSchema = z.object({
  street: z.string().trim().min(3, 'Enter the street address').max(200),
  suburbId: z.int().positive('Choose a suburb'),
  instructions: z.string().trim().max(300).default(''),
});

export type CheckoutContact = z.infer<typeof checkoutContactSchema>;
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** What checkout needs of the retailer: its menu, specials, hours, delivery areas and payment types. */
export type CheckoutRetailer = Pick<
  Tenant,
  'specials' | 'groupHours' | 'productsInfoSsr' | 'tradingHours' | 'closedDates' | 'deliverySuburbs' | 'deliveryZones'
> & {
  config: Pick<RetailerConfig, 'retailerInfo' | 'retailerPaymentTypes'>;
};

export interface PlacementInput {
  payload: OrderPayload;
  paymentMethod: PaymentMethod;
  delivery: DeliveryAddress | null;
  /** The total the customer was shown, in dollars: the order is placed only at that price. */
  expectedTotal: number;
  /** Whether the shop takes payment online (the API knows: it holds the keys). */
  onlineOffered?: boolean;
  /** The tip the customer chose; none when absent. */
  tip?: TipChoice;
  /** The tip the customer was shown, in dollars: like the total, it is taken only at that amount. */
  expectedTip?: number;
  /**
   * The promo code the customer applied (lib/cart/promo.ts): its terms as the shop keeps them
   * (undefined when the shop has no such code) and, on the server, its uses so far.
   */
  promo?: { terms: PromoCode | undefined; usesSoFar?: number; usesByCustomer?: number } | undefined;
}

/** A promo code as placing takes it: the code and what it took off, in cents. */
export interface PlacedPromo {
  code: string;
  cents: number;
  /** The saving is the delivery fee, not food. */
  freeDelivery: boolean;
}

/** A tip as placing takes it: cents, and the percentage it was chosen as (null for an own amount or none). */
export interface PlacedTip {
  cents: number;
  percent: number | null;
}

export type PlacementCheck =
  | {
      ok: true;
      totals: CartTotals;
      tip: PlacedTip;
      promo: PlacedPromo | null;
      /** What the customer pays before the tip: the cart's total less the promo saving. */
      totalCents: number;
      suburb: DeliverySuburb | null;
      zone: DeliveryZone | null;
    }
  | {
      ok: false;
      field: 'products' | 'orderTime' | 'suburb' | 'paymentMethod' | 'total' | 'tip' | 'promo';
      message: string;
    };

/** Payment methods the retailer takes; online only where the API holds the shop's keys (`onlineOffered`). */
export function acceptedPaymentMethods(
  retailer: Pick<CheckoutRetailer, 'config'>,
  onlineOffered = false,
): PaymentMethod[] {
  const atTheDoor: PaymentMethod[] = retailer.config.retailerPaymentTypes.cashAccepted ? ['cash', 'card'] : ['card'];
  return onlineOffered ? [...atTheDoor, 'online'] : atTheDoor;
}

/**
 * The order's totals as placing it would count them: the specials of its order time and, for
 * delivery, the fee and minimum of the customer's zone. Throws PricingError for a line no longer sold.
 */
export function placementTotals(
  payload: OrderPayload,
  retailer: Pick<CheckoutRetailer, 'specials' | 'groupHours' | 'productsInfoSsr'> & {
    config: Pick<CheckoutRetailer['config'], 'retailerInfo'>;
  },
  catalogue: Catalogue,
  now: Date,
  terms: { feeCents: number; minimumCents: number } | null,
): CartTotals {
  const service = payload.isPickup ? 'pickup' : 'delivery';
  const at =
    payload.orderForLater && payload.orderForLaterRequestDateTime !== null
      ? new Date(payload.orderForLaterRequestDateTime)
      : now;
  const context = {
    orderType: service,
    at,
    groups: retailer.productsInfoSsr.groups,
    groupHours: retailer.groupHours,
    zone: shopZone(retailer.config.retailerInfo),
  } as const;
  return cartTotals(payload.products, catalogue, {
    orderType: service,
    specials: retailer.specials,
    isSpecialAvailable: (special) => isSpecialAvailableFor(special, context),
    delivery: terms ? { feeCents: terms.feeCents, minimumCents: terms.minimumCents } : undefined,
  });
}

/**
 * Whether an order can be placed as it stands, checked the way the kitchen would: every line
 * still sold at its price and not sold out, the specials of the order time, the delivery suburb
 * and its terms, the minimum order, the order time against the hours and the shop's pauses, and
 * the total the customer agreed to. The storefront runs it before sending and the API again
 * before accepting, so both agree.
 */
export function checkPlacement(
  input: PlacementInput,
  retailer: CheckoutRetailer,
  catalogue: Catalogue,
  now: Date,
  clockStatus?: ClockStatus,
): PlacementCheck {
  const { payload } = input;
  const service = payload.isPickup ? 'pickup' : 'delivery';
  if (payload.products.length === 0) return { ok: false, field: 'products', message: 'Your cart is empty.' };

  const schedule: ScheduleInput = {
    tradingHours: retailer.tradingHours,
    closedDates: retailer.closedDates,
    retailerInfo: retailer.config.retailerInfo,
    clockStatus,
  };
  const at =
    payload.orderForLater && payload.orderForLaterRequestDateTime !== null
      ? new Date(payload.orderForLaterRequestDateTime)
      : now;
  // The pickers' own reasons: the customer reads at checkout what the time picker already said.
  const context = {
    clockStatus,
    unservedDishes: unservedDishesAt(
      payload.products,
      catalogue,
      retailer.groupHours,
      shopZone(retailer.config.retailerInfo),
    ),
    soldOutDishes: soldOutDishesAt(payload.products, catalogue, clockStatus),
  };
  const refused = payload.orderForLater
    ? orderTimeRefusal(schedule, service, at, now, context)
    : orderNowRefusal(schedule, service, now, context);
  if (refused) return { ok: false, field: 'orderTime', message: refused.reason };

  const terms =
    service === 'delivery' ? (input.delivery ? deliveryTermsFor(retailer, input.delivery.suburbId) : null) : null;
  if (service === 'delivery' && !terms)
    return {
      ok: false,
      field: 'suburb',
      message: 'We do not deliver to that suburb. Choose one from the list, or order for pickup.',
    };
  if (!acceptedPaymentMethods(retailer, input.onlineOffered).includes(input.paymentMethod))
    return { ok: false, field: 'paymentMethod', message: 'This shop does not take that payment method.' };

  let totals: CartTotals;
  try {
    totals = placementTotals(payload, retailer, catalogue, now, terms);
  } catch (error) {
    if (error instanceof PricingError)
      return { ok: false, field: 'products', message: `${error.message}. Please remove it from your cart.` };
    throw error;
  }
  if (!totals.meetsMinimumOrder) {
    return {
      ok: false,
      field: 'products',
      message: `The minimum for ${service} is ${formatMoney(totals.minimumOrderValue)}. Add ${formatMoney(totals.shortfall)} more to order.`,
    };
  }
  const tooLarge = orderBoundRefusal(totals, retailer);
  if (tooLarge) return { ok: false, field: 'products', message: tooLarge };
  const promo = input.promo
    ? promoSaving(input.promo.terms, {
        foodCents: totals.subtotal - totals.discount,
        deliveryFeeCents: totals.deliveryFee,
        service,
        at,
        zone: shopZone(retailer.config.retailerInfo),
        usesSoFar: input.promo.usesSoFar ?? 0,
        usesByCustomer: input.promo.usesByCustomer ?? 0,
      })
    : null;
  if (promo && !promo.ok) return { ok: false, field: 'promo', message: promo.message };
  const totalCents = totals.total - (promo?.cents ?? 0);
  if (toCents(input.expectedTotal) !== totalCents) {
    return {
      ok: false,
      field: 'total',
      message: `The total is now ${formatMoney(totalCents)}, not ${formatMoney(toCents(input.expectedTotal))}. Please check your order and place it again.`,
    };
  }
  const tip = tipFor(input.tip ?? NO_TIP, totals.subtotal - totals.discount, retailer.config.retailerInfo.tips);
  if (!tip.ok) return { ok: false, field: 'tip', message: tip.message };
  if (tip.cents !== toCents(input.expectedTip ?? 0))
    return {
      ok: false,
      field: 'tip',
      message: `The tip comes to ${formatMoney(tip.cents)}, not ${formatMoney(toCents(input.expectedTip ?? 0))}. Please check your tip and place the order again.`,
    };
  return {
    ok: true,
    totals,
    tip: { cents: tip.cents, percent: tip.percent },
    promo: promo ? { code: promo.code, cents: promo.cents, freeDelivery: promo.freeDelivery } : null,
    totalCents,
    suburb: terms?.suburb ?? null,
    zone: terms?.zone ?? null,
  };
}
