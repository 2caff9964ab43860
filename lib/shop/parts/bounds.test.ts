import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_BOUND_CENTS, ORDER_BOUND_ITEMS } from '../../constants.ts';
import { MAX_SLOT_ITEMS } from '../../kitchen/capacity.ts';
import { MAX_PREPARATION_MINUTES, MIN_PREPARATION_MINUTES } from '../../kitchen/kitchen-flow.ts';
import { MAX_POPUPS } from '../../tenant/content.ts';
import { CLOSED_DATES_MAX, MAX_SHIFTS_PER_DAY } from '../../tenant/hours.ts';
import { MAX_DISH_PRICE_CENTS } from '../../tenant/primitives.ts';
import { tenantFiles } from '../../tenant/tenant.ts';
import { partFor, type ShopPartKey, type ShopPartValues } from './index.ts';

/**
 * Each part's value at and one step beyond its bounds, written into the sample shop's file: the
 * console (the part's schema) and the build (the file's schema) say the same, so neither takes
 * what the other refuses.
 */
const folder = join(import.meta.dirname, '../../tenant/fixtures/corner-slice');
const rawFile = (key: ShopPartKey) => {
  const file = join(folder, tenantFiles[partFor(key).file].file);
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
};

function verdicts<K extends ShopPartKey>(key: K, value: ShopPartValues[K]) {
  const part = partFor(key);
  return {
    console: part.schema.safeParse(value).success,
    file: tenantFiles[part.file].schema.safeParse(part.write(rawFile(key), value)).success,
  };
}

const times = <T>(count: number, make: (index: number) => T) =>
  Array.from({ length: count }, (_, index) => make(index));
const shift = (day: number) => ({
  day,
  openingTimeStart: '11:00',
  openingTimeEnd: '14:00',
  deliveryTimeStart: null,
  deliveryTimeEnd: null,
});
const closure = {
  dateStart: '2026-12-25',
  dateEnd: '2026-12-25',
  timeEnd: '23:59',
  justDeliveryDisabled: false,
  reason: '',
};
const popup = (popupId: number) => ({
  popupId,
  title: 'Open late',
  body: '',
  actionLabel: '',
  actionUrl: '',
  active: true,
  startDate: null,
  endDate: null,
});
const carlton = (fees: { deliveryFeeCents?: number; minOrderCents?: number }) => [
  { zoneId: 1, name: 'Carlton', colour: '', deliveryFeeCents: null, minOrderCents: null, ...fees },
];
const special = (priceCents: number) => [
  { retailerSpecialId: 1, name: 'Pizza and a Can', description: '', showInSpecialSelector: true, priceCents },
];
const bounds = (maxOrderCents: number, maxOrderItems: number) => ({ maxOrderCents, maxOrderItems });
const slot = (items: number) => ({ countedGroupIds: [], limits: [{ service: 'shared' as const, items }] });

type Case = { [K in ShopPartKey]: [K, string, ShopPartValues[K], boolean] }[ShopPartKey];

const cases: Case[] = [
  ['orderBounds', 'the lowest', bounds(ORDER_BOUND_CENTS.min, ORDER_BOUND_ITEMS.min), true],
  ['orderBounds', 'the highest', bounds(ORDER_BOUND_CENTS.max, ORDER_BOUND_ITEMS.max), true],
  ['orderBounds', 'a cent under', bounds(ORDER_BOUND_CENTS.min - 1, 100), false],
  ['orderBounds', 'a cent over', bounds(ORDER_BOUND_CENTS.max + 1, 100), false],
  ['orderBounds', 'an item under', bounds(100_000, ORDER_BOUND_ITEMS.min - 1), false],
  ['orderBounds', 'an item over', bounds(100_000, ORDER_BOUND_ITEMS.max + 1), false],
  ['preparationTime', 'the shortest', MIN_PREPARATION_MINUTES, true],
  ['preparationTime', 'the longest', MAX_PREPARATION_MINUTES, true],
  ['preparationTime', 'a minute short', MIN_PREPARATION_MINUTES - 1, false],
  ['preparationTime', 'a minute long', MAX_PREPARATION_MINUTES + 1, false],
  ['kitchenCapacity', 'the most pizzas a slot', slot(MAX_SLOT_ITEMS), true],
  ['kitchenCapacity', 'a pizza more', slot(MAX_SLOT_ITEMS + 1), false],
  ['tradingHours', 'the most shifts every day', times(7 * MAX_SHIFTS_PER_DAY, (index) => shift(index % 7)), true],
  ['tradingHours', 'a shift more on one day', times(MAX_SHIFTS_PER_DAY + 1, () => shift(1)), false],
  ['closedDates', 'the most entries', times(CLOSED_DATES_MAX, () => closure), true],
  ['closedDates', 'an entry more', times(CLOSED_DATES_MAX + 1, () => closure), false],
  ['popups', 'the most popups', times(MAX_POPUPS, (index) => popup(index + 1)), true],
  ['popups', 'a popup more', times(MAX_POPUPS + 1, (index) => popup(index + 1)), false],
  ['specials', 'the highest price', special(MAX_DISH_PRICE_CENTS), true],
  ['specials', 'a cent more', special(MAX_DISH_PRICE_CENTS + 1), false],
  ['deliveryFees', 'the highest fee', carlton({ deliveryFeeCents: MAX_DISH_PRICE_CENTS }), true],
  ['deliveryFees', 'a cent more fee', carlton({ deliveryFeeCents: MAX_DISH_PRICE_CENTS + 1 }), false],
  ['deliveryFees', 'the highest minimum', carlton({ minOrderCents: MAX_DISH_PRICE_CENTS }), true],
  ['deliveryFees', 'a cent more minimum', carlton({ minOrderCents: MAX_DISH_PRICE_CENTS + 1 }), false],
];

describe('each Shop part and its tenant file agree on its bounds', () => {
  it.each(cases)('%s, %s: taken %s', (key, _case, value, taken) => {
    expect(verdicts(key, value)).toEqual({ console: taken, file: taken });
  });
});
