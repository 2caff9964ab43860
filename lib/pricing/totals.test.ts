import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../cart/schemas.ts';
import type { RetailerInfo } from '../tenant/index.ts';
import { formatMoney } from './money.ts';
import { PricingError } from './pricing-error.ts';
import type { OrderType } from './specials.ts';
import { cartTotals, type CartTotals } from './totals.ts';
import {
  COLA,
  CAN,
  GARLIC_BREAD,
  LARGE,
  MARGHERITA,
  OLIVES,
  HAM,
  PEPPERONI,
  PIZZAS,
  REGULAR_SIDE,
  SMALL,
  cartItem,
  extra,
  slot,
  special,
  testCatalogue,
} from './test-menu.ts';

const none = { specials: [], isSpecialAvailable: () => true };

function totalsOf(items: CartProduct[], orderType: OrderType, retailerInfo: Partial<RetailerInfo> = {}): CartTotals {
  return cartTotals(items, testCatalogue({ retailerInfo }), { orderType, ...none });
}

describe('cartTotals', () => {
  type Case = [string, CartProduct[], OrderType, Partial<RetailerInfo>, Partial<CartTotals>];
  it.each<Case>([
    [
      'an empty delivery cart shows no fee and the whole minimum as shortfall',
      [],
      'delivery',
      {},
      {
        itemCount: 0,
        subtotal: 0,
        discount: 0,
        deliveryFee: 0,
        total: 0,
        minimumOrderValue: 2500,
        shortfall: 2500,
        meetsMinimumOrder: false,
      },
    ],
    [
      'an empty pickup cart has nothing to reach',
      [],
      'pickup',
      {},
      { subtotal: 0, deliveryFee: 0, total: 0, minimumOrderValue: 0, shortfall: 0, meetsMinimumOrder: true },
    ],
    [
      'delivery adds the base delivery fee and checks the delivery minimum',
      [cartItem(MARGHERITA, LARGE)],
      'delivery',
      {},
      {
        itemCount: 1,
        subtotal: 1850,
        deliveryFee: 550,
        total: 2400,
        minimumOrderValue: 2500,
        shortfall: 650,
        meetsMinimumOrder: false,
      },
    ],
    [
      'pickup has no delivery fee',
      [cartItem(MARGHERITA, LARGE)],
      'pickup',
      {},
      { subtotal: 1850, deliveryFee: 0, total: 1850, minimumOrderValue: 0, shortfall: 0, meetsMinimumOrder: true },
    ],
    [
      'the pickup minimum applies to pickup',
      [cartItem(MARGHERITA, SMALL)],
      'pickup',
      { minOrderValuePickup: 15 },
      { minimumOrderValue: 1500, shortfall: 300, meetsMinimumOrder: false },
    ],
    [
      'reaching the minimum exactly is enough',
      [cartItem(PEPPERONI, LARGE), cartItem(COLA, CAN), cartItem(GARLIC_BREAD, REGULAR_SIDE)],
      'delivery',
      { minOrderValueDelivery: 28.4 },
      { subtotal: 2840, shortfall: 0, meetsMinimumOrder: true },
    ],
    [
      'a free delivery retailer charges no fee',
      [cartItem(MARGHERITA, LARGE)],
      'delivery',
      { baseDeliveryFee: 0 },
      { deliveryFee: 0, total: 1850 },
    ],
    [
      'three lines of $4.95 and a $0.10 + $0.20 extra add up without drift',
      [
        cartItem(GARLIC_BREAD, REGULAR_SIDE, { quantity: 3 }),
        cartItem(MARGHERITA, SMALL, { extras: [extra(OLIVES), extra(HAM)] }),
      ],
      'pickup',
      {},
      { itemCount: 4, subtotal: 1485 + 1230, total: 2715 },
    ],
    [
      'a line of two counts two items',
      [cartItem(COLA, CAN, { quantity: 2 })],
      'delivery',
      {},
      { itemCount: 2, subtotal: 700, total: 1250 },
    ],
  ])('%s', (_, items, orderType, retailerInfo, expected) => {
    expect(totalsOf(items, orderType, retailerInfo)).toMatchObject(expected);
  });

  it('lists each line with its unit and line price', () => {
    const pizza = cartItem(MARGHERITA, LARGE, { quantity: 2 });
    const { lines } = totalsOf([pizza], 'pickup');
    expect(lines).toEqual([
      expect.objectContaining({ uuid: pizza.uuid, quantity: 2, unitCents: 1850, lineCents: 3700 }),
    ]);
  });

  it('takes specials off before checking the minimum order', () => {
    const items = [cartItem(MARGHERITA, LARGE), cartItem(PEPPERONI, LARGE)];
    const deal = special({ price: 24, retailerSpecialItems: [slot({ productGroupId: PIZZAS, qty: 2 })] });
    const totals = cartTotals(items, testCatalogue(), {
      orderType: 'delivery',
      specials: [deal],
      isSpecialAvailable: () => true,
    });
    expect(totals).toMatchObject({
      subtotal: 3845,
      discount: 1445,
      deliveryFee: 550,
      total: 2950,
      minimumOrderValue: 2500,
      shortfall: 100,
      meetsMinimumOrder: false,
    });
    expect(formatMoney(totals.total)).toBe('$29.50');
  });

  it.each([
    [
      'a product no longer sold',
      [cartItem(MARGHERITA, LARGE), { ...cartItem(MARGHERITA, LARGE), productId: 999 }],
      /no longer on the menu/,
    ],
    [
      'a line quantity of zero',
      [{ ...cartItem(MARGHERITA, LARGE), quantity: 0 }],
      /expected a whole number of 1 or more/,
    ],
  ])('refuses to total a cart with %s', (_, items, message) => {
    expect(() => totalsOf(items, 'pickup')).toThrow(PricingError);
    expect(() => totalsOf(items, 'pickup')).toThrow(message);
  });
});
