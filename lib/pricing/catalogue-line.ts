import type { CartExtra, CartHalf, CartOption, CartProduct } from '../cart/schemas.ts';
import type { Catalogue, ProductOffer } from './catalogue.ts';
import { PricingError } from './pricing-error.ts';

/**
 * A cart line as the catalogue describes it. Only the ids, quantities and the customer's own
 * choices (half-and-half, how it was added) come from the line; every name, size and price shown
 * to the kitchen is the retailer's, so a client cannot label a Small Margherita "FAMILY SUPREME x10".
 */

function offerOf(catalogue: Catalogue, productId: number): ProductOffer {
  const offer = catalogue.offers.get(productId);
  if (!offer) throw new PricingError('unknown-product', `product ${productId} is no longer on the menu`);
  return offer;
}

function sizeOf(offer: ProductOffer, retailerProductSizeId: number): CartProduct['size'] {
  const size = offer.sizes.get(retailerProductSizeId);
  if (!size)
    throw new PricingError('unknown-size', `size ${retailerProductSizeId} is no longer sold for ${offer.product.name}`);
  return { ...size };
}

function extrasOf(extras: readonly CartExtra[], catalogue: Catalogue): CartExtra[] {
  return extras.map(({ ingredientId, quantity }) => {
    const ingredient = catalogue.ingredients.get(ingredientId);
    if (!ingredient)
      throw new PricingError('unknown-ingredient', `ingredient ${ingredientId} is no longer on the menu`);
    const { name, price, defaultExtraPrice, overrideGroupPrice } = ingredient;
    return { ingredientId, name, quantity, price, defaultExtraPrice, overrideGroupPrice };
  });
}

function optionsOf(options: readonly CartOption[], catalogue: Catalogue): CartOption[] {
  return options.map(({ retailerProductOptionId, retailerProductOptionChoiceId }) => {
    const choice = catalogue.options
      .get(retailerProductOptionId)
      ?.choices.find((candidate) => candidate.retailerProductOptionChoiceId === retailerProductOptionChoiceId);
    if (!choice)
      throw new PricingError(
        'unknown-option',
        `option ${retailerProductOptionId} choice ${retailerProductOptionChoiceId} is no longer offered`,
      );
    return {
      retailerProductOptionId,
      retailerProductOptionChoiceId,
      name: choice.name,
      defaultPrice: choice.defaultPrice,
    };
  });
}

function halfOf(half: CartHalf, catalogue: Catalogue): CartHalf {
  const offer = offerOf(catalogue, half.productId);
  return {
    productId: offer.product.productId,
    productGroupId: offer.product.productGroupId,
    productName: offer.product.name,
    size: sizeOf(offer, half.size.retailerProductSizeId),
    extras: extrasOf(half.extras, catalogue),
  };
}

/** The line with the catalogue's names, sizes, options and extras; throws PricingError for anything no longer sold. */
export function catalogueLine(line: CartProduct, catalogue: Catalogue): CartProduct {
  const offer = offerOf(catalogue, line.productId);
  return {
    ...line,
    productGroupId: offer.product.productGroupId,
    productName: offer.product.name,
    size: sizeOf(offer, line.size.retailerProductSizeId),
    secondHalf: line.secondHalf === null ? null : halfOf(line.secondHalf, catalogue),
    extras: extrasOf(line.extras, catalogue),
    options: optionsOf(line.options, catalogue),
  };
}
