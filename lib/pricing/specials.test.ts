import { describe, expect, it, vi } from 'vitest';
import type { CartProduct } from '../cart/schemas.ts';
import type { Special } from '../tenant/index.ts';
import type { Catalogue } from './catalogue.ts';
import { compareSpecials, specialFitsOrderType, type OrderType } from './specials.ts';
import { cartTotals } from './totals.ts';
import {
  CAN,
  CHEESE,
  COLA,
  DESSERTS,
  BROWNIE,
  GARLIC_BREAD,
  LARGE,
  MARGHERITA,
  NO_DIP,
  DIP,
  PEPPERONI,
  PIZZAS,
  REGULAR_DESSERT,
  REGULAR_SIDE,
  SIDES,
  SMALL,
  SUPREME,
  WEDGES,
  cartItem,
  extra,
  halfHalf,
  option,
  slot,
  special,
  testCatalogue,
} from './test-menu.ts';

const shop = testCatalogue();
const always = () => true;

function discountOf(
  items: CartProduct[],
  specials: Special[],
  options: { orderType?: OrderType; catalogue?: Catalogue; isSpecialAvailable?: (s: Special) => boolean } = {},
) {
  return cartTotals(items, options.catalogue ?? shop, {
    orderType: options.orderType ?? 'pickup',
    specials,
    isSpecialAvailable: options.isSpecialAvailable ?? always,
  });
}

const anyTwoLarge = special({
  name: 'Any 2 large pizzas',
  price: 30,
  retailerSpecialItems: [slot({ productGroupId: PIZZAS, retailerProductSizeId: LARGE, qty: 2 })],
});

describe('matching cart items to a special', () => {
  type Case = [string, CartProduct[], Special[], number];
  it.each<Case>([
    [
      'two large pizzas for $30 save the difference',
      [cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, LARGE)],
      [anyTwoLarge],
      1850 + 1995 - 3000,
    ],
    [
      'one line of two large pizzas fills both units',
      [cartItem(PEPPERONI, LARGE, { quantity: 2 })],
      [anyTwoLarge],
      2 * 1995 - 3000,
    ],
    [
      'a line of four uses the special twice',
      [cartItem(PEPPERONI, LARGE, { quantity: 4 })],
      [anyTwoLarge],
      2 * (2 * 1995 - 3000),
    ],
    [
      'a small pizza does not fill a large slot',
      [cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, SMALL)],
      [anyTwoLarge],
      0,
    ],
    ['one pizza is not enough for two slots', [cartItem(MARGHERITA, LARGE)], [anyTwoLarge], 0],
    [
      'no special when it would cost more',
      [cartItem(MARGHERITA, LARGE)],
      [special({ price: 25, retailerSpecialItems: [slot({ productGroupId: PIZZAS })] })],
      0,
    ],
    [
      'no special when it costs the same',
      [cartItem(MARGHERITA, LARGE)],
      [special({ price: 18.5, retailerSpecialItems: [slot({ productGroupId: PIZZAS })] })],
      0,
    ],
    [
      'a specific product and a drink',
      [cartItem(MARGHERITA, SMALL), cartItem(COLA, CAN)],
      [special({ price: 14, retailerSpecialItems: [slot({ productId: MARGHERITA }), slot({ productId: COLA })] })],
      1200 + 350 - 1400,
    ],
    [
      'a slot of two drinks takes two units of one line and leaves the third',
      [cartItem(MARGHERITA, LARGE), cartItem(COLA, CAN, { quantity: 3 })],
      [
        special({
          price: 18,
          retailerSpecialItems: [slot({ productGroupId: PIZZAS }), slot({ productId: COLA, qty: 2 })],
        }),
      ],
      1850 + 700 - 1800,
    ],
    [
      'the dearest matching pizza goes into the special',
      [cartItem(MARGHERITA, SMALL), cartItem(SUPREME, LARGE), cartItem(COLA, CAN)],
      [special({ price: 20, retailerSpecialItems: [slot({ productGroupId: PIZZAS }), slot({ productGroupId: 2 })] })],
      2240 + 350 - 2000,
    ],
    [
      'a strict slot picks before a flexible one so both fill',
      [cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, SMALL)],
      [
        special({
          price: 25,
          retailerSpecialItems: [slot({ productGroupId: PIZZAS }), slot({ productId: MARGHERITA })],
        }),
      ],
      1850 + 1325 - 2500,
    ],
    [
      'extras and options stay charged on top of the special',
      [cartItem(MARGHERITA, LARGE, { extras: [extra(CHEESE)] }), cartItem(PEPPERONI, LARGE)],
      [anyTwoLarge],
      1850 + 1995 - 3000,
    ],
    [
      'an any-item special across groups',
      [cartItem(GARLIC_BREAD, REGULAR_SIDE), cartItem(COLA, CAN)],
      [special({ price: 7, retailerSpecialItems: [slot(), slot()] })],
      495 + 350 - 700,
    ],
  ])('%s', (_, items, specials, discount) => {
    expect(discountOf(items, specials).discount).toBe(discount);
  });

  it('reports which units each use of a special took and what it cost', () => {
    const margherita = cartItem(MARGHERITA, LARGE);
    const pepperoni = cartItem(PEPPERONI, LARGE, { quantity: 3 });
    const totals = discountOf([margherita, pepperoni], [anyTwoLarge]);
    expect(totals.appliedSpecials).toEqual([
      {
        retailerSpecialId: anyTwoLarge.retailerSpecialId,
        name: 'Any 2 large pizzas',
        priceCents: 3000,
        replacedCents: 3990,
        discountCents: 990,
        items: [{ uuid: pepperoni.uuid, quantity: 2 }],
      },
      {
        retailerSpecialId: anyTwoLarge.retailerSpecialId,
        name: 'Any 2 large pizzas',
        priceCents: 3000,
        replacedCents: 3845,
        discountCents: 845,
        items: [
          { uuid: pepperoni.uuid, quantity: 1 },
          { uuid: margherita.uuid, quantity: 1 },
        ],
      },
    ]);
    expect(totals.subtotal - totals.discount).toBe(6000);
  });
});

