import { describe, expect, it } from 'vitest';
import { catalogueFromTenant } from '../pricing/catalogue.ts';
import { priceCartItem } from '../pricing/item-price.ts';
import {
  BASIL,
  CHEESE,
  CLASSIC,
  COLA,
  CRUST,
  HAM,
  LARGE,
  MARGHERITA,
  menuSource,
  OLIVES,
  PEPPERONI,
  PIZZAS,
  SMALL,
  STUFFED,
  SUPREME,
  testCatalogue,
  THIN,
  WEDGES,
} from '../pricing/test-menu.ts';
import {
  buildCartLine,
  builderPrice,
  defaultSelection,
  extrasOnHalf,
  otherHalfPrices,
  productChoices,
  selectionFromLine,
  selectionProblems,
  type LineSelection,
} from './line-builder.ts';

/** The test shop with its pizzas sold as half-and-halfs and the crust a required choice. */
function halvingCatalogue(retailerInfo: { ingredientsOffProductPrice?: boolean; halfHalfPriceType?: 1 | 2 } = {}) {
  const source = menuSource();
  return catalogueFromTenant({
    ...source,
    productsInfoSsr: {
      ...source.productsInfoSsr,
      products: source.productsInfoSsr.products.map((product) => ({
        ...product,
        isHalfHalf: product.productGroupId === 1,
      })),
    },
    productsInfo: {
      ...source.productsInfo,
      options: source.productsInfo.options.map((option) => ({
        ...option,
        required: option.retailerProductOptionId === CRUST,
      })),
    },
    config: { ...source.config, retailerInfo: { ...source.config.retailerInfo, ...retailerInfo } },
  });
}

const selection = (changes: Partial<LineSelection>): LineSelection => ({
  productId: MARGHERITA,
  retailerProductSizeId: SMALL,
  options: { [CRUST]: CLASSIC },
  extras: {},
  removed: [],
  secondHalf: null,
  quantity: 1,
  ...changes,
});

describe('productChoices', () => {
  it('lists sizes, options, extras priced by ingredient type and removable ingredients', () => {
    const choices = productChoices(halvingCatalogue(), MARGHERITA);
    expect(choices?.sizes).toEqual([
      { retailerProductSizeId: SMALL, name: 'Small', priceCents: 1200 },
      { retailerProductSizeId: LARGE, name: 'Large', priceCents: 1850 },
    ]);
    expect(choices?.options).toEqual([
      expect.objectContaining({
        retailerProductOptionId: CRUST,
        required: true,
        choices: expect.arrayContaining([{ retailerProductOptionChoiceId: STUFFED, name: 'Stuffed', priceCents: 320 }]),
      }),
    ]);
    expect(choices?.extras.find((extra) => extra.ingredientId === CHEESE)).toEqual({
      ingredientId: CHEESE,
      name: 'Cheese',
      unitCents: 200,
    });
    expect(choices?.ingredients).toEqual([
      { ingredientId: CHEESE, name: 'Cheese', creditCents: 0 },
      { ingredientId: BASIL, name: 'Basil', creditCents: 0 },
    ]);
    expect(choices?.halfHalfPartners.map((partner) => partner.productId)).toEqual([PEPPERONI, SUPREME]);
    expect(choices?.halfHalfSurchargeCents).toBe(200);
  });

  it.each([
    ['removing credits nothing', false, 0],
    ['removing credits the extra price', true, 200],
  ])('%s', (_name, ingredientsOffProductPrice, credit) => {
    expect(
      productChoices(halvingCatalogue({ ingredientsOffProductPrice }), MARGHERITA)?.ingredients[0]?.creditCents,
    ).toBe(credit);
  });

  it('offers no halves outside a half-and-half group, and nothing for an unknown product', () => {
    expect(productChoices(halvingCatalogue(), WEDGES)?.halfHalfPartners).toEqual([]);
    expect(
      productChoices(testCatalogue({ groups: { [PIZZAS]: { allowHalfHalf: false } } }), MARGHERITA)?.halfHalfPartners,
    ).toEqual([]);
    expect(productChoices(halvingCatalogue(), 999)).toBeNull();
  });
});

