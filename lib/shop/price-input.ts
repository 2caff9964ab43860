import type { DishPrice, ShopDish } from './dish-prices.ts';
import { MAX_DISH_PRICE_CENTS } from '../tenant/primitives.ts';

/**
 * "19.5", "$19.50" or "19" as cents; null for anything that is not an amount of at most two
 * decimals up to `maxCents` (a dish's price unless the field's schema allows more).
 */
export function parsePriceInput(text: string, maxCents: number = MAX_DISH_PRICE_CENTS): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= maxCents ? cents : null;
}

/** The price field's text for cents: "19.50". */
export const priceInputText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The draft to save: the server's draft with the fields typed since, by `productId:sizeId`. A field
 * that does not read as a price is named in `invalid` and nothing is saved until it is fixed.
 */
export function draftFromInputs(
  shop: { dishes: readonly ShopDish[] },
  typed: ReadonlyMap<string, string>,
): { prices: DishPrice[]; invalid: string[] } {
  const prices: DishPrice[] = [];
  const invalid: string[] = [];
  for (const dish of shop.dishes) {
    for (const size of dish.sizes) {
      const text = typed.get(`${dish.productId}:${size.sizeId}`);
      const cents = text === undefined ? size.draftCents : parsePriceInput(text);
      if (cents === null) invalid.push(`${dish.name}, ${size.name}`);
      else if (cents !== size.publishedCents)
        prices.push({ productId: dish.productId, sizeId: size.sizeId, priceCents: cents });
    }
  }
  return { prices, invalid };
}