describe('exclusions', () => {
  const anyTwo = (changes: Partial<Special>) =>
    special({ price: 20, retailerSpecialItems: [slot({ qty: 2 })], ...changes });
  type Case = [string, CartProduct[], Special, number];
  it.each<Case>([
    [
      'an excluded product does not fill a slot',
      [cartItem(SUPREME, LARGE), cartItem(MARGHERITA, LARGE)],
      anyTwo({ excludedProductIds: [SUPREME] }),
      0,
    ],
    [
      'other products still do',
      [cartItem(SUPREME, LARGE), cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, LARGE)],
      anyTwo({ excludedProductIds: [SUPREME] }),
      1850 + 1995 - 2000,
    ],
    [
      'an excluded group does not fill a slot',
      [cartItem(BROWNIE, REGULAR_DESSERT), cartItem(MARGHERITA, LARGE)],
      anyTwo({ price: 5, excludedProductGroupIds: [DESSERTS] }),
      0,
    ],
    [
      'an excluded size does not fill a slot',
      [cartItem(MARGHERITA, SMALL), cartItem(PEPPERONI, LARGE)],
      anyTwo({ excludedRetailerProductSizeIds: [SMALL] }),
      0,
    ],
    [
      'unrelated exclusions change nothing',
      [cartItem(MARGHERITA, SMALL), cartItem(PEPPERONI, LARGE)],
      anyTwo({ excludedProductGroupIds: [SIDES], excludedRetailerProductSizeIds: [REGULAR_SIDE] }),
      1200 + 1995 - 2000,
    ],
  ])('%s', (_, items, deal, discount) => {
    expect(discountOf(items, [deal]).discount).toBe(discount);
  });
});