describe('selectionProblems', () => {
  const choices = productChoices(halvingCatalogue(), MARGHERITA);
  if (!choices) throw new Error('no choices');

  it.each([
    ['a complete selection', selection({}), []],
    [
      'the required crust left out',
      selection({ options: {} }),
      [{ field: `option-${CRUST}`, message: 'Choose a crust' }],
    ],
    [
      'a size the product has not',
      selection({ retailerProductSizeId: 77 }),
      [{ field: 'size', message: 'Choose a size' }],
    ],
    [
      'a second half from another group',
      selection({ secondHalf: { productId: COLA, extras: {}, removed: [] } }),
      [{ field: 'second-half', message: 'Choose the other half' }],
    ],
    ['no units', selection({ quantity: 0 }), [{ field: 'quantity', message: 'Choose a quantity from 1 to 99' }]],
    ['100 units', selection({ quantity: 100 }), [{ field: 'quantity', message: 'Choose a quantity from 1 to 99' }]],
  ])('%s', (_name, chosen, problems) => {
    expect(selectionProblems(choices, chosen)).toEqual(problems);
  });

  it('starts from the cheapest size with the required choices open', () => {
    expect(defaultSelection(choices)).toEqual({
      productId: MARGHERITA,
      retailerProductSizeId: SMALL,
      options: {},
      extras: {},
      removed: [],
      secondHalf: null,
      quantity: 1,
    });
    expect(selectionProblems(choices, defaultSelection(choices))).toHaveLength(1);
  });
});

describe('buildCartLine', () => {
  it.each([
    ['a plain small', selection({}), 1200],
    [
      'thin crust, two cheese, basil off',
      selection({ options: { [CRUST]: THIN }, extras: { [CHEESE]: 2 }, removed: [BASIL] }),
      1200 + 10 + 400,
    ],
    // Half of 18.50 + half of 19.95 (type 1) + 2.00 surcharge + olives on the second half at half price (halfHalfIngredPriceType 2 is not set, so full).
    [
      'large half Margherita, half Pepperoni with olives',
      selection({
        retailerProductSizeId: LARGE,
        secondHalf: { productId: PEPPERONI, extras: { [OLIVES]: 1 }, removed: [HAM] },
      }),
      925 + 998 + 200 + 10,
    ],
  ])('%s costs what the cart rules say', (_name, chosen, unitCents) => {
    const catalogue = halvingCatalogue();
    const { line, price } = buildCartLine(catalogue, chosen);
    expect(price.unitCents).toBe(unitCents);
    expect(line.historicPrice * 100).toBeCloseTo(unitCents, 6);
    expect(priceCartItem({ ...line, uuid: 'x', timeStamp: 0 }, catalogue)).toBe(unitCents);
  });

  it('writes the line in the catalogue names, with removed ingredients as quantity -1', () => {
    const { line } = buildCartLine(
      halvingCatalogue(),
      selection({
        retailerProductSizeId: LARGE,
        extras: { [CHEESE]: 1 },
        removed: [BASIL],
        secondHalf: { productId: SUPREME, extras: {}, removed: [OLIVES] },
        quantity: 3,
      }),
      { addedByTrending: true },
    );
    expect(line).toMatchObject({
      productName: 'Margherita',
      size: { name: 'Large' },
      isHalfHalf: true,
      secondHalf: {
        productName: 'Supreme',
        size: { name: 'Large' },
        extras: [expect.objectContaining({ ingredientId: OLIVES, name: 'Olives', quantity: -1 })],
      },
      extras: [
        expect.objectContaining({ name: 'Cheese', quantity: 1 }),
        expect.objectContaining({ name: 'Basil', quantity: -1 }),
      ],
      options: [
        { retailerProductOptionId: CRUST, retailerProductOptionChoiceId: CLASSIC, name: 'Classic', defaultPrice: 0 },
      ],
      quantity: 3,
      addedByTrending: true,
    });
  });

  it('reopens a line with the selection it was built from', () => {
    const chosen = selection({
      retailerProductSizeId: LARGE,
      extras: { [CHEESE]: 2 },
      removed: [BASIL],
      secondHalf: { productId: PEPPERONI, extras: { [OLIVES]: 1 }, removed: [] },
      quantity: 2,
    });
    const { line } = buildCartLine(halvingCatalogue(), chosen);
    expect(selectionFromLine({ ...line, uuid: 'a', timeStamp: 1 })).toEqual(chosen);
  });
});

