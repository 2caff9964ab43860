import { atom, computed } from 'nanostores';
import { promoSaving, type PromoCart, type PromoCode, type PromoOutcome } from '../../../lib/cart/promo.ts';
import type { OrderType } from '../../../lib/cart/schemas.ts';
import type { CartTotals } from '../../../lib/pricing/totals.ts';
import { shopZone, type ShopZone } from '../../../lib/time/shop-zone.ts';
import { $cartTotals, $orderTime } from './cart.ts';
import { $order } from './order.ts';
import { $orderingData } from './ordering-data.ts';

/** The promo code the customer applied, in the cart or at checkout: one code for both, as the shop answered for it. */
export interface PromoState {
  /** The code's terms once the shop knew it and it took something off; null before. */
  terms: PromoCode | null;
  /** Why the code typed is not taken, in the customer's words. */
  refused: string | undefined;
  checking: boolean;
}

const NO_PROMO: PromoState = { terms: null, refused: undefined, checking: false };

export const $promo = atom<PromoState>(NO_PROMO);

/** What a code is checked against: the food after the specials, the delivery fee, the service and the order's time in the shop. */
export function promoCartOf(totals: CartTotals, service: OrderType, at: Date, zone: ShopZone): PromoCart {
  return { foodCents: totals.subtotal - totals.discount, deliveryFeeCents: totals.deliveryFee, service, at, zone };
}

/** The applied code's saving on the cart as it stands now (it may stop applying when the cart changes); null without a code. */
export const $cartPromo = computed(
  [$promo, $cartTotals, $order, $orderTime, $orderingData],
  (promo, totals, order, at, data): PromoOutcome | null =>
    promo.terms && totals && data
      ? promoSaving(promo.terms, promoCartOf(totals, order.orderType, at, shopZone(data.config.retailerInfo)))
      : null,
);

/**
 * Asks the shop for a typed code. A code that takes nothing off the cart as it stands (`savingOf`,
 * with the totals the caller shows) is not applied: the field keeps it, with why.
 */
export async function applyPromoCode(
  typed: string,
  savingOf: (terms: PromoCode) => PromoOutcome | null,
): Promise<void> {
  $promo.set({ ...$promo.get(), checking: true });
  const { checkPromoCode } = await import('../runtime/checkout.ts');
  const answer = await checkPromoCode(typed);
  const outcome = answer.ok ? savingOf(answer.terms) : null;
  const refused = !answer.ok ? answer.message : outcome && !outcome.ok ? outcome.message : undefined;
  $promo.set({ terms: answer.ok && refused === undefined ? answer.terms : null, refused, checking: false });
}

export function removePromoCode(): void {
  $promo.set(NO_PROMO);
}