describe('which special wins', () => {
  const cart = () => [cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, LARGE)];
  it.each<[string, Special[], string]>([
    [
      'the better (lower) priority wins even when another saves more',
      [
        special({ name: 'Saves more', priority: 2, price: 28, retailerSpecialItems: [slot({ qty: 2 })] }),
        special({ name: 'Preferred', priority: 1, price: 29, retailerSpecialItems: [slot({ qty: 2 })] }),
      ],
      'Preferred',
    ],
    [
      'among equal priority the dearer special goes first',
      [
        special({ name: 'One pizza', price: 12, retailerSpecialItems: [slot()] }),
        special({ name: 'Two pizzas', price: 30, retailerSpecialItems: [slot({ qty: 2 })] }),
      ],
      'Two pizzas',
    ],
  ])('%s', (_, specials, winner) => {
    expect(discountOf(cart(), specials).appliedSpecials.map((applied) => applied.name)).toEqual([winner]);
  });

  it('a lower-ranked special still takes the units the first one left', () => {
    const totals = discountOf(
      [
        cartItem(MARGHERITA, LARGE),
        cartItem(PEPPERONI, LARGE),
        cartItem(COLA, CAN),
        cartItem(GARLIC_BREAD, REGULAR_SIDE),
      ],
      [
        special({
          name: 'Side and drink',
          priority: 5,
          price: 7,
          retailerSpecialItems: [slot({ productGroupId: SIDES }), slot({ productId: COLA })],
        }),
        anyTwoLarge,
      ],
    );
    expect(totals.appliedSpecials.map((applied) => applied.name)).toEqual(['Any 2 large pizzas', 'Side and drink']);
    expect(totals.discount).toBe(845 + 145);
  });

  it.each([
    [{ priority: 1, price: 10, retailerSpecialId: 5 }, { priority: 2, price: 50, retailerSpecialId: 1 }, -1],
    [{ priority: 1, price: 50, retailerSpecialId: 5 }, { priority: 1, price: 10, retailerSpecialId: 1 }, -1],
    [{ priority: 1, price: 10, retailerSpecialId: 1 }, { priority: 1, price: 10, retailerSpecialId: 5 }, -1],
  ])('orders %o before %o', (first, second) => {
    const a = special({ ...first, retailerSpecialItems: [slot()] });
    const b = special({ ...second, retailerSpecialItems: [slot()] });
    expect(compareSpecials(a, b)).toBeLessThan(0);
    expect(compareSpecials(b, a)).toBeGreaterThan(0);
  });
});

describe('half-and-half items in specials', () => {
  const largePizzaDeal = (changes: Partial<Special> = {}) =>
    special({
      price: 15,
      retailerSpecialItems: [slot({ productGroupId: PIZZAS, retailerProductSizeId: LARGE })],
      ...changes,
    });
  const hh = () => halfHalf(MARGHERITA, PEPPERONI, LARGE);
  type Case = [string, CartProduct[], Special, boolean, number];
  it.each<Case>([
    [
      'stay out when the retailer does not allow them',
      [hh()],
      largePizzaDeal({ allowHalfHalfsInSpecials: true }),
      false,
      0,
    ],
    [
      'stay out when the special does not allow them',
      [hh()],
      largePizzaDeal({ allowHalfHalfsInSpecials: false }),
      true,
      0,
    ],
    [
      'go in without their half-and-half surcharge when both allow them',
      [hh()],
      largePizzaDeal({ allowHalfHalfsInSpecials: true }),
      true,
      1923 + 200 - 1500,
    ],
    [
      "pay the special's own half-and-half surcharge",
      [hh()],
      largePizzaDeal({ allowHalfHalfsInSpecials: true, specialSurchargeForHalfHalf: 1 }),
      true,
      1923 + 200 - 1600,
    ],
    [
      'need both halves to fit a product slot',
      [hh()],
      largePizzaDeal({ allowHalfHalfsInSpecials: true, retailerSpecialItems: [slot({ productId: MARGHERITA })] }),
      true,
      0,
    ],
    [
      'fit a product slot when both halves are that product',
      [halfHalf(MARGHERITA, MARGHERITA, LARGE)],
      largePizzaDeal({ allowHalfHalfsInSpecials: true, retailerSpecialItems: [slot({ productId: MARGHERITA })] }),
      true,
      1850 + 200 - 1500,
    ],
    [
      'stay out when the second half is excluded',
      [hh()],
      largePizzaDeal({ allowHalfHalfsInSpecials: true, excludedProductIds: [PEPPERONI] }),
      true,
      0,
    ],
    [
      'stay out when the halves are a size the slot does not take',
      [halfHalf(MARGHERITA, PEPPERONI, SMALL)],
      largePizzaDeal({ allowHalfHalfsInSpecials: true }),
      true,
      0,
    ],
    [
      'whole pizzas are unaffected by the half-and-half switches',
      [cartItem(SUPREME, LARGE)],
      largePizzaDeal(),
      false,
      2240 - 1500,
    ],
  ])('%s', (_, items, deal, retailerAllows, discount) => {
    expect(
      discountOf(items, [deal], { catalogue: testCatalogue({ allowHalfHalfInSpecials: retailerAllows }) }).discount,
    ).toBe(discount);
  });
});

