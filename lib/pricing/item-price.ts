import type { CartOption, CartProduct } from '../cart/schemas.ts';
import type { Catalogue, ProductOffer } from './catalogue.ts';
import { extrasCents } from './extras.ts';
import { halfHalfExtrasCents, halfHalfRefusal, halfHalfSizeCents } from './half-half.ts';
import { toCents } from './money.ts';
import { PricingError } from './pricing-error.ts';

export { PricingError, type PricingErrorCode } from './pricing-error.ts';

/** The product, group and size a half (or a whole product) was priced as. */
export interface PricedHalf {
  productId: number;
  productGroupId: number;
  retailerProductSizeId: number;
}

/** One unit of a cart line, in cents, split the way specials need it. */
export interface ItemPrice {
  /** The size price; for a half-and-half the combined halves, without the surcharge. */
  baseCents: number;
  halfHalfSurchargeCents: number;
  optionsCents: number;
  extrasCents: number;
  /** Everything summed, never below zero: credits for removed ingredients do not pay the customer. */
  unitCents: number;
  halves: readonly PricedHalf[];
}

function optionsCents(options: readonly CartOption[], offer: ProductOffer, catalogue: Catalogue): number {
  let total = 0;
  for (const chosen of options) {
    const option = offer.optionIds.has(chosen.retailerProductOptionId)
      ? catalogue.options.get(chosen.retailerProductOptionId)
      : undefined;
    const choice = option?.choices.find(
      (candidate) => candidate.retailerProductOptionChoiceId === chosen.retailerProductOptionChoiceId,
    );
    if (!choice) {
      throw new PricingError(
        'unknown-option',
        `option ${chosen.retailerProductOptionId} choice ${chosen.retailerProductOptionChoiceId} (${chosen.name}) is no longer offered for ${offer.product.name}`,
      );
    }
    total += toCents(choice.defaultPrice);
  }
  return total;
}

function sizeCents(offer: ProductOffer, retailerProductSizeId: number): number {
  const size = offer.sizes.get(retailerProductSizeId);
  if (!size)
    throw new PricingError('unknown-size', `size ${retailerProductSizeId} is no longer sold for ${offer.product.name}`);
  return toCents(size.price);
}

function pricedHalf(offer: ProductOffer, retailerProductSizeId: number): PricedHalf {
  return { productId: offer.product.productId, productGroupId: offer.product.productGroupId, retailerProductSizeId };
}

/** The unit price of a cart line from the current catalogue, ignoring the prices stored on the line. */
export function priceCartItemParts(item: CartProduct, catalogue: Catalogue): ItemPrice {
  const offer = catalogue.offers.get(item.productId);
  if (!offer)
    throw new PricingError(
      'unknown-product',
      `product ${item.productId} (${item.productName}) is no longer on the menu`,
    );
  const sizeId = item.size.retailerProductSizeId;
  const firstSizeCents = sizeCents(offer, sizeId);
  const firstExtrasCents = extrasCents(item.extras, offer, catalogue);
  const options = optionsCents(item.options, offer, catalogue);
  const secondHalf = item.secondHalf ?? null;

  let parts: Omit<ItemPrice, 'unitCents' | 'optionsCents'>;
  if (!item.isHalfHalf) {
    if (secondHalf !== null)
      throw new PricingError('invalid-item', `${item.productName} has a second half but is not a half-and-half`);
    parts = {
      baseCents: firstSizeCents,
      halfHalfSurchargeCents: 0,
      extrasCents: firstExtrasCents,
      halves: [pricedHalf(offer, sizeId)],
    };
  } else {
    if (secondHalf === null)
      throw new PricingError('unknown-second-half', `half-and-half ${item.productName} has no second half`);
    const secondOffer = catalogue.offers.get(secondHalf.productId);
    if (!secondOffer)
      throw new PricingError(
        'unknown-second-half',
        `second half ${secondHalf.productId} (${secondHalf.productName}) is no longer on the menu`,
      );
    const secondSizeId = secondHalf.size.retailerProductSizeId;
    const secondSizeCents = sizeCents(secondOffer, secondSizeId);
    const refusal = halfHalfRefusal(offer, secondOffer, sizeId, secondSizeId);
    if (refusal !== null) throw new PricingError('half-half-not-allowed', refusal);
    const { halfHalfPriceType, halfHalfIngredPriceType } = catalogue.retailerInfo;
    parts = {
      baseCents: halfHalfSizeCents(firstSizeCents, secondSizeCents, halfHalfPriceType),
      halfHalfSurchargeCents: toCents(offer.group.halfHalfSurcharge),
      extrasCents: halfHalfExtrasCents(
        firstExtrasCents,
        extrasCents(secondHalf.extras, secondOffer, catalogue),
        halfHalfIngredPriceType,
      ),
      halves: [pricedHalf(offer, sizeId), pricedHalf(secondOffer, secondSizeId)],
    };
  }
  const unitCents = Math.max(0, parts.baseCents + parts.halfHalfSurchargeCents + options + parts.extrasCents);
  return { ...parts, optionsCents: options, unitCents };
}

/** Unit price in cents. Throws PricingError when the line refers to something no longer sold. */
export function priceCartItem(item: CartProduct, catalogue: Catalogue): number {
  return priceCartItemParts(item, catalogue).unitCents;
}

export function assertLineQuantity(item: Pick<CartProduct, 'quantity' | 'productName'>): number {
  const { quantity } = item;
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new PricingError(
      'invalid-item',
      `${item.productName} has quantity ${String(quantity)}; expected a whole number of 1 or more`,
    );
  }
  return quantity;
}

/** Unit price times quantity, in cents. */
export function linePriceCents(item: CartProduct, catalogue: Catalogue): number {
  return priceCartItem(item, catalogue) * assertLineQuantity(item);
}
