import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../cart/schemas.ts';
import type { RetailerInfo } from '../tenant/index.ts';
import { catalogueFromTenant } from './catalogue.ts';
import {
  linePriceCents,
  priceCartItem,
  priceCartItemParts,
  PricingError,
  type PricingErrorCode,
} from './item-price.ts';
import { formatMoney } from './money.ts';
import {
  BASIL,
  CAN,
  CHEESE,
  CLASSIC,
  COLA,
  CRUST,
  DIP,
  GARLIC_BREAD,
  GARLIC_DIP,
  HAM,
  LARGE,
  MARGHERITA,
  menuSource,
  NO_DIP,
  OLIVES,
  PEPPERONI,
  PIZZAS,
  PRAWNS,
  REGULAR_SIDE,
  SMALL,
  STUFFED,
  SUPREME,
  THIN,
  WEDGES,
  cartItem,
  extra,
  half,
  halfHalf,
  option,
  testCatalogue,
} from './test-menu.ts';

const shop = testCatalogue();

describe('priceCartItem: a single product', () => {
  it.each<[string, CartProduct, number]>([
    ['small Margherita at its own size price', cartItem(MARGHERITA, SMALL), 1200],
    ['large Margherita', cartItem(MARGHERITA, LARGE), 1850],
    ['large Pepperoni ($19.95)', cartItem(PEPPERONI, LARGE), 1995],
    ['garlic bread ($4.95)', cartItem(GARLIC_BREAD, REGULAR_SIDE), 495],
    ['classic crust (free option)', cartItem(MARGHERITA, LARGE, { options: [option(CRUST, CLASSIC)] }), 1850],
    ['thin crust (+$0.10)', cartItem(MARGHERITA, LARGE, { options: [option(CRUST, THIN)] }), 1860],
    ['stuffed crust (+$3.20)', cartItem(MARGHERITA, SMALL, { options: [option(CRUST, STUFFED)] }), 1520],
    [
      'a negatively priced choice (no dip -$0.50)',
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { options: [option(DIP, NO_DIP)] }),
      445,
    ],
    ['garlic dip (+$0.20)', cartItem(GARLIC_BREAD, REGULAR_SIDE, { options: [option(DIP, GARLIC_DIP)] }), 515],
    [
      '$0.10 + $0.20 extras without float drift',
      cartItem(MARGHERITA, LARGE, { extras: [extra(OLIVES), extra(HAM)] }),
      1880,
    ],
    ['an extra twice', cartItem(MARGHERITA, SMALL, { extras: [extra(CHEESE, 2)] }), 1600],
    [
      'thin crust plus olives plus ham',
      cartItem(PEPPERONI, LARGE, { options: [option(CRUST, THIN)], extras: [extra(OLIVES), extra(HAM)] }),
      2035,
    ],
    ['a removed ingredient is free by default', cartItem(MARGHERITA, SMALL, { extras: [extra(BASIL, -1)] }), 1200],
  ])('%s', (_, item, cents) => {
    expect(priceCartItem(item, shop)).toBe(cents);
  });

  it('ignores the prices stored on the line: the current catalogue decides', () => {
    const stale = cartItem(MARGHERITA, SMALL, {
      historicPrice: 99,
      size: { ...cartItem(MARGHERITA, SMALL).size, price: 99, defaultProductPrice: 99 },
      extras: [{ ...extra(CHEESE), price: 50, defaultExtraPrice: 50, overrideGroupPrice: true }],
      options: [{ ...option(CRUST, THIN), defaultPrice: 40 }],
    });
    expect(priceCartItem(stale, shop)).toBe(1200 + 200 + 10);
  });

  it('prices three lines of $4.95 at exactly $14.85', () => {
    const line = cartItem(GARLIC_BREAD, REGULAR_SIDE, { quantity: 3 });
    expect(linePriceCents(line, shop)).toBe(1485);
    expect(formatMoney(linePriceCents(line, shop))).toBe('$14.85');
  });
});

