import type { CartExtra } from '../cart/schemas.ts';
import type { Ingredient, ProductGroup, RetailerInfo } from '../tenant/index.ts';
import type { Catalogue, ProductOffer } from './catalogue.ts';
import { toCents } from './money.ts';
import { PricingError } from './pricing-error.ts';

const REMOVED = -1;

/** One unit of an extra: type 1 charges the ingredient's price, type 2 the group's (or the ingredient's default) extra price unless the ingredient overrides it. */
export function extraUnitCents(ingredient: Ingredient, group: ProductGroup, retailerInfo: RetailerInfo): number {
  if (retailerInfo.ingredientsPriceType === 1 || ingredient.overrideGroupPrice) return toCents(ingredient.price);
  return toCents(group.extraPrice ?? ingredient.defaultExtraPrice);
}

/**
 * Extras added to and ingredients removed from one product (or one half). A removed ingredient
 * is free, or credited at what it would cost as an extra when the retailer takes it off the price.
 */
export function extrasCents(extras: readonly CartExtra[], offer: ProductOffer, catalogue: Catalogue): number {
  let total = 0;
  for (const extra of extras) {
    const { quantity, ingredientId } = extra;
    if (!Number.isInteger(quantity) || (quantity !== REMOVED && quantity < 1)) {
      throw new PricingError(
        'invalid-item',
        `ingredient ${ingredientId} has quantity ${String(quantity)}; expected -1 (removed) or 1 or more`,
      );
    }
    const ingredient = catalogue.ingredients.get(ingredientId);
    const offered = quantity === REMOVED ? offer.ingredientIds : offer.extraIds;
    if (!ingredient || !offered.has(ingredientId)) {
      const what = quantity === REMOVED ? 'a removable ingredient' : 'an extra';
      throw new PricingError(
        'unknown-ingredient',
        `ingredient ${ingredientId} (${extra.name}) is no longer ${what} of ${offer.product.name}`,
      );
    }
    if (quantity === REMOVED && !catalogue.retailerInfo.ingredientsOffProductPrice) continue;
    total += extraUnitCents(ingredient, offer.group, catalogue.retailerInfo) * quantity;
  }
  return total;
}