describe('half-and-half limited to some sizes', () => {
  const largeOnly = () => testCatalogue({ groups: { [PIZZAS]: { halfHalfSizeIds: [LARGE] } } });
  const choices = productChoices(largeOnly(), MARGHERITA);
  if (!choices) throw new Error('no choices');

  it('offers halves only in the sizes the group lists', () => {
    expect(choices.halfHalfSizeIds).toEqual([LARGE]);
    expect(choices.halfHalfPartners).toEqual([
      { productId: PEPPERONI, name: 'Pepperoni', sizeIds: [LARGE] },
      { productId: SUPREME, name: 'Supreme', sizeIds: [LARGE] },
    ]);
    expect(productChoices(testCatalogue(), MARGHERITA)?.halfHalfSizeIds).toEqual([SMALL, LARGE]);
  });

  it.each([
    [
      'a large half-and-half',
      selection({ retailerProductSizeId: LARGE, secondHalf: { productId: PEPPERONI, extras: {}, removed: [] } }),
      [],
    ],
    [
      'a small half-and-half',
      selection({ secondHalf: { productId: PEPPERONI, extras: {}, removed: [] } }),
      [{ field: 'second-half', message: 'Half & half is made in Large only' }],
    ],
    ['a small whole pizza', selection({}), []],
  ])('%s', (_name, chosen, problems) => {
    expect(selectionProblems(choices, chosen)).toEqual(problems);
  });
});

describe('builderPrice', () => {
  const catalogue = halvingCatalogue();
  const choices = productChoices(catalogue, MARGHERITA);
  if (!choices) throw new Error('no choices');
  const largeOnly = testCatalogue({ groups: { [PIZZAS]: { halfHalfSizeIds: [LARGE] } } });
  const largeOnlyChoices = productChoices(largeOnly, MARGHERITA);
  if (!largeOnlyChoices) throw new Error('no choices');
  const pepperoniHalf = { productId: PEPPERONI, extras: {}, removed: [] };

  it.each<[string, LineSelection, { unitCents: number; exact: boolean }]>([
    ['the required crust open: from the cheapest crust', selection({ options: {} }), { unitCents: 1200, exact: false }],
    [
      'a dearer size with the crust open: from that size',
      selection({ retailerProductSizeId: LARGE, options: {} }),
      { unitCents: 1850, exact: false },
    ],
    [
      'extras count while the crust is open',
      selection({ options: {}, extras: { [CHEESE]: 1 } }),
      { unitCents: 1400, exact: false },
    ],
    [
      'a half-and-half with the crust open',
      selection({ retailerProductSizeId: LARGE, options: {}, secondHalf: pepperoniHalf }),
      { unitCents: 925 + 998 + 200, exact: false },
    ],
    ['every choice made: exact', selection({ options: { [CRUST]: STUFFED } }), { unitCents: 1520, exact: true }],
    ['a quantity out of range still shows a unit price', selection({ quantity: 0 }), { unitCents: 1200, exact: false }],
  ])('%s', (_name, chosen, price) => {
    expect(builderPrice(catalogue, choices, chosen)).toEqual(price);
  });

  it('prices a half-and-half in a size the group does not halve as the whole pizza, from', () => {
    expect(builderPrice(largeOnly, largeOnlyChoices, selection({ secondHalf: pepperoniHalf }))).toEqual({
      unitCents: 1200,
      exact: false,
    });
    expect(
      builderPrice(largeOnly, largeOnlyChoices, selection({ retailerProductSizeId: LARGE, secondHalf: pepperoniHalf })),
    ).toEqual({ unitCents: 1923 + 200, exact: true });
  });

  it('matches the price the cart line gets once complete', () => {
    const chosen = selection({
      retailerProductSizeId: LARGE,
      options: { [CRUST]: THIN },
      extras: { [CHEESE]: 2 },
      secondHalf: { productId: SUPREME, extras: { [OLIVES]: 1 }, removed: [] },
    });
    expect(builderPrice(catalogue, choices, chosen)).toEqual({
      unitCents: buildCartLine(catalogue, chosen).price.unitCents,
      exact: true,
    });
  });
});

