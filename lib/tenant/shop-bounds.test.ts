import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_CAPACITY_LIMITS, MAX_SLOT_ITEMS } from '../kitchen/capacity.ts';
import { deliveryZonesSchema, MAX_DELIVERY_ZONES, MAX_POPUPS, popupsSchema } from './content.ts';
import { CLOSED_DATES_MAX, closedDatesSchema, MAX_SHIFTS_PER_DAY, tradingHoursSchema } from './hours.ts';
import { ingredientSchema, optionChoiceSchema, sizeSchema } from './products.ts';
import { retailerInfoSchema } from './retailer.ts';
import { MAX_SPECIALS, specialsSchema } from './specials.ts';

/**
 * The bounds the console's Shop view edits within, as a tenant file meets them: at each bound the
 * file builds, one step beyond it is refused, so a file cannot hold what the console would refuse.
 */
const times = <T>(count: number, make: (index: number) => T) =>
  Array.from({ length: count }, (_, index) => make(index));

const info = (fields: object) => ({ name: 'Shop', ...fields });
const shift = (day: number) => ({ day, openingTimeStart: '11:00', openingTimeEnd: '14:00' });
const closure = { dateStart: '2026-12-25', dateEnd: '2026-12-25' };
const popup = (popupId: number) => ({ popupId, title: 'Open late' });
const special = (retailerSpecialId: number, price = 39.9) => ({
  retailerSpecialId,
  name: 'Family deal',
  price,
  retailerSpecialItems: [{ productGroupId: -1, retailerProductSizeId: -1, productId: -1 }],
});
const zone = (zoneId: number, fees: object = {}) => ({
  zoneId,
  name: `Zone ${zoneId}`,
  polygon: [
    [-37.8, 144.9],
    [-37.81, 144.91],
    [-37.82, 144.9],
  ],
  ...fees,
});
const capacity = (fields: object) => info({ kitchenCapacity: { countedGroupIds: [], limits: [], ...fields } });
const limit = (items: number) => ({ service: 'shared', items });

const size = (price: number) => ({
  retailerProductSizeId: 1,
  productGroupId: 1,
  productSizeId: 1,
  name: 'Large',
  price,
  defaultProductPrice: 18,
});
const extra = (price: number) => ({ ingredientId: 1, name: 'Olives', price });
const choice = (defaultPrice: number) => ({ retailerProductOptionChoiceId: 1, name: 'Gluten free', defaultPrice });