describe('when a special applies', () => {
  it.each<[Special['specialDelivMethod'], OrderType, boolean]>([
    [0, 'delivery', true],
    [0, 'pickup', true],
    [1, 'delivery', false],
    [1, 'pickup', true],
    [2, 'delivery', true],
    [2, 'pickup', false],
  ])('specialDelivMethod %s fits a %s order: %s', (specialDelivMethod, orderType, fits) => {
    const deal = special({ ...anyTwoLarge, specialDelivMethod });
    expect(specialFitsOrderType(deal, orderType)).toBe(fits);
    expect(discountOf([cartItem(PEPPERONI, LARGE, { quantity: 2 })], [deal], { orderType }).discount).toBe(
      fits ? 990 : 0,
    );
  });

  it('asks the injected availability about each special and skips unavailable ones', () => {
    const lunch = special({ name: 'Lunch', price: 30, retailerSpecialItems: [slot({ qty: 2 })] });
    const dinner = special({ name: 'Dinner', price: 31, retailerSpecialItems: [slot({ qty: 2 })] });
    const isSpecialAvailable = vi.fn((candidate: Special) => candidate.name === 'Lunch');
    const totals = discountOf([cartItem(PEPPERONI, LARGE, { quantity: 2 })], [dinner, lunch], { isSpecialAvailable });
    expect(totals.appliedSpecials.map((applied) => applied.name)).toEqual(['Lunch']);
    expect(isSpecialAvailable).toHaveBeenCalledWith(dinner);
    expect(isSpecialAvailable).toHaveBeenCalledWith(lunch);
  });

  it('does not ask about specials the order type already rules out', () => {
    const isSpecialAvailable = vi.fn(always);
    discountOf([cartItem(PEPPERONI, LARGE)], [special({ ...anyTwoLarge, specialDelivMethod: 2 })], {
      isSpecialAvailable,
    });
    expect(isSpecialAvailable).not.toHaveBeenCalled();
  });
});

describe('discount limits', () => {
  it('never discounts more than the taken items cost after credits', () => {
    const catalogue = testCatalogue({ retailerInfo: { ingredientsOffProductPrice: true } });
    const bread = cartItem(GARLIC_BREAD, REGULAR_SIDE, { extras: [extra(CHEESE, -1)], options: [option(DIP, NO_DIP)] });
    const totals = discountOf(
      [bread, cartItem(WEDGES, REGULAR_SIDE)],
      [special({ price: 1, retailerSpecialItems: [slot({ productId: GARLIC_BREAD })] })],
      { catalogue },
    );
    expect(totals.lines[0]?.unitCents).toBe(495 - 200 - 50);
    expect(totals.discount).toBe(245);
    expect(totals.subtotal - totals.discount).toBe(610);
  });
});

