import { describe, expect, it } from 'vitest';
import {
  COLA,
  CAN,
  LARGE,
  MARGHERITA,
  PEPPERONI,
  PIZZAS,
  SMALL,
  SUPREME,
  DRINKS,
  GARLIC_BREAD,
  REGULAR_SIDE,
  slot,
  special,
  testCatalogue,
} from '../pricing/test-menu.ts';
import { cartTotals } from '../pricing/totals.ts';
import { previewSpecial, specialUnits } from './special-builder.ts';

const catalogue = testCatalogue();
const twoLarge = special({
  name: 'Two large pizzas',
  price: 30,
  retailerSpecialItems: [
    slot({ productGroupId: PIZZAS, retailerProductSizeId: LARGE, qty: 2 }),
    slot({ productGroupId: DRINKS }),
  ],
  excludedProductIds: [SUPREME],
});

describe('specialUnits', () => {
  it('repeats a slot by its quantity and offers only what fits it', () => {
    const units = specialUnits(twoLarge, catalogue);
    expect(units.map((unit) => unit.label)).toEqual(['Pizzas 1 of 2', 'Pizzas 2 of 2', 'Drinks']);
    expect(units[0]?.candidates).toEqual([
      { productId: MARGHERITA, name: 'Margherita', sizes: [{ retailerProductSizeId: LARGE, name: 'Large' }] },
      { productId: PEPPERONI, name: 'Pepperoni', sizes: [{ retailerProductSizeId: LARGE, name: 'Large' }] },
    ]);
    expect(units[2]?.candidates.map((candidate) => candidate.productId)).toEqual([COLA]);
  });
});

describe('previewSpecial', () => {
  it.each([
    // 18.50 + 19.95 + 3.50 = 41.95 for 30.00.
    ['filled as the special asks', [MARGHERITA, LARGE, PEPPERONI, LARGE, COLA, CAN], 4195, 1195, true],
    [
      'a small pizza does not make it up',
      [MARGHERITA, SMALL, PEPPERONI, LARGE, COLA, CAN],
      1200 + 1995 + 350,
      0,
      false,
    ],
    [
      'a side in the drink slot does not either',
      [MARGHERITA, LARGE, PEPPERONI, LARGE, GARLIC_BREAD, REGULAR_SIDE],
      1850 + 1995 + 495,
      0,
      false,
    ],
  ])('%s', (_name, ids, regularCents, savingCents, applies) => {
    const units = [0, 2, 4].map((at) => ({
      productId: ids[at] ?? 0,
      retailerProductSizeId: ids[at + 1] ?? 0,
      options: {},
    }));
    const preview = previewSpecial(twoLarge, units, catalogue, 'pickup');
    expect(preview).toMatchObject({ regularCents, savingCents, dealCents: regularCents - savingCents, applies });
    // The saving shown before adding is the discount the cart shows once the lines are in it.
    const totals = cartTotals(
      preview.lines.map((line, index) => ({ ...line, uuid: `l${index}`, timeStamp: 0 })),
      catalogue,
      { orderType: 'pickup', specials: [twoLarge], isSpecialAvailable: () => true },
    );
    expect(totals.discount).toBe(savingCents);
  });
});
