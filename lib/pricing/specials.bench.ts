import { describe, expect, test } from 'vitest';
import type { CartProduct } from '../cart/schemas.ts';
import type { Special } from '../tenant/index.ts';
import { applySpecials, type SpecialLine } from './specials.ts';
import { cartTotals, specialLine } from './totals.ts';
import {
  CAN,
  CHEESE,
  COLA,
  DRINKS,
  GARLIC_BREAD,
  HAM,
  LARGE,
  MARGHERITA,
  OLIVES,
  PEPPERONI,
  PIZZAS,
  REGULAR_SIDE,
  SIDES,
  SMALL,
  SUPREME,
  WEDGES,
  cartItem,
  extra,
  halfHalf,
  slot,
  special,
  testCatalogue,
} from './test-menu.ts';

/** A fixed pseudo-random sequence so every run prices the same cart. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const random = sequence(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const catalogue = testCatalogue({ allowHalfHalfInSpecials: true });
const pizzas = [MARGHERITA, PEPPERONI, SUPREME];

const cart: CartProduct[] = Array.from({ length: 50 }, (_, index) => {
  const quantity = 1 + Math.floor(random() * 3);
  switch (index % 5) {
    case 0:
      return halfHalf(pick(pizzas), pick(pizzas), pick([SMALL, LARGE]), { quantity });
    case 1:
      return cartItem(pick(pizzas), pick([SMALL, LARGE]), { quantity, extras: [extra(pick([CHEESE, OLIVES, HAM]))] });
    case 2:
      return cartItem(COLA, CAN, { quantity });
    case 3:
      return cartItem(pick([GARLIC_BREAD, WEDGES]), REGULAR_SIDE, { quantity });
    default:
      return cartItem(pick(pizzas), pick([SMALL, LARGE]), { quantity });
  }
});

const specials: Special[] = Array.from({ length: 100 }, (_, index) =>
  special({
    name: `Bench deal ${index}`,
    priority: Math.floor(random() * 5),
    price: 5 + Math.floor(random() * 40),
    allowHalfHalfsInSpecials: index % 3 === 0,
    specialSurchargeForHalfHalf: index % 6 === 0 ? 1 : 0,
    excludedProductIds: index % 7 === 0 ? [SUPREME] : [],
    retailerSpecialItems: [
      slot({
        productGroupId: PIZZAS,
        retailerProductSizeId: pick([-1, SMALL, LARGE]),
        qty: 1 + Math.floor(random() * 2),
      }),
      ...(index % 2 === 0 ? [slot({ productGroupId: pick([DRINKS, SIDES]), qty: 1 + Math.floor(random() * 2) })] : []),
      ...(index % 4 === 0 ? [slot({ productId: pick(pizzas) })] : []),
    ],
  }),
);

const context = { orderType: 'delivery' as const, specials, isSpecialAvailable: () => true };
const priced = cartTotals(cart, catalogue, context);
const lines: SpecialLine[] = priced.lines.map(specialLine);

/**
 * The budget of the brief: pricing a 50-line cart against 100 specials. Judged on the median
 * because a shared machine's stalls land in the mean and the tail, not in the code.
 */
const BUDGET_MS = 2;

describe(`a 50-line cart (${priced.itemCount} items) against 100 specials (${priced.appliedSpecials.length} uses applied)`, () => {
  test('cartTotals prices every line and fits the specials within budget', async ({ bench }) => {
    const result = await bench('cartTotals: 50 lines x 100 specials', () => {
      cartTotals(cart, catalogue, context);
    }).run();
    expect(result.latency.p50).toBeLessThan(BUDGET_MS);
  });

  test('applySpecials alone on already priced lines', async ({ bench }) => {
    const result = await bench('applySpecials: 50 lines x 100 specials', () => {
      applySpecials(lines, specials, {
        orderType: 'delivery',
        isSpecialAvailable: () => true,
        allowHalfHalfInSpecials: true,
      });
    }).run();
    expect(result.latency.p50).toBeLessThan(BUDGET_MS);
  });
});
