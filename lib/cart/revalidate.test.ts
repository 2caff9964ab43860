import { describe, expect, it } from 'vitest';
import { catalogueFromTenant } from '../pricing/catalogue.ts';
import {
  CAN,
  CHEESE,
  COLA,
  GARLIC_BREAD,
  LARGE,
  MARGHERITA,
  PEPPERONI,
  REGULAR_SIDE,
  SMALL,
  cartItem,
  extra,
  half,
  halfHalf,
  menuSource,
  testCatalogue,
} from '../pricing/test-menu.ts';
import { failedRevalidation, repriceCart, revalidateCart, type RevalidateOptions } from './revalidate.ts';
import type { CartProduct } from './schemas.ts';

const shop = testCatalogue();
const now = new Date('2026-03-15T02:00:00.000Z');
const twoHoursAgo = now.getTime() - 2 * 60 * 60 * 1000;

function options(changes: Partial<RevalidateOptions> = {}): RevalidateOptions {
  let next = 0;
  return {
    now,
    lastActivity: twoHoursAgo,
    newUuid: () => {
      next += 1;
      return `fresh-${next}`;
    },
    ...changes,
  };
}

const margheritaAt = (historicPrice: number): CartProduct => ({
  ...cartItem(MARGHERITA, LARGE, { orderProductId: 77 }),
  historicPrice,
});

describe('when prices are re-checked', () => {
  it.each<[string, CartProduct[], RevalidateOptions['lastActivity']]>([
    ['an empty cart', [], twoHoursAgo],
    ['a cart touched half an hour ago', [margheritaAt(1)], now.getTime() - 30 * 60 * 1000],
    ['a cart touched exactly an hour ago', [margheritaAt(1)], now.getTime() - 60 * 60 * 1000],
  ])('not for %s', (_, items, lastActivity) => {
    const result = revalidateCart(items, shop, options({ lastActivity }));
    expect(result).toEqual({ status: 'skipped', items });
  });

  it('for a cart with items idle for over an hour', () => {
    expect(revalidateCart([margheritaAt(18.5)], shop, options()).status).toBe('checked');
  });
});

describe('when the shop menu changed under an open page (repriceCart)', () => {
  const justNow = now.getTime() - 60 * 1000;
  it.each<[string, CartProduct, number | null]>([
    ['a line added a minute ago at a price since undone is re-added at today’s price', margheritaAt(19.25), 1850],
    ['a line at today’s price stays as it is', margheritaAt(18.5), null],
  ])('%s', (_, item, repricedCents) => {
    const { lastActivity: _ignored, ...rest } = options({ lastActivity: justNow });
    const result = repriceCart([item], shop, rest);
    if (result.status !== 'checked') throw new Error(`expected a checked cart, got ${result.status}`);
    expect(result.repriced.map((line) => line.currentCents)).toEqual(repricedCents === null ? [] : [repricedCents]);
    expect(result.toast?.title ?? null).toBe(repricedCents === null ? null : 'Cart Updated');
    // The hourly check would have left the same cart alone.
    expect(revalidateCart([item], shop, options({ lastActivity: justNow })).status).toBe('skipped');
  });
});

describe('unchanged prices', () => {
  it.each<[string, CartProduct]>([
    ['the same price', margheritaAt(18.5)],
    ['a cent cheaper than stored (within the 0.01 tolerance)', margheritaAt(18.51)],
    ['a cent dearer than stored (within the 0.01 tolerance)', margheritaAt(18.49)],
    ['$4.95 stored for $4.95', cartItem(GARLIC_BREAD, REGULAR_SIDE, { historicPrice: 4.95, quantity: 3 })],
    [
      'a half-and-half at its half-cent-rounded price',
      halfHalf(MARGHERITA, PEPPERONI, LARGE, { historicPrice: 21.23 }),
    ],
  ])('keep the line as it is: %s', (_, item) => {
    const result = revalidateCart([item], shop, options());
    expect(result).toEqual({ status: 'checked', items: [item], repriced: [], removed: [], toast: null });
  });
});