describe('extras by ingredientsPriceType', () => {
  type Case = [string, Partial<RetailerInfo>, CartProduct, number];
  it.each<Case>([
    [
      'type 1 charges the ingredient price',
      { ingredientsPriceType: 1 },
      cartItem(MARGHERITA, SMALL, { extras: [extra(CHEESE)] }),
      1200 + 200,
    ],
    [
      'type 2 charges the ingredient default extra price when the group sets none',
      { ingredientsPriceType: 2 },
      cartItem(MARGHERITA, SMALL, { extras: [extra(CHEESE)] }),
      1200 + 100,
    ],
    [
      'type 2 charges the group extra price when set',
      { ingredientsPriceType: 2 },
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { extras: [extra(CHEESE)] }),
      495 + 150,
    ],
    [
      'type 2 group price applies to cheap ingredients too',
      { ingredientsPriceType: 2 },
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { extras: [extra(OLIVES)] }),
      495 + 150,
    ],
    [
      'type 2 lets an overriding ingredient keep its own price over the group price',
      { ingredientsPriceType: 2 },
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { extras: [extra(PRAWNS)] }),
      495 + 450,
    ],
    [
      'type 2 lets an overriding ingredient keep its own price over its default',
      { ingredientsPriceType: 2 },
      cartItem(MARGHERITA, SMALL, { extras: [extra(PRAWNS)] }),
      1200 + 450,
    ],
    [
      'type 1 ignores the group extra price',
      { ingredientsPriceType: 1 },
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { extras: [extra(OLIVES)] }),
      495 + 10,
    ],
    [
      'type 2 multiplies by quantity',
      { ingredientsPriceType: 2 },
      cartItem(MARGHERITA, SMALL, { extras: [extra(HAM, 3)] }),
      1200 + 90,
    ],
  ])('%s', (_, retailerInfo, item, cents) => {
    expect(priceCartItem(item, testCatalogue({ retailerInfo }))).toBe(cents);
  });
});

describe('removed ingredients', () => {
  type Case = [string, Partial<RetailerInfo>, CartProduct, number];
  it.each<Case>([
    [
      'cost nothing when the retailer does not credit them',
      { ingredientsOffProductPrice: false },
      cartItem(MARGHERITA, SMALL, { extras: [extra(CHEESE, -1)] }),
      1200,
    ],
    [
      'are credited at the ingredient price (type 1)',
      { ingredientsOffProductPrice: true },
      cartItem(MARGHERITA, SMALL, { extras: [extra(CHEESE, -1)] }),
      1000,
    ],
    [
      'are credited at the extra price (type 2)',
      { ingredientsOffProductPrice: true, ingredientsPriceType: 2 },
      cartItem(MARGHERITA, SMALL, { extras: [extra(CHEESE, -1)] }),
      1100,
    ],
    [
      'credit and extras combine',
      { ingredientsOffProductPrice: true },
      cartItem(MARGHERITA, SMALL, { extras: [extra(BASIL, -1), extra(HAM)] }),
      1200 - 10 + 20,
    ],
    [
      'credits the group extra price (type 2)',
      { ingredientsOffProductPrice: true, ingredientsPriceType: 2 },
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { extras: [extra(CHEESE, -1)] }),
      495 - 150,
    ],
  ])('%s', (_, retailerInfo, item, cents) => {
    expect(priceCartItem(item, testCatalogue({ retailerInfo }))).toBe(cents);
  });

  it('never make a product cost less than nothing', () => {
    const source = menuSource();
    const catalogue = catalogueFromTenant({
      ...source,
      productsInfo: {
        ...source.productsInfo,
        ingredients: source.productsInfo.ingredients.map((ingredient) =>
          ingredient.ingredientId === CHEESE ? { ...ingredient, price: 9 } : ingredient,
        ),
      },
      config: { ...source.config, retailerInfo: { ...source.config.retailerInfo, ingredientsOffProductPrice: true } },
    });
    const item = cartItem(GARLIC_BREAD, REGULAR_SIDE, { extras: [extra(CHEESE, -1)] });
    expect(priceCartItemParts(item, catalogue)).toMatchObject({ baseCents: 495, extrasCents: -900, unitCents: 0 });
  });
});