const cases: [string, string, z.ZodType, unknown, boolean][] = [
  ['Dish prices', 'a dish at $1,000', sizeSchema, size(1000), true],
  ['Dish prices', 'a dish at $1,000.01', sizeSchema, size(1000.01), false],
  ['Dish prices', 'a dish typed with three zeros too many, $18,000', sizeSchema, size(18_000), false],
  ['Dish prices', 'an extra at $1,000', ingredientSchema, extra(1000), true],
  ['Dish prices', 'an extra at $1,000.01', ingredientSchema, extra(1000.01), false],
  ['Dish prices', 'a choice taking $1,000 off', optionChoiceSchema, choice(-1000), true],
  ['Dish prices', 'a choice taking $1,000.01 off', optionChoiceSchema, choice(-1000.01), false],
  ['Dish prices', 'a choice adding $1,000.01', optionChoiceSchema, choice(1000.01), false],
  ['Order limits', 'the lowest largest order, $50', retailerInfoSchema, info({ maxOrderValue: 50 }), true],
  ['Order limits', 'a largest order under $50', retailerInfoSchema, info({ maxOrderValue: 49.99 }), false],
  ['Order limits', 'a largest order of $0', retailerInfoSchema, info({ maxOrderValue: 0 }), false],
  ['Order limits', 'the highest largest order, $10,000', retailerInfoSchema, info({ maxOrderValue: 10_000 }), true],
  ['Order limits', 'a largest order over $10,000', retailerInfoSchema, info({ maxOrderValue: 10_000.01 }), false],
  ['Order limits', 'the fewest items, 5', retailerInfoSchema, info({ maxOrderItems: 5 }), true],
  ['Order limits', '4 items', retailerInfoSchema, info({ maxOrderItems: 4 }), false],
  ['Order limits', 'the most items, 500', retailerInfoSchema, info({ maxOrderItems: 500 }), true],
  ['Order limits', '501 items', retailerInfoSchema, info({ maxOrderItems: 501 }), false],
  ['Preparation time', 'the shortest, 5 minutes', retailerInfoSchema, info({ preparationMinutes: 5 }), true],
  ['Preparation time', '4 minutes', retailerInfoSchema, info({ preparationMinutes: 4 }), false],
  ['Preparation time', 'the longest, 240 minutes', retailerInfoSchema, info({ preparationMinutes: 240 }), true],
  ['Preparation time', '241 minutes', retailerInfoSchema, info({ preparationMinutes: 241 }), false],
  [
    'Kitchen capacity',
    `${MAX_SLOT_ITEMS} pizzas a slot`,
    retailerInfoSchema,
    capacity({ limits: [limit(MAX_SLOT_ITEMS)] }),
    true,
  ],
  [
    'Kitchen capacity',
    `${MAX_SLOT_ITEMS + 1} pizzas a slot`,
    retailerInfoSchema,
    capacity({ limits: [limit(MAX_SLOT_ITEMS + 1)] }),
    false,
  ],
  ['Kitchen capacity', 'no pizzas a slot', retailerInfoSchema, capacity({ limits: [limit(0)] }), false],
  [
    'Kitchen capacity',
    `${MAX_CAPACITY_LIMITS} limits`,
    retailerInfoSchema,
    capacity({ limits: times(MAX_CAPACITY_LIMITS, () => limit(8)) }),
    true,
  ],
  [
    'Kitchen capacity',
    `${MAX_CAPACITY_LIMITS + 1} limits`,
    retailerInfoSchema,
    capacity({ limits: times(MAX_CAPACITY_LIMITS + 1, () => limit(8)) }),
    false,
  ],
  [
    'Trading hours',
    `${MAX_SHIFTS_PER_DAY} shifts every day`,
    tradingHoursSchema,
    times(7 * MAX_SHIFTS_PER_DAY, (index) => shift(index % 7)),
    true,
  ],
  [
    'Trading hours',
    `${MAX_SHIFTS_PER_DAY + 1} shifts on one day`,
    tradingHoursSchema,
    times(MAX_SHIFTS_PER_DAY + 1, () => shift(1)),
    false,
  ],
  ['Closed dates', `${CLOSED_DATES_MAX} entries`, closedDatesSchema, times(CLOSED_DATES_MAX, () => closure), true],
  [
    'Closed dates',
    `${CLOSED_DATES_MAX + 1} entries`,
    closedDatesSchema,
    times(CLOSED_DATES_MAX + 1, () => closure),
    false,
  ],
  ['Popups', `${MAX_POPUPS} popups`, popupsSchema, times(MAX_POPUPS, (index) => popup(index + 1)), true],
  ['Popups', `${MAX_POPUPS + 1} popups`, popupsSchema, times(MAX_POPUPS + 1, (index) => popup(index + 1)), false],
  ['Specials', `${MAX_SPECIALS} specials`, specialsSchema, times(MAX_SPECIALS, (index) => special(index + 1)), true],
  [
    'Specials',
    `${MAX_SPECIALS + 1} specials`,
    specialsSchema,
    times(MAX_SPECIALS + 1, (index) => special(index + 1)),
    false,
  ],
  ['Specials', 'a price of $1,000', specialsSchema, [special(1, 1000)], true],
  ['Specials', 'a price over $1,000', specialsSchema, [special(1, 1000.01)], false],
  ['Specials', 'a price of $0', specialsSchema, [special(1, 0)], true],
  [
    'Delivery fees',
    `${MAX_DELIVERY_ZONES} zones`,
    deliveryZonesSchema,
    times(MAX_DELIVERY_ZONES, (index) => zone(index + 1)),
    true,
  ],
  [
    'Delivery fees',
    `${MAX_DELIVERY_ZONES + 1} zones`,
    deliveryZonesSchema,
    times(MAX_DELIVERY_ZONES + 1, (index) => zone(index + 1)),
    false,
  ],
  ['Delivery fees', 'a fee of $1,000', deliveryZonesSchema, [zone(1, { deliveryFee: 1000 })], true],
  ['Delivery fees', 'a fee over $1,000', deliveryZonesSchema, [zone(1, { deliveryFee: 1000.01 })], false],
  ['Delivery fees', 'a minimum order of $1,000', deliveryZonesSchema, [zone(1, { minOrderValue: 1000 })], true],
  ['Delivery fees', 'a minimum order over $1,000', deliveryZonesSchema, [zone(1, { minOrderValue: 1000.01 })], false],
  ['Delivery fees', 'a negative fee', deliveryZonesSchema, [zone(1, { deliveryFee: -1 })], false],
];

describe("the Shop view's bounds in the tenant files", () => {
  it.each(cases)('%s: %s builds: %s', (_part, _case, schema, file, builds) => {
    expect(schema.safeParse(file).success).toBe(builds);
  });

  it('names the bound a file passes', () => {
    const issues = (schema: z.ZodType, file: unknown) =>
      schema.safeParse(file).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues(retailerInfoSchema, info({ maxOrderValue: 20_000 }))).toEqual([
      'expected an amount from $50.00 to $10,000.00',
    ]);
    expect(issues(retailerInfoSchema, info({ maxOrderItems: 1000 }))).toEqual(['expected at most 500 items']);
    expect(
      issues(
        tradingHoursSchema,
        times(5, () => shift(1)),
      ),
    ).toEqual(['expected at most 4 shifts a day']);
    expect(
      issues(
        popupsSchema,
        times(21, (index) => popup(index + 1)),
      ),
    ).toEqual(['expected at most 20 popups']);
  });
});
