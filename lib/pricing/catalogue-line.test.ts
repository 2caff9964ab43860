import { describe, expect, it } from 'vitest';
import { catalogueLine } from './catalogue-line.ts';
import { PricingError } from './pricing-error.ts';
import {
  cartItem,
  CHEESE,
  CRUST,
  halfHalf,
  LARGE,
  MARGHERITA,
  PEPPERONI,
  SMALL,
  STUFFED,
  testCatalogue,
} from './test-menu.ts';

describe('catalogueLine', () => {
  const catalogue = testCatalogue();

  it("replaces the client's names, sizes, options and extras with the menu's and keeps ids, quantities and flags", () => {
    const forged = cartItem(MARGHERITA, SMALL, {
      productName: 'FAMILY SUPREME x10',
      size: {
        retailerProductSizeId: SMALL,
        productGroupId: 1,
        productSizeId: 1,
        name: 'Family',
        price: 99,
        defaultProductPrice: 99,
      },
      extras: [
        {
          ingredientId: CHEESE,
          name: 'Gold leaf',
          quantity: 2,
          price: 0,
          defaultExtraPrice: 0,
          overrideGroupPrice: true,
        },
      ],
      options: [
        { retailerProductOptionId: CRUST, retailerProductOptionChoiceId: STUFFED, name: 'Free', defaultPrice: 0 },
      ],
      quantity: 3,
      addedByTrending: true,
    });
    const line = catalogueLine(forged, catalogue);
    const ingredient = catalogue.ingredients.get(CHEESE);
    const choice = catalogue.options
      .get(CRUST)
      ?.choices.find((candidate) => candidate.retailerProductOptionChoiceId === STUFFED);
    expect(line).toEqual({
      ...forged,
      productName: 'Margherita',
      size: catalogue.offers.get(MARGHERITA)?.sizes.get(SMALL),
      extras: [
        {
          ingredientId: CHEESE,
          name: ingredient?.name,
          quantity: 2,
          price: ingredient?.price,
          defaultExtraPrice: ingredient?.defaultExtraPrice,
          overrideGroupPrice: ingredient?.overrideGroupPrice,
        },
      ],
      options: [
        {
          retailerProductOptionId: CRUST,
          retailerProductOptionChoiceId: STUFFED,
          name: choice?.name,
          defaultPrice: choice?.defaultPrice,
        },
      ],
    });
  });

  it('names the second half of a half-and-half from the menu too', () => {
    const line = halfHalf(MARGHERITA, PEPPERONI, LARGE);
    const forged = { ...line, secondHalf: line.secondHalf && { ...line.secondHalf, productName: 'Lobster' } };
    expect(catalogueLine(forged, catalogue).secondHalf?.productName).toBe('Pepperoni');
  });

  it('throws a PricingError for a product no longer sold', () => {
    expect(() => catalogueLine(cartItem(MARGHERITA, SMALL, { productId: 9999 }), catalogue)).toThrow(PricingError);
  });
});