describe('half-and-half', () => {
  type Case = [string, Partial<RetailerInfo>, CartProduct, number];
  it.each<Case>([
    [
      'type 1 sums half of each half plus the group surcharge',
      { halfHalfPriceType: 1 },
      halfHalf(MARGHERITA, SUPREME, LARGE),
      (1850 + 2240) / 2 + 200,
    ],
    ['type 1 rounds a half cent up', { halfHalfPriceType: 1 }, halfHalf(MARGHERITA, PEPPERONI, LARGE), 1923 + 200],
    ['type 1 on small pizzas', { halfHalfPriceType: 1 }, halfHalf(PEPPERONI, MARGHERITA, SMALL), 1263 + 200],
    [
      'type 2 charges the dearer half plus the surcharge',
      { halfHalfPriceType: 2 },
      halfHalf(MARGHERITA, PEPPERONI, LARGE),
      1995 + 200,
    ],
    ['type 2 whichever half is dearer', { halfHalfPriceType: 2 }, halfHalf(PEPPERONI, MARGHERITA, LARGE), 1995 + 200],
    [
      'the same pizza twice costs that pizza plus the surcharge',
      { halfHalfPriceType: 1 },
      halfHalf(MARGHERITA, MARGHERITA, LARGE),
      1850 + 200,
    ],
    [
      'extras on each half at full price (type 1)',
      { halfHalfIngredPriceType: 1 },
      halfHalf(MARGHERITA, PEPPERONI, LARGE, {
        extras: [extra(CHEESE)],
        secondHalf: half(PEPPERONI, LARGE, [extra(OLIVES)]),
      }),
      2123 + 200 + 10,
    ],
    [
      'extras on each half at half price (type 2)',
      { halfHalfIngredPriceType: 2 },
      halfHalf(MARGHERITA, PEPPERONI, LARGE, {
        extras: [extra(CHEESE)],
        secondHalf: half(PEPPERONI, LARGE, [extra(OLIVES)]),
      }),
      2123 + 105,
    ],
    [
      'half-price extras at the type 2 extra price',
      { halfHalfIngredPriceType: 2, ingredientsPriceType: 2 },
      halfHalf(MARGHERITA, PEPPERONI, LARGE, {
        extras: [extra(HAM)],
        secondHalf: half(PEPPERONI, LARGE, [extra(OLIVES), extra(CHEESE)]),
      }),
      2123 + 75,
    ],
    [
      'options apply once to the whole pizza',
      {},
      halfHalf(MARGHERITA, PEPPERONI, LARGE, { options: [option(CRUST, STUFFED)] }),
      2123 + 320,
    ],
    [
      'removed ingredients of the second half are credited',
      { ingredientsOffProductPrice: true },
      halfHalf(MARGHERITA, PEPPERONI, LARGE, { secondHalf: half(PEPPERONI, LARGE, [extra(HAM, -1)]) }),
      2123 - 20,
    ],
  ])('%s', (_, retailerInfo, item, cents) => {
    expect(priceCartItem(item, testCatalogue({ retailerInfo }))).toBe(cents);
  });

  it('splits the price into base, surcharge, options and extras for the specials engine', () => {
    const item = halfHalf(MARGHERITA, PEPPERONI, LARGE, { options: [option(CRUST, THIN)], extras: [extra(HAM)] });
    expect(priceCartItemParts(item, shop)).toEqual({
      baseCents: 1923,
      halfHalfSurchargeCents: 200,
      optionsCents: 10,
      extrasCents: 20,
      unitCents: 2153,
      halves: [
        { productId: MARGHERITA, productGroupId: PIZZAS, retailerProductSizeId: LARGE },
        { productId: PEPPERONI, productGroupId: PIZZAS, retailerProductSizeId: LARGE },
      ],
    });
  });
});