describe('otherHalfPrices: what each choice of the other half makes the pizza cost', () => {
  it.each([
    // Large Margherita $18.50, Pepperoni $19.95, Supreme $22.40, classic crust, $2.00 to halve.
    ['half of each price (type 1)', 1, { whole: 1850, [PEPPERONI]: 1923 + 200, [SUPREME]: 2045 + 200 }],
    ['the dearer price (type 2)', 2, { whole: 1850, [PEPPERONI]: 1995 + 200, [SUPREME]: 2240 + 200 }],
  ] as const)('%s', (_name, halfHalfPriceType, expected) => {
    const catalogue = halvingCatalogue({ halfHalfPriceType });
    const choices = productChoices(catalogue, MARGHERITA);
    if (!choices) throw new Error('no choices');
    const chosen = selection({ retailerProductSizeId: LARGE });
    const prices = otherHalfPrices(catalogue, choices, chosen);
    expect(prices.whole).toEqual({ unitCents: expected.whole, exact: true });
    expect(prices.halves.get(PEPPERONI)).toEqual({ unitCents: expected[PEPPERONI], exact: true });
    expect(prices.halves.get(SUPREME)).toEqual({ unitCents: expected[SUPREME], exact: true });
    // Each price is the one the add button shows once that half is chosen.
    expect(prices.halves.get(SUPREME)).toEqual(
      builderPrice(catalogue, choices, { ...chosen, secondHalf: { productId: SUPREME, extras: {}, removed: [] } }),
    );
  });

  it('keeps the extras of the half already chosen', () => {
    const catalogue = halvingCatalogue();
    const choices = productChoices(catalogue, MARGHERITA);
    if (!choices) throw new Error('no choices');
    const chosen = selection({
      retailerProductSizeId: LARGE,
      secondHalf: { productId: PEPPERONI, extras: { [CHEESE]: 1 }, removed: [] },
    });
    expect(otherHalfPrices(catalogue, choices, chosen).halves.get(PEPPERONI)).toEqual(
      builderPrice(catalogue, choices, chosen),
    );
  });
});

describe('extrasOnHalf: what an extra on a half is labelled', () => {
  const whole = {
    extras: [
      { ingredientId: CHEESE, name: 'Cheese', unitCents: 200 },
      { ingredientId: OLIVES, name: 'Olives', unitCents: 75 },
    ],
    ingredients: [
      { ingredientId: BASIL, name: 'Basil', creditCents: 75 },
      { ingredientId: HAM, name: 'Ham', creditCents: 0 },
    ],
  };
  it.each([
    ['full price (type 1)', 1, [200, 75], [75, 0]],
    ['half price (type 2), an odd cent rounded as the till rounds one extra', 2, [100, 38], [37, 0]],
  ] as const)('%s', (_name, type, extraCents, creditCents) => {
    const onHalf = extrasOnHalf(whole, type);
    expect(onHalf.extras.map((extra) => extra.unitCents)).toEqual(extraCents);
    expect(onHalf.ingredients.map((ingredient) => ingredient.creditCents)).toEqual(creditCents);
  });

  it.each([1, 2] as const)(
    'labels each extra on a half with what it adds to the half-and-half (type %s)',
    (halfHalfIngredPriceType) => {
      const catalogue = testCatalogue({ retailerInfo: { halfHalfIngredPriceType, ingredientsOffProductPrice: true } });
      const choices = productChoices(catalogue, PEPPERONI);
      if (!choices) throw new Error('no choices');
      const halfHalf = selection({
        retailerProductSizeId: LARGE,
        secondHalf: { productId: PEPPERONI, extras: {}, removed: [] },
      });
      const plain = buildCartLine(catalogue, halfHalf).price.unitCents;
      const onHalf = extrasOnHalf(choices, halfHalfIngredPriceType);
      for (const extra of onHalf.extras) {
        const withExtra = buildCartLine(catalogue, {
          ...halfHalf,
          secondHalf: { productId: PEPPERONI, extras: { [extra.ingredientId]: 1 }, removed: [] },
        }).price.unitCents;
        expect(withExtra - plain, extra.name).toBe(extra.unitCents);
      }
      for (const ingredient of onHalf.ingredients) {
        const without = buildCartLine(catalogue, {
          ...halfHalf,
          secondHalf: { productId: PEPPERONI, extras: {}, removed: [ingredient.ingredientId] },
        }).price.unitCents;
        expect(plain - without, ingredient.name).toBe(ingredient.creditCents);
      }
    },
  );
});