describe('a deal chosen in its builder is the deal charged', () => {
  const anyTwo = special({
    name: 'Any two pizzas',
    price: 36,
    priority: 1,
    retailerSpecialItems: [slot({ productGroupId: PIZZAS, qty: 2 })],
  });
  const largePair = special({
    name: 'Large pair',
    price: 30,
    priority: 5,
    retailerSpecialItems: [slot({ productGroupId: PIZZAS, retailerProductSizeId: LARGE, qty: 2 })],
  });
  const pickupPair = special({
    name: 'Pickup pair',
    price: 30,
    priority: 5,
    specialDelivMethod: 1,
    retailerSpecialItems: [slot({ productGroupId: PIZZAS, retailerProductSizeId: LARGE, qty: 2 })],
  });
  const dealOf = (chosen: Special, dealId = 'deal-1') => ({
    deal: { retailerSpecialId: chosen.retailerSpecialId, dealId },
  });
  const pair = (chosen: Special | null, dealId = 'deal-1', changes: Partial<CartProduct> = {}) => [
    cartItem(MARGHERITA, LARGE, { ...changes, ...(chosen ? dealOf(chosen, dealId) : {}) }),
    cartItem(PEPPERONI, LARGE, { ...changes, ...(chosen ? dealOf(chosen, dealId) : {}) }),
  ];

  type Case = {
    name: string;
    items: CartProduct[];
    specials?: Special[];
    orderType?: OrderType;
    unavailable?: Special;
    applied: string[];
    discount: number;
    unmet?: (string | null)[];
  };
  it.each<Case>([
    {
      name: 'without a chosen deal the priority rule picks the best priority',
      items: pair(null),
      applied: ['Any two pizzas'],
      discount: 1850 + 1995 - 3600,
    },
    {
      name: 'lines added through a deal get that deal, though another has a better priority',
      items: pair(largePair),
      applied: ['Large pair'],
      discount: 1850 + 1995 - 3000,
    },
    {
      name: 'a chosen deal not available at the order time leaves its lines to the priority rule, and says so',
      items: pair(largePair),
      unavailable: largePair,
      applied: ['Any two pizzas'],
      discount: 1850 + 1995 - 3600,
      unmet: ['Large pair'],
    },
    {
      name: 'a chosen deal not offered for the service does not apply',
      items: pair(pickupPair),
      specials: [anyTwo, pickupPair],
      orderType: 'delivery',
      applied: ['Any two pizzas'],
      discount: 1850 + 1995 - 3600,
      unmet: ['Pickup pair'],
    },
    {
      name: 'a chosen deal the shop no longer offers is reported without a name',
      items: pair(largePair),
      specials: [anyTwo],
      applied: ['Any two pizzas'],
      discount: 1850 + 1995 - 3600,
      unmet: [null],
    },
    {
      name: 'lines changed so they no longer make up the deal fall back to the priority rule',
      items: [cartItem(MARGHERITA, SMALL, dealOf(largePair)), cartItem(PEPPERONI, LARGE, dealOf(largePair))],
      // $12.00 + $19.95 is less than the $36 of the other deal: nothing is taken off.
      applied: [],
      discount: 0,
      unmet: ['Large pair'],
    },
    {
      name: 'the same deal built twice applies twice',
      items: [...pair(largePair, 'deal-1'), ...pair(largePair, 'deal-2')],
      applied: ['Large pair', 'Large pair'],
      discount: 2 * (1850 + 1995 - 3000),
    },
    {
      name: 'one build is one deal: units added to its lines later go to the priority rule',
      items: pair(largePair, 'deal-1', { quantity: 2 }),
      applied: ['Large pair', 'Any two pizzas'],
      discount: 2 * 1995 - 3000 + (2 * 1850 - 3600),
    },
    {
      name: 'a chosen deal and automatic matches share a cart',
      items: [...pair(largePair), cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, LARGE)],
      applied: ['Large pair', 'Any two pizzas'],
      discount: 1850 + 1995 - 3000 + (1850 + 1995 - 3600),
    },
  ])('$name', ({ items, specials, orderType, unavailable, applied, discount, unmet = [] }) => {
    const totals = discountOf(items, specials ?? [anyTwo, largePair], {
      orderType: orderType ?? 'pickup',
      isSpecialAvailable: (candidate) => candidate !== unavailable,
    });
    expect(totals.appliedSpecials.map((use) => use.name)).toEqual(applied);
    expect(totals.discount).toBe(discount);
    expect(totals.unmetDeals.map((deal) => deal.name)).toEqual(unmet);
  });
});