describe('half-and-half sizes a group restricts', () => {
  const largeOnly = testCatalogue({ groups: { [PIZZAS]: { halfHalfSizeIds: [LARGE] } } });
  it.each<[string, CartProduct, number | RegExp]>([
    ['a size the group halves is priced as before', halfHalf(MARGHERITA, PEPPERONI, LARGE), 1923 + 200],
    ['a whole pizza in a size the group does not halve is still sold', cartItem(MARGHERITA, SMALL), 1200],
    [
      'a half-and-half in a size the group does not halve is refused',
      halfHalf(MARGHERITA, PEPPERONI, SMALL),
      /Pizzas are not made half-and-half in Small/,
    ],
  ])('%s', (_, item, expected) => {
    if (typeof expected === 'number') expect(priceCartItem(item, largeOnly)).toBe(expected);
    else expect(() => priceCartItem(item, largeOnly)).toThrow(expected);
  });

  it('refuses with its own code, so the cart can say why the line went', () => {
    expect(() => priceCartItem(halfHalf(MARGHERITA, PEPPERONI, SMALL), largeOnly)).toThrow(
      expect.objectContaining({ code: 'half-half-not-allowed' }),
    );
  });

  it('refuses a half of a product the retailer does not offer as a half', () => {
    const source = menuSource();
    const catalogue = catalogueFromTenant({
      ...source,
      productsInfoSsr: {
        ...source.productsInfoSsr,
        products: source.productsInfoSsr.products.map((product) =>
          product.productId === SUPREME ? { ...product, isHalfHalf: false } : product,
        ),
      },
    });
    expect(() => priceCartItem(halfHalf(MARGHERITA, SUPREME, LARGE), catalogue)).toThrow(
      /Margherita and Supreme cannot be made half-and-half/,
    );
  });
});