describe('changed prices', () => {
  it.each([
    ['two cents more than stored', 18.48],
    ['two cents less than stored', 18.52],
    ['a stale price from last month', 16.9],
    ['an unreadable stored price', Number.NaN],
    ['a stored price with three decimals', 18.505],
  ])('re-add the line at the current price when %s', (_, historicPrice) => {
    const cola = cartItem(COLA, CAN, { historicPrice: 3.5 });
    const stale = margheritaAt(historicPrice);
    const result = revalidateCart([stale, cola], shop, options());
    if (result.status !== 'checked') throw new Error(`expected a checked cart, got ${result.status}`);
    expect(result.items).toEqual([
      cola,
      { ...stale, uuid: 'fresh-1', timeStamp: now.getTime(), historicPrice: 18.5, orderProductId: null },
    ]);
    expect(result.repriced).toHaveLength(1);
    expect(result.repriced[0]).toMatchObject({ previous: stale, currentCents: 1850 });
    expect(result.toast).toEqual({
      title: 'Cart Updated',
      description: 'Updated prices of 1 item(s).',
      variant: 'default',
      durationMs: 5000,
    });
  });

  it('gives every re-added line its own new id', () => {
    const result = revalidateCart([margheritaAt(1), margheritaAt(2)], shop, options());
    expect(result.items.map((item) => item.uuid)).toEqual(['fresh-1', 'fresh-2']);
  });
});

describe('lines no longer sold', () => {
  const base = cartItem(MARGHERITA, SMALL, { historicPrice: 12 });
  it.each<[string, CartProduct, string]>([
    ['the product is gone', { ...base, productId: 999 }, 'unknown-product'],
    ['the size is gone', { ...base, size: { ...base.size, retailerProductSizeId: CAN } }, 'unknown-size'],
    ['the second half is missing', { ...base, isHalfHalf: true, secondHalf: null }, 'unknown-second-half'],
    [
      'the second half is gone',
      halfHalf(MARGHERITA, PEPPERONI, LARGE, { secondHalf: { ...half(PEPPERONI, LARGE), productId: 998 } }),
      'unknown-second-half',
    ],
    ['an extra is gone', cartItem(MARGHERITA, SMALL, { extras: [extra(999)] }), 'unknown-ingredient'],
    ['the line is corrupt', { ...base, quantity: 0 }, 'invalid-item'],
  ])('are removed when %s', (_, item, reason) => {
    const kept = cartItem(COLA, CAN, { historicPrice: 3.5 });
    const result = revalidateCart([item, kept], shop, options());
    if (result.status !== 'checked') throw new Error(`expected a checked cart, got ${result.status}`);
    expect(result.items).toEqual([kept]);
    expect(result.removed).toEqual([expect.objectContaining({ item, reason })]);
    expect(result.toast).toEqual({
      title: 'Cart Updated',
      description: 'Removed 1 unavailable item(s).',
      variant: 'default',
      durationMs: 5000,
    });
  });

  it('counts re-priced and removed lines together in one toast', () => {
    const result = revalidateCart(
      [
        margheritaAt(10),
        { ...cartItem(MARGHERITA, SMALL), productId: 999 },
        cartItem(COLA, CAN, { historicPrice: 3 }),
        cartItem(MARGHERITA, SMALL, { extras: [extra(CHEESE, -1), extra(404)] }),
      ],
      shop,
      options(),
    );
    if (result.status !== 'checked') throw new Error(`expected a checked cart, got ${result.status}`);
    expect(result.toast?.description).toBe('Updated prices of 2 item(s). Removed 2 unavailable item(s).');
    expect(result.items.map((item) => item.historicPrice)).toEqual([18.5, 3.5]);
  });
});

describe('a check that cannot be done', () => {
  const items = [margheritaAt(18.5)];
  const destructive = {
    title: 'Cart Validation Error',
    description: 'Unable to verify current prices. Please refresh the page.',
    variant: 'destructive',
    durationMs: 5000,
  };

  it('without a current catalogue keeps the cart and reports the error', () => {
    const result = revalidateCart(items, null, options());
    expect(result).toMatchObject({ status: 'failed', items, toast: destructive });
  });

  it('with a malformed amount in the catalogue keeps the cart instead of guessing', () => {
    const source = menuSource();
    const broken = catalogueFromTenant({
      ...source,
      productDetails: source.productDetails.map((detail) =>
        detail.productId === MARGHERITA
          ? { ...detail, productSizes: detail.productSizes.map((size) => ({ ...size, price: 18.555 })) }
          : detail,
      ),
    });
    const result = revalidateCart([cartItem(COLA, CAN, { historicPrice: 1 }), ...items], broken, options());
    expect(result).toMatchObject({ status: 'failed', toast: destructive });
    expect(result.items).toHaveLength(2);
    expect(result.items[0]?.historicPrice).toBe(1);
  });

  it('can be reported by a caller whose menu request failed', () => {
    const error = new Error('network down');
    expect(failedRevalidation(items, error)).toEqual({ status: 'failed', items, toast: destructive, error });
  });
});
