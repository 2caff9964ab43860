import { describe, expect, it } from 'vitest';
import { aest } from '../time/test-fixtures.ts';
import { type SpecialSelectorFilters, specialsForSelector } from './special-filters.ts';
import { ALL_HOURS, LATE_NIGHT, groupHours, groups, special, specialHours } from './test-fixtures.ts';

const lunchDeal = special(1, {
  price: 15,
  availableForAllHours: false,
  availabilityHours: specialHours([2, 3, 4, 5], '11:30', '14:30'),
  groupIds: [ALL_HOURS],
});
const familyFeast = special(2, { price: 39.95 });
const hiddenStaffDeal = special(3, { price: 5, showInSpecialSelector: false });
const lateNight = special(4, {
  price: 19.99,
  availableForAllHours: false,
  availabilityHours: specialHours([5, 6], '22:00', '01:00'),
  groupIds: [LATE_NIGHT],
});
const pickupOnly = special(5, { price: 12.5, specialDelivMethod: 2 });
const deliveryOnly = special(6, { price: 0.3, specialDelivMethod: 1 });
const specials = [lunchDeal, familyFeast, hiddenStaffDeal, lateNight, pickupOnly, deliveryOnly];
const context = { at: aest('2026-06-10 12:00'), groups, groupHours, zone: 0 };
const ids = (filters: SpecialSelectorFilters, at = context.at) =>
  specialsForSelector(specials, filters, { ...context, at }).map((item) => item.retailerSpecialId);

describe('specialsForSelector', () => {
  it.each<[string, SpecialSelectorFilters, Date | undefined, number[]]>([
    ['no filters: only those shown in the selector', {}, undefined, [1, 2, 4, 5, 6]],
    ['a maximum of 19.99 keeps 19.99', { maxPrice: 19.99 }, undefined, [1, 4, 5, 6]],
    ['a maximum of 19.98 drops 19.99', { maxPrice: 19.98 }, undefined, [1, 5, 6]],
    ['a maximum of 0.3 keeps 0.30 despite floating point', { maxPrice: 0.1 + 0.2 }, undefined, [6]],
    ['a maximum of 0', { maxPrice: 0 }, undefined, []],
    ['no maximum', { maxPrice: null }, undefined, [1, 2, 4, 5, 6]],
    ['only available at Wednesday noon', { showOnlyAvailable: true }, undefined, [1, 2, 5, 6]],
    ['only available on Friday at 23:00', { showOnlyAvailable: true }, aest('2026-06-12 23:00'), [2, 4, 5, 6]],
    ['for a pickup order', { orderType: 'pickup' }, undefined, [1, 2, 4, 6]],
    ['for a delivery order', { orderType: 'delivery' }, undefined, [1, 2, 4, 5]],
    ['all filters together', { maxPrice: 20, showOnlyAvailable: true, orderType: 'delivery' }, undefined, [1, 5]],
  ])('%s', (_, filters, at, expected) => {
    expect(ids(filters, at)).toEqual(expected);
  });

  it.each<[string, () => unknown, RegExp]>([
    ['a negative maximum', () => ids({ maxPrice: -1 }), /maxPrice: expected dollars of 0 or more, got -1/],
    ['a maximum that is not a number', () => ids({ maxPrice: Number.NaN }), /maxPrice/],
    [
      'a special without a price',
      () => specialsForSelector([{ ...familyFeast, price: Number.NaN }], {}, context),
      /special 2: expected a price in dollars/,
    ],
  ])('throws for %s', (_, run, message) => {
    expect(run).toThrow(message);
  });
});
