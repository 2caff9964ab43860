import { describe, expect, it } from 'vitest';
import { NO_CAPACITY_LIMITS, type KitchenCapacity } from '../../kitchen/capacity.ts';
import { retailerInfoSchema } from '../../tenant/retailer.ts';
import { countedGroupsOf, kitchenCapacityPart } from './kitchen-capacity.ts';

const eight: KitchenCapacity = { countedGroupIds: [], limits: [{ service: 'shared', items: 8 }] };
const evening: KitchenCapacity = {
  countedGroupIds: [3],
  limits: [{ service: 'pickup', items: 6, from: '17:00', to: '21:00' }],
};

describe('kitchen capacity part', () => {
  it('is off for a shop that has not set it: no limit', () => {
    expect(retailerInfoSchema.parse({ name: 'Shop' }).kitchenCapacity).toBeUndefined();
  });

  it.each([
    [NO_CAPACITY_LIMITS, NO_CAPACITY_LIMITS, []],
    [NO_CAPACITY_LIMITS, eight, ['8 pizzas per 15 minutes, pickup and delivery together, all day']],
    [
      eight,
      evening,
      ['6 pizzas per 15 minutes, pickup, 5:00 pm - 9:00 pm', 'Counts the items of 1 chosen product group'],
    ],
    [
      evening,
      NO_CAPACITY_LIMITS,
      ['No limit: the kitchen takes every order', 'Counts pizzas (the groups that take half & half)'],
    ],
  ])('describes %j → %j', (from, to, lines) => {
    expect(kitchenCapacityPart.describe(from, to)).toEqual(lines);
  });

  const raw = { retailerId: 1, retailerInfo: { name: 'Shop', phone: '1' }, retailerCSS: {} };
  const set = { ...raw, retailerInfo: { name: 'Shop', phone: '1', kitchenCapacity: eight } };
  const reordered = {
    ...raw,
    retailerInfo: {
      name: 'Shop',
      phone: '1',
      kitchenCapacity: { limits: [{ items: 8, service: 'shared' }], countedGroupIds: [] },
    },
  };

  it.each([
    ['leaves a file without the key alone when off', raw, NO_CAPACITY_LIMITS, raw],
    ['sets the key after the others, keeping their order', raw, eight, set],
    ['takes the key out when turned off, so the file is as before', set, NO_CAPACITY_LIMITS, raw],
    ['leaves the same value alone in its own key order', reordered, eight, reordered],
    ['answers undefined for a file of another shape', { retailerInfo: 'no' }, eight, undefined],
  ])('%s', (_case, file, value, written) => {
    const out = kitchenCapacityPart.write(file, value);
    expect(out).toEqual(written);
    if (written !== undefined) expect(JSON.stringify(out)).toBe(JSON.stringify(written));
  });
});

describe('the menu groups the owner ticks as counted', () => {
  const menu = [
    { productGroupId: 31, name: 'Rosse', allowHalfHalf: true },
    { productGroupId: 32, name: 'Bianche', allowHalfHalf: true },
    { productGroupId: 34, name: 'Share Plates', allowHalfHalf: false },
    { productGroupId: 38, name: 'Drinks', allowHalfHalf: false },
  ];
  it.each<[string, number[], number[]]>([
    ['the pizzas, as by default: stays the default', [32, 31], []],
    ['one pizza group of two', [32], [32]],
    ['the pizzas and the share plates, in the menu’s order', [34, 31, 32], [31, 32, 34]],
    ['a group no longer on the menu is dropped', [38, 99], [38]],
    ['none: the default, which the editor refuses', [], []],
  ])('%s', (_case, ticked, counted) => {
    expect(countedGroupsOf(new Set(ticked), menu)).toEqual(counted);
  });
});
