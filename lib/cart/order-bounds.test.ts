import { describe, expect, it } from 'vitest';
import { orderBoundRefusal, type OrderBoundsRetailer } from './order-bounds.ts';

const shop = (retailerInfo: Partial<OrderBoundsRetailer['config']['retailerInfo']> = {}): OrderBoundsRetailer => ({
  config: {
    retailerInfo: {
      name: 'Bella Napoli',
      phone: '03 9000 1234',
      maxOrderValue: 1000,
      maxOrderItems: 100,
      ...retailerInfo,
    },
  },
});

describe('orderBoundRefusal', () => {
  it.each([
    ['a family dinner', { itemCount: 6, total: 9_850 }, shop(), null],
    ['exactly the item bound', { itemCount: 100, total: 99_900 }, shop(), null],
    ['exactly the value bound', { itemCount: 40, total: 100_000 }, shop(), null],
    [
      'one item too many',
      { itemCount: 101, total: 50_000 },
      shop(),
      'Online orders are limited to 100 items. For a larger order, please call Bella Napoli on 03 9000 1234.',
    ],
    [
      'one cent over the value',
      { itemCount: 40, total: 100_001 },
      shop(),
      'Online orders are limited to $1,000.00. For a larger order, please call Bella Napoli on 03 9000 1234.',
    ],
    [
      "the probe's 200 lines × 99 pizzas, cash",
      { itemCount: 19_800, total: 35_640_000 },
      shop(),
      'Online orders are limited to 100 items. For a larger order, please call Bella Napoli on 03 9000 1234.',
    ],
    [
      "a shop's own, smaller bounds",
      { itemCount: 30, total: 40_000 },
      shop({ maxOrderValue: 250, maxOrderItems: 40 }),
      'Online orders are limited to $250.00. For a larger order, please call Bella Napoli on 03 9000 1234.',
    ],
    [
      "a shop's own, larger bounds",
      { itemCount: 300, total: 400_000 },
      shop({ maxOrderValue: 5000, maxOrderItems: 500 }),
      null,
    ],
    [
      'a shop without a phone number',
      { itemCount: 101, total: 50_000 },
      shop({ phone: '' }),
      'Online orders are limited to 100 items. For a larger order, please call Bella Napoli.',
    ],
  ])('%s', (_case, totals, retailer, refusal) => {
    expect(orderBoundRefusal(totals, retailer)).toBe(refusal);
  });
});