describe('lines that cannot be priced', () => {
  const gone = cartItem(MARGHERITA, SMALL);
  type Case = [string, CartProduct, PricingErrorCode, RegExp];
  it.each<Case>([
    [
      'an unknown product',
      { ...gone, productId: 999, productName: 'Hawaiian' },
      'unknown-product',
      /product 999 \(Hawaiian\) is no longer on the menu/,
    ],
    [
      'a size the product is not sold in',
      { ...gone, size: { ...gone.size, retailerProductSizeId: CAN } },
      'unknown-size',
      /size 21 is no longer sold for Margherita/,
    ],
    [
      'a half-and-half without its second half',
      { ...gone, isHalfHalf: true, secondHalf: null },
      'unknown-second-half',
      /has no second half/,
    ],
    [
      'a second half no longer on the menu',
      halfHalf(MARGHERITA, PEPPERONI, LARGE, { secondHalf: { ...half(PEPPERONI, LARGE), productId: 998 } }),
      'unknown-second-half',
      /second half 998/,
    ],
    [
      'a second half in a size it is not sold in',
      halfHalf(MARGHERITA, PEPPERONI, LARGE, {
        secondHalf: { ...half(PEPPERONI, LARGE), size: { ...gone.size, retailerProductSizeId: CAN } },
      }),
      'unknown-size',
      /size 21 is no longer sold for Pepperoni/,
    ],
    [
      'a second half on a line that is not half-and-half',
      { ...gone, secondHalf: half(PEPPERONI, SMALL) },
      'invalid-item',
      /not a half-and-half/,
    ],
    [
      'an unknown ingredient',
      cartItem(MARGHERITA, SMALL, { extras: [extra(999)] }),
      'unknown-ingredient',
      /ingredient 999 .* no longer an extra of Margherita/,
    ],
    [
      'an extra the product does not offer',
      cartItem(COLA, CAN, { extras: [extra(CHEESE)] }),
      'unknown-ingredient',
      /no longer an extra of Cola/,
    ],
    [
      'removing an ingredient the product does not have',
      cartItem(MARGHERITA, SMALL, { extras: [extra(OLIVES, -1)] }),
      'unknown-ingredient',
      /no longer a removable ingredient of Margherita/,
    ],
    [
      'an unknown extra on the second half',
      halfHalf(MARGHERITA, PEPPERONI, LARGE, { secondHalf: half(PEPPERONI, LARGE, [extra(999)]) }),
      'unknown-ingredient',
      /ingredient 999/,
    ],
    ['an extra quantity of 0', { ...gone, extras: [extra(CHEESE, 0)] }, 'invalid-item', /quantity 0/],
    ['an extra quantity of -2', { ...gone, extras: [extra(CHEESE, -2)] }, 'invalid-item', /quantity -2/],
    ['a fractional extra quantity', { ...gone, extras: [extra(CHEESE, 1.5)] }, 'invalid-item', /quantity 1.5/],
    [
      'an extra quantity that is not a number',
      { ...gone, extras: [extra(CHEESE, Number.NaN)] },
      'invalid-item',
      /quantity NaN/,
    ],
    [
      'an option the product does not offer',
      cartItem(COLA, CAN, { options: [option(CRUST, THIN)] }),
      'unknown-option',
      /no longer offered for Cola/,
    ],
    [
      'an option choice that is gone',
      cartItem(MARGHERITA, SMALL, { options: [option(CRUST, 9999)] }),
      'unknown-option',
      /choice 9999/,
    ],
    [
      'an option that is gone',
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { options: [option(777, GARLIC_DIP)] }),
      'unknown-option',
      /option 777/,
    ],
    [
      'halves of a group that does not make half-and-halves',
      cartItem(GARLIC_BREAD, REGULAR_SIDE, { isHalfHalf: true, secondHalf: half(WEDGES, REGULAR_SIDE) }),
      'half-half-not-allowed',
      /Garlic bread and Wedges cannot be made half-and-half/,
    ],
    [
      'halves from two different menus',
      halfHalf(MARGHERITA, PEPPERONI, SMALL, { secondHalf: half(GARLIC_BREAD, REGULAR_SIDE) }),
      'half-half-not-allowed',
      /Margherita and Garlic bread cannot be made half-and-half/,
    ],
    [
      'halves of two sizes',
      halfHalf(MARGHERITA, PEPPERONI, LARGE, { secondHalf: half(PEPPERONI, SMALL) }),
      'half-half-not-allowed',
      /must be the same size/,
    ],
  ])('%s', (_, item, code, message) => {
    expect(() => priceCartItem(item, shop)).toThrow(PricingError);
    expect(() => priceCartItem(item, shop)).toThrow(message);
    try {
      priceCartItem(item, shop);
    } catch (error) {
      expect(error).toMatchObject({ code });
    }
  });

  it.each([[0], [-1], [1.5], [Number.NaN]])('a line quantity of %s', (quantity) => {
    expect(() => linePriceCents({ ...cartItem(WEDGES, REGULAR_SIDE), quantity }, shop)).toThrow(
      /expected a whole number of 1 or more/,
    );
  });

  it('a malformed amount in the catalogue fails loudly instead of rounding', () => {
    const source = menuSource();
    const catalogue = catalogueFromTenant({
      ...source,
      productDetails: source.productDetails.map((detail) =>
        detail.productId === MARGHERITA
          ? { ...detail, productSizes: detail.productSizes.map((size) => ({ ...size, price: 12.345 })) }
          : detail,
      ),
    });
    expect(() => priceCartItem(cartItem(MARGHERITA, SMALL), catalogue)).toThrow(/at most two decimals, got 12.345/);
  });
});
