import { describe, expect, it } from 'vitest';
import { catalogueFromTenant, type CatalogueSource } from './catalogue.ts';
import { PricingError } from './pricing-error.ts';
import { BROWNIE, CHEESE, COLA, CRUST, DESSERTS, LARGE, MARGHERITA, menuSource, PIZZAS, SMALL } from './test-menu.ts';

function withChange(change: (source: CatalogueSource) => CatalogueSource): CatalogueSource {
  return change(menuSource());
}

describe('catalogueFromTenant', () => {
  const catalogue = catalogueFromTenant(menuSource());

  it('indexes products, groups, sizes, options and ingredients by id', () => {
    expect(catalogue.products.get(MARGHERITA)?.name).toBe('Margherita');
    expect(catalogue.groups.get(PIZZAS)?.halfHalfSurcharge).toBe(2);
    expect(catalogue.sizes.get(LARGE)?.price).toBe(15);
    expect(catalogue.options.get(CRUST)?.choices).toHaveLength(3);
    expect(catalogue.ingredients.get(CHEESE)?.price).toBe(2);
    expect(catalogue.retailerInfo.baseDeliveryFee).toBe(5.5);
    expect(catalogue.allowHalfHalfInSpecials).toBe(false);
  });

  it("offers each product at its own size prices, not the group's defaults", () => {
    const offer = catalogue.offers.get(MARGHERITA);
    expect(offer?.sizes.get(SMALL)?.price).toBe(12);
    expect(offer?.sizes.get(LARGE)?.price).toBe(18.5);
    expect(offer?.group.productGroupId).toBe(PIZZAS);
    expect([...(offer?.optionIds ?? [])]).toEqual([CRUST]);
    expect(offer?.extraIds.has(CHEESE)).toBe(true);
    expect(offer?.ingredientIds.has(CHEESE)).toBe(true);
    expect(catalogue.offers.get(COLA)?.optionIds.size).toBe(0);
  });

  it.each([
    [
      'a product without details',
      withChange((source) => ({
        ...source,
        productDetails: source.productDetails.filter((detail) => detail.productId !== BROWNIE),
      })),
      BROWNIE,
    ],
    [
      'a product whose group is gone',
      withChange((source) => ({
        ...source,
        productsInfoSsr: {
          ...source.productsInfoSsr,
          groups: source.productsInfoSsr.groups.filter((group) => group.productGroupId !== DESSERTS),
        },
      })),
      BROWNIE,
    ],
    [
      'details of a product no longer listed',
      withChange((source) => ({
        ...source,
        productsInfoSsr: {
          ...source.productsInfoSsr,
          products: source.productsInfoSsr.products.filter((product) => product.productId !== COLA),
        },
      })),
      COLA,
    ],
  ])('does not offer %s', (_, source, productId) => {
    expect(catalogueFromTenant(source).offers.has(productId)).toBe(false);
  });

  it.each([
    [
      'productId',
      withChange((source) => ({
        ...source,
        productsInfoSsr: {
          ...source.productsInfoSsr,
          products: [...source.productsInfoSsr.products, ...source.productsInfoSsr.products.slice(0, 1)],
        },
      })),
    ],
    [
      'productGroupId',
      withChange((source) => ({
        ...source,
        productsInfoSsr: {
          ...source.productsInfoSsr,
          groups: [...source.productsInfoSsr.groups, ...source.productsInfoSsr.groups.slice(0, 1)],
        },
      })),
    ],
    [
      'retailerProductSizeId',
      withChange((source) => ({
        ...source,
        productsInfo: {
          ...source.productsInfo,
          sizes: [...source.productsInfo.sizes, ...source.productsInfo.sizes.slice(0, 1)],
        },
      })),
    ],
    [
      'retailerProductOptionId',
      withChange((source) => ({
        ...source,
        productsInfo: {
          ...source.productsInfo,
          options: [...source.productsInfo.options, ...source.productsInfo.options.slice(0, 1)],
        },
      })),
    ],
    [
      'ingredientId',
      withChange((source) => ({
        ...source,
        productsInfo: {
          ...source.productsInfo,
          ingredients: [...source.productsInfo.ingredients, ...source.productsInfo.ingredients.slice(0, 1)],
        },
      })),
    ],
    [
      'product detail',
      withChange((source) => ({
        ...source,
        productDetails: [...source.productDetails, ...source.productDetails.slice(0, 1)],
      })),
    ],
    [
      'size of product',
      withChange((source) => ({
        ...source,
        productDetails: source.productDetails.map((detail) =>
          detail.productId === MARGHERITA
            ? { ...detail, productSizes: [...detail.productSizes, ...detail.productSizes] }
            : detail,
        ),
      })),
    ],
  ])('refuses a duplicate %s, whose price would be ambiguous', (label, source) => {
    const build = () => catalogueFromTenant(source);
    expect(build).toThrow(PricingError);
    expect(build).toThrow(new RegExp(`duplicate ${label}`));
    try {
      build();
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalid-catalogue', name: 'PricingError' });
    }
  });
});
