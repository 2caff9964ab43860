import { describe, expect, it } from 'vitest';
import { catalogueFromTenant } from '../pricing/catalogue.ts';
import { priceCartItem } from '../pricing/item-price.ts';
import { BASIL, CHEESE, CLASSIC, COLA, CRUST, HAM, LARGE, MARGHERITA, menuSource, OLIVES, PEPPERONI, SMALL, STUFFED, SUPREME, testCatalogue, THIN, WEDGES } from '../pricing/test-menu.ts';
import { buildCartLine, defaultSelection, productChoices, selectionFromLine, selectionProblems, type LineSelection } from './line-builder.ts';

/** The test shop with its pizzas sold as half-and-halfs and the crust a required choice. */
function halvingCatalogue(retailerInfo: { ingredientsOffProductPrice?: boolean; halfHalfPriceType?: 1 | 2 } = {}) {
  const source = menuSource();
  return catalogueFromTenant({
    ...source,
    productsInfoSsr: { ...source.productsInfoSsr, products: source.productsInfoSsr.products.map((product) => ({ ...product, isHalfHalf: product.productGroupId === 1 })) },
    productsInfo: { ...source.productsInfo, options: source.productsInfo.options.map((option) => ({ ...option, required: option.retailerProductOptionId === CRUST })) },
    config: { ...source.config, retailerInfo: { ...source.config.retailerInfo, ...retailerInfo } },
  });
}

const selection = (changes: Partial<LineSelection>): LineSelection => ({ productId: MARGHERITA, retailerProductSizeId: SMALL, options: { [CRUST]: CLASSIC }, extras: {}, removed: [], secondHalf: null, quantity: 1, ...changes });

describe('productChoices', () => {
  it('lists sizes, options, extras priced by ingredient type and removable ingredients', () => {
    const choices = productChoices(halvingCatalogue(), MARGHERITA);
    expect(choices?.sizes).toEqual([
      { retailerProductSizeId: SMALL, name: 'Small', priceCents: 1200 },
      { retailerProductSizeId: LARGE, name: 'Large', priceCents: 1850 },
    ]);
    expect(choices?.options).toEqual([expect.objectContaining({ retailerProductOptionId: CRUST, required: true, choices: expect.arrayContaining([{ retailerProductOptionChoiceId: STUFFED, name: 'Stuffed', priceCents: 320 }]) })]);
    expect(choices?.extras.find((extra) => extra.ingredientId === CHEESE)).toEqual({ ingredientId: CHEESE, name: 'Cheese', unitCents: 200 });
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
    expect(productChoices(halvingCatalogue({ ingredientsOffProductPrice }), MARGHERITA)?.ingredients[0]?.creditCents).toBe(credit);
  });

  it('offers no halves outside a half-and-half group, and nothing for an unknown product', () => {
    expect(productChoices(halvingCatalogue(), WEDGES)?.halfHalfPartners).toEqual([]);
    expect(productChoices(testCatalogue(), MARGHERITA)?.halfHalfPartners).toEqual([]);
    expect(productChoices(halvingCatalogue(), 999)).toBeNull();
  });
});

describe('selectionProblems', () => {
  const choices = productChoices(halvingCatalogue(), MARGHERITA);
  if (!choices) throw new Error('no choices');

  it.each([
    ['a complete selection', selection({}), []],
    ['the required crust left out', selection({ options: {} }), [{ field: `option-${CRUST}`, message: 'Choose a crust' }]],
    ['a size the product has not', selection({ retailerProductSizeId: 77 }), [{ field: 'size', message: 'Choose a size' }]],
    ['a second half from another group', selection({ secondHalf: { productId: COLA, extras: {}, removed: [] } }), [{ field: 'second-half', message: 'Choose the other half' }]],
    ['no units', selection({ quantity: 0 }), [{ field: 'quantity', message: 'Choose a quantity from 1 to 99' }]],
    ['100 units', selection({ quantity: 100 }), [{ field: 'quantity', message: 'Choose a quantity from 1 to 99' }]],
  ])('%s', (_name, chosen, problems) => {
    expect(selectionProblems(choices, chosen)).toEqual(problems);
  });

  it('starts from the cheapest size with the required choices open', () => {
    expect(defaultSelection(choices)).toEqual({ productId: MARGHERITA, retailerProductSizeId: SMALL, options: {}, extras: {}, removed: [], secondHalf: null, quantity: 1 });
    expect(selectionProblems(choices, defaultSelection(choices))).toHaveLength(1);
  });
});

describe('buildCartLine', () => {
  it.each([
    ['a plain small', selection({}), 1200],
    ['thin crust, two cheese, basil off', selection({ options: { [CRUST]: THIN }, extras: { [CHEESE]: 2 }, removed: [BASIL] }), 1200 + 10 + 400],
    // Half of 18.50 + half of 19.95 (type 1) + 2.00 surcharge + olives on the second half at half price (halfHalfIngredPriceType 2 is not set, so full).
    ['large half Margherita, half Pepperoni with olives', selection({ retailerProductSizeId: LARGE, secondHalf: { productId: PEPPERONI, extras: { [OLIVES]: 1 }, removed: [HAM] } }), 925 + 998 + 200 + 10],
  ])('%s costs what the cart rules say', (_name, chosen, unitCents) => {
    const catalogue = halvingCatalogue();
    const { line, price } = buildCartLine(catalogue, chosen);
    expect(price.unitCents).toBe(unitCents);
    expect(line.historicPrice * 100).toBeCloseTo(unitCents, 6);
    expect(priceCartItem({ ...line, uuid: 'x', timeStamp: 0 }, catalogue)).toBe(unitCents);
  });

  it('writes the line in the catalogue names, with removed ingredients as quantity -1', () => {
    const { line } = buildCartLine(halvingCatalogue(), selection({ retailerProductSizeId: LARGE, extras: { [CHEESE]: 1 }, removed: [BASIL], secondHalf: { productId: SUPREME, extras: {}, removed: [OLIVES] }, quantity: 3 }), { addedByTrending: true });
    expect(line).toMatchObject({
      productName: 'Margherita',
      size: { name: 'Large' },
      isHalfHalf: true,
      secondHalf: { productName: 'Supreme', size: { name: 'Large' }, extras: [expect.objectContaining({ ingredientId: OLIVES, name: 'Olives', quantity: -1 })] },
      extras: [expect.objectContaining({ name: 'Cheese', quantity: 1 }), expect.objectContaining({ name: 'Basil', quantity: -1 })],
      options: [{ retailerProductOptionId: CRUST, retailerProductOptionChoiceId: CLASSIC, name: 'Classic', defaultPrice: 0 }],
      quantity: 3,
      addedByTrending: true,
    });
  });

  it('reopens a line with the selection it was built from', () => {
    const chosen = selection({ retailerProductSizeId: LARGE, extras: { [CHEESE]: 2 }, removed: [BASIL], secondHalf: { productId: PEPPERONI, extras: { [OLIVES]: 1 }, removed: [] }, quantity: 2 });
    const { line } = buildCartLine(halvingCatalogue(), chosen);
    expect(selectionFromLine({ ...line, uuid: 'a', timeStamp: 1 })).toEqual(chosen);
  });
});
